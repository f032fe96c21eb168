package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.dialect.stablehlo.StablehloAsm;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTable;
import org.stablehlo4j.ir.DialectOpTable;

import java.util.Collection;

/**
 * The StableHLO op table: one {@link OpDefinition} row per op of StableHLO 1.20.0 (StablehloOps.td), built from the
 * per-group definition classes.
 */
public final class StablehloOps {
    /** The dialect namespace. */
    public static final String DIALECT = StablehloAsm.DIALECT;

    private static final DialectOpTable TABLE = OpTable.define(DIALECT, DataMovementOps::define, ElementwiseOps::define,
            ControlFlowOps::define, CollectiveOps::define, ComputeOps::define);

    private StablehloOps() {}

    /** The row of op {@code fullName} (e.g. {@code stablehlo.add}), or null. */
    public static OpDefinition spec(String fullName) {
        return TABLE.spec(fullName);
    }

    /** Every row, in definition order. */
    public static Collection<OpDefinition> all() {
        return TABLE.all();
    }

}
