package org.stablehlo4j.dialect.vhlo.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionRange;
import org.stablehlo4j.ir.AttrKind;
import org.stablehlo4j.ir.OpDefinition;

/**
 * One row of the VHLO op table: one version of one op ({@code vhlo.gather_v2}), as declared in upstream
 * {@code stablehlo/dialect/VhloOps.td} and mapped by {@code MapStablehloToVhlo.h} /
 * {@code StablehloLegalizeToVhlo.cpp}.
 *
 * <p>Every VHLO attribute is inherent (it lives in the op's properties, printed in {@code <{...}>}); operands,
 * results and regions are listed in declaration order. Only reduce_v1, reduce_window_v1 and scatter_v1/v2 have
 * more than one variadic operand group; they split their operands evenly (SameVariadicOperandSize).
 *
 * @param name            full op name, e.g. {@code vhlo.gather_v2}
 * @param stablehloNames  the ops this corresponds to; the first is the one VHLO legalizes back to (e.g.
 *                        {@code stablehlo.return}, then {@code func.return} which also legalizes to it)
 * @param versions        the versions this op version is legal in
 * @param signature       operand groups, result groups and regions in order
 * @param attributes      attributes in declaration order
 * @param traits          structural traits
 * @param constraints     version-dependent legality conditions beyond {@code versions}
 */
