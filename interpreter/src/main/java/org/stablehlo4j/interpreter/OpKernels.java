package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OperationName;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The interpreter kernels of one dialect of one {@link org.stablehlo4j.ir.Context}, keyed by op definition: data
 * of the dialect, attached to it as a dialect interface (as its bytecode and assembly hooks are), so a dialect
 * brings its kernels and two contexts never share registrations. The table is created and filled the first time
 * the interpreter needs it ({@link #of(Dialect)}), from the built-in kernel providers ({@link #builtins()}), of
 * which it keeps the ones of its dialect's ops; {@link #register} adds one more (a kernel is registered at most
 * once: a second registration is rejected, never replaces the first).
 *
 * <p>Thread-safe: registering and looking up may happen concurrently with runs. The interpreter looks kernels up
 * once per {@link OperationName} and caches them, so lookups here are off the hot loop.
 */
final class OpKernels {
    private final String namespace;
    private final Map<OpDefinition, Interpreter.OpEval> kernels = new ConcurrentHashMap<>();

    private OpKernels(String namespace) {
        this.namespace = namespace;
    }

    /**
     * All built-in kernels, from every provider (the interpreter's op table for all dialects it knows).
     *
     * @return a new map from op definition to kernel
     */
    static Map<OpDefinition, Interpreter.OpEval> builtins() {
        Map<OpDefinition, Interpreter.OpEval> all = new IdentityHashMap<>();
        Interpreter.register(all);
        Structured.register(all);
        CheckOps.register(all);
        Windowed.register(all);
        Collectives.register(all);
        ShardMap.register(all);
        Quantization.register(all);
        Linalg.register(all);
        return all;
    }

    /** A table with the built-in kernels of the ops of {@code namespace} (all of them if null). */
    private static OpKernels withBuiltins(String namespace) {
        OpKernels t = new OpKernels(namespace);
        for (Map.Entry<OpDefinition, Interpreter.OpEval> e : builtins().entrySet()) {
            if (namespace == null || namespace.equals(e.getKey().dialect())) t.kernels.put(e.getKey(), e.getValue());
        }
        return t;
    }

    /**
     * A table with every built-in kernel, attached to nothing (for ops outside any context).
     *
     * @return a new table
     */
    static OpKernels detached() {
        return withBuiltins(null);
    }

    /**
     * The table of {@code dialect} (created with its built-in kernels on first use).
     *
     * @param dialect a dialect loaded in a context
     * @return its table
     */
    static OpKernels of(Dialect dialect) {
        return dialect.getOrAddInterface(OpKernels.class, () -> withBuiltins(dialect.namespace()));
    }

    /**
     * The kernel of the op named {@code name}, from the table of its dialect (or from {@code detached} for a name
     * outside any context), or null if it has none.
     *
     * @param name the op name
     * @param detached the table for names without a dialect
     * @return the kernel, or null
     */
    static Interpreter.OpEval lookup(OperationName name, OpKernels detached) {
        OpDefinition def = name.definition();
        if (def == null) return null;
        Dialect dialect = name.dialect();
        return (dialect == null ? detached : of(dialect)).kernels.get(def);
    }

    /**
     * Adds the kernel of one op of this table's dialect.
     *
     * @param op the op's definition
     * @param kernel its kernel
     * @throws IllegalArgumentException if the op is of another dialect or already has a kernel
     */
    void register(OpDefinition op, Interpreter.OpEval kernel) {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(kernel, "kernel");
        if (namespace != null && !namespace.equals(op.dialect())) {
            throw new IllegalArgumentException("op " + op.name() + " does not belong to dialect " + namespace);
        }
        if (kernels.putIfAbsent(op, kernel) != null) {
            throw new IllegalArgumentException("op " + op.name() + " already has a kernel");
        }
    }

    /**
     * The kernel of {@code op} in this table, or null.
     *
     * @param op the op's definition
     * @return its kernel, or null
     */
    Interpreter.OpEval get(OpDefinition op) {
        return kernels.get(op);
    }
}
