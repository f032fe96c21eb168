package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.Type;

/**
 * {@code #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32,
 * lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1,
 * allow_imprecise_accumulation = false>}: every parameter, in this order.
 */
public record DotAlgorithmAttr(Type lhsPrecisionType, Type rhsPrecisionType, Type accumulationType,
                               long lhsComponentCount, long rhsComponentCount, long numPrimitiveOperations,
                               boolean allowImpreciseAccumulation) implements StablehloAttribute {
    @Override
    public void printBody(AsmSink sink) {
        sink.append("dot_algorithm");
        printStripped(sink);
    }

    /** The parameters {@code <lhs_precision_type = ...>} without the mnemonic. */
    public void printStripped(AsmSink sink) {
        sink.append("<lhs_precision_type = ").type(lhsPrecisionType)
                .append(", rhs_precision_type = ").type(rhsPrecisionType)
                .append(", accumulation_type = ").type(accumulationType)
                .append(", lhs_component_count = " + lhsComponentCount)
                .append(", rhs_component_count = " + rhsComponentCount)
                .append(", num_primitive_operations = " + numPrimitiveOperations)
                .append(", allow_imprecise_accumulation = " + allowImpreciseAccumulation + ">");
    }

    /** The type-valued parameters, then the count-valued ones, in their printed order. */
    private static final String[] TYPE_FIELDS = {"lhs_precision_type", "rhs_precision_type", "accumulation_type"};
    private static final String[] COUNT_FIELDS = {"lhs_component_count", "rhs_component_count",
            "num_primitive_operations"};

    /** Parses {@code <lhs_precision_type = ...>} (what follows the mnemonic). */
    public static DotAlgorithmAttr parseParams(DialectAsmParser r) {
        int start = r.offset();
        r.expect("<");
        Type[] types = new Type[TYPE_FIELDS.length];
        for (int i = 0; i < types.length; i++) {
            types[i] = typeField(r, TYPE_FIELDS[i]);
            r.expect(",");
        }
        long[] counts = new long[COUNT_FIELDS.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = intField(r, COUNT_FIELDS[i]);
            r.expect(",");
        }
        r.expectKeyword("allow_imprecise_accumulation");
        r.expect("=");
        boolean allow = NestedValues.bool(r);
        r.expect(">");
        DotAlgorithmAttr attr = new DotAlgorithmAttr(types[0], types[1], types[2], counts[0], counts[1], counts[2],
                allow);
        // Like upstream, the parameters are verified when the attribute is built from its text.
        String violation = attr.violation();
        if (violation != null) throw r.errorAt(start, violation);
        return attr;
    }

    /** The 8-bit float formats upstream accepts for the "any f8" algorithms. */
    private static final Set<FloatKind> ANY_F8 = EnumSet.of(FloatKind.F8E3M4, FloatKind.F8E4M3, FloatKind.F8E4M3FN,
            FloatKind.F8E5M2, FloatKind.F8E4M3FNUZ, FloatKind.F8E4M3B11FNUZ, FloatKind.F8E5M2FNUZ);

    /** Precision, precision, accumulation types and primitive operation counts of the known algorithms. */
    private static final Set<String> KNOWN = Set.of("f16 f16 f16 1", "f16 f16 f32 1", "bf16 bf16 bf16 1",
            "bf16 bf16 f32 1", "bf16 bf16 f32 3", "bf16 bf16 f32 6", "bf16 bf16 f32 9", "tf32 tf32 f32 1",
            "tf32 tf32 f32 3", "f32 f32 f32 1", "f64 f64 f64 1");

    /**
     * Why the parameters are invalid (spec constraints dot_general_c22..c24 and the known-algorithm list of
     * dot_general_i8..i10), as upstream's attribute verifier words it; null when they are valid.
     */
    public String violation() {
        if (lhsComponentCount < 1) return "lhs component count must be positive";
        if (rhsComponentCount < 1) return "rhs component count must be positive";
        if (numPrimitiveOperations < 1) return "num primitive operations must be positive";
        if (isKnown()) return null;
        return "dot algorithm not known to be supported on any hardware: {lhs:" + quoted(lhsPrecisionType)
                + ", rhs:" + quoted(rhsPrecisionType) + ", accum:" + quoted(accumulationType)
                + ", lhs_components:" + lhsComponentCount + ", rhs_components:" + rhsComponentCount
                + ", primitive_ops:" + numPrimitiveOperations + ", imprecise:" + (allowImpreciseAccumulation ? 1 : 0)
                + "}";
    }

    private boolean isKnown() {
        if (lhsComponentCount != 1 || rhsComponentCount != 1) return false;
        if (isF8(lhsPrecisionType) && isF8(rhsPrecisionType) && accumulationType.equals(FloatType.F32)
                && numPrimitiveOperations == 1) {
            return true;
        }
        if (allowImpreciseAccumulation) return false;
        if (!(lhsPrecisionType instanceof FloatType l) || !(rhsPrecisionType instanceof FloatType r)
                || !(accumulationType instanceof FloatType a)) {
            return false;
        }
        return KNOWN.contains(l.kind().keyword + " " + r.kind().keyword + " " + a.kind().keyword + " "
                + numPrimitiveOperations);
    }

    private static boolean isF8(Type t) {
        return t instanceof FloatType f && ANY_F8.contains(f.kind());
    }

    private static String quoted(Type t) {
        return "'" + AsmPrinter.printType(t) + "'";
    }

    private static Type typeField(DialectAsmParser r, String name) {
        r.expectKeyword(name);
        r.expect("=");
        return NestedValues.type(r);
    }

    static long intField(DialectAsmParser r, String name) {
        r.expectKeyword(name);
        r.expect("=");
        return r.parseInteger();
    }

    public static DotAlgorithmAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, DotAlgorithmAttr.class);
    }

    /** The components in declaration order: one array serves equality and hashing. */
    private Object[] components() {
        return new Object[] {lhsPrecisionType, rhsPrecisionType, accumulationType, lhsComponentCount,
                rhsComponentCount, numPrimitiveOperations, allowImpreciseAccumulation};
    }

    @Override public boolean equals(Object o) {
        return this == o || o instanceof DotAlgorithmAttr r && Arrays.equals(components(), r.components());
    }

    @Override public int hashCode() { return Fields.recordHash(components()); }
}
