package org.stablehlo4j.dialect.stablehlo.transforms;

import java.math.BigInteger;
import java.util.List;
import java.util.function.Predicate;

import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.rewrite.TriviallyDead;

/**
 * What the simplification patterns share: upstream's {@code mergeDiscardableAttributes}, the constant matchers of
 * its DRR file ({@code m_Zero}, {@code m_One}, all-ones, float zero and one on splat constants), its attribute
 * helpers (iota ranges, merged broadcast dimensions and permutations) and the effect facts its patterns and the
 * greedy driver read.
 */
final class AggressiveSimplificationSupport {
    private AggressiveSimplificationSupport() {}

    private static final String FRONTEND_ATTRIBUTES = "mhlo.frontend_attributes";
    private static final String METADATA_PAYLOAD = "xla_metadata_payload";

    /**
     * Copies {@code source}'s discardable attributes onto {@code dest}: the source's win on conflicts, except that
     * {@code mhlo.frontend_attributes} dictionaries are merged entry by entry, where {@code dest}'s own
     * {@code xla_metadata_payload} is kept. Nothing happens when either is null (a block argument).
     */
    static void mergeDiscardableAttributes(Operation source, Operation dest) {
        if (source == null || dest == null || source.attributes().isEmpty()) return;
        DictionaryAttr merged = dest.attributes();
        for (NamedAttribute a : source.attributes().entries()) {
            if (a.name().equals(FRONTEND_ATTRIBUTES) && merged.get(FRONTEND_ATTRIBUTES) != null) {
                if (merged.get(FRONTEND_ATTRIBUTES) instanceof DictionaryAttr destFrontend
                        && a.value() instanceof DictionaryAttr sourceFrontend) {
                    DictionaryAttr frontend = destFrontend;
                    for (NamedAttribute s : sourceFrontend.entries()) {
                        if (s.name().equals(METADATA_PAYLOAD) && frontend.get(METADATA_PAYLOAD) != null) continue;
                        frontend = frontend.with(s.name(), s.value());
                    }
                    merged = merged.with(FRONTEND_ATTRIBUTES, frontend);
                    continue;
                }
            }
            merged = merged.with(a.name(), a.value());
        }
        dest.setAttributes(merged);
    }

    /** {@link #mergeDiscardableAttributes(Operation, Operation)} onto the op defining {@code dest}, if any. */
    static void mergeDiscardableAttributes(Operation source, Value dest) {
        mergeDiscardableAttributes(source, dest.definingOp());
    }

    // ---- constants

    /** The elements behind {@code v} when it is defined by a {@code stablehlo.constant}, else null. */
    static DenseElementsAttr stablehloConstant(Value v) {
        Operation def = v.definingOp();
        return def != null && ConstantOp.is(def) && ConstantOp.cast(def).value() instanceof DenseElementsAttr d
                ? d : null;
    }

    /** The elements behind {@code v} when its defining op is constant-like (MLIR's {@code m_Constant}), else null. */
    static DenseElementsAttr anyConstant(Value v) {
        return Constants.constant(v) instanceof DenseElementsAttr d ? d : null;
    }

    /** The bytes of the one value all of {@code d}'s elements hold (MLIR's splat), or null when they differ. */
    static byte[] splatBytes(DenseElementsAttr d) {
        if (d == null) return null;
        int eb = DenseElementsAttr.elementStorageBytes(d.type().elementType());
        if (eb <= 0 || !(d.type() instanceof RankedTensorType t) || t.numElements() <= 0) return null;
        byte[] first = new byte[eb];
        d.copyTo(0, first, 0, eb);
        if (d.isSplat()) return first;
        long n = t.numElements();
        if ((long) d.length() < n * eb || n > Constants.MAX_FOLD_ELEMENTS) return null;
        for (long i = 1; i < n; i++) {
            for (int k = 0; k < eb; k++) if (d.byteAt((int) (i * eb + k)) != first[k]) return null;
        }
        return first;
    }

    /** The splat integer of {@code d} (sign- or zero-extended by its type), or null (no integer splat). */
    static Long splatInt(DenseElementsAttr d) {
        if (d == null || !(d.type().elementType() instanceof IntegerType it)) return null;
        byte[] b = splatBytes(d);
        if (b == null) return null;
        long v = 0;
        for (int k = Math.min(b.length, 8) - 1; k >= 0; k--) v = (v << 8) | (b[k] & 0xFF);
        return Constants.normalize(v, it);
    }

    /** The splat float of {@code d} as a double, or null (no float splat). */
    static Double splatFloat(DenseElementsAttr d) {
        if (d == null || !(d.type().elementType() instanceof FloatType ft)) return null;
        byte[] b = splatBytes(d);
        if (b == null) return null;
        byte[] be = new byte[b.length + 1];
        for (int k = 0; k < b.length; k++) be[be.length - 1 - k] = b[k];
        return FloatFormats.toDouble(ft.kind(), new BigInteger(be));
    }

