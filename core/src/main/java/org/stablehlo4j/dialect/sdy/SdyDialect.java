package org.stablehlo4j.dialect.sdy;

import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;

/**
 * The Shardy dialect (shardy/dialect/sdy/ir/dialect.cc, {@code SdyDialect::initialize}): its ops
 * ({@link SdyOps}), their pretty forms ({@link SdyOpAsm}), its structured attributes ({@link SdyAttrs}, parsed
 * by {@link SdyAttrParser}) and its bytecode encoding ({@link SdyBytecode}).
 */
public final class SdyDialect extends Dialect {
    public SdyDialect(Context context) {
        super(SdyOps.DIALECT, context);
        addOperations(SdyOpHooks.TABLE);
        addInterface(OpAsmDialectInterface.class, SdyOpAsm.table());
        addInterface(AsmDialectInterface.class, SdyAttrParser.ASM);
        addInterface(DialectBytecode.class, SdyBytecode.INSTANCE);
        addInterface(org.stablehlo4j.ir.DialectAttributeVerifier.class, SdyVerifiers.ATTRIBUTES);
    }
}
