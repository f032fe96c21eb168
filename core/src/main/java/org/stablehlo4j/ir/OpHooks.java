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
 */
public final class OpHooks {
    private final Map<String, Hook> hooks = new LinkedHashMap<>();

    OpHooks() {}

    /**
     * The hooks of ops {@code mnemonics} (without the dialect prefix), to chain on.
     *
     * @param mnemonics the ops' names without the dialect prefix
     * @return the hooks, shared by those ops
     */
    public Hook op(String... mnemonics) {
        Hook h = new Hook();
        for (String m : mnemonics) {
            if (hooks.put(m, h) != null) throw new IllegalStateException("hooks of '" + m + "' given twice");
        }
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

        /**
         * The op's own verifier (MLIR {@code hasVerifier}).
         *
         * @param v the verifier
         * @return this
         */
        public S verifier(OpVerifier v) {
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
            extensions.put(kind, value);
            return self();
        }
    }

    /** The code attached to one or more ops. */
    public static final class Hook extends Code<Hook> {
        private Hook() {}

        @Override
        Hook self() {
            return this;
        }

        OpDefinition apply(OpDefinition d) {
            Map<Class<?>, Object> ext = new LinkedHashMap<>(d.extensions());
            ext.putAll(extensions);
            return new OpDefinition(d.name(), d.operands(), d.attributes(), d.results(), d.regions(), d.successors(),
                    d.traits(), d.assemblyFormat(), d.customAssembly(),
                    verifier != null ? verifier : d.verifier(),
                    regionVerifier != null ? regionVerifier : d.regionVerifier(),
                    inferTypes != null ? inferTypes : d.inferTypes(), folder != null ? folder : d.folder(), ext);
        }
    }

    /** {@code table}'s rows with these hooks attached; every hooked mnemonic must name a row. */
    static DialectOpTable attach(DialectOpTable table, Consumer<OpHooks> define) {
        OpHooks h = new OpHooks();
        define.accept(h);
        Map<String, OpDefinition> out = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>(h.hooks.keySet());
        for (OpDefinition d : table.all()) {
            Hook hook = h.hooks.get(d.mnemonic());
            unknown.remove(d.mnemonic());
            out.put(d.name(), hook == null ? d : hook.apply(d));
        }
        if (!unknown.isEmpty()) throw new IllegalStateException("hooks for ops without a row: " + unknown);
        return new DialectOpTable(java.util.Collections.unmodifiableMap(out));
    }
}
