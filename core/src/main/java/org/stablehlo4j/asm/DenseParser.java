package org.stablehlo4j.asm;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseStringElementsAttr;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;

/**
 * Parses {@code dense<...>} and {@code array<...>} literals into the IR's packed little-endian layout. Literal
 * elements are first recorded as token offsets (plus a negation flag) and converted once the type is known.
 */
final class DenseParser {
    private static final long[] SCALAR = new long[0];

    private final AttributeParser p;
    /** The token cursor and the type parser of {@link #p}. */
    private final ParserState in;
    private final TypeParser types;
    private final Lexer relex;
    private int[] starts = new int[16];
    private boolean[] negated = new boolean[16];
    private int count;
    private int numPairs;
    private int numScalars;

    DenseParser(AttributeParser p) {
        this.p = p;
        this.in = p.in;
        this.types = p.types;
        this.relex = in.lex.fork();
    }

    // ---------------------------------------------------------------------------------------------- dense<>

    Attribute parseDense() {
        int at = in.tok.start;
        in.consume();
        in.expect(Kind.LESS, "expected '<' after 'dense'");
        Token hex = null;
        long[] shape = null;
        if (!in.is(Kind.GREATER)) {
            if (in.is(Kind.STRING) && in.text.startsWith("\"0x", in.tok.start)) {
                hex = in.tok;
                in.consume();
            } else {
                shape = in.is(Kind.L_SQUARE) ? parseList() : parseElement();
            }
        }
        in.expect(Kind.GREATER, "expected '>'");
        in.expect(Kind.COLON, "expected ':'");
        int typeAt = in.tok.start;
        Type t = types.parseType();
        if (!(t instanceof org.stablehlo4j.ir.ShapedType)) {
            throw ParserState.errorAt(typeAt, "elements literal must be a shaped type");
        }
        if (!(t instanceof RankedTensorType rt)) {
            throw ParserState.errorAt(typeAt, "elements literal type must have static shape");
        }
        long n = rt.numElements();
        if (!rt.hasStaticShape()) throw ParserState.errorAt(typeAt, "elements literal type must have static shape");
        if (n < 0) throw ParserState.errorAt(typeAt, "elements literal type has too many elements");
        Type elt = rt.elementType();
        int eb = DenseElementsAttr.elementStorageBytes(elt); // -1: strings
        if (eb < 0) return stringElements(rt, hex, shape, n, typeAt);
        if (hex != null) return hexElements(rt, hex, n, eb);
        if (shape == null) {
            if (n != 0) {
                throw zeroElements(rt, typeAt);
            }
            return new DenseElementsAttr(rt, new byte[0], 0, 0, false);
        }
        boolean splat = shape == SCALAR;
        if (!splat) checkShape(shape, rt, at);
        // MLIR keeps a splat even when the shape has no elements (dense<1.0> : tensor<0xf32>)
        if (n == 0 && !splat) return new DenseElementsAttr(rt, new byte[0], 0, 0, false);
        boolean complex = elt instanceof ComplexType;
        if (complex ? numScalars > 0 : numPairs > 0) {
            throw ParserState.errorAt(at, complex ? "expected complex elements (real, imag) for complex element type"
                    : "unexpected complex element for non-complex element type");
        }
        Type scalarType = complex ? ((ComplexType) elt).elementType() : elt;
        int sb = complex ? eb / 2 : eb;
        long total = (long) count * sb;
        if (tooLarge(total)) throw ParserState.errorAt(at, "elements literal is too large");
        byte[] out = new byte[(int) total];
        for (int i = 0; i < count; i++) writeScalar(scalarType, out, i * sb, sb, i);
        return packed(rt, out, eb);
    }

    /**
     * Whether {@code bytes} of storage for the listed elements is more than the text can reasonably ask for: each
     * element is at least two characters, so beyond 64 bytes per character of input (or 64 MiB) the size comes
     * from a huge bit width (up to i16777215: 2 MiB per element), not from data.
     */
    private boolean tooLarge(long bytes) {
        return bytes > Integer.MAX_VALUE - 16 || bytes > Math.max(1L << 26, 64L * in.text.length());
    }

    private static ParseError zeroElements(RankedTensorType rt, int at) {
        return ParserState.errorAt(at, "parsed zero elements, but type (" + ParserState.show(rt) + ") expected at least 1");
    }

    /** Wraps packed element bytes, collapsing an all-equal payload to a splat like MLIR does. */
    private static DenseElementsAttr packed(RankedTensorType rt, byte[] out, int eb) {
        // all elements equal the first exactly when every byte equals the one an element before it
        boolean same = out.length >= eb && Arrays.equals(out, eb, out.length, out, 0, out.length - eb);
        if (same) return new DenseElementsAttr(rt, out, 0, eb, true);
        // the data stays this one array (decoded once from the text), referenced, not copied
        return new DenseElementsAttr(rt, out, 0, out.length, false);
    }

