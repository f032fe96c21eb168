package org.stablehlo4j.dialect.vhlo;

import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.FloatText;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A VHLO attribute ({@code #vhlo.integer_v1<1 : i64>}, {@code #vhlo<precision_v1 HIGH>}, ...): a
 * {@link VhloAttrKind} and the parameters its form calls for. Immutable, with value equality.
 */
public final class VhloAttr implements Attribute, VhloPrintable {
    private final VhloAttrKind kind;
    private final List<Attribute> attrs;
    private final Type type;
    private final BigInteger number;
    private final byte[] bytes;
    private final DenseElementsAttr data;
    private final List<Object> params;
    /** The hash code, computed on first use (0: not yet). */
    private int hash;

    private VhloAttr(VhloAttrKind kind, List<Attribute> attrs, Type type, BigInteger number, byte[] bytes,
                     DenseElementsAttr data, List<Object> params) {
        this(kind, List.copyOf(attrs), type, number, bytes == null ? null : bytes.clone(), data,
                Collections.unmodifiableList(new ArrayList<>(params)), true);
    }

    /** Takes {@code attrs}, {@code bytes} and {@code params} as they are (immutable or owned by the new attribute). */
    private VhloAttr(VhloAttrKind kind, List<Attribute> attrs, Type type, BigInteger number, byte[] bytes,
                     DenseElementsAttr data, List<Object> params, boolean owned) {
        this.kind = kind;
        this.attrs = attrs;
        this.type = type;
        this.number = number;
        this.bytes = bytes;
        this.data = data;
        this.params = params;
    }

    /** A string attribute that keeps {@code value} (a fresh array nobody else holds), for the bytecode reader. */
    static VhloAttr ownedString(byte[] value) {
        return new VhloAttr(VhloAttrKind.STRING, List.of(), null, null, value, null, List.of(), true);
    }

    /**
     * An array or dictionary attribute that keeps {@code elements} (a fresh list nobody else holds and changes,
     * without nulls), for the bytecode reader.
     */
    static VhloAttr ownedList(VhloAttrKind kind, List<Attribute> elements) {
        if (kind != VhloAttrKind.ARRAY && (kind != VhloAttrKind.DICT || elements.size() % 2 != 0)) {
            throw new IllegalArgumentException(kind + " with " + elements.size() + " elements");
        }
        return new VhloAttr(kind, Collections.unmodifiableList(elements), null, null, null, null, List.of(), true);
    }

    private static void check(VhloAttrKind kind, VhloAttrKind.Form form) {
        if (kind.form != form) throw new IllegalArgumentException(kind + " is not of form " + form);
    }

    /** An enum attribute; {@code value} must name a case of the enum. */
    public static VhloAttr enumValue(VhloAttrKind kind, int value) {
        check(kind, VhloAttrKind.Form.ENUM);
        if (kind.caseName(value) == null) throw new IllegalArgumentException("no case " + value + " in " + kind);
        return new VhloAttr(kind, List.of(), null, BigInteger.valueOf(value), null, null, List.of());
    }

    public static VhloAttr array(List<Attribute> elements) {
        return new VhloAttr(VhloAttrKind.ARRAY, elements, null, null, null, null, List.of());
    }

    public static VhloAttr bool(boolean value) {
        return new VhloAttr(VhloAttrKind.BOOL, List.of(), null, value ? BigInteger.ONE : BigInteger.ZERO, null, null,
                List.of());
    }

    /** A dictionary: keys and values alternate in {@code keyValues} (key, value, key, value, ...). */
    public static VhloAttr dict(List<Attribute> keyValues) {
        if (keyValues.size() % 2 != 0) throw new IllegalArgumentException("odd key/value list");
        return new VhloAttr(VhloAttrKind.DICT, keyValues, null, null, null, null, List.of());
    }

    /** A float of a VHLO float type, as the raw bits of that type's format. */
    public static VhloAttr floatValue(VhloType type, BigInteger bits) {
        return new VhloAttr(VhloAttrKind.FLOAT, List.of(), type, bits, null, null, List.of());
    }

    /** An integer of a VHLO integer/index type; {@code value} is the mathematical (sign-interpreted) value. */
    public static VhloAttr integer(VhloType type, BigInteger value) {
        return new VhloAttr(VhloAttrKind.INTEGER, List.of(), type, value, null, null, List.of());
    }

    public static VhloAttr string(byte[] value) {
        return new VhloAttr(VhloAttrKind.STRING, List.of(), null, null, value, null, List.of());
    }

    /** Dense tensor data; {@code data} carries the builtin type that VHLO prints. */
    public static VhloAttr tensor(VhloType type, DenseElementsAttr data) {
        return new VhloAttr(VhloAttrKind.TENSOR, List.of(), type, null, null, data, List.of());
    }

    public static VhloAttr type(Type value) {
        return new VhloAttr(VhloAttrKind.TYPE, List.of(), value, null, null, null, List.of());
    }

    /**
     * A struct-like attribute. Per {@link VhloAttrKind.ParamKind}: ATTR an {@link Attribute}; ATTR_IF_FLAG and
     * OPTIONAL_ATTR an {@link Attribute} or null; INT a {@link Long}; F64 a {@link Long} holding the double's
     * bits; DIMS a {@code List<Long>} (dynamic = Long.MIN_VALUE).
     */
    public static VhloAttr struct(VhloAttrKind kind, List<Object> values) {
        check(kind, VhloAttrKind.Form.STRUCT);
        if (values.size() != kind.params.size()) throw new IllegalArgumentException("parameter count of " + kind);
        return new VhloAttr(kind, List.of(), null, null, null, null, values);
    }

    public VhloAttrKind kind() { return kind; }
    /** Elements (ARRAY) or alternating keys and values (DICT). */
    public List<Attribute> attributes() { return attrs; }
    /** The type parameter (FLOAT, INTEGER, TENSOR, TYPE), else null. */
    public Type typeParam() { return type; }
    /** Enum value, bool (0/1), float bits or integer value; else null. */
    public BigInteger number() { return number; }
    public byte[] stringBytes() { return bytes == null ? null : bytes.clone(); }
    /** {@return a STRING attribute as a builtin string attribute (untyped); null for other kinds} */
    public StringAttr toStringAttr() { return bytes == null ? null : StringAttr.ofUnmodifiedBytes(bytes); }
    /** {@return a STRING attribute's bytes decoded as UTF-8 (lossy, as {@link StringAttr#value}); else null} */
    public String stringValue() { return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8); }
    public DenseElementsAttr denseData() { return data; }
    public List<Object> params() { return params; }

    @Override
    public void printBody(AsmSink sink) {
        sink.append(kind.mnemonic);
        switch (kind.form) {
            case ENUM -> sink.append(" ").append(kind.caseName(number.longValue()));
            case ARRAY -> {
                sink.append("<[").attributes(attrs).append("]>");
            }
            case BOOL -> sink.append(number.signum() != 0 ? "<true>" : "<false>");
            case DICT -> {
                sink.append("<{");
                for (int i = 0; i < attrs.size(); i += 2) {
                    if (i > 0) sink.append(", ");
                    sink.attribute(attrs.get(i)).append(" = ").attribute(attrs.get(i + 1));
                }
                sink.append("}>");
            }
            case FLOAT -> {
                Type b = VhloType.builtinOf(type);
                String text = b instanceof FloatType ft ? FloatText.format(ft.kind(), number) : number.toString();
                sink.append("<").append(text).append(" : ").type(type).append(">");
            }
            case INTEGER -> {
                Type b = VhloType.builtinOf(type);
                sink.append("<").attribute(new IntegerAttr(b == null ? type : b, number)).append(">");
            }
            case STRING -> sink.append("<").append(escape(bytes)).append(">");
            case TENSOR -> sink.append("<").attribute(data).append(">");
            case TYPE -> sink.append("<").type(type).append(">");
            case STRUCT -> printStruct(sink);
        }
    }

    private void printStruct(AsmSink sink) {
        sink.append("<");
        boolean first = true;
        for (int i = 0; i < params.size(); i++) {
            Object v = params.get(i);
            VhloAttrKind.Param p = kind.params.get(i);
            if (v == null) continue;
            sink.append(first ? "" : ", ").append(p.name()).append(" = ");
            first = false;
            switch (p.kind()) {
                case ATTR, ATTR_IF_FLAG, OPTIONAL_ATTR -> sink.attribute((Attribute) v);
                case INT -> sink.append(Long.toString((Long) v));
                case F64 -> sink.append(VhloType.f64((Long) v));
                case DIMS -> {
                    sink.append("[");
                    @SuppressWarnings("unchecked") List<Long> dims = (List<Long>) v;
                    for (int k = 0; k < dims.size(); k++) {
                        long d = dims.get(k);
                        sink.append(k == 0 ? "" : ", ").append(d == ShapedType.DYNAMIC ? "?" : Long.toString(d));
                    }
                    sink.append("]");
                }
            }
        }
        sink.append(">");
    }

    /** A double-quoted string with LLVM's escaping: backslash doubled, non-printables and quotes as \XX. */
    static String escape(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length + 2).append('"');
        for (byte x : b) {
            int c = x & 0xFF;
            if (c == '\\') sb.append("\\\\");
            else if (c >= 0x20 && c < 0x7F && c != '"') sb.append((char) c);
            else sb.append('\\').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                    .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
        }
        return sb.append('"').toString();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        return o instanceof VhloAttr a && hashCode() == a.hashCode() && kind == a.kind && attrs.equals(a.attrs)
                && Objects.equals(type, a.type) && Objects.equals(number, a.number)
                && Arrays.equals(bytes, a.bytes) && Objects.equals(data, a.data) && params.equals(a.params);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Objects.hash(kind, attrs, type, number, data, params) * 31 + Arrays.hashCode(bytes);
            hash = h;
        }
        return h;
    }

    @Override public String toString() { return "#vhlo." + kind.mnemonic; }
}
