package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.ir.AsmSink;
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

    /** Parses {@code <lhs_precision_type = ...>} (what follows the mnemonic). */
    public static DotAlgorithmAttr parseParams(BodyReader r) {
        r.expect("<");
        Type lhs = typeField(r, "lhs_precision_type");
        r.expect(",");
        Type rhs = typeField(r, "rhs_precision_type");
        r.expect(",");
        Type acc = typeField(r, "accumulation_type");
        r.expect(",");
        long lc = intField(r, "lhs_component_count");
        r.expect(",");
        long rc = intField(r, "rhs_component_count");
        r.expect(",");
        long n = intField(r, "num_primitive_operations");
        r.expect(",");
        r.expectKeyword("allow_imprecise_accumulation");
        r.expect("=");
        boolean allow = NestedValues.bool(r);
        r.expect(">");
        return new DotAlgorithmAttr(lhs, rhs, acc, lc, rc, n, allow);
    }

    private static Type typeField(BodyReader r, String name) {
        r.expectKeyword(name);
        r.expect("=");
        return NestedValues.type(r);
    }

    static long intField(BodyReader r, String name) {
        r.expectKeyword(name);
        r.expect("=");
        return r.integer(name);
    }

    public static DotAlgorithmAttr parseBody(String body) {
        return StablehloDialect.parseAttributeBody(body, DotAlgorithmAttr.class);
    }
}
