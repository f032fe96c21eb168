package org.stablehlo4j.asm;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.stablehlo4j.ir.AffineMapAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;

/**
 * The printer's lexical rules, as static helpers: quoting and escaping, bare identifiers and symbols, integers of
 * a given width and signedness, element sizes, hex, and MLIR's pretty-dialect-body rule.
 */
final class PrinterText {
    private PrinterText() {}

    static final String HEX = "0123456789ABCDEF";

    /** A memref layout other than absent or the identity affine map {@code (d0, ..) -> (d0, ..)}. */
    static boolean hasNonIdentityLayout(MemRefType t) {
        if (t.layout() == null) return false;
        if (!(t.layout() instanceof AffineMapAttr m)) return true;
        String compact = m.body().replace(" ", "");
        StringBuilder dims = new StringBuilder();
        for (int i = 0; i < t.shape().length; i++) dims.append(i == 0 ? "" : ",").append('d').append(i);
        return !compact.equals("(" + dims + ")->(" + dims + ")");
    }

    /** MLIR's rule: an identifier (letters, digits, '.', '_') optionally followed by a {@code <...>} group. */
    static boolean isPrettyDialectBody(CharSequence body) {
        if (body.length() == 0 || !isAlpha(body.charAt(0))) return false;
        int i = 0;
        while (i < body.length()) {
            char c = body.charAt(i);
            if (isAlpha(c) || (c >= '0' && c <= '9') || c == '.' || c == '_') i++;
            else break;
        }
        if (i == body.length()) return true;
        if (body.charAt(i) != '<' || body.charAt(body.length() - 1) != '>') return false;
        // Unlike MLIR, also require the '<' to close at the very end (not "a<b>, c<d>"), or the pretty form
        // would not parse back; '->' inside a function type is not a bracket.
        int depth = 0;
        for (int k = i; k < body.length(); k++) {
            char c = body.charAt(k);
            if (c == '<') depth++;
            else if (c == '>' && body.charAt(k - 1) != '-' && --depth == 0 && k != body.length() - 1) return false;
        }
        return depth == 0;
    }

    static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** Decimal value of an integer of {@code type}: unsigned only for explicitly unsigned types. */
    static void appendInteger(StringBuilder sb, BigInteger value, Type type) {
        int width = type instanceof IntegerType it ? it.width() : 64;
        boolean unsigned = type instanceof IntegerType it && it.isUnsigned();
        sb.append(normalize(value, width, !unsigned));
    }

    /**
     * {@link #appendInteger} for an integer of at most 64 bits held in a long (its low bits): returns false,
     * writing nothing, when the type is wider than 64 bits.
     */
    static boolean appendSmallInteger(StringBuilder sb, long raw, Type type) {
        int width = type instanceof IntegerType it ? it.width() : 64;
        if (width > 64) return false;
        if (width <= 0) {
            sb.append('0');
            return true;
        }
        boolean unsigned = type instanceof IntegerType it && it.isUnsigned();
        if (width == 64) {
            if (unsigned) sb.append(Long.toUnsignedString(raw));
            else sb.append(raw);
            return true;
        }
        long u = raw & ((1L << width) - 1);
        if (!unsigned && (u >>> (width - 1)) != 0) u |= -1L << width;
        sb.append(u);
        return true;
    }

    /** The {@code n} (at most 8) little-endian bytes at {@code off}, zero-extended. */
    static long readLong(byte[] data, int off, int n) {
        long v = 0;
        for (int k = n - 1; k >= 0; k--) v = (v << 8) | (data[off + k] & 0xFF);
        return v;
    }

    /** Wraps {@code v} to {@code width} bits and reads it back signed or unsigned. */
    static BigInteger normalize(BigInteger v, int width, boolean signed) {
        if (width <= 0) return BigInteger.ZERO;
        BigInteger mod = BigInteger.ONE.shiftLeft(width);
        BigInteger u = v.mod(mod);
        if (signed && u.testBit(width - 1)) u = u.subtract(mod);
        return u;
    }

    static boolean isBool(Type t) {
        return t instanceof IntegerType it && it.width() == 1;
    }

    /** Bytes per element of dense data ({@link DenseElementsAttr#elementStorageBytes}), at least one. */
    static int elementBytes(Type elem) {
        return Math.max(1, DenseElementsAttr.elementStorageBytes(elem));
    }

    static BigInteger readUnsigned(byte[] data, int off, int n) {
        if (n <= 8) {
            long v = 0;
            for (int k = n - 1; k >= 0; k--) v = (v << 8) | (data[off + k] & 0xFF);
            return n == 8 && v < 0 ? BigInteger.valueOf(v).add(BigInteger.ONE.shiftLeft(64)) : BigInteger.valueOf(v);
        }
        byte[] be = new byte[n + 1];
        for (int k = 0; k < n; k++) be[n - k] = data[off + k];
        return new BigInteger(be);
    }

    /** {@code "..."} with llvm::printEscapedString rules. */
    static void appendQuoted(StringBuilder sb, byte[] bytes) {
        sb.append('"');
        for (byte b : bytes) appendEscaped(sb, b & 0xFF);
        sb.append('"');
    }

    /** {@link #appendQuoted(StringBuilder, byte[])} of the UTF-8 bytes of {@code s}. */
    static void appendQuoted(StringBuilder sb, String s) {
        appendQuoted(sb, s.getBytes(StandardCharsets.UTF_8));
    }

    /** {@link #appendQuoted(StringBuilder, byte[])} of a string attribute's bytes (read in place, not copied). */
    static void appendQuoted(StringBuilder sb, StringAttr s) {
        sb.append('"');
        for (int i = 0, n = s.length(); i < n; i++) appendEscaped(sb, s.byteAt(i) & 0xFF);
        sb.append('"');
    }

    private static void appendEscaped(StringBuilder sb, int c) {
        if (c == '\\') sb.append("\\\\");
        else if (c >= 0x20 && c <= 0x7E && c != '"') sb.append((char) c);
        else sb.append('\\').append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 15));
    }

    static boolean isBareIdentifier(String s) {
        if (s.isEmpty()) return false;
        char c0 = s.charAt(0);
        if (!isAlpha(c0) && c0 != '_') return false;
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(isAlpha(c) || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.')) return false;
        }
        return true;
    }

    static void appendKeywordOrString(StringBuilder sb, String s) {
        if (isBareIdentifier(s)) sb.append(s);
        else appendQuoted(sb, s);
    }

    static void appendSymbol(StringBuilder sb, String name) {
        if (name.isEmpty()) {
            sb.append("@<<INVALID EMPTY SYMBOL>>");
            return;
        }
        sb.append('@');
        appendKeywordOrString(sb, name);
    }

    static void appendHexByte(StringBuilder sb, int b) {
        sb.append(HEX.charAt((b >> 4) & 15)).append(HEX.charAt(b & 15));
    }

    /** Upper-case hex of a byte slice, without per-element objects. */
    static void appendHex(StringBuilder sb, byte[] data, int offset, int length) {
        sb.ensureCapacity(sb.length() + 2 * length);
        for (int i = offset, end = offset + length; i < end; i++) {
            int b = data[i];
            sb.append(HEX.charAt((b >> 4) & 15)).append(HEX.charAt(b & 15));
        }
    }
}
