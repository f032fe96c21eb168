package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * Tensors as JSON, in the layout of JAX's {@code NAME.io.json} files (the interpreter's {@code --args-json} and
 * {@code --results-json}):
 * <pre>{"inputs": [{"shape": [2, 3], "dtype": "float32", "data": [1.0, 2.5, ...]}, ...]}</pre>
 * {@code data} is the flat row-major element list; complex numbers are {@code [re, im]} pairs, bf16/f16 (and the
 * small float formats) are written widened to double, booleans as {@code true}/{@code false}, integers as
 * decimal literals (unsigned 64-bit ones up to 2<sup>64</sup>-1). dtype names are NumPy's (and ml_dtypes' for the
 * small float formats), see {@link #dtypeOf}.
 *
 * <p>The reader is strict RFC 8259 JSON plus the three non-finite literals Python's {@code json} writes
 * ({@code NaN}, {@code Infinity}, {@code -Infinity}); every error names the byte offset where it was found.
 * It is a hand-written recursive-descent reader over the file's bytes: the document structure is checked in one
 * pass that only records where each {@code data} list is, and the list is decoded afterwards, element by
 * element, straight into the tensor's primitive storage (no boxed numbers, no intermediate lists).
 *
 * <p>The writer prints floats as Python's {@code repr} does (the shortest decimal that reads back to the same
 * double, e.g. {@code 1.0}, {@code 0.1}, {@code 1e-05}), so an f32 result prints exactly as JAX's files print
 * {@code float(np.float32(x))}.
 */
public final class JsonTensors {
    private JsonTensors() {}

    /** A malformed or unsuitable JSON document; the message starts with {@code byte offset N: }. */
    public static final class JsonException extends Exception {
        private static final long serialVersionUID = 1L;
        private final int offset;

        public JsonException(int offset, String message) {
            super("byte offset " + offset + ": " + message);
            this.offset = offset;
        }

        /** Byte offset in the document where the problem is. */
        public int offset() { return offset; }
    }

    /**
     * One entry of the tensor list as read: its shape and dtype, and where its {@code data} list is (decoded on
     * demand by {@link #decode}).
     */
    public static final class Entry {
        final int offset;
        final long[] shape;
        final String dtype;
        final int dtypeOffset;
        final int dataOffset;

        Entry(int offset, long[] shape, String dtype, int dtypeOffset, int dataOffset) {
            this.offset = offset;
            this.shape = shape;
            this.dtype = dtype;
            this.dtypeOffset = dtypeOffset;
            this.dataOffset = dataOffset;
        }

        /** Byte offset of the entry's opening brace. */
        public int offset() { return offset; }

        public long[] shape() { return shape.clone(); }

        public String dtype() { return dtype; }

        /** Byte offset of the dtype's string. */
        public int dtypeOffset() { return dtypeOffset; }

        /** The shape as {@code [2, 3]}. */
        public String shapeText() { return JsonTensors.shapeText(shape); }
    }

    // ---------------------------------------------------------------------------------------------------------
    // dtypes

    /** The NumPy / ml_dtypes name of an element type, or null if the JSON layout has none for it. */
    public static String dtypeOf(Type e) {
        if (e instanceof IntegerType it) {
            if (it.width() == 1) return it.isUnsigned() ? null : "bool";
            return switch (it.width()) {
                case 2, 4, 8, 16, 32, 64 -> (it.isUnsigned() ? "uint" : "int") + it.width();
                default -> null;
            };
        }
        if (e instanceof FloatType ft) {
            return switch (ft.kind()) {
                case BF16 -> "bfloat16";
                case F16 -> "float16";
                case F32 -> "float32";
                case F64 -> "float64";
                case F4E2M1FN -> "float4_e2m1fn";
                case F6E2M3FN -> "float6_e2m3fn";
                case F6E3M2FN -> "float6_e3m2fn";
                case F8E3M4 -> "float8_e3m4";
                case F8E4M3 -> "float8_e4m3";
                case F8E4M3FN -> "float8_e4m3fn";
                case F8E4M3FNUZ -> "float8_e4m3fnuz";
                case F8E4M3B11FNUZ -> "float8_e4m3b11fnuz";
                case F8E5M2 -> "float8_e5m2";
                case F8E5M2FNUZ -> "float8_e5m2fnuz";
                case F8E8M0FNU -> "float8_e8m0fnu";
                default -> null;
            };
        }
        if (e instanceof ComplexType ct && ct.elementType() instanceof FloatType ft) {
            if (ft.kind() == FloatKind.F32) return "complex64";
            if (ft.kind() == FloatKind.F64) return "complex128";
        }
        return null;
    }

