package org.stablehlo4j.asm.format;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.ir.OpDefinition.AttrSpec;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Type;

/**
 * How an attribute variable of an assembly format prints and parses, by the kind of attribute it holds; enum kinds
 * through the dialect's {@link FormatExtension}.
 */
public final class AttrValues {
    private AttrValues() {}

    static final IntegerType UI32 = new IntegerType(32, IntegerType.Signedness.UNSIGNED);
    static final IntegerType UI64 = new IntegerType(64, IntegerType.Signedness.UNSIGNED);

    /** The builtin type of an integer/float kind (its literal prints without the type), or null. */
    static Type literalType(AttrSpec a) {
        return switch (a.kind()) {
            case I64 -> IntegerType.I64;
            case I32, I32_ENUM -> IntegerType.I32;
            case UI32 -> UI32;
            case UI64 -> UI64;
            case F32 -> new FloatType(FloatKind.F32);
            case F64 -> new FloatType(FloatKind.F64);
            // a string in an op format never takes a `: type` suffix
            case STRING -> org.stablehlo4j.ir.NoneType.INSTANCE;
            default -> null;
        };
    }

    static void print(AttrSpec spec, Attribute value, AsmPrinterContext p, FormatExtension ext) {
        switch (spec.kind()) {
            case ENUM -> {
                // the case name alone: the op format already put one space before it (older MLIR
                // printed the enum attribute's `$value` format with a space of its own, hence the
                // `compare  EQ` of older output; current MLIR prints none)
                String caseName = ext.enumCaseName(value);
                if (caseName != null) p.append(caseName);
                else p.printAttribute(value);
            }
            case DENSE_I64_ARRAY, DENSE_BOOL_ARRAY -> {
                if (value instanceof DenseArrayAttr d) p.append(denseArray(d));
                else p.printAttribute(value);
            }
            case I64, I32, I32_ENUM, UI32, UI64, F32, F64, BOOL -> {
                if (literalType(spec) == null || typeOf(value) == null || typeOf(value).equals(literalType(spec))) {
                    p.printAttributeWithoutType(value);
                } else {
                    p.printAttribute(value);
                }
            }
            default -> p.printAttribute(value);
        }
    }

    private static Type typeOf(Attribute a) {
        if (a instanceof IntegerAttr i) return i.type();
        if (a instanceof FloatAttr f) return f.type();
        return null;
    }

    /** {@code [1, 2]} / {@code [true, false]}: a dense array without its {@code array<T:} wrapper. */
    public static String denseArray(DenseArrayAttr d) {
        StringBuilder sb = new StringBuilder("[");
        boolean bool = d.elementType() instanceof IntegerType it && it.width() == 1;
        for (int i = 0; i < d.size(); i++) {
            if (i > 0) sb.append(", ");
            long v = d.getLong(i);
            sb.append(bool ? (v != 0 ? "true" : "false") : Long.toString(v));
        }
        return sb.append(']').toString();
    }

    static Attribute parse(AttrSpec spec, AsmParserContext p, FormatExtension ext) {
        switch (spec.kind()) {
            case ENUM:
                return ext.parseEnum(spec, p);
            case DENSE_I64_ARRAY:
            case DENSE_BOOL_ARRAY:
                return parseDenseArray(p, spec.kind() == org.stablehlo4j.ir.AttrKind.DENSE_BOOL_ARRAY);
            default:
                return ext.resolve(p.parseAttribute(literalType(spec)));
        }
    }

    /** {@code [1, 2]} as an {@code array<i64: ...>} (or of i1 when {@code bool}). */
    public static DenseArrayAttr parseDenseArray(AsmParserContext p, boolean bool) {
        p.expect("[");
        List<Long> values = new ArrayList<>();
        if (!p.consumeIf("]")) {
            do {
                if (bool) {
                    int at = p.offset();
                    String w = p.parseKeyword("expected 'true' or 'false'");
                    if (!w.equals("true") && !w.equals("false")) throw p.errorAt(at, "expected 'true' or 'false'");
                    values.add(w.equals("true") ? 1L : 0L);
                } else {
                    int at = p.offset();
                    try {
                        values.add(p.parseInteger());
                    } catch (RuntimeException e) {
                        throw p.withFollowUp(e, at, "expected ']'", false);
                    }
                }
            } while (p.consumeIf(","));
            p.expect("]");
        }
        long[] arr = values.stream().mapToLong(Long::longValue).toArray();
        if (!bool) return DenseArrayAttr.ofLongs(arr);
        byte[] data = new byte[arr.length];
        for (int i = 0; i < arr.length; i++) data[i] = (byte) arr[i];
        return new DenseArrayAttr(IntegerType.I1, data, arr.length);
    }

    /** Whether {@code value} equals the attribute's default (as upstream spells it in the op definition). */
    static boolean isDefault(AttrSpec spec, Attribute value, FormatExtension ext) {
        String d = spec.defaultValue();
        if (d == null) return false;
        if (d.equals("{}")) {
            return value instanceof ArrayAttr a && a.elements().isEmpty()
                    || value instanceof DictionaryAttr m && m.isEmpty();
        }
        if (d.equals("false") || d.equals("true")) return value instanceof BoolAttr b && b.value() == d.equals("true");
        int colons = d.indexOf("::");
        if (colons >= 0) {
            return ext.isEnumCase(spec, value, d.substring(colons + 2));
        }
        try {
            if (value instanceof IntegerAttr i) return i.value().equals(new BigInteger(d));
            if (value instanceof FloatAttr f) {
                return FloatFormats.toDouble(f.type().kind(), f.bits()) == Double.parseDouble(d);
            }
        } catch (NumberFormatException e) {
            return false;
        }
        return false;
    }
}
