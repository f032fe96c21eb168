package org.stablehlo4j.dialect.func;

import org.stablehlo4j.ir.DialectOpTable;

/**
 * The func rows ({@link FuncOps}) with their code ({@link FuncRules}): the verifiers of {@code func.func} and
 * {@code func.return}, the symbol-use rules of {@code func.call}. {@link #TABLE} is what the dialect registers and
 * the typed classes compare with.
 */
public final class FuncOpHooks {
    /** The func rows with their code. */
    public static final DialectOpTable TABLE = FuncOps.SIGNATURES.withHooks(h -> {
        h.op("func").verifier(FuncRules::func);
        h.op("return").verifier(FuncRules::funcReturn);
        h.op("call").symbolUses(FuncRules::call);
    });

    private FuncOpHooks() {}
}
