package org.stablehlo4j.verify;

import java.util.List;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

/** Verification and type inference rules of: collectives, communication, tokens, async, tuples, composite, custom_call, optimization_barrier. */
final class CollectiveRules {
    private CollectiveRules() {}

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
