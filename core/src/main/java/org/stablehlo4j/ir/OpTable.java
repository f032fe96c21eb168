package org.stablehlo4j.ir;


import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.ir.OpDefinition.Arity;
import org.stablehlo4j.ir.OpDefinition.AttrSpec;
import org.stablehlo4j.ir.OpDefinition.Presence;
import org.stablehlo4j.ir.OpDefinition.RegionSpec;
import org.stablehlo4j.ir.OpDefinition.ValueSpec;

/**
 * A tiny fluent builder for a dialect's op table. {@code op("a", "b")} starts a row template shared by several
 * ops (e.g. elementwise ops that differ only in name); the methods of {@link Row} fill it in.
 */
public final class OpTable {
    private final String dialect;
    private final List<Row> rows = new ArrayList<>();

    /**
     * A table for dialect {@code dialect}, to which rows are added.
     *
     * @param dialect the namespace that prefixes the op names
     */
    public OpTable(String dialect) {
        this.dialect = dialect;
    }

    /**
     * A dialect's finished table from one or more row groups: each group adds its rows to one {@link OpTable} of
     * {@code dialect}, in order. This is the whole registration boilerplate of a dialect's {@code *Ops} class.
     *
     * @param dialect the namespace
     * @param groups each adds rows to the table
     * @return the finished table
     */
    @SafeVarargs
    public static DialectOpTable define(String dialect, java.util.function.Consumer<OpTable>... groups) {
        OpTable t = new OpTable(dialect);
        for (java.util.function.Consumer<OpTable> g : groups) g.accept(t);
        return t.build();
    }

    /**
     * Starts a row for one or more ops (mnemonics without the dialect prefix) that share everything else.
     *
     * @param mnemonics the op names without the dialect prefix
     * @return the row, to chain on
     */
    public Row op(String... mnemonics) {
        if (mnemonics.length == 0) throw new IllegalArgumentException("no op name");
        Row r = new Row(List.of(mnemonics));
        rows.add(r);
        return r;
    }

    /** {@return the finished rows keyed by full op name, in definition order} */
    public DialectOpTable build() {
        Map<String, OpDefinition> out = new LinkedHashMap<>();
        for (Row r : rows) {
            for (String m : r.mnemonics) {
                String full = dialect + "." + m;
                java.util.LinkedHashSet<OpTrait> traits = new java.util.LinkedHashSet<>(r.traits);
                traits.addAll(r.classTraits);
                OpDefinition spec = new OpDefinition(full, r.operands, r.attributes, r.results, r.regions, r.successors,
                        traits, r.format, r.custom, r.verifier, r.regionVerifier, r.inferTypes, r.folder,
                        r.extensions.isEmpty() ? Map.of() : Map.copyOf(r.extensions));
                if (out.put(full, spec) != null) throw new IllegalStateException("duplicate op " + full);
            }
        }
        return new DialectOpTable(Collections.unmodifiableMap(out));
    }

    /** A row template under construction. */
    public static final class Row extends OpHooks.Code<Row> {
        private final List<String> mnemonics;
        private final List<ValueSpec> operands = new ArrayList<>();
        private final List<AttrSpec> attributes = new ArrayList<>();
        private final List<ValueSpec> results = new ArrayList<>();
        private final List<RegionSpec> regions = new ArrayList<>();
        private final java.util.LinkedHashSet<OpTrait> traits = new java.util.LinkedHashSet<>();
        /** Traits of the upstream op class a template stands for; they follow the row's own traits. */
        private final List<OpTrait> classTraits = new ArrayList<>();
        private int successors;
        private String format;
        private boolean custom;

        private Row(List<String> mnemonics) {
            this.mnemonics = mnemonics;
        }

        @Override
        Row self() {
            return this;
        }

        private Row value(List<ValueSpec> into, String name, Arity arity, String constraint) {
            into.add(new ValueSpec(name, arity, constraint));
            return this;
        }

        /**
         * A single operand.
         *
         * @param name its name
         * @param constraint the upstream type constraint
         * @return this row
         */
        public Row in(String name, String constraint) {
            return value(operands, name, Arity.SINGLE, constraint);
        }

        /**
         * An optional operand.
         *
         * @param name its name
         * @param constraint the upstream type constraint
         * @return this row
         */
        public Row optIn(String name, String constraint) {
            return value(operands, name, Arity.OPTIONAL, constraint);
        }

        /**
         * A variadic operand group.
         *
         * @param name its name
         * @param constraint the upstream type constraint
         * @return this row
         */
        public Row varIn(String name, String constraint) {
            return value(operands, name, Arity.VARIADIC, constraint);
        }

        /**
         * A single result.
         *
         * @param name its name (may be empty)
         * @param constraint the upstream type constraint
         * @return this row
         */
        public Row out(String name, String constraint) {
            return value(results, name, Arity.SINGLE, constraint);
        }

        /**
         * A variadic result group.
         *
         * @param name its name (may be empty)
         * @param constraint the upstream type constraint
         * @return this row
         */
        public Row varOut(String name, String constraint) {
            return value(results, name, Arity.VARIADIC, constraint);
        }

        private Row attribute(String name, AttrKind kind, String detail, Presence presence, String defaultValue) {
            attributes.add(new AttrSpec(name, kind, detail, presence, defaultValue));
            return this;
        }

