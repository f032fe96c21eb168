package org.stablehlo4j.interpreter;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.interpreter.JsonTensors.Entry;
import org.stablehlo4j.interpreter.JsonTensors.JsonException;

import static org.stablehlo4j.interpreter.JsonTensors.dtypeOf;
import static org.stablehlo4j.interpreter.JsonTensors.elementTypeOf;

/**
 * The recursive-descent reader of {@link JsonTensors} over a document's bytes: checks the structure, records where
 * each {@code data} list is, and decodes a list straight into a tensor's primitive storage.
 */
final class JsonTensorReader {
    /** Nesting depth the reader accepts (the io.json layout needs 4). */
    private static final int MAX_DEPTH = 256;

    final byte[] b;
    int pos;

    JsonTensorReader(byte[] b) {
        this.b = b;
    }

    /** The current byte, or -1 at the end. */
    int peek() {
        return pos < b.length ? b[pos] & 0xFF : -1;
    }

    void ws() {
        while (pos < b.length) {
            byte c = b[pos];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
            pos++;
        }
    }

    JsonException error(String message) {
        if (pos >= b.length) return new JsonException(pos, message + ", found the end of the document");
        return new JsonException(pos, message + ", found " + describe(peek()));
    }

    static String describe(int c) {
        if (c >= 0x21 && c < 0x7F) return "'" + (char) c + "'";
        return String.format("byte 0x%02X", c);
    }

    void expect(char c, String message) throws JsonException {
        if (peek() != c) throw error(message);
        pos++;
    }

