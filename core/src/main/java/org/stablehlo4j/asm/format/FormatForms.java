package org.stablehlo4j.asm.format;

import java.util.Collection;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.ir.OpDefinition;

/**
 * What the format engine offers dialects for their {@link OpAsmTable}: a pretty form for every row with a
 * declarative assembly format (with the dialect's {@link FormatExtension} for its custom directives and enums),
 * and the shared hand-written constant forms of {@link ConstantForms}.
 */
public final class FormatForms {
    private FormatForms() {}

    /** A new table with a {@link FormatOp} for every row of {@code rows} that has a declarative assembly format. */
    public static OpAsmTable declarativeTable(Collection<OpDefinition> rows) {
        return declarativeTable(rows, FormatExtension.NONE);
    }

    /** Like {@link #declarativeTable(Collection)}, the formats using the directives and enums of {@code ext}. */
    public static OpAsmTable declarativeTable(Collection<OpDefinition> rows, FormatExtension ext) {
        OpAsmTable table = new OpAsmTable();
        addDeclarative(table, rows, ext);
        return table;
    }

    /** Adds a {@link FormatOp} for every row of {@code rows} that has a declarative assembly format. */
    public static void addDeclarative(OpAsmTable table, Collection<OpDefinition> rows) {
        addDeclarative(table, rows, FormatExtension.NONE);
    }

    /** Like {@link #addDeclarative(OpAsmTable, Collection)}, the formats using {@code ext}. */
    public static void addDeclarative(OpAsmTable table, Collection<OpDefinition> rows, FormatExtension ext) {
        for (OpDefinition row : rows) {
            if (row.assemblyFormat() != null) table.format(row.name(), new FormatOp(row, ext));
        }
    }

    /** The hand-written {@code constant} form (dense value, or generic attribute dict) for op {@code opName}. */
    public static void addConstant(OpAsmTable table, String opName) {
        table.format(opName, ConstantForms.CONSTANT);
    }

    /** The hand-written form of MLIR's {@code arith.constant} for op {@code opName}. */
    public static void addArithConstant(OpAsmTable table, String opName) {
        table.format(opName, ConstantForms.ARITH_CONSTANT);
    }

    /**
     * The {@code attr-dict $value} constant form, printed as arith.constant's but only when the result type is the
     * value's (CHLO's constant) for op {@code opName}.
     */
    public static void addTypedConstant(OpAsmTable table, String opName) {
        table.format(opName, ConstantForms.TYPED_CONSTANT);
    }
}