public record VhloOpDef(
        String name,
        List<String> stablehloNames,
        VersionRange versions,
        Signature signature,
        List<Attr> attributes,
        Set<Trait> traits,
        Set<VersionConstraint> constraints) {

    /** An operand, result or region: its name and whether it is variadic (any number, including zero). */
    public record Slot(String name, boolean variadic) {}

    /**
     * The op's value and region slots, as its {@code ins}/{@code outs}/regions declare them.
     *
     * @param operands operand groups in order
     * @param results  result groups in order
     * @param regions  regions in order
     */
    public record Signature(List<Slot> operands, List<Slot> results, List<Slot> regions) {
        public Signature {
            operands = List.copyOf(operands);
            results = List.copyOf(results);
            regions = List.copyOf(regions);
        }

        /** The number of operand groups that are not variadic. */
        public int fixedOperands() {
            return fixed(operands);
        }

        /** The number of result groups that are not variadic. */
        public int fixedResults() {
            return fixed(results);
        }

        private static int fixed(List<Slot> slots) {
            int n = 0;
            for (Slot s : slots) if (!s.variadic()) n++;
            return n;
        }
    }

    /**
     * A VHLO attribute of the op.
     *
     * @param name            attribute name (same in every version of the op)
     * @param kinds           the VHLO attribute kinds upstream produces for it (more than one when the StableHLO
     *                        attribute is a union, e.g. backend_config is a string or a dictionary)
     * @param stablehloSource where the value comes from on the StableHLO side: the same name, or
     *                        {@code struct.field} for flattened struct attributes (e.g.
     *                        {@code dimension_numbers.input_batch_dimension}, {@code channel_handle.handle})
     * @param stablehloForm   how the StableHLO value is written, when that is not the generic 1:1 conversion
     * @param legalizeDefault the value used when legalizing StableHLO to VHLO and the StableHLO attribute is
     *                        absent (VHLO has no optional attributes); on the way back an attribute equal to it is
     *                        dropped. Null if the StableHLO attribute is required.
     * @param versionDefault  the value filled in when converting from a neighbouring version of the op that lacks
     *                        this attribute; converting to such a version is only possible while the attribute
     *                        still equals this value (except dynamic_conv_v1's padding, which v2 drops outright).
     *                        Null if every version of the op has the attribute.
     */
    public record Attr(String name, Set<VhloAttrKind> kinds, String stablehloSource, StablehloForm stablehloForm,
                       AttrDefault legalizeDefault, AttrDefault versionDefault) {
        public Attr {
            kinds = Set.copyOf(kinds);
        }
    }

    /** How a VHLO attribute's value is written on the StableHLO side. */
    public enum StablehloForm {
        /** The generic 1:1 attribute conversion (builtin/StableHLO attribute to its VHLO counterpart). */
        GENERIC,
        /** A field of a StableHLO struct attribute ({@code stablehloSource} is {@code struct.field}). */
        STRUCT_FIELD,
        /** A unit attribute in StableHLO (present = true) and a boolean in VHLO; false means absent. */
        UNIT_FLAG,
        /** custom_call's api_version: an i32 enum in StableHLO ({@code api_version = 4 : i32}), an enum in VHLO. */
        I32_ENUM
    }

    /** Structural traits upstream declares on a few VHLO ops. */
    public enum Trait {
        /** The op's variadic operand groups all have the same length. */
        SAME_VARIADIC_OPERAND_SIZE,
        /** The op terminates its block (return_v1). */
        TERMINATOR,
        /** The op has a custom assembly form (func_v1: {@code vhlo.func_v1 @name(...) -> ... {...}}). */
        CUSTOM_ASSEMBLY
    }

    public VhloOpDef {
        stablehloNames = List.copyOf(stablehloNames);
        attributes = List.copyOf(attributes);
        traits = Set.copyOf(traits);
        constraints = Set.copyOf(constraints);
    }

    /** The name without the dialect, e.g. {@code gather_v2}. */
    public String mnemonic() {
        return name.substring("vhlo.".length());
    }

    /** The name without dialect and version suffix, e.g. {@code gather}. */
    public String baseName() {
        String m = mnemonic();
        return m.substring(0, m.lastIndexOf("_v"));
    }

    /** The op version number N of {@code _vN}. */
    public int opVersion() {
        String m = mnemonic();
        return Integer.parseInt(m.substring(m.lastIndexOf("_v") + 2));
    }

    /** The StableHLO (or func) op VHLO legalizes back to. */
    public String stablehloName() {
        return stablehloNames.get(0);
    }

    /** Whether this op version is legal at {@code target} by its version range (patch ignored). */
    public boolean isValidAt(Version target) {
        return versions.isValidAt(target);
    }

    public boolean has(Trait trait) {
        return traits.contains(trait);
    }

    public Optional<Attr> attribute(String attrName) {
        for (Attr a : attributes) {
            if (a.name().equals(attrName)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    public List<String> attributeNames() {
        List<String> names = new ArrayList<>(attributes.size());
        for (Attr a : attributes) {
            names.add(a.name());
        }
        return names;
    }

    /** The registry row for this op: every attribute is inherent. */
    /** The generic op row of this VHLO op: all attributes inherent; this record attached as its extra data. */
    public OpDefinition toOpDefinition() {
        List<OpDefinition.ValueSpec> ins = new ArrayList<>(signature.operands().size());
        for (Slot sl : signature.operands()) ins.add(valueSpec(sl));
        List<OpDefinition.ValueSpec> outs = new ArrayList<>(signature.results().size());
        for (Slot sl : signature.results()) outs.add(valueSpec(sl));
        List<OpDefinition.AttrSpec> attrs = new ArrayList<>(attributes.size());
        for (Attr a : attributes) {
            attrs.add(new OpDefinition.AttrSpec(a.name(), AttrKind.ANY, "", OpDefinition.Presence.OPTIONAL, null));
        }
        List<OpDefinition.RegionSpec> regs = new ArrayList<>(signature.regions().size());
        for (Slot sl : signature.regions()) regs.add(new OpDefinition.RegionSpec(sl.name(), sl.variadic()));
        // The terminator trait tells the generic verifier which op may end a block.
        Set<org.stablehlo4j.ir.OpTrait> traits = has(Trait.TERMINATOR)
                ? Set.of(org.stablehlo4j.ir.OpTrait.TERMINATOR) : Set.of();
        return new OpDefinition(name, ins, attrs, outs, regs, 0, traits, null, has(Trait.CUSTOM_ASSEMBLY),
                null, null, null, null, java.util.Map.of(VhloOpDef.class, this));
    }

    private static OpDefinition.ValueSpec valueSpec(Slot slot) {
        return new OpDefinition.ValueSpec(slot.name(),
                slot.variadic() ? OpDefinition.Arity.VARIADIC : OpDefinition.Arity.SINGLE, "");
    }
}
