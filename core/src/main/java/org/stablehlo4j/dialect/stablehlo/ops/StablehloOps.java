package org.stablehlo4j.dialect.stablehlo.ops;

import java.util.Collection;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTable;

/**
 * The StableHLO op signatures: one {@link OpDefinition} row per op of StableHLO 1.20.0 (StablehloOps.td), built
 * from the per-group row classes ({@link DataMovementOps}, {@link ElementwiseOps}, {@link ControlFlowOps},
 * {@link CollectiveOps}, {@link ComputeOps}). The rows are data only: their code (verifiers, inference, folders,
 * canonicalization) is attached by {@link StablehloOpHooks}, whose table the dialect registers; the typed op
 * classes of this package ({@code AddOp}, ...) are generated from these rows at build time.
 */
public final class StablehloOps {
    /** The dialect namespace. */
    public static final String DIALECT = "stablehlo";

    /** The rows without their code: what the typed op classes are generated from. */
    public static final DialectOpTable SIGNATURES = OpTable.define(DIALECT, DataMovementOps::define,
            ElementwiseOps::define, ControlFlowOps::define, CollectiveOps::define, ComputeOps::define);

    private StablehloOps() {}

    /**
     * The signature row of op {@code fullName} (e.g. {@code stablehlo.add}), or null.
     *
     * @param fullName the op's name with its dialect prefix
     * @return the row, or null
     */
    public static OpDefinition spec(String fullName) {
        return SIGNATURES.spec(fullName);
    }

    /** {@return every signature row, in definition order} */
    public static Collection<OpDefinition> all() {
        return SIGNATURES.all();
    }
}