    /** MLIR's {@code m_Zero}: an integer splat of 0. */
    static boolean isIntZero(DenseElementsAttr d) {
        Long v = splatInt(d);
        return v != null && v == 0;
    }

    /** MLIR's {@code m_One}: an integer splat of 1 ({@code true} for {@code i1}). */
    static boolean isIntOne(DenseElementsAttr d) {
        Long v = splatInt(d);
        return v != null && v == 1;
    }

    /** An integer splat with every bit set ({@code -1}, {@code true} for {@code i1}). */
    static boolean isIntAllOnes(DenseElementsAttr d) {
        Long v = splatInt(d);
        if (v == null) return false;
        IntegerType it = (IntegerType) d.type().elementType();
        return it.width() == 1 ? v == 1 : Constants.normalize(v, IntegerType.signless(it.width())) == -1;
    }

    /** {@code m_AnyAttrOf(m_Zero(), m_AnyZeroFloat())}: an integer splat of 0 or a float splat of +0 or -0. */
    static boolean isAnyZero(DenseElementsAttr d) {
        Double f = splatFloat(d);
        return isIntZero(d) || f != null && f == 0.0;
    }

    /** {@code m_AnyAttrOf(m_One(), m_OneFloat())}: an integer splat of 1 or a float splat of 1.0. */
    static boolean isAnyOne(DenseElementsAttr d) {
        Double f = splatFloat(d);
        return isIntOne(d) || f != null && f == 1.0;
    }

    /**
     * A {@code stablehlo.constant} of zeros of the static tensor type {@code type} (upstream's
     * {@code getConstantLike(b, loc, 0, val)}), or null when its elements are not integers, floats or complex.
     */
    static Value zeroLike(OpBuilder b, org.stablehlo4j.ir.Location loc, Type type) {
        if (!(type instanceof RankedTensorType t) || !(t.elementType() instanceof IntegerType
                || t.elementType() instanceof FloatType || t.elementType() instanceof ComplexType)) {
            return null;
        }
        int eb = DenseElementsAttr.elementStorageBytes(t.elementType());
        return Constants.materialize(b, loc, new DenseElementsAttr(t, new byte[eb], 0, eb, true)).output();
    }

    // ---- attributes

    /** The values of a {@code dense_i64_array}. */
    static long[] longs(DenseArrayAttr a) {
        long[] out = new long[a.size()];
        for (int i = 0; i < out.length; i++) out[i] = a.getLong(i);
        return out;
    }

    /** Whether {@code dims} is {@code [0, 1, ..., n-1]} (true for none). */
    static boolean isIotaRange(long[] dims) {
        for (int i = 0; i < dims.length; i++) if (dims[i] != i) return false;
        return true;
    }

    /** Whether {@code dims} is in non-decreasing order. */
    static boolean isSorted(long[] dims) {
        for (int i = 1; i < dims.length; i++) if (dims[i - 1] > dims[i]) return false;
        return true;
    }

    /** {@code outer[inner[i]]} for each i: the dimensions of a broadcast of a broadcast, or null when out of range. */
    static long[] compose(long[] outer, long[] inner) {
        long[] out = new long[inner.length];
        for (int i = 0; i < inner.length; i++) {
            if (inner[i] < 0 || inner[i] >= outer.length) return null;
            out[i] = outer[(int) inner[i]];
        }
        return out;
    }

    // ---- effects

    /**
     * Whether {@code op} declares a memory effect (MLIR's {@code MemoryEffectOpInterface} without
     * {@code hasNoEffect}): a {@code stablehlo.custom_call} with {@code has_side_effect = true}, or an op whose
     * row has side effects. Ops with recursive effects or without a row declare none.
     */
    static boolean declaresEffect(Operation op) {
        if (CustomCallOp.is(op)) return op.attr("has_side_effect") instanceof BoolAttr b && b.value();
        OpDefinition def = op.opName().definition();
        return def != null && def.hasTrait(OpTrait.SIDE_EFFECTING);
    }

    /**
     * The greedy driver's dead-op test for these patterns: {@link TriviallyDead#ifUnused}, except that a
     * {@code stablehlo.custom_call} without {@code has_side_effect = true} has no effects (upstream's
     * {@code CustomCallOp::getEffects}).
     */
    static Predicate<Operation> triviallyDeadIfUnused() {
        return op -> CustomCallOp.is(op) ? !declaresEffect(op) : TriviallyDead.ifUnused(op);
    }

    /** The types of {@code values}. */
    static List<Type> types(List<? extends Value> values) {
        return values.stream().map(Value::type).toList();
    }
}
