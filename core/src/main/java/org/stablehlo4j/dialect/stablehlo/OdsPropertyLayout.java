package org.stablehlo4j.dialect.stablehlo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.stablehlo4j.bytecode.DialectBytecode.Property;
import org.stablehlo4j.ir.AttrKind;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpDefinition.Arity;
import org.stablehlo4j.ir.OpDefinition.AttrSpec;
import org.stablehlo4j.ir.OpDefinition.Presence;
import org.stablehlo4j.ir.OpDefinition.ValueSpec;
import org.stablehlo4j.ir.OpTrait;

/**
 * The bytecode property layout of an ODS-generated op, derived from its op-table row by mlir-tblgen's rule
 * (OpDefinitionsGen.cpp, {@code computeAttrMetadata} and {@code genPropertiesSupport}):
 *
 * <ol>
 *   <li>the inherent attributes <b>sorted by name</b> (byte-wise, as {@code StringRef::operator<}; the op table's
 *       declaration order does not matter). An attribute is required unless it is optional, default-valued
 *       ({@code DefaultValuedAttr}/{@code DefaultValuedOptionalAttr}) or a unit attribute; only required ones are
 *       written without a presence flag;</li>
 *   <li>then {@code operandSegmentSizes} if the op has {@code AttrSizedOperandSegments}, then
 *       {@code resultSegmentSizes} if it has {@code AttrSizedResultSegments} (one i32 per declared group). The
 *       tables do not name these traits: an op with more than one variadic or optional group and without
 *       {@code SameVariadicOperandSize} needs one (ODS cannot compute the group sizes otherwise).</li>
 * </ol>
 *
 * See {@link org.stablehlo4j.bytecode.OdsProperties} for how the layout is encoded in each bytecode version.
 */
public final class OdsPropertyLayout {
    private static final Map<OpDefinition, List<Property>> CACHE = new ConcurrentHashMap<>();

    private OdsPropertyLayout() {}

    /** The layout of {@code spec}'s properties, or null for a null row. */
    public static List<Property> of(OpDefinition spec) {
        if (spec == null) return null;
        return CACHE.computeIfAbsent(spec, OdsPropertyLayout::compute);
    }

    private static List<Property> compute(OpDefinition spec) {
        List<AttrSpec> attrs = new ArrayList<>(spec.attributes());
        attrs.sort(Comparator.comparing(AttrSpec::name));
        List<Property> out = new ArrayList<>(attrs.size() + 2);
        for (AttrSpec a : attrs) {
            boolean required = a.presence() == Presence.REQUIRED && a.kind() != AttrKind.UNIT;
            out.add(new Property(a.name(), required));
        }
        if (needsSegmentSizes(spec.operands(), spec.hasTrait(OpTrait.SAME_VARIADIC_OPERAND_SIZE))) {
            out.add(Property.segmentSizes("operandSegmentSizes", spec.operands().size()));
        }
        if (needsSegmentSizes(spec.results(), false)) {
            out.add(Property.segmentSizes("resultSegmentSizes", spec.results().size()));
        }
        return List.copyOf(out);
    }

    /** More than one non-single group, and the sizes are not implied by a same-size trait. */
    private static boolean needsSegmentSizes(List<ValueSpec> groups, boolean sameSize) {
        if (sameSize) return false;
        int n = 0;
        for (ValueSpec g : groups) if (g.arity() != Arity.SINGLE) n++;
        return n > 1;
    }
}
