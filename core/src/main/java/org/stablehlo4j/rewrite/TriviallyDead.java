package org.stablehlo4j.rewrite;

import java.util.function.Function;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.ir.WalkResult;

/**
 * MLIR's {@code wouldOpBeTriviallyDead}, read from op rows' traits: an op that is not a terminator and has no
 * side effects ({@code Pure}/{@code NoMemoryEffect}, or {@code RecursiveMemoryEffects} with effect-free nested
 * ops) may be erased when its results are unused. Ops without a row (unregistered ops) have effects.
 */
public final class TriviallyDead {
    private TriviallyDead() {}

    /**
     * Whether {@code op} may be erased once unused, its rows (and those of its nested ops) being their
     * {@link org.stablehlo4j.ir.OperationName#definition}s. The greedy driver's default.
     *
     * @param op the op
     * @return whether it is trivially dead when unused
     */
    public static boolean ifUnused(Operation op) {
        return ifUnused(op, null);
    }

    /**
     * Whether {@code op} may be erased once unused, with op rows looked up by name through {@code definitions}.
     *
     * @param op the op
     * @param definitions the row of an op name, or null to use the ops' own {@link Operation#opName()} rows
     * @return whether it is trivially dead when unused
     */
    public static boolean ifUnused(Operation op, Function<String, OpDefinition> definitions) {
        OpDefinition spec = definition(op, definitions);
        if (spec == null || spec.hasTrait(OpTrait.TERMINATOR)) return false;
        return !op.walk(WalkOrder.PRE_ORDER, o -> {
            OpDefinition s = definition(o, definitions);
            if (s == null || s.hasTrait(OpTrait.SIDE_EFFECTING)) return WalkResult.INTERRUPT;
            if (s.hasTrait(OpTrait.PURE) || s.hasTrait(OpTrait.NO_MEMORY_EFFECT)) {
                return o.numRegions() == 0 ? WalkResult.ADVANCE : WalkResult.SKIP;
            }
            return s.hasTrait(OpTrait.RECURSIVE_MEMORY_EFFECTS) ? WalkResult.ADVANCE : WalkResult.INTERRUPT;
        }).wasInterrupted();
    }

    private static OpDefinition definition(Operation op, Function<String, OpDefinition> definitions) {
        return definitions == null ? op.opName().definition() : definitions.apply(op.name());
    }
}
