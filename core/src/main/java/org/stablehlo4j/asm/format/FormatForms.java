package org.stablehlo4j.asm.format;

import java.util.Collection;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.ir.OpDefinition;

/**
 * What the format engine offers dialects for their {@link OpAsmTable}: a pretty form for every row with a
 * declarative assembly format, and the hand-written forms of {@link HandWrittenOps} (which move to their dialect
 * packages later).
 */
public final class FormatForms {
    private FormatForms() {}

    /** A new table with a {@link FormatOp} for every row of {@code rows} that has a declarative assembly format. */
    public static OpAsmTable declarativeTable(Collection<OpDefinition> rows) {
        OpAsmTable table = new OpAsmTable();
        addDeclarative(table, rows);
        return table;
    }

    /** Adds a {@link FormatOp} for every row of {@code rows} that has a declarative assembly format. */
    public static void addDeclarative(OpAsmTable table, Collection<OpDefinition> rows) {
        for (OpDefinition row : rows) {
            if (row.assemblyFormat() != null) table.format(row.name(), new FormatOp(row));
        }
    }

    /** The hand-written {@code constant} form (dense value, or generic attribute dict) for op {@code opName}. */
    public static void addConstant(OpAsmTable table, String opName) {
        table.format(opName, HandWrittenOps.CONSTANT);
    }

    /** The hand-written form of MLIR's {@code arith.constant} for op {@code opName}. */
    public static void addArithConstant(OpAsmTable table, String opName) {
        table.format(opName, HandWrittenOps.ARITH_CONSTANT);
    }

    /** The hand-written {@code while} form for op {@code opName}. */
    public static void addWhile(OpAsmTable table, String opName) {
        table.format(opName, HandWrittenOps.WHILE);
    }

    /** The hand-written {@code reduce} form for op {@code opName}. */
    public static void addReduce(OpAsmTable table, String opName) {
        table.format(opName, HandWrittenOps.REDUCE);
    }

    /** The hand-written {@code chlo.constant} form ({@code attr-dict $value}, printed as arith.constant's). */
    public static void addChloConstant(OpAsmTable table, String opName) {
        table.format(opName, HandWrittenOps.CHLO_CONSTANT);
    }
}
