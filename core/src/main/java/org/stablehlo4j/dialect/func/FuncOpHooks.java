package org.stablehlo4j.dialect.func;

import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpHooks;

/**
 * The code of the func ops (beside {@link FuncOps}' signatures): verifiers and symbol-use rules.
 * {@link #TABLE} is what the dialect registers.
 */
public final class FuncOpHooks {
    /** The func rows with their code. */
    public static final DialectOpTable TABLE = FuncOps.SIGNATURES.withHooks(FuncOpHooks::hooks);

    private FuncOpHooks() {}

    private static void hooks(OpHooks h) {
        h.op("func").verifier(FuncRules::func);
        h.op("return").verifier(FuncRules::funcReturn);
        h.op("call").symbolUses(FuncRules::call);
    }
}
