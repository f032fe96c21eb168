package org.stablehlo4j.dialect.interpreter.typed;

import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.TypedOp;

/**
 * The base of the generated typed views of the interpreter ops in this package (ODS's per-dialect op base class); it is
 * the package's one hand-written class, so the package exists before the generated classes do.
 */
public abstract class InterpreterTypedOp extends TypedOp {
    /**
     * A view of {@code op}.
     *
     * @param op the op, of the subclass's kind
     */
    protected InterpreterTypedOp(Operation op) {
        super(op);
    }
}