    private void checkShape(long[] shape, RankedTensorType rt, int at) {
        if (!Arrays.equals(shape, rt.shape())) {
            throw ParserState.errorAt(at, "inferred shape of elements literal (" + dims(shape)
                    + ") does not match type (" + dims(rt.shape()) + ")");
        }
    }

    private static String dims(long[] shape) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < shape.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(shape[i]);
        }
        return sb.append(']').toString();
    }

    private Attribute hexElements(RankedTensorType rt, Token hex, long n, int eb) {
        byte[] data = decodeHex(in, hex);
        boolean i1 = rt.elementType() instanceof IntegerType it && it.width() == 1;
        if (data.length == eb && n >= 1) return new DenseElementsAttr(rt, data, 0, eb, true);
        if (n <= Integer.MAX_VALUE && n * eb == data.length) return packed(rt, data, eb);
        if (i1 && data.length == (n + 7) / 8) {
            byte[] bytes = new byte[(int) n];
            for (int i = 0; i < n; i++) bytes[i] = (byte) ((data[i >> 3] >> (i & 7)) & 1);
            return packed(rt, bytes, 1);
        }
        throw ParserState.errorAt(hex.start, "elements hex data size is invalid for provided type");
    }

    /** Decodes a {@code "0x..."} string token straight into bytes. */
    static byte[] decodeHex(ParserState p, Token t) {
        int from = t.start + 3;
        int to = t.end - 1;
        if (((to - from) & 1) != 0) throw ParserState.errorAt(t.start, "expected hex string with an even number of digits");
        byte[] out = new byte[(to - from) / 2];
        String s = p.text;
        for (int i = from, k = 0; i < to; i += 2, k++) {
            int hi = Character.digit(s.charAt(i), 16);
            int lo = Character.digit(s.charAt(i + 1), 16);
            if (hi < 0 || lo < 0) throw ParserState.errorAt(t.start, "expected string containing hex digits");
            out[k] = (byte) ((hi << 4) | lo);
        }
        return out;
    }

    private Attribute stringElements(RankedTensorType rt, Token hex, long[] shape, long n, int typeAt) {
        List<StringAttr> values = new ArrayList<>();
        if (hex != null) {
            values.add(new StringAttr(in.lex.stringBytes(hex), null));
            shape = SCALAR;
        } else if (shape == null) {
            if (n != 0) throw zeroElements(rt, typeAt);
            return new DenseStringElementsAttr(rt, List.of(), false);
        } else {
            for (int i = 0; i < count; i++) {
                relex.reset(starts[i]);
                Token t = relex.next();
                if (t.kind != Kind.STRING || negated[i]) {
                    throw ParserState.errorAt(starts[i], "expected string token, got " + in.lex.spelling(t));
                }
                values.add(new StringAttr(in.lex.stringBytes(t), null));
            }
        }
        if (numPairs > 0) throw ParserState.errorAt(typeAt, "unexpected complex element for string elements");
        if (shape != SCALAR) checkShape(shape, rt, typeAt);
        boolean same = !values.isEmpty();
        for (int i = 1; i < values.size() && same; i++) same = values.get(i).equals(values.get(0));
        if (same) return new DenseStringElementsAttr(rt, List.of(values.get(0)), true);
        return new DenseStringElementsAttr(rt, values, false);
    }

    /** list ::= '[' (element-or-list (',' element-or-list)*)? ']'; returns the inferred shape. */
    private long[] parseList() {
        in.enter();
        in.consume();
        long[] inner = null;
        long size = 0;
        if (!in.consumeIf(Kind.R_SQUARE)) {
            do {
                int at = in.tok.start;
                long[] s = in.is(Kind.L_SQUARE) ? parseList() : parseElement();
                if (inner == null) {
                    inner = s;
                } else if (!Arrays.equals(inner, s)) {
                    throw ParserState.errorAt(at, "tensor literal is invalid; ranks are not consistent between elements");
                }
                size++;
            } while (in.consumeIf(Kind.COMMA));
            in.expect(Kind.R_SQUARE, "expected ']'");
        }
        in.leave();
        long[] in = inner == null ? SCALAR : inner;
        long[] shape = new long[in.length + 1];
        shape[0] = size;
        System.arraycopy(in, 0, shape, 1, in.length);
        return shape;
    }

    /** A scalar element, or a complex {@code (re, im)} pair. */
    private long[] parseElement() {
        if (in.consumeIf(Kind.L_PAREN)) {
            recordScalar();
            in.expect(Kind.COMMA, "expected ',' between complex elements");
            recordScalar();
            in.expect(Kind.R_PAREN, "expected ')' after complex elements");
            numPairs++;
        } else {
            recordScalar();
            numScalars++;
        }
        return SCALAR;
    }

    private void recordScalar() {
        boolean neg = in.consumeIf(Kind.MINUS);
        Token t = in.tok;
        boolean ok = switch (t.kind) {
            case INTEGER, FLOAT -> true;
            case STRING -> !neg;
            case BARE_IDENTIFIER -> !neg && (in.lex.spells(t, "true") || in.lex.spells(t, "false"));
            default -> false;
        };
        if (!ok) throw in.wrongToken("expected element literal of primitive type");
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            negated = Arrays.copyOf(negated, count * 2);
        }
        starts[count] = t.start;
        negated[count] = neg;
        count++;
        in.consume();
    }

    /** Converts recorded element {@code i} to {@code type} and stores it little-endian at {@code out[off..]}. */
    private void writeScalar(Type type, byte[] out, int off, int nbytes, int i) {
        relex.reset(starts[i]);
        Token t = relex.next();
        boolean neg = negated[i];
        if (type instanceof FloatType ft) {
            FloatKind k = ft.kind();
            if (t.kind == Kind.FLOAT || (t.kind == Kind.INTEGER && !types.isHex(t))) {
                if (k == FloatKind.F32) {
                    float f = Float.parseFloat(in.text.substring(t.start, t.end));
                    putLong(out, off, 4, Float.floatToRawIntBits(neg ? -f : f));
                } else if (k == FloatKind.F64) {
                    double d = Double.parseDouble(in.text.substring(t.start, t.end));
                    putLong(out, off, 8, Double.doubleToRawLongBits(neg ? -d : d));
                } else {
                    putBig(out, off, nbytes, p.floatBits(k, t, neg));
                }
            } else if (t.kind == Kind.INTEGER) {
                putBig(out, off, nbytes, p.hexFloatBits(k, t, neg));
            } else {
                throw ParserState.errorAt(t.start, "expected floating-point elements, but parsed " + describe(t));
            }
            return;
        }
        // integer or index
        if (t.kind == Kind.BARE_IDENTIFIER) {
            if (!(type instanceof IntegerType it && it.width() == 1)) {
                throw ParserState.errorAt(t.start, "expected i1 type for 'true' or 'false' values");
            }
            out[off] = (byte) (in.lex.spells(t, "true") ? 1 : 0);
            return;
        }
        if (t.kind != Kind.INTEGER) {
            throw ParserState.errorAt(t.start, "expected integer elements, but parsed " + describe(t));
        }
        putBig(out, off, nbytes, p.checkedInteger(type, t, neg, "integer constant out of range for type"));
    }

    private static String describe(Token t) {
        return switch (t.kind) {
            case FLOAT -> "floating-point";
            case STRING -> "string";
            default -> "integer";
        };
    }

    private static void putLong(byte[] out, int off, int nbytes, long v) {
        for (int k = 0; k < nbytes; k++) out[off + k] = (byte) (v >>> (8 * k));
    }

    /** Two's complement little-endian, sign- or zero-extended/truncated to {@code nbytes}. */
    static void putBig(byte[] out, int off, int nbytes, BigInteger v) {
        if (v.bitLength() < 64) {
            putLong(out, off, Math.min(nbytes, 8), v.longValue());
            if (nbytes > 8) Arrays.fill(out, off + 8, off + nbytes, (byte) (v.signum() < 0 ? -1 : 0));
            return;
        }
        byte[] be = v.toByteArray();
        for (int k = 0; k < nbytes; k++) {
            int src = be.length - 1 - k;
            out[off + k] = src >= 0 ? be[src] : (byte) (v.signum() < 0 ? -1 : 0);
        }
    }

    // ---------------------------------------------------------------------------------------------- array<>

    /** {@code array<T>} or {@code array<T: v0, v1, ...>} with T an integer or float type. */
    Attribute parseDenseArray() {
        in.consume();
        in.expect(Kind.LESS, "expected '<' after 'array'");
        int typeAt = in.tok.start;
        Type elt = types.parseType();
        if (!(elt instanceof IntegerType) && !(elt instanceof FloatType)) {
            throw ParserState.errorAt(typeAt, "expected integer or float type, got: " + ParserState.show(elt));
        }
        if (in.consumeIf(Kind.COLON)) {
            do {
                recordScalar();
            } while (in.consumeIf(Kind.COMMA));
        }
        in.expect(Kind.GREATER, "expected '>' to close an array attribute");
        int eb = DenseElementsAttr.elementStorageBytes(elt); // -1: strings
        long total = (long) count * eb;
        if (tooLarge(total)) throw ParserState.errorAt(typeAt, "array attribute is too large");
        byte[] out = new byte[(int) total];
        for (int i = 0; i < count; i++) writeScalar(elt, out, i * eb, eb, i);
        return new DenseArrayAttr(elt, out, count);
    }
}
