package org.stablehlo4j.dialect.sparse;

import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectAttr;

/** The part of MLIR's sparse_tensor dialect StableHLO uses: the {@code #sparse_tensor.encoding<...>} attribute. */
public final class SparseTensorDialect extends Dialect {
    public SparseTensorDialect(Context context) {
        super(SparseTensorEncodingAttr.DIALECT, context);
        addInterface(AsmDialectInterface.class, new AsmDialectInterface() {
            @Override
            public Attribute parseAttribute(DialectAttr opaque) {
                return opaque.body().startsWith("encoding<") ? SparseTensorEncodingAttr.parseBody(opaque.body()) : opaque;
            }
        });
        // MLIR's sparse tensor dialect names every encoding "sparse" (#sparse, #sparse1, ...).
        addInterface(OpAsmDialectInterface.class, new OpAsmDialectInterface() {
            @Override
            public String alias(Object typeOrAttribute) {
                return typeOrAttribute instanceof SparseTensorEncodingAttr ? "sparse" : null;
            }
        });
    }
}
