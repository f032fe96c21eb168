package org.stablehlo4j.dialect.stablehlo;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.dialect.OpDef;

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
 */
public record OpSpec(String name, List<ValueSpec> operands, List<AttrSpec> attributes, List<ValueSpec> results,
                     List<RegionSpec> regions, int successors, Set<OpTrait> traits, String assemblyFormat,
                     boolean customAssembly) {

    public OpSpec {
        operands = List.copyOf(operands);
        attributes = List.copyOf(attributes);
        results = List.copyOf(results);
        regions = List.copyOf(regions);
        traits = traits.isEmpty() ? Set.of() : java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(traits));
    }

    /** How many values an operand or result group holds. */
    public enum Arity { SINGLE, OPTIONAL, VARIADIC }

    /**
     * An operand or result group.
     *
     * @param constraint the upstream type-constraint name (e.g. {@code HLO_Tensor}); a category, not checked here
     */
    public record ValueSpec(String name, Arity arity, String constraint) {}

    /** Whether an inherent attribute must be present. */
    public enum Presence {
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

    /** A region; a variadic one stands for any number of regions. */
    public record RegionSpec(String name, boolean variadic) {}

    public String mnemonic() {
        return name.substring(name.indexOf('.') + 1);
    }

    public boolean hasTrait(OpTrait trait) {
        return traits.contains(trait);
    }

    public AttrSpec attribute(String attrName) {
        for (AttrSpec a : attributes) {
            if (a.name().equals(attrName)) return a;
        }
        return null;
    }

    /** The registry view of this row. */
    public OpDef toOpDef() {
        List<String> names = new ArrayList<>(attributes.size());
        for (AttrSpec a : attributes) names.add(a.name());
        return new OpDef(name, names, customAssembly || assemblyFormat != null);
    }
}
