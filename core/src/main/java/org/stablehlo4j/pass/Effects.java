package org.stablehlo4j.pass;

import java.util.function.Function;
import java.util.function.Predicate;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.rewrite.TriviallyDead;

/**
 * Side-effect facts from op definitions, for the rewrite driver's dead-op erasure (MLIR's
 * {@code wouldOpBeTriviallyDead}): an op with {@code Pure}/{@code NoMemoryEffect} that is not a terminator, or
 * one with {@code RecursiveMemoryEffects} whose nested ops all have no effects, read from the traits of the op's
 * row in the {@link Context}. Ops without a row (unregistered ops) are assumed to have effects.
 */
public final class Effects {
    private Effects() {}

    /**
     * Whether an op may be erased when its results are unused, with its definition (and those of its nested ops)
     * taken from {@code ctx}.
     *
     * @param ctx where op definitions (and their traits) are looked up
     * @return a predicate true for ops without side effects that are not terminators
     */
    public static Predicate<Operation> triviallyDeadIfUnused(Context ctx) {
        Function<String, OpDefinition> definitions = ctx::opDefinition;
        return op -> TriviallyDead.ifUnused(op, definitions);
    }

    /**
     * MLIR's {@code isMemoryEffectFree}: an op declared {@code Pure}/{@code NoMemoryEffect} (whose nested ops are
     * checked too when it also has {@code RecursiveMemoryEffects}), or one with only {@code RecursiveMemoryEffects}
     * whose nested ops are all memory-effect free. Ops without a row (unregistered ops), with side effects, or
     * with no effect traits at all are not.
     *
     * @param ctx where op definitions (and their traits) are looked up
     * @return the predicate
     */
    public static Predicate<Operation> memoryEffectFree(Context ctx) {
        return op -> isMemoryEffectFree(op, ctx::opDefinition);
    }

    private static boolean isMemoryEffectFree(Operation root, Function<String, OpDefinition> definitions) {
        java.util.ArrayDeque<Operation> work = new java.util.ArrayDeque<>();
        work.push(root);
        while (!work.isEmpty()) {
            Operation op = work.pop();
            OpDefinition spec = definitions.apply(op.name());
            if (spec == null || spec.hasTrait(OpTrait.SIDE_EFFECTING)) return false;
            boolean recursive = spec.hasTrait(OpTrait.RECURSIVE_MEMORY_EFFECTS);
            boolean noEffect = spec.hasTrait(OpTrait.PURE) || spec.hasTrait(OpTrait.NO_MEMORY_EFFECT);
            if (!noEffect && !recursive) return false;
            if (!recursive) continue;
            for (org.stablehlo4j.ir.Region region : op.regions()) {
                for (org.stablehlo4j.ir.Block block : region.blocks()) {
                    for (Operation nested = block.first(); nested != null; nested = nested.next()) work.push(nested);
                }
            }
        }
        return true;
    }
}
