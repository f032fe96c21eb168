package org.stablehlo4j.pass;

import org.stablehlo4j.dialect.stablehlo.OpSpec;
import org.stablehlo4j.dialect.stablehlo.OpTrait;
import org.stablehlo4j.dialect.stablehlo.StablehloOps;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.ir.WalkResult;

/**
 * Side-effect facts from the StableHLO op table, for the rewrite driver's dead-op erasure (MLIR's
 * {@code wouldOpBeTriviallyDead}): an op with {@code Pure}/{@code NoMemoryEffect} that is not a terminator, or
 * one with {@code RecursiveMemoryEffects} whose nested ops all have no effects. Ops without a row (func, other
 * dialects, unregistered ops) are assumed to have effects. To be replaced by the op definitions' own hook.
 */
final class Effects {
    private Effects() {}

    /** Whether {@code op} may be erased when its results are unused. */
    static boolean isTriviallyDeadIfUnused(Operation op) {
        OpSpec spec = StablehloOps.spec(op.name());
        if (spec == null || spec.hasTrait(OpTrait.TERMINATOR)) return false;
        return hasNoEffects(op);
    }

    private static boolean hasNoEffects(Operation root) {
        return !root.walk(WalkOrder.PRE_ORDER, op -> {
            OpSpec spec = StablehloOps.spec(op.name());
            if (spec == null || spec.hasTrait(OpTrait.SIDE_EFFECTING)) return WalkResult.INTERRUPT;
            if (spec.hasTrait(OpTrait.PURE) || spec.hasTrait(OpTrait.NO_MEMORY_EFFECT)) {
                return op.numRegions() == 0 ? WalkResult.ADVANCE : WalkResult.SKIP;
            }
            return spec.hasTrait(OpTrait.RECURSIVE_MEMORY_EFFECTS) ? WalkResult.ADVANCE : WalkResult.INTERRUPT;
        }).wasInterrupted();
    }
}
