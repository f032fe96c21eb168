package org.stablehlo4j.ir;

/**
 * MLIR's {@code ConditionallySpeculatable} interface: whether an op may be executed speculatively (hoisted out of
 * a condition or loop) without undefined behavior. An op answers through a {@link Hook} attached to its row
 * ({@code .ext(Speculation.Hook.class, ...)}, MLIR's {@code getSpeculatability}); a row with the {@code Pure}
 * trait answers {@link Speculatability#SPECULATABLE} without one (MLIR's {@code AlwaysSpeculatableImplTrait}).
 */
public final class Speculation {
    private Speculation() {}

    /** MLIR's {@code Speculation::Speculatability}. */
    public enum Speculatability {
        /** Executing the op speculatively may have undefined behavior. */
        NOT_SPECULATABLE,
        /** The op may be executed speculatively. */
        SPECULATABLE,
        /** The op may be executed speculatively if all the ops in its regions may. */
        RECURSIVELY_SPECULATABLE
    }

    /** An op's {@code getSpeculatability}, attached to its row. */
    @FunctionalInterface
    public interface Hook {
        /**
         * The speculatability of {@code op}.
         *
         * @param op an op of the row the hook is attached to
         * @return its speculatability
         */
        Speculatability of(Operation op);
    }

    /**
     * The speculatability of {@code op}, or null when its op does not implement {@code ConditionallySpeculatable}
     * (no hook, not {@code Pure}, or no row).
     *
     * @param op an op
     * @return its speculatability, or null
     */
    public static Speculatability of(Operation op) {
        OpDefinition def = op.opName().definition();
        if (def == null) return null;
        Hook hook = def.ext(Hook.class);
        if (hook != null) return hook.of(op);
        return def.hasTrait(OpTrait.PURE) ? Speculatability.SPECULATABLE : null;
    }
}
