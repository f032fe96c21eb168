package org.stablehlo4j.dialect.vhlo;

import org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.FloatText;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A VHLO type ({@code !vhlo.tensor_v1<2x!vhlo.f32_v1>}, ...): a {@link VhloTypeKind} plus the parameters its
 * {@link VhloTypeKind.Form} calls for. Immutable, with value equality.
 */
public final class VhloType implements Type, VhloPrintable {
    /** Uniform quantization parameters; {@code quantizedDimension} is -1 for per-tensor quantization. */
    public record Quant(long flags, Type storageType, Type expressedType, long quantizedDimension, long[] scaleBits,
                        long[] zeroPoints, long storageMin, long storageMax) {
        public Quant {
            scaleBits = scaleBits.clone();
            zeroPoints = zeroPoints.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Quant q && flags == q.flags && storageType.equals(q.storageType)
                    && expressedType.equals(q.expressedType) && quantizedDimension == q.quantizedDimension
                    && Arrays.equals(scaleBits, q.scaleBits) && Arrays.equals(zeroPoints, q.zeroPoints)
                    && storageMin == q.storageMin && storageMax == q.storageMax;
        }

        @Override
        public int hashCode() {
            return Objects.hash(flags, storageType, expressedType, quantizedDimension, storageMin, storageMax)
                    * 31 + Arrays.hashCode(scaleBits) * 7 + Arrays.hashCode(zeroPoints);
        }
    }

    private final VhloTypeKind kind;
    private final List<Type> types;
    private final List<Type> results;
    private final long[] shape;
    private final Attribute encoding;
    private final Quant quant;
    private final int hash;

    private VhloType(VhloTypeKind kind, List<Type> types, List<Type> results, long[] shape, Attribute encoding,
                     Quant quant) {
        this.kind = kind;
        this.types = List.copyOf(types);
        this.results = List.copyOf(results);
        this.shape = shape.clone();
        this.encoding = encoding;
        this.quant = quant;
        this.hash = Objects.hash(kind, this.types, this.results, encoding, quant) * 31 + Arrays.hashCode(this.shape);
    }

    /** A parameterless type. */
    public static VhloType get(VhloTypeKind kind) {
        check(kind, VhloTypeKind.Form.SIMPLE);
        return new VhloType(kind, List.of(), List.of(), new long[0], null, null);
    }

    /** complex_v1 / unranked_tensor_v1 of an element type. */
    public static VhloType element(VhloTypeKind kind, Type element) {
        check(kind, VhloTypeKind.Form.ELEMENT);
        return new VhloType(kind, List.of(element), List.of(), new long[0], null, null);
    }

    /** tuple_v1 / future_v1 of types. */
    public static VhloType types(VhloTypeKind kind, List<Type> types) {
        check(kind, VhloTypeKind.Form.TYPES);
        return new VhloType(kind, types, List.of(), new long[0], null, null);
    }

    public static VhloType function(List<Type> inputs, List<Type> outputs) {
        return new VhloType(VhloTypeKind.FUNCTION, inputs, outputs, new long[0], null, null);
    }

    /** tensor_v1 (encoding may be null) or buffer_v1 (encoding must be null). Dynamic dims are Long.MIN_VALUE. */
    public static VhloType ranked(VhloTypeKind kind, long[] shape, Type element, Attribute encoding) {
        check(kind, VhloTypeKind.Form.RANKED);
        return new VhloType(kind, List.of(element), List.of(), shape, encoding, null);
    }

    public static VhloType quant(Quant q) {
        VhloTypeKind k = q.quantizedDimension() < 0 ? VhloTypeKind.QUANT : VhloTypeKind.QUANT_PER_AXIS;
        return new VhloType(k, List.of(), List.of(), new long[0], null, q);
    }

    private static void check(VhloTypeKind kind, VhloTypeKind.Form form) {
        if (kind.form != form) throw new IllegalArgumentException(kind + " is not of form " + form);
    }