    /** A string literal (the reader is at its opening quote). */
    String string(String message) throws JsonException {
        if (peek() != '"') throw error(message);
        int start = pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= b.length) throw new JsonException(start, "unterminated string");
            int c = b[pos] & 0xFF;
            if (c == '"') {
                pos++;
                return sb.toString();
            }
            if (c < 0x20) throw new JsonException(pos, "control character " + describe(c) + " in a string");
            if (c == '\\') {
                pos++;
                int e = peek();
                switch (e) {
                    case '"', '\\', '/' -> sb.append((char) e);
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'u' -> {
                        int v = 0;
                        for (int i = 1; i <= 4; i++) {
                            int h = pos + i < b.length ? Character.digit(b[pos + i], 16) : -1;
                            if (h < 0) throw new JsonException(pos - 1, "invalid \\u escape");
                            v = v * 16 + h;
                        }
                        pos += 4;
                        sb.append((char) v);
                    }
                    default -> throw new JsonException(pos - 1, "invalid escape in a string");
                }
                pos++;
            } else if (c < 0x80) {
                sb.append((char) c);
                pos++;
            } else {
                int runStart = pos;
                while (pos < b.length && (b[pos] & 0x80) != 0) pos++;
                try {
                    sb.append(StandardCharsets.UTF_8.newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(b, runStart, pos - runStart)));
                } catch (CharacterCodingException ex) {
                    throw new JsonException(runStart, "invalid UTF-8 in a string");
                }
            }
        }
    }

    /** Skips any value, checking its syntax. */
    void skipValue(int depth) throws JsonException {
        if (depth > MAX_DEPTH) throw new JsonException(pos, "nesting deeper than " + MAX_DEPTH);
        int c = peek();
        switch (c) {
            case '{' -> {
                pos++;
                ws();
                if (peek() == '}') {
                    pos++;
                    return;
                }
                while (true) {
                    ws();
                    string("expected a string key");
                    ws();
                    expect(':', "expected ':' after a key");
                    ws();
                    skipValue(depth + 1);
                    ws();
                    if (peek() == ',') {
                        pos++;
                        continue;
                    }
                    expect('}', "expected ',' or '}'");
                    return;
                }
            }
            case '[' -> {
                pos++;
                ws();
                if (peek() == ']') {
                    pos++;
                    return;
                }
                while (true) {
                    ws();
                    skipValue(depth + 1);
                    ws();
                    if (peek() == ',') {
                        pos++;
                        continue;
                    }
                    expect(']', "expected ',' or ']'");
                    return;
                }
            }
            case '"' -> string("expected a value");
            case 't' -> literal("true");
            case 'f' -> literal("false");
            case 'n' -> literal("null");
            default -> number();
        }
    }

    void literal(String word) throws JsonException {
        if (!matches(word)) throw error("expected a value");
        pos += word.length();
    }

    boolean matches(String word) {
        if (pos + word.length() > b.length) return false;
        for (int i = 0; i < word.length(); i++) if (b[pos + i] != word.charAt(i)) return false;
        return true;
    }

    /**
     * Scans a number (JSON's grammar, or NaN / Infinity / -Infinity); returns its end. {@code kind} is set to
     * 0 for an integer literal, 1 for one with a fraction or exponent, 2 for a non-finite literal.
     */
    int kind;

    int number() throws JsonException {
        int start = pos;
        if (matches("NaN")) {
            pos += 3;
            kind = 2;
            return pos;
        }
        if (matches("Infinity") || matches("-Infinity")) {
            pos += b[pos] == '-' ? 9 : 8;
            kind = 2;
            return pos;
        }
        kind = 0;
        if (peek() == '-') pos++;
        if (peek() == '0') {
            pos++;
        } else if (peek() >= '1' && peek() <= '9') {
            while (peek() >= '0' && peek() <= '9') pos++;
        } else {
            pos = start;
            throw error("expected a value");
        }
        if (peek() == '.') {
            pos++;
            kind = 1;
            if (!(peek() >= '0' && peek() <= '9')) throw error("expected a digit after '.'");
            while (peek() >= '0' && peek() <= '9') pos++;
        }
        if (peek() == 'e' || peek() == 'E') {
            pos++;
            kind = 1;
            if (peek() == '+' || peek() == '-') pos++;
            if (!(peek() >= '0' && peek() <= '9')) throw error("expected a digit in the exponent");
            while (peek() >= '0' && peek() <= '9') pos++;
        }
        return pos;
    }

    /** The list of tensor entries. */
    List<Entry> entryList() throws JsonException {
        expect('[', "expected '[' (a list of arrays)");
        List<Entry> out = new ArrayList<>();
        ws();
        if (peek() == ']') {
            pos++;
            return out;
        }
        while (true) {
            ws();
            out.add(entry());
            ws();
            if (peek() == ',') {
                pos++;
                continue;
            }
            expect(']', "expected ',' or ']'");
            return out;
        }
    }

    Entry entry() throws JsonException {
        int start = pos;
        expect('{', "expected '{' (an array: {\"shape\": ..., \"dtype\": ..., \"data\": ...})");
        long[] shape = null;
        String dtype = null;
        int dtypeAt = -1;
        int dataAt = -1;
        ws();
        if (peek() != '}') {
            while (true) {
                ws();
                int keyAt = pos;
                String k = string("expected a string key");
                ws();
                expect(':', "expected ':' after a key");
                ws();
                switch (k) {
                    case "shape" -> {
                        if (shape != null) throw new JsonException(keyAt, "duplicate key \"shape\"");
                        shape = shape();
                    }
                    case "dtype" -> {
                        if (dtype != null) throw new JsonException(keyAt, "duplicate key \"dtype\"");
                        dtypeAt = pos;
                        dtype = string("expected a string for \"dtype\"");
                        if (elementTypeOf(dtype) == null) {
                            throw new JsonException(dtypeAt, "unknown dtype \"" + dtype + "\"");
                        }
                    }
                    case "data" -> {
                        if (dataAt >= 0) throw new JsonException(keyAt, "duplicate key \"data\"");
                        if (peek() != '[') throw error("expected '[' for \"data\"");
                        dataAt = pos;
                        skipValue(1);
                    }
                    default -> throw new JsonException(keyAt, "unexpected key \"" + k
                            + "\" (an array has \"shape\", \"dtype\" and \"data\")");
                }
                ws();
                if (peek() == ',') {
                    pos++;
                    continue;
                }
                break;
            }
        }
        expect('}', "expected ',' or '}'");
        String missing = shape == null ? "shape" : dtype == null ? "dtype" : dataAt < 0 ? "data" : null;
        if (missing != null) throw new JsonException(start, "the array has no \"" + missing + "\"");
        return new Entry(start, shape, dtype, dtypeAt, dataAt);
    }

    long[] shape() throws JsonException {
        expect('[', "expected '[' for \"shape\"");
        long[] dims = new long[4];
        int n = 0;
        ws();
        if (peek() != ']') {
            while (true) {
                ws();
                int at = pos;
                number();
                if (kind != 0 || b[at] == '-') {
                    throw new JsonException(at, "a dimension must be a non-negative integer");
                }
                long d;
                try {
                    d = Long.parseLong(new String(b, at, pos - at, StandardCharsets.ISO_8859_1));
                } catch (NumberFormatException ex) {
                    d = Long.MAX_VALUE;
                }
                if (d > Integer.MAX_VALUE) throw new JsonException(at, "dimension too large");
                if (n == dims.length) dims = java.util.Arrays.copyOf(dims, 2 * n);
                dims[n++] = d;
                ws();
                if (peek() == ',') {
                    pos++;
                    continue;
                }
                break;
            }
        }
        expect(']', "expected ',' or ']' in \"shape\"");
        return java.util.Arrays.copyOf(dims, n);
    }

    /** Decodes one element of {@code data} into element {@code i} of {@code t}. */
    void element(Tensor t, int i) throws JsonException {
        switch (t.kind) {
            case BOOL -> {
                if (matches("true")) {
                    t.ints[i] = 1;
                    pos += 4;
                } else if (matches("false")) {
                    pos += 5;
                } else {
                    throw error("expected true or false (dtype bool)");
                }
            }
            case SINT, UINT -> t.ints[i] = integer(t);
            case FLOAT -> t.reals[i] = t.round(real(t));
            case COMPLEX -> {
                expect('[', "expected [re, im] (dtype " + dtypeOf(t.type.elementType()) + ")");
                ws();
                t.reals[2 * i] = t.round(real(t));
                ws();
                expect(',', "expected ',' in [re, im]");
                ws();
                t.reals[2 * i + 1] = t.round(real(t));
                ws();
                expect(']', "expected ']' after [re, im]");
            }
        }
    }

    long integer(Tensor t) throws JsonException {
        int at = pos;
        String dtype = dtypeOf(t.type.elementType());
        if (peek() != '-' && !(peek() >= '0' && peek() <= '9')) throw error("expected an integer (dtype " + dtype + ")");
        number();
        if (kind != 0) throw new JsonException(at, "expected an integer (dtype " + dtype + ")");
        String text = new String(b, at, pos - at, StandardCharsets.ISO_8859_1);
        long v;
        boolean inRange;
        try {
            if (t.kind == Tensor.Kind.UINT) {
                if (text.startsWith("-")) throw new NumberFormatException();
                v = Long.parseUnsignedLong(text);
                inRange = t.width >= 64 || Long.compareUnsigned(v, (1L << t.width) - 1) <= 0;
            } else {
                v = Long.parseLong(text);
                inRange = t.width >= 64 || (v >= -(1L << (t.width - 1)) && v < (1L << (t.width - 1)));
            }
        } catch (NumberFormatException ex) {
            v = 0;
            inRange = false;
        }
        if (!inRange) throw new JsonException(at, text + " is out of range for dtype " + dtype);
        return v;
    }

    double real(Tensor t) throws JsonException {
        int at = pos;
        int c = peek();
        if (c != '-' && c != 'N' && c != 'I' && !(c >= '0' && c <= '9')) {
            throw error("expected a number (dtype " + dtypeOf(t.type.elementType()) + ")");
        }
        number();
        if (kind == 2) {
            return b[at] == 'N' ? Double.NaN : b[at] == '-' ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return Double.parseDouble(new String(b, at, pos - at, StandardCharsets.ISO_8859_1));
    }
}
