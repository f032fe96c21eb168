package org.stablehlo4j.dialect.sdy;

import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.TypedOp;

/**
 * The base of the typed views of the sdy ops ({@code ReshardOp}, {@code ManualComputationOp}, ...), which are
 * generated into this package from {@link SdyOps}' rows at build time (see
 * {@link org.stablehlo4j.dialect.stablehlo.ops.typed}); they live beside the code that uses them, since the
 * dialect's verifiers and patterns match on them and the row table they compare with ({@link SdyOpHooks#TABLE}) is
 * here too.
 */
public abstract class SdyTypedOp extends TypedOp {
    /**
     * A view of {@code op}.
     *
     * @param op the op, of the subclass's kind
     */
    protected SdyTypedOp(Operation op) {
        super(op);
    }
}
