package org.stablehlo4j.dialect.mlir;

import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectOpTable;

/**
 * The part of MLIR's memref or bufferization dialect that StableHLO's tests use ({@link BufferOps}), with the
 * declarative forms; the dialect's other ops are accepted in the generic form, as the stub it replaces did.
 */
public final class MemRefDialect extends Dialect {
    /**
     * The memref dialect.
     *
     * @param context the context
     * @return the dialect
     */
    public static MemRefDialect memref(Context context) {
        return new MemRefDialect(BufferOps.MEMREF_DIALECT, BufferOps.MEMREF, context);
    }

    /**
     * The bufferization dialect.
     *
     * @param context the context
     * @return the dialect
     */
    public static MemRefDialect bufferization(Context context) {
        return new MemRefDialect(BufferOps.BUFFERIZATION_DIALECT, BufferOps.BUFFERIZATION, context);
    }

    private MemRefDialect(String namespace, DialectOpTable ops, Context context) {
        super(namespace, context);
        allowUnknownOperations();
        addOperations(ops.all());
        addInterface(OpAsmDialectInterface.class, FormatForms.declarativeTable(ops.all()));
    }
}