        /**
         * A required attribute.
         *
         * @param name the attribute's name
         * @param kind what it holds
         * @return this row
         */
        public Row attr(String name, AttrKind kind) {
            return attr(name, kind, "");
        }

        /**
         * A required attribute with detail (an enum, struct mnemonic or value constraint, see {@link OpDefinition.AttrSpec}).
         *
         * @param name the attribute's name
         * @param kind what it holds
         * @param detail the detail
         * @return this row
         */
        public Row attr(String name, AttrKind kind, String detail) {
            return attribute(name, kind, detail, Presence.REQUIRED, null);
        }

        /**
         * An optional attribute.
         *
         * @param name the attribute's name
         * @param kind what it holds
         * @return this row
         */
        public Row optAttr(String name, AttrKind kind) {
            return optAttr(name, kind, "");
        }

        /**
         * An optional attribute with detail (see {@link OpDefinition.AttrSpec}).
         *
         * @param name the attribute's name
         * @param kind what it holds
         * @param detail the detail
         * @return this row
         */
        public Row optAttr(String name, AttrKind kind, String detail) {
            return attribute(name, kind, detail, Presence.OPTIONAL, null);
        }

        /**
         * An attribute that may be omitted, meaning {@code defaultValue}.
         *
         * @param name the attribute's name
         * @param kind what it holds
         * @param detail the detail, or empty
         * @param defaultValue the value's text when omitted
         * @return this row
         */
        public Row defAttr(String name, AttrKind kind, String detail, String defaultValue) {
            return attribute(name, kind, detail, Presence.DEFAULT_VALUED, defaultValue);
        }

        /**
         * A unit attribute (present or absent).
         *
         * @param name the attribute's name
         * @return this row
         */
        public Row unit(String name) {
            return optAttr(name, AttrKind.UNIT);
        }

        /**
         * An attribute holding a StableHLO enum.
         *
         * @param name the attribute's name
         * @param enumMnemonic the enum, e.g. {@code comparison_direction}
         * @return this row
         */
        public Row enumAttr(String name, String enumMnemonic) {
            return attr(name, AttrKind.ENUM, enumMnemonic);
        }

        /**
         * A region.
         *
         * @param name its name
         * @return this row
         */
        public Row region(String name) {
            regions.add(new RegionSpec(name, false));
            return this;
        }

        /**
         * A region of exactly one block (ODS's {@code SizedRegion<1>}; the verifier reports any other count).
         *
         * @param name its name
         * @return this row
         */
        public Row sizedRegion(String name) {
            regions.add(new RegionSpec(name, false, true));
            return this;
        }

        /**
         * A variadic list of regions of exactly one block each ({@code VariadicRegion<SizedRegion<1>>}).
         *
         * @param name its name
         * @return this row
         */
        public Row sizedVarRegion(String name) {
            regions.add(new RegionSpec(name, true, true));
            return this;
        }

        /**
         * A variadic list of regions.
         *
         * @param name its name
         * @return this row
         */
        public Row varRegion(String name) {
            regions.add(new RegionSpec(name, true));
            return this;
        }

        /**
         * The number of successor blocks.
         *
         * @param n the count
         * @return this row
         */
        public Row successors(int n) {
            successors = n;
            return this;
        }

        /**
         * Adds the op's own traits, in upstream's declaration order.
         *
         * @param ts the traits
         * @return this row
         */
        public Row traits(OpTrait... ts) {
            Collections.addAll(traits, ts);
            return this;
        }

        /**
         * Adds the traits of the upstream op class the row's template stands for; upstream lists them after the
         * op's own traits, and verification checks traits in that order.
         *
         * @param ts the traits
         * @return this row
         */
        public Row classTraits(OpTrait... ts) {
            Collections.addAll(classTraits, ts);
            return this;
        }

        /**
         * The declarative assembly format (upstream's {@code assemblyFormat}).
         *
         * @param assemblyFormat the format text
         * @return this row
         */
        public Row format(String assemblyFormat) {
            format = assemblyFormat;
            return this;
        }

        /**
         * Marks a hand-written custom pretty form.
         *
         * @return this row
         */
        public Row custom() {
            custom = true;
            return this;
        }

        /**
         * Applies {@code part}, a piece several rows share (e.g. a group of attributes), here in the chain.
         *
         * @param part the shared piece
         * @return what {@code part} returns
         */
        public Row with(java.util.function.UnaryOperator<Row> part) {
            return part.apply(this);
        }

        /**
         * Declares that the op infers its result types (MLIR's {@code InferTypeOpInterface} declared in the .td,
         * its body in the .cpp): the inference itself is attached by the dialect's hooks ({@link OpHooks}), which
         * must give it. A signature-only row says so, so its typed class gets a {@code create} without result types.
         *
         * @return this row
         */
        public Row infers() {
            return ext(OpDefinition.DeclaredInference.class, OpDefinition.DeclaredInference.INSTANCE);
        }

        /** {@return whether the row has result type inference already} */
        public boolean hasInferTypes() {
            return inferTypes != null;
        }

        /**
         * Whether the row carries {@code trait}.
         *
         * @param trait the trait
         * @return whether the row carries it
         */
        public boolean hasTrait(OpTrait trait) {
            return traits.contains(trait) || classTraits.contains(trait);
        }
    }
}
