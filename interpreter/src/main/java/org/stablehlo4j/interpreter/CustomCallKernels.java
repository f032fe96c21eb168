package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.Operation;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The kernels of {@code stablehlo.custom_call}, keyed by call target name: data of the {@code stablehlo} dialect
 * of one {@link Context} (attached to it as a dialect interface), so two contexts never share registrations.
 * The first {@link #of(Context)} creates the table with JAX's CPU targets (see {@link JaxCustomCalls}); users add
 * theirs with {@link #register} (the public route is {@code StableHloRunner.registerCustomCall}).
 *
 * <p>Thread-safe: registering and looking up may happen concurrently with runs; a target is registered at most
 * once (a second registration is rejected, never replaces the first).
 */
public final class CustomCallKernels {
    /** A kernel on the interpreter's runtime values. It must be safe to call from several threads at once. */
    @FunctionalInterface
    public interface Kernel {
        /**
         * Evaluates one {@code stablehlo.custom_call}.
         *
         * @param op the custom call op
         * @param operands its operand values ({@link Tensor}s, {@code List}s for tuples, {@link Interpreter#TOKEN})
         * @return one value per result of {@code op}
         */
        List<Object> eval(Operation op, Object[] operands);
    }

    private final Map<String, Kernel> kernels = new ConcurrentHashMap<>();

    private CustomCallKernels() {}

    /**
     * A table with JAX's targets only, attached to nothing (for ops outside any context).
     *
     * @return a new table
     */
    static CustomCallKernels withDefaults() {
        CustomCallKernels t = new CustomCallKernels();
        JaxCustomCalls.registerAll(t);
        return t;
    }

    /**
     * The table of {@code context} (created with JAX's targets on first use).
     *
     * @param context the context whose {@code stablehlo} dialect holds the table
     * @return the table
     */
    public static CustomCallKernels of(Context context) {
        Objects.requireNonNull(context, "context");
        return of(context.opName(CustomCallOp.NAME).dialect());
    }

    /** The table for a custom call op: its context's, or a fresh default one for an op outside any context. */
    static CustomCallKernels forOp(Operation op) {
        Context context = op.opName().context();
        return context == null ? withDefaults() : of(context);
    }

    private static CustomCallKernels of(Dialect stablehlo) {
        if (stablehlo == null) throw new IllegalStateException("the context has no stablehlo dialect");
        return stablehlo.getOrAddInterface(CustomCallKernels.class, CustomCallKernels::withDefaults);
    }

    /**
     * Registers the kernel of call target {@code target}.
     *
     * @param target the call target name (as in {@code stablehlo.custom_call @target})
     * @param kernel the kernel
     * @return this table
     * @throws IllegalArgumentException if {@code target} is empty or already registered
     */
    public CustomCallKernels register(String target, Kernel kernel) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(kernel, "kernel");
        if (target.isEmpty()) throw new IllegalArgumentException("custom call target name must not be empty");
        if (kernels.putIfAbsent(target, kernel) != null) {
            throw new IllegalArgumentException("custom call target '" + target + "' is already registered");
        }
        return this;
    }

    /**
     * The kernel of {@code target}.
     *
     * @param target the call target name
     * @return the kernel, or null when none is registered
     */
    public Kernel lookup(String target) {
        return kernels.get(target);
    }

    /**
     * Whether {@code target} has a kernel.
     *
     * @param target the call target name
     * @return whether it is registered
     */
    public boolean contains(String target) {
        return kernels.containsKey(target);
    }

    /** {@return the registered target names, sorted} */
    public Set<String> targets() {
        return new TreeSet<>(kernels.keySet());
    }

    /**
     * Evaluates a custom call with the kernel of its target.
     *
     * @param op the custom call op
     * @param target its call target name
     * @param operands its operand values
     * @return its result values
     * @throws InterpreterException if no kernel is registered for {@code target} ({@code Unsupported custom call:
     *                              <target>}) or the kernel fails
     */
    List<Object> eval(Operation op, String target, Object[] operands) {
        Kernel k = kernels.get(target);
        if (k == null) throw new InterpreterException("Unsupported custom call: " + target);
        return k.eval(op, operands);
    }
}
