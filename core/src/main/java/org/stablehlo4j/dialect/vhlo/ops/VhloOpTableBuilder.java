package org.stablehlo4j.dialect.vhlo.ops;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionRange;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef.Attr;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef.Slot;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef.Trait;

/**
 * Fluent builder the grouped op-table files use to declare rows compactly. A slot name ending in {@code *} is
 * variadic. Attribute modifiers ({@link Row#from}, {@link Row#orElse}, {@link Row#onVersionChange}) apply to the
 * attribute declared last.
 */
final class VhloOpTableBuilder {
    private final List<VhloOpDef> rows = new ArrayList<>();
    private Row open;

    /** Starts a row for {@code vhlo.<mnemonic>} legal from {@code min} to the current version. */
    Row op(String mnemonic, String min) {
        return op(mnemonic, min, Version.CURRENT_KEYWORD);
    }

    /**
     * Starts a row for {@code vhlo.<mnemonic>} legal in [{@code min}, {@code max}]. VHLO mirrors StableHLO's
     * mnemonics, so {@code vhlo.X_vN} corresponds to {@code stablehlo.X} unless {@link Row#stablehlo} says
     * otherwise.
     */
    Row op(String mnemonic, String min, String max) {
        finish();
        int suffix = mnemonic.lastIndexOf("_v");
        if (suffix <= 0) {
            throw new IllegalArgumentException("VHLO op mnemonic without _vN suffix: " + mnemonic);
        }
        open = new Row("vhlo." + mnemonic, "stablehlo." + mnemonic.substring(0, suffix), VersionRange.of(min, max));
        return open;
    }

    /** An op with one operand and one result. */
    Row unary(String mnemonic, String min, String max) {
        return op(mnemonic, min, max).operands("operand").results("result");
    }

    /** An op with operands lhs, rhs and one result, legal from 0.9.0 on. */
    Row binary(String mnemonic) {
        return op(mnemonic, "0.9.0").operands("lhs", "rhs").results("result");
    }

    List<VhloOpDef> build() {
        finish();
        return List.copyOf(rows);
    }

    private void finish() {
        if (open != null) {
            open.closeAttr();
            rows.add(new VhloOpDef(open.name, open.stablehloNames, open.versions,
                    new VhloOpDef.Signature(open.operands, open.results, open.regions), open.attrs, open.traits,
                    open.constraints));
            open = null;
        }
    }

    private static List<Slot> slots(String... specs) {
        List<Slot> out = new ArrayList<>(specs.length);
        for (String s : specs) {
            boolean variadic = s.endsWith("*");
            out.add(new Slot(variadic ? s.substring(0, s.length() - 1) : s, variadic));
        }
        return out;
    }

    /** The row being declared. */
    final class Row {
        private final String name;
        private final List<String> stablehloNames = new ArrayList<>();
        private final VersionRange versions;
        private final List<Slot> operands = new ArrayList<>();
        private final List<Attr> attrs = new ArrayList<>();
        private final List<Slot> results = new ArrayList<>();
        private final List<Slot> regions = new ArrayList<>();
        private final Set<Trait> traits = EnumSet.noneOf(Trait.class);
        private final Set<VersionConstraint> constraints = EnumSet.noneOf(VersionConstraint.class);

        private String attrName;
        private Set<VhloAttrKind> attrKinds;
        private String attrSource;
        private VhloOpDef.StablehloForm attrForm;
        private AttrDefault attrLegalizeDefault;
        private AttrDefault attrVersionDefault;

        private Row(String name, String stablehlo, VersionRange versions) {
            this.name = name;
            this.stablehloNames.add(stablehlo);
            this.versions = versions;
        }

        /** Overrides the corresponding op (func.func, func.call). */
        Row stablehlo(String opName) {
            stablehloNames.set(0, opName);
            return this;
        }

        /** Another op that also legalizes to this VHLO op (e.g. func.return for vhlo.return_v1). */
        Row alias(String otherOp) {
            stablehloNames.add(otherOp);
            return this;
        }

        Row operands(String... specs) {
            operands.addAll(slots(specs));
            return this;
        }

        Row results(String... specs) {
            results.addAll(slots(specs));
            return this;
        }

        Row regions(String... specs) {
            regions.addAll(slots(specs));
            return this;
        }

        Row attr(String attrName, VhloAttrKind first, VhloAttrKind... more) {
            closeAttr();
            this.attrName = attrName;
            this.attrKinds = EnumSet.of(first, more);
            this.attrSource = attrName;
            this.attrForm = VhloOpDef.StablehloForm.GENERIC;
            return this;
        }

        /** Several attributes of one kind and no defaults. */
        Row attrs(VhloAttrKind kind, String... attrNames) {
            for (String n : attrNames) {
                attr(n, kind);
            }
            return this;
        }

        /** Where the last attribute's value comes from on the StableHLO side ({@code struct.field}). */
        Row from(String stablehloSource) {
            requireAttr();
            attrSource = stablehloSource;
            attrForm = VhloOpDef.StablehloForm.STRUCT_FIELD;
            return this;
        }

        /** How the last attribute is written in StableHLO when that is neither generic nor a struct field. */
        Row form(VhloOpDef.StablehloForm form) {
            requireAttr();
            attrForm = form;
            return this;
        }

        /** Several attributes flattened from the StableHLO struct attribute {@code struct}, one kind each. */
        Row fields(String struct, VhloAttrKind kind, String... fieldNames) {
            for (String f : fieldNames) {
                attr(f, kind).from(struct + "." + f);
            }
            return this;
        }

        /** The last attribute's default when the StableHLO attribute is absent. */
        Row orElse(AttrDefault d) {
            requireAttr();
            attrLegalizeDefault = d;
            return this;
        }

        /** The last attribute's default when converting from an op version that lacks it. */
        Row onVersionChange(AttrDefault d) {
            requireAttr();
            attrVersionDefault = d;
            return this;
        }

        Row trait(Trait t) {
            traits.add(t);
            return this;
        }

        Row constraint(VersionConstraint c) {
            constraints.add(c);
            return this;
        }

        private void requireAttr() {
            if (attrName == null) {
                throw new IllegalStateException(name + ": attribute modifier before any attribute");
            }
        }

        private void closeAttr() {
            if (attrName != null) {
                attrs.add(new Attr(attrName, attrKinds, attrSource, attrForm, attrLegalizeDefault,
                        attrVersionDefault));
                attrName = null;
                attrKinds = null;
                attrSource = null;
                attrForm = null;
                attrLegalizeDefault = null;
                attrVersionDefault = null;
            }
        }
    }
}
