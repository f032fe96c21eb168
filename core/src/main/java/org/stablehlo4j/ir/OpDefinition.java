package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One row of a dialect's declarative op table: everything the generic machinery, the pretty printer/parser and
 * the verifier need to know about a registered op, as data.
 *
 * @param name           full op name, e.g. {@code stablehlo.add}
 * @param operands       operand groups in order
 * @param attributes     inherent attributes (held in the op's properties)
 * @param results        result groups in order (an unnamed group has the empty name)
 * @param regions        regions in order
 * @param successors     number of successor blocks
 * @param traits         traits that matter for printing and verification, in upstream's declaration order
 *                       (verification checks them in this order)
 * @param assemblyFormat the declarative assembly format, or null when the op has a hand-written custom
 *                       printer/parser ({@code customAssembly}) or only the generic form
 * @param customAssembly whether the op has a hand-written (non-declarative) pretty form
 * @param verifier       the op's own verifier (MLIR {@code hasVerifier}), run after the ODS constraints and
 *                       traits; null when none
 * @param regionVerifier the op's region verifier (MLIR {@code hasRegionVerifier}), run after nested ops; or null
 * @param inferTypes     result type inference (MLIR {@code InferTypeOpInterface}), or null
 * @param folder         the op's folder (MLIR {@code hasFolder}), or null
 * @param extensions     per-dialect extra data keyed by its class (e.g. VHLO's versions), see {@link #ext}
 */
public record OpDefinition(String name, List<ValueSpec> operands, List<AttrSpec> attributes, List<ValueSpec> results,
                     List<RegionSpec> regions, int successors, Set<OpTrait> traits, String assemblyFormat,
                     boolean customAssembly, OpVerifier verifier, OpVerifier regionVerifier,
                     ResultTypeInference inferTypes, Folder folder, Map<Class<?>, Object> extensions) {

    /**
     * Copies the lists, sets and maps.
     *
     * @param name full op name
     * @param operands operand groups
     * @param attributes inherent attributes
     * @param results result groups
     * @param regions regions
     * @param successors number of successor blocks
     * @param traits traits in declaration order
     * @param assemblyFormat the declarative format, or null
     * @param customAssembly whether the pretty form is hand-written
     * @param verifier the op's verifier, or null
     * @param regionVerifier the region verifier, or null
     * @param inferTypes result type inference, or null
     * @param folder the folder, or null
     * @param extensions extra data by class
     */
    public OpDefinition {
        operands = List.copyOf(operands);
        attributes = List.copyOf(attributes);
        results = List.copyOf(results);
        regions = List.copyOf(regions);
        traits = traits.isEmpty() ? Set.of() : java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(traits));
        extensions = extensions.isEmpty() ? Map.of() : Map.copyOf(extensions);
    }

    /** How many values an operand or result group holds. */
    public enum Arity {
        /** exactly one value */
        SINGLE,
        /** zero or one value */
        OPTIONAL,
        /** any number of values */
        VARIADIC
    }

    /**
     * An operand or result group.
     *
     * @param constraint the upstream type-constraint name (e.g. {@code HLO_Tensor}); a category, not checked here
     */
    public record ValueSpec(String name, Arity arity, String constraint) {}

    /** Whether an inherent attribute must be present. */
    public enum Presence {
        /** must be present */
        REQUIRED,
        /** may be absent; absent means "not set" */
        OPTIONAL,
        /** may be absent; absent means {@link AttrSpec#defaultValue()} */
        DEFAULT_VALUED
    }

    /**
     * An inherent attribute.
     *
     * @param kind         what sort of attribute it holds
     * @param detail       the enum of an {@link AttrKind#ENUM}/{@link AttrKind#ENUM_ARRAY}, the StableHLO attribute
     *                     mnemonic of a {@link AttrKind#STRUCT}/{@link AttrKind#STRUCT_ARRAY}, a value constraint
     *                     such as {@code non-negative}; otherwise empty
     * @param defaultValue the default (as upstream spells it) of a {@link Presence#DEFAULT_VALUED} attribute
     */
    public record AttrSpec(String name, AttrKind kind, String detail, Presence presence, String defaultValue) {}

    /**
     * A region; a variadic one stands for any number of regions.
     *
     * @param name its name
     * @param variadic whether it stands for any number of regions
     * @param sized whether each region must hold exactly one block (ODS's {@code SizedRegion<1>})
     */
    public record RegionSpec(String name, boolean variadic, boolean sized) {
        /**
         * A region of any number of blocks (ODS's {@code AnyRegion}).
         *
         * @param name its name
         * @param variadic whether it stands for any number of regions
         */
        public RegionSpec(String name, boolean variadic) {
            this(name, variadic, false);
        }
    }

    /** {@return the op name without its dialect prefix, e.g. {@code add}} */
    public String mnemonic() {
        return name.substring(name.indexOf('.') + 1);
    }

    /**
     * Whether the row carries {@code trait}.
     *
     * @param trait the trait
     * @return whether it is among {@link #traits()}
     */
    public boolean hasTrait(OpTrait trait) {
        return traits.contains(trait);
    }

    /**
     * The inherent attribute named {@code attrName}.
     *
     * @param attrName the attribute's name
     * @return its row, or null if the op has no such inherent attribute
     */
    public AttrSpec attribute(String attrName) {
        for (AttrSpec a : attributes) {
            if (a.name().equals(attrName)) return a;
        }
        return null;
    }

    /** {@return the dialect namespace of the op ({@code func} of {@code func.call})} */
    public String dialect() {
        int dot = name.indexOf('.');
        return dot < 0 ? "" : name.substring(0, dot);
    }

    /**
     * Whether {@code attrName} is an inherent attribute (kept in the op's properties).
     *
     * @param attrName the attribute's name
     * @return whether it is inherent
     */
    public boolean isInherent(String attrName) {
        return attribute(attrName) != null;
    }

    /** {@return names of the inherent attributes, in declaration order} */
    public List<String> inherentAttrs() {
        List<String> names = new ArrayList<>(attributes.size());
        for (AttrSpec a : attributes) names.add(a.name());
        return names;
    }

    /**
     * Whether {@code op} has the shape this row declares: its region count (when the row declares regions) and,
     * when the row's dialect declares complete signatures, successor, operand and result counts and required
     * attributes. A pretty form
     * may assume these (the printer falls back to the generic form otherwise, as MLIR does for an op that fails
     * verification); the verifier reports each mismatch with its own message.
     *
     * @param op the op to check
     * @param completeSignature whether the row's dialect declares complete signatures
     * @return whether the op fits the row
     */
    public boolean fits(Operation op, boolean completeSignature) {
        int fixedRegions = 0;
        boolean variadicRegions = false;
        for (RegionSpec r : regions) {
            if (r.variadic()) variadicRegions = true;
            else fixedRegions++;
        }
        // A row of a dialect without complete signatures may leave its regions undeclared (builtin.module).
        boolean regionsDeclared = completeSignature || !regions.isEmpty();
        if (regionsDeclared && (variadicRegions ? op.numRegions() < fixedRegions : op.numRegions() != fixedRegions)) {
            return false;
        }
        if (!completeSignature) return true;
        if (op.numSuccessors() != successors) return false;
        if (!countFits(operands, op.numOperands()) || !countFits(results, op.numResults())) return false;
        for (AttrSpec a : attributes) {
            if (a.presence() == Presence.REQUIRED && op.properties().get(a.name()) == null) return false;
        }
        return true;
    }

    private static boolean countFits(List<ValueSpec> groups, int actual) {
        int fixed = 0;
        int optional = 0;
        boolean variadic = false;
        for (ValueSpec g : groups) {
            switch (g.arity()) {
                case SINGLE -> fixed++;
                case OPTIONAL -> optional++;
                case VARIADIC -> variadic = true;
            }
        }
        return actual >= fixed && (variadic || actual <= fixed + optional);
    }

    /**
     * Whether the op infers its result types: it has an inference, or its signature-only row declares one that
     * its dialect's hooks attach ({@link OpTable.Row#infers()}, {@link OpHooks}). The typed op classes give a
     * {@code create} without result types to such ops.
     *
     * @return whether the op infers its result types
     */
    public boolean infersResultTypes() {
        return inferTypes != null || extensions.containsKey(DeclaredInference.class);
    }

    /** The mark of a row that declares an inference its hooks attach (an extension of the signature row). */
    static final class DeclaredInference {
        static final DeclaredInference INSTANCE = new DeclaredInference();

        private DeclaredInference() {}
    }

    /** {@return whether the op has a pretty form (declarative or hand-written) that the printer uses by default} */
    public boolean hasPrettyForm() {
        return customAssembly || assemblyFormat != null;
    }

    /**
     * The dialect-specific extra data of kind {@code kind} attached to this row, or null.
     *
     * @param <T> the data's type
     * @param kind the data's class
     * @return the data, or null
     */
    public <T> T ext(Class<T> kind) {
        return kind.cast(extensions.get(kind));
    }

    /**
     * A copy of this row with {@code value} attached as its extra data of kind {@code kind}.
     *
     * @param <T> the data's type
     * @param kind the data's class
     * @param value the data
     * @return the new row
     */
    public <T> OpDefinition withExt(Class<T> kind, T value) {
        Map<Class<?>, Object> ext = new HashMap<>(extensions);
        ext.put(kind, value);
        return new OpDefinition(name, operands, attributes, results, regions, successors, traits, assemblyFormat,
                customAssembly, verifier, regionVerifier, inferTypes, folder, ext);
    }
}
