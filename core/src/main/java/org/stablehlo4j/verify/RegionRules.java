package org.stablehlo4j.verify;

import java.util.List;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

/** Verification and type inference rules of: reduce, reduce_window, select_and_scatter, scatter, sort, map, while, if, case, return and the reducer bodies of all_reduce/reduce_scatter/collective_reduce. */
final class RegionRules {
    private RegionRules() {}

    /** Checks the op's own rules; false when this group has none for it. */
    static boolean verify(Operation op) {
        switch (op.name()) {
            default:
                return false;
        }
    }

    /** The op's inferred result types, null when this group has no inference for it; see {@link OpVerifiers#infer}. */
    static List<Type> infer(Operation op) {
        switch (op.name()) {
            default:
                return null;
        }
    }
}