    /** The element type of a dtype name, or null if the name is unknown. */
    public static Type elementTypeOf(String dtype) {
        switch (dtype) {
            case "bool":
                return IntegerType.I1;
            case "complex64":
                return new ComplexType(FloatType.F32);
            case "complex128":
                return new ComplexType(FloatType.F64);
            default:
                break;
        }
        for (String prefix : new String[] {"uint", "int"}) {
            if (dtype.startsWith(prefix)) {
                String w = dtype.substring(prefix.length());
                int width = switch (w) {
                    case "2" -> 2;
                    case "4" -> 4;
                    case "8" -> 8;
                    case "16" -> 16;
                    case "32" -> 32;
                    case "64" -> 64;
                    default -> -1;
                };
                if (width < 0) return null;
                return new IntegerType(width, prefix.equals("uint") ? IntegerType.Signedness.UNSIGNED
                        : IntegerType.Signedness.SIGNLESS);
            }
        }
        for (FloatKind k : FloatKind.values()) {
            FloatType t = new FloatType(k);
            if (dtype.equals(dtypeOf(t))) return t;
        }
        return null;
    }

    /** Whether two element types have the same dtype (signless and signed integers share theirs). */
    static boolean sameDtype(Type a, Type b) {
        String da = dtypeOf(a);
        return da != null && da.equals(dtypeOf(b));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Reading

    /**
     * Reads the document's structure and returns the entries of its top-level {@code key} list (e.g.
     * {@code "inputs"}). The whole document must be well-formed; other top-level keys are checked and skipped.
     * Each entry must have exactly the keys {@code shape} (non-negative integers), {@code dtype} (a known name)
     * and {@code data} (a list; its elements are checked by {@link #decode}).
     */
    public static List<Entry> readEntries(byte[] json, String key) throws JsonException {
        return readList(json, key).entries();
    }

    /** The entries of a document's tensor list and the byte offset of the list's opening bracket. */
    public record EntryList(int offset, List<Entry> entries) {}

    /** {@link #readEntries}, also giving where the list is. */
    public static EntryList readList(byte[] json, String key) throws JsonException {
        JsonTensorReader r = new JsonTensorReader(json);
        List<Entry> entries = null;
        int listAt = 0;
        r.ws();
        r.expect('{', "expected '{' at the start of the document");
        r.ws();
        if (r.peek() != '}') {
            while (true) {
                r.ws();
                int keyAt = r.pos;
                String k = r.string("expected a string key");
                r.ws();
                r.expect(':', "expected ':' after a key");
                r.ws();
                if (k.equals(key)) {
                    if (entries != null) throw new JsonException(keyAt, "duplicate key \"" + key + "\"");
                    listAt = r.pos;
                    entries = r.entryList();
                } else {
                    r.skipValue(1);
                }
                r.ws();
                if (r.peek() == ',') {
                    r.pos++;
                    continue;
                }
                break;
            }
        }
        r.expect('}', "expected ',' or '}'");
        r.ws();
        if (r.pos != json.length) throw new JsonException(r.pos, "unexpected data after the JSON document");
        if (entries == null) throw new JsonException(0, "the document has no \"" + key + "\" list");
        return new EntryList(listAt, entries);
    }

    /**
     * Reads a document that is one entry, {@code {"shape": ..., "dtype": ..., "data": ...}} (surrounding white
     * space allowed); its data is decoded by {@link #decode}.
     */
    public static Entry readEntry(byte[] json) throws JsonException {
        JsonTensorReader r = new JsonTensorReader(json);
        r.ws();
        Entry e = r.entry();
        r.ws();
        if (r.pos != json.length) throw new JsonException(r.pos, "unexpected data after the JSON document");
        return e;
    }

    /** Reads the {@code key} list and decodes every entry with the type its dtype and shape give. */
    public static List<Tensor> read(byte[] json, String key) throws JsonException {
        List<Entry> entries = readEntries(json, key);
        List<Tensor> out = new ArrayList<>(entries.size());
        for (Entry e : entries) out.add(decode(json, e, typeOf(e)));
        return out;
    }

    /** The tensor type an entry describes. */
    public static RankedTensorType typeOf(Entry e) {
        return new RankedTensorType(e.shape.clone(), elementTypeOf(e.dtype));
    }

    /**
     * Decodes an entry's data into a tensor of {@code type}, which must have the entry's dtype and as many
     * elements as the data list (the caller checks the shape).
     */
    public static Tensor decode(byte[] json, Entry e, RankedTensorType type) throws JsonException {
        // every element takes at least two bytes ("1,"): a shape needing more than the document can hold is
        // reported with the list's real length before any storage is allocated for it
        long needed = 1;
        for (long d : e.shape) needed = d == 0 || needed <= Long.MAX_VALUE / Math.max(d, 1) ? needed * d : Long.MAX_VALUE;
        if (needed > (json.length - e.dataOffset) / 2 + 1) {
            JsonTensorReader r = new JsonTensorReader(json);
            r.pos = e.dataOffset + 1;
            int n = 0;
            r.ws();
            if (r.peek() != ']') {
                while (true) {
                    r.ws();
                    r.skipValue(1);
                    n++;
                    r.ws();
                    if (r.peek() != ',') break;
                    r.pos++;
                }
            }
            throw new JsonException(r.pos, "\"data\" has " + n + " elements, shape " + shapeText(e.shape) + " needs "
                    + needed);
        }
        Tensor t;
        try {
            t = Tensor.zeros(type);
        } catch (InterpreterException ex) {
            throw new JsonException(e.offset, ex.getMessage());
        }
        JsonTensorReader r = new JsonTensorReader(json);
        r.pos = e.dataOffset;
        r.expect('[', "expected '[' for \"data\"");
        int n = 0;
        r.ws();
        if (r.peek() != ']') {
            while (true) {
                r.ws();
                if (n >= t.size) {
                    throw new JsonException(r.pos, "\"data\" has more than the " + t.size
                            + " elements of shape " + shapeText(e.shape));
                }
                r.element(t, n++);
                r.ws();
                if (r.peek() == ',') {
                    r.pos++;
                    continue;
                }
                break;
            }
        }
        int end = r.pos;
        r.expect(']', "expected ',' or ']' in \"data\"");
        if (n != t.size) {
            throw new JsonException(end, "\"data\" has " + n + " elements, shape " + shapeText(e.shape) + " needs "
                    + t.size);
        }
        return t;
    }

    static String shapeText(long[] shape) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < shape.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(shape[i]);
        }
        return sb.append(']').toString();
    }

    // ---------------------------------------------------------------------------------------------------------
    // Writing

    /** {@code {"KEY": [entry, ...]}} for the tensors, as Python's {@code json.dumps} writes it (no newline). */
    public static String write(String key, List<Tensor> tensors) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"");
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        sb.append("\": [");
        for (int i = 0; i < tensors.size(); i++) {
            if (i > 0) sb.append(", ");
            appendEntry(sb, tensors.get(i));
        }
        return sb.append("]}").toString();
    }

    /** One {@code {"shape": ..., "dtype": ..., "data": [...]}} entry. */
    public static void appendEntry(StringBuilder sb, Tensor t) {
        String dtype = dtypeOf(t.type.elementType());
        if (dtype == null) {
            throw new InterpreterException("a tensor of " + t.type.elementType() + " has no JSON dtype");
        }
        sb.append("{\"shape\": [");
        for (int d = 0; d < t.rank(); d++) {
            if (d > 0) sb.append(", ");
            sb.append(t.dim(d));
        }
        sb.append("], \"dtype\": \"").append(dtype).append("\", \"data\": [");
        for (int i = 0; i < t.size; i++) {
            if (i > 0) sb.append(", ");
            switch (t.kind) {
                case BOOL -> sb.append(t.ints[i] != 0 ? "true" : "false");
                case SINT -> sb.append(t.ints[i]);
                case UINT -> sb.append(Long.toUnsignedString(t.ints[i]));
                case FLOAT -> appendDouble(sb, t.reals[i]);
                case COMPLEX -> {
                    sb.append('[');
                    appendDouble(sb, t.reals[2 * i]);
                    sb.append(", ");
                    appendDouble(sb, t.reals[2 * i + 1]);
                    sb.append(']');
                }
            }
        }
        sb.append("]}");
    }

    /** {@code v} as Python's {@code repr(float)} / {@code json.dumps} writes it. */
    public static String formatDouble(double v) {
        StringBuilder sb = new StringBuilder(24);
        appendDouble(sb, v);
        return sb.toString();
    }

    static void appendDouble(StringBuilder sb, double v) {
        if (Double.isNaN(v)) {
            sb.append("NaN");
            return;
        }
        if (Double.isInfinite(v)) {
            sb.append(v > 0 ? "Infinity" : "-Infinity");
            return;
        }
        if (v == 0) {
            sb.append(Double.doubleToRawLongBits(v) < 0 ? "-0.0" : "0.0");
            return;
        }
        if (v < 0) {
            sb.append('-');
            v = -v;
        }
        BigDecimal d = shortest(v);
        String digits = d.unscaledValue().toString();
        // value = 0.DIGITS x 10^decpt
        int decpt = digits.length() - d.scale();
        // strip trailing zeros of the digit string (the unscaled value may carry some)
        int n = digits.length();
        while (n > 1 && digits.charAt(n - 1) == '0') n--;
        digits = digits.substring(0, n);
        if (decpt > 16 || decpt < -3) {
            sb.append(digits.charAt(0));
            if (n > 1) sb.append('.').append(digits, 1, n);
            int exp = decpt - 1;
            sb.append('e').append(exp < 0 ? '-' : '+');
            int a = Math.abs(exp);
            if (a < 10) sb.append('0');
            sb.append(a);
        } else if (decpt <= 0) {
            sb.append("0.");
            for (int i = 0; i < -decpt; i++) sb.append('0');
            sb.append(digits);
        } else if (decpt < n) {
            sb.append(digits, 0, decpt).append('.').append(digits, decpt, n);
        } else {
            sb.append(digits);
            for (int i = n; i < decpt; i++) sb.append('0');
            sb.append(".0");
        }
    }

    /**
     * The shortest decimal that reads back as {@code v} (positive, finite), the one nearest to {@code v} if there
     * are several. Starts from {@link Double#toString}'s digit count (which round-trips, but on JDK 17 is not
     * always the shortest or the nearest) and tries shorter lengths; at each length the only candidates are the
     * two neighbours of {@code v} on that length's grid.
     */
    static BigDecimal shortest(double v) {
        BigDecimal exact = new BigDecimal(v);
        int n = significantDigits(Double.toString(v));
        BigDecimal best = candidate(exact, n, v);
        for (int p = n - 1; p >= 1; p--) {
            BigDecimal c = candidate(exact, p, v);
            if (c == null) break;
            best = c;
        }
        if (best == null) { // cannot happen: Double.toString round-trips
            best = candidate(exact, 17, v);
        }
        return best;
    }

    private static BigDecimal candidate(BigDecimal exact, int digits, double v) {
        BigDecimal lo = exact.round(new MathContext(digits, RoundingMode.FLOOR));
        BigDecimal hi = exact.round(new MathContext(digits, RoundingMode.CEILING));
        boolean loOk = lo.doubleValue() == v;
        boolean hiOk = hi.doubleValue() == v;
        if (loOk && hiOk) {
            int cmp = exact.subtract(lo).compareTo(hi.subtract(exact));
            if (cmp != 0) return cmp < 0 ? lo : hi;
            return lo.unscaledValue().testBit(0) ? hi : lo;
        }
        return loOk ? lo : hiOk ? hi : null;
    }

    /** Significant digits of a {@link Double#toString} result (e.g. 3 for {@code 1.25E-5}, 1 for {@code 100.0}). */
    private static int significantDigits(String s) {
        int e = s.indexOf('E');
        String mant = e < 0 ? s : s.substring(0, e);
        StringBuilder digits = new StringBuilder();
        for (int i = 0; i < mant.length(); i++) {
            char c = mant.charAt(i);
            if (c >= '0' && c <= '9') digits.append(c);
        }
        int start = 0;
        while (start < digits.length() - 1 && digits.charAt(start) == '0') start++;
        int end = digits.length();
        while (end > start + 1 && digits.charAt(end - 1) == '0') end--;
        return end - start;
    }
}