    public VhloTypeKind kind() { return kind; }
    /** Element type (ELEMENT, RANKED), the type list (TYPES) or the inputs (FUNCTION). */
    public List<Type> types() { return types; }
    /** Outputs of a function type. */
    public List<Type> results() { return results; }
    public long[] shape() { return shape.clone(); }
    public Attribute encoding() { return encoding; }
    public Quant quantization() { return quant; }

    public Type elementType() { return types.isEmpty() ? null : types.get(0); }

    @Override
    public void printBody(AsmSink sink) {
        sink.append(kind.mnemonic);
        switch (kind.form) {
            case SIMPLE -> { }
            case ELEMENT -> sink.append("<").type(types.get(0)).append(">");
            case TYPES -> {
                sink.append("<").types(types).append(">");
            }
            case FUNCTION -> {
                sink.append("<(");
                typeArray(sink, types);
                sink.append(") -> ");
                typeArray(sink, results);
                sink.append(">");
            }
            case RANKED -> {
                sink.append("<");
                for (long d : shape) sink.append(d == ShapedType.DYNAMIC ? "?" : Long.toString(d)).append("x");
                sink.type(types.get(0));
                if (encoding != null) sink.append(", ").attribute(encoding);
                sink.append(">");
            }
            case QUANT, QUANT_PER_AXIS -> printQuant(sink);
        }
    }

    private void printQuant(AsmSink sink) {
        sink.append("<").type(quant.storageType()).append(":").type(quant.expressedType()).append(", ");
        if (kind == VhloTypeKind.QUANT) {
            sink.append(f64(quant.scaleBits()[0])).append(":").append(Long.toString(quant.zeroPoints()[0]));
        } else {
            sink.append(Long.toString(quant.quantizedDimension())).append(", [");
            for (int i = 0; i < quant.scaleBits().length; i++) {
                sink.append(i == 0 ? "" : ", ").append(f64(quant.scaleBits()[i]));
            }
            sink.append("], [");
            for (int i = 0; i < quant.zeroPoints().length; i++) {
                sink.append(i == 0 ? "" : ", ").append(Long.toString(quant.zeroPoints()[i]));
            }
            sink.append("]");
        }
        sink.append(", ").append(Long.toString(quant.storageMin())).append(":")
                .append(Long.toString(quant.storageMax())).append(", ").append(Long.toUnsignedString(quant.flags()))
                .append(">");
    }

    static String f64(long bits) {
        return FloatText.format(FloatKind.F64, BigInteger.valueOf(bits).and(BigInteger.ONE.shiftLeft(64)
                .subtract(BigInteger.ONE)));
    }

    /** VHLO's type array: {@code ()} when empty, else the comma-separated types. */
    private static void typeArray(AsmSink sink, List<Type> list) {
        if (list.isEmpty()) sink.append("()");
        sink.types(list);
    }

    /**
     * The builtin type VHLO prints inside integer and tensor attributes ({@code i32}, {@code tensor<2xf32>}),
     * or null if this type has no builtin counterpart.
     */
    public Type toBuiltin() {
        return switch (kind.form) {
            case SIMPLE -> kind.builtin;
            case ELEMENT -> {
                if (kind != VhloTypeKind.COMPLEX) yield null;
                Type e = builtinOf(types.get(0));
                yield e == null ? null : new ComplexType(e);
            }
            case RANKED -> {
                if (kind != VhloTypeKind.RANKED_TENSOR) yield null;
                Type e = builtinOf(types.get(0));
                yield e == null ? null : new RankedTensorType(shape, e, encoding);
            }
            default -> null;
        };
    }

    static Type builtinOf(Type t) {
        return t instanceof VhloType v ? v.toBuiltin() : null;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        return o instanceof VhloType t && hash == t.hash && kind == t.kind && types.equals(t.types)
                && results.equals(t.results) && Arrays.equals(shape, t.shape)
                && Objects.equals(encoding, t.encoding) && Objects.equals(quant, t.quant);
    }

    @Override public int hashCode() { return hash; }

    @Override public String toString() { return "!vhlo." + kind.mnemonic; }
}
