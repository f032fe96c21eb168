package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The code an op's row points at (MLIR's hand-written .cpp beside the ODS .td): verifier, region verifier, result
 * type inference, folder and extensions such as canonicalization patterns and symbol-use rules, attached to a
 * dialect's signature-only table by mnemonic ({@link DialectOpTable#withHooks}). Keeping them apart lets the rows
 * be compiled, and the typed op classes generated from them, before the code that uses those classes.
 *
 * <p>An op may be named by several hooks (e.g. one giving the inference a group of ops shares, another the op's
 * own verifier), but each piece of its code is given once: a second verifier, inference, folder or extension of
 * the same kind for one op is an error, and so is code for a mnemonic without a row. The code {@link #all()}
 * gives every op is a default (an ODS base class's method) that an op's own hook may replace. A row that declares
 * an inference ({@link OpTable.Row#infers()}) must get one, and only such rows may.
 */
public final class OpHooks {
    private final Map<String, List<Hook>> hooks = new LinkedHashMap<>();
    private final List<Hook> defaults = new ArrayList<>();

    OpHooks() {}

    /**
     * The default code of every op of the table, to chain on: an op's own hook ({@link #op}) replaces a piece of
     * it of the same kind (as an op overrides a method of its ODS base class).
     *
     * @return the hooks, shared by all ops
     */
    public Hook all() {
        Hook h = new Hook();
        defaults.add(h);
        return h;
    }

    /**
     * The hooks of ops {@code mnemonics} (without the dialect prefix), to chain on.
     *
     * @param mnemonics the ops' names without the dialect prefix
     * @return the hooks, shared by those ops
     */
    public Hook op(String... mnemonics) {
        Hook h = new Hook();
        for (String m : mnemonics) hooks.computeIfAbsent(m, k -> new ArrayList<>()).add(h);
        return h;
    }

    /**
     * The code an op's row points at, set by chained calls: what {@link OpTable.Row} (code written in the row)
     * and {@link Hook} (code attached to a signature-only row) share.
     *
     * @param <S> the concrete class, returned by each setter
     */
    public abstract static class Code<S extends Code<S>> {
        OpVerifier verifier;
        OpVerifier regionVerifier;
        ResultTypeInference inferTypes;
        Folder folder;
        final Map<Class<?>, Object> extensions = new LinkedHashMap<>();

        Code() {}

        /** {@return this, as its concrete class} */
        abstract S self();

        /** Called before a piece named {@code what} is set over {@code current}; may refuse a second one. */
        void given(String what, Object current) {}

        /**
         * The op's own verifier (MLIR {@code hasVerifier}).
         *
         * @param v the verifier
         * @return this
         */
        public S verifier(OpVerifier v) {
            given("verifier", verifier);
            verifier = v;
            return self();
        }

        /**
         * The op's region verifier (MLIR {@code hasRegionVerifier}).
         *
         * @param v the verifier
         * @return this
         */
        public S regionVerifier(OpVerifier v) {
            given("region verifier", regionVerifier);
            regionVerifier = v;
            return self();
        }

        /**
         * The op's result type inference (MLIR {@code InferTypeOpInterface}).
         *
         * @param f the inference
         * @return this
         */
        public S inferTypes(ResultTypeInference f) {
            given("result type inference", inferTypes);
            inferTypes = f;
            return self();
        }

        /**
         * The op's folder (MLIR {@code hasFolder}).
         *
         * @param f the folder
         * @return this
         */
        public S folder(Folder f) {
            given("folder", folder);
            folder = f;
            return self();
        }

        /**
         * The op's symbol-use rules (MLIR {@code SymbolUserOpInterface}), an extension of the row.
         *
         * @param v the symbol-use rules
         * @return this
         */
        public S symbolUses(SymbolUseVerifier v) {
            return ext(SymbolUseVerifier.class, v);
        }

        /**
         * The op's canonicalization patterns (MLIR {@code hasCanonicalizer}), an extension of the row.
         *
         * @param patterns the patterns
         * @return this
         */
        public S canonicalization(RewritePattern... patterns) {
            return ext(CanonicalizationPatterns.class, new CanonicalizationPatterns(List.of(patterns)));
        }

        /**
         * Extra data of kind {@code kind} (an op interface or dialect extra), read with {@link OpDefinition#ext}.
         *
         * @param <T> the data's type
         * @param kind the data's class
         * @param value the data
         * @return this
         */
        public <T> S ext(Class<T> kind, T value) {
            given(kind.getSimpleName(), extensions.get(kind));
            extensions.put(kind, value);
            return self();
        }
    }

    /** The code attached to one or more ops. */
    public static final class Hook extends Code<Hook> {
        /** The one op this hook is for ({@link PerOp}), whose pieces may each be given once; null if shared. */
        OpDefinition owner;

        private Hook() {}

        boolean isEmpty() {
            return verifier == null && regionVerifier == null && inferTypes == null && folder == null
                    && extensions.isEmpty();
        }

        @Override
        void given(String what, Object current) {
            if (owner != null && current != null) throw new IllegalStateException(owner.name() + ": " + what + " given twice");
        }

        @Override
        Hook self() {
            return this;
        }
    }

    /**
     * The code of one op, given when the op is first used rather than when its dialect is loaded: a dialect with
     * many ops writes its hooks as a {@code switch} over the mnemonic ({@link DialectOpTable#withHooksPerOp}), so
     * that a run links only the code of the ops it meets (each method reference is linked by the JVM the first time
     * it is evaluated, which dominates start-up when a table holds a hundred of them).
     */
    @FunctionalInterface
    public interface PerOp {
        /**
         * Gives the code of op {@code mnemonic} to {@code hook}; nothing for an op without code.
         *
         * @param mnemonic the op's name without the dialect prefix
         * @param hook where the op's code goes; each piece once
         */
        void attach(String mnemonic, Hook hook);
    }

    /** Row {@code d} with the code {@code code} gives it (see {@link PerOp}). */
    static OpDefinition attachOne(OpDefinition d, PerOp code) {
        Hook h = new Hook();
        h.owner = d;
        code.attach(d.mnemonic(), h);
        OpDefinition hooked = apply(d, List.of(), List.of(h));
        checkInference(d, hooked);
        return hooked;
    }

    /** {@code table}'s rows with these hooks attached; every hooked mnemonic must name a row. */
    static DialectOpTable attach(DialectOpTable table, Consumer<OpHooks> define) {
        OpHooks h = new OpHooks();
        define.accept(h);
        Map<String, OpDefinition> out = new LinkedHashMap<>();
        Map<String, List<Hook>> unused = new LinkedHashMap<>(h.hooks);
        for (OpDefinition d : table.all()) {
            List<Hook> mine = unused.remove(d.mnemonic());
            OpDefinition hooked = apply(d, h.defaults, mine == null ? List.of() : mine);
            checkInference(d, hooked);
            out.put(d.name(), hooked);
        }
        if (!unused.isEmpty()) throw new IllegalStateException("hooks for ops without a row: " + unused.keySet());
        return new DialectOpTable(java.util.Collections.unmodifiableMap(out));
    }

    /** A row that declares an inference ({@link OpTable.Row#infers()}) gets one, and only such rows do. */
    private static void checkInference(OpDefinition d, OpDefinition hooked) {
        boolean declared = d.ext(OpDefinition.DeclaredInference.class) != null;
        if (declared && hooked.inferTypes() == null) {
            throw new IllegalStateException(d.name() + " declares a result type inference its hooks do not give");
        }
        if (!declared && d.inferTypes() == null && hooked.inferTypes() != null) {
            throw new IllegalStateException(d.name() + " gets a result type inference its row does not declare"
                    + " (OpTable.Row#infers)");
        }
    }

    /**
     * Row {@code d} with the code of {@code defaults}, then of {@code own}, which replaces a default of the same
     * kind; code the row has itself is never replaced, and each list gives each kind once.
     */
    private static OpDefinition apply(OpDefinition d, List<Hook> defaults, List<Hook> own) {
        if (defaults.stream().allMatch(Hook::isEmpty) && own.stream().allMatch(Hook::isEmpty)) return d;
        Hook base = merge(d, defaults);
        Hook mine = merge(d, own);
        Map<Class<?>, Object> ext = new LinkedHashMap<>(d.extensions());
        ext.remove(OpDefinition.DeclaredInference.class);
        Map<Class<?>, Object> added = new LinkedHashMap<>(base.extensions);
        added.putAll(mine.extensions);
        for (Map.Entry<Class<?>, Object> e : added.entrySet()) {
            if (ext.put(e.getKey(), e.getValue()) != null) {
                throw new IllegalStateException(d.name() + ": " + e.getKey().getSimpleName() + " given twice");
            }
        }
        return new OpDefinition(d.name(), d.operands(), d.attributes(), d.results(), d.regions(), d.successors(),
                d.traits(), d.assemblyFormat(), d.customAssembly(),
                once(d, "verifier", d.verifier(), pick(mine.verifier, base.verifier)),
                once(d, "region verifier", d.regionVerifier(), pick(mine.regionVerifier, base.regionVerifier)),
                once(d, "result type inference", d.inferTypes(), pick(mine.inferTypes, base.inferTypes)),
                once(d, "folder", d.folder(), pick(mine.folder, base.folder)), ext);
    }

    /** The code of {@code hooks} together; each kind given once. */
    private static Hook merge(OpDefinition d, List<Hook> hooks) {
        Hook all = new Hook();
        for (Hook k : hooks) {
            all.verifier = once(d, "verifier", all.verifier, k.verifier);
            all.regionVerifier = once(d, "region verifier", all.regionVerifier, k.regionVerifier);
            all.inferTypes = once(d, "result type inference", all.inferTypes, k.inferTypes);
            all.folder = once(d, "folder", all.folder, k.folder);
            for (Map.Entry<Class<?>, Object> e : k.extensions.entrySet()) {
                if (all.extensions.put(e.getKey(), e.getValue()) != null) {
                    throw new IllegalStateException(d.name() + ": " + e.getKey().getSimpleName() + " given twice");
                }
            }
        }
        return all;
    }

    /** {@code own} when given, else {@code fallback}. */
    private static <T> T pick(T own, T fallback) {
        return own != null ? own : fallback;
    }

    /** {@code given} when {@code current} is unset, {@code current} when nothing is given; both set is an error. */
    private static <T> T once(OpDefinition d, String what, T current, T given) {
        if (given == null) return current;
        if (current != null) throw new IllegalStateException(d.name() + ": " + what + " given twice");
        return given;
    }
}
