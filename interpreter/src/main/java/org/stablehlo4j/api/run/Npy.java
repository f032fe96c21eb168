package org.stablehlo4j.api.run;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Objects;

/**
 * {@link TensorValue}s as NumPy {@code .npy} files ({@code np.save} / {@code np.load}).
 *
 * <p><b>Reading</b> accepts format versions 1.0, 2.0 and 3.0, either byte order ({@code <}, {@code >},
 * {@code |}), C or Fortran order ({@code fortran_order: True} is transposed to row-major), and NumPy's dtypes
 * {@code |b1} (i1), {@code i1}-{@code i8} (i8 to i64), {@code u1}-{@code u8} (ui8 to ui64), {@code f2},
 * {@code f4}, {@code f8} (f16, f32, f64), {@code c8}, {@code c16} (complex64, complex128) and {@code V2} (bf16:
 * how NumPy saves ml_dtypes' {@code bfloat16}, the raw bits). Other void dtypes ({@code |V1}, {@code |V4}, ...,
 * e.g. ml_dtypes' float8 types) are read with {@link #read(Path, ElementType)}, which names the element type
 * their bits are. A malformed file is an {@link IOException} whose message starts with {@code byte offset N: }
 * and names the header field at fault; the data's declared size is checked against the file's length before
 * anything is allocated for it, and trailing bytes after the data are an error.
 *
 * <p><b>Writing</b> produces what {@code np.save} writes for the same array: format 1.0 (2.0 if the header is
 * too large for 1.0), little-endian, C order, the data aligned to 64 bytes; bf16 as {@code <V2}, as ml_dtypes'
 * arrays are saved.
 */
public final class Npy {
    private Npy() {}

    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    /** The largest header a version 2.0 or 3.0 file may declare. */
    static final int MAX_HEADER = 1 << 20;
    /** NumPy's spare room in the header for a longer first dimension (format.GROWTH_AXIS_MAX_DIGITS). */
    private static final int GROWTH_AXIS_MAX_DIGITS = 21;
    private static final int ARRAY_ALIGN = 64;

    // ---- reading ----------------------------------------------------------------------------------------------

    /**
     * Reads a {@code .npy} file of one of the dtypes listed in the class comment.
     *
     * @param file the file
     * @return the tensor, row-major
     * @throws IOException if the file cannot be read or is not a {@code .npy} file of a supported dtype; the
     *                     message names the file and the byte offset of the problem
     */
    public static TensorValue read(Path file) throws IOException {
        return readFile(file, null);
    }

    /**
     * Reads a {@code .npy} file as a tensor of {@code type}: a void dtype ({@code |Vn}) is read as the raw bits of
     * {@code type} (n must be its {@link ElementType#byteWidth()}), any other dtype must be {@code type}'s own.
     *
     * @param file the file
     * @param type the element type the file holds
     * @return the tensor, row-major
     * @throws IOException if the file cannot be read, is not a {@code .npy} file, or holds another type; the
     *                     message names the file and the byte offset of the problem
     */
    public static TensorValue read(Path file, ElementType type) throws IOException {
        return readFile(file, Objects.requireNonNull(type, "type"));
    }

    /**
     * Reads the bytes of a {@code .npy} file.
     *
     * @param npy the file's bytes
     * @return the tensor, row-major
     * @throws IOException if the bytes are not a {@code .npy} file of a supported dtype; the message starts with
     *                     {@code byte offset N: }
     */
    public static TensorValue read(byte[] npy) throws IOException {
        return readBytes(npy, null);
    }

    /**
     * Reads the bytes of a {@code .npy} file as a tensor of {@code type} (see {@link #read(Path, ElementType)}).
     *
     * @param npy the file's bytes
     * @param type the element type the file holds
     * @return the tensor, row-major
     * @throws IOException if the bytes are not a {@code .npy} file or hold another type; the message starts with
     *                     {@code byte offset N: }
     */
    public static TensorValue read(byte[] npy, ElementType type) throws IOException {
        return readBytes(npy, Objects.requireNonNull(type, "type"));
    }

    private static TensorValue readBytes(byte[] npy, ElementType type) throws IOException {
        Header h = header(npy, npy.length, type);
        return value(h, Arrays.copyOfRange(npy, h.dataStart, h.dataStart + h.dataBytes));
    }

    private static TensorValue readFile(Path file, ElementType type) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            byte[] prefix = new byte[(int) Math.min(size, 12 + MAX_HEADER)];
            readFully(ch, 0, prefix);
            Header h;
            try {
                h = header(prefix, size, type);
            } catch (IOException e) {
                throw new IOException(file + ": " + e.getMessage(), e);
            }
            byte[] data = new byte[h.dataBytes];
            readFully(ch, h.dataStart, data);
            return value(h, data);
        }
    }

    private static void readFully(FileChannel ch, long position, byte[] into) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(into);
        while (b.hasRemaining()) {
            int n = ch.read(b, position + b.position());
            if (n < 0) throw new EOFException("the file shrank while it was read");
        }
    }

    /** What a header says, checked against the file's length. */
    private record Header(ElementType type, boolean bigEndian, boolean fortranOrder, long[] shape, int dataStart,
                          int dataBytes) {}

    /**
     * Reads and checks the header; {@code b} holds the file's first bytes (at least its header, if the file has
     * one), {@code fileLength} is the whole file's.
     */
    private static Header header(byte[] b, long fileLength, ElementType override) throws IOException {
        for (int i = 0; i < MAGIC.length && i < b.length; i++) {
            if (b[i] != MAGIC[i]) throw error(0, "not a .npy file (it does not start with \\x93NUMPY)");
        }
        if (b.length < MAGIC.length) throw error(b.length, "truncated: the file ends within the magic string");
        if (b.length < MAGIC.length + 2) throw error(b.length, "truncated: the file ends within the format version");
        int major = b[6] & 0xFF;
        int minor = b[7] & 0xFF;
        if (minor != 0 || major < 1 || major > 3) {
            throw error(6, "unsupported .npy format version " + major + "." + minor + " (1.0, 2.0 and 3.0 are read)");
        }
        int lengthBytes = major == 1 ? 2 : 4;
        int headerStart = 8 + lengthBytes;
        if (b.length < headerStart) throw error(b.length, "truncated: the file ends within the header length");
        long headerLength = (b[8] & 0xFF) | (b[9] & 0xFF) << 8;
        if (major > 1) headerLength |= (long) (b[10] & 0xFF) << 16 | (long) (b[11] & 0xFF) << 24;
        if (headerLength > MAX_HEADER) {
            throw error(8, "header length " + headerLength + " exceeds the limit of " + MAX_HEADER + " bytes");
        }
        if (headerStart + headerLength > fileLength) {
            throw error(8, "truncated: header length " + headerLength + " runs past the end of the file ("
                    + fileLength + " bytes)");
        }
        HeaderParser p = new HeaderParser(b, headerStart, headerStart + (int) headerLength, major == 3);
        p.parse();
        ElementType type = elementType(p, override);
        long n;
        try {
            n = TensorValue.count(type, p.shape);
        } catch (IllegalArgumentException e) {
            throw error(p.shapeAt, "header field 'shape': " + shapeText(p.shape) + " of " + type.mlirName()
                    + " is too large for a TensorValue");
        }
        int dataStart = headerStart + (int) headerLength;
        long need = n * type.byteWidth();
        long have = fileLength - dataStart;
        if (have < need) {
            throw error(dataStart, "truncated: shape " + shapeText(p.shape) + " of '" + p.descr + "' needs " + need
                    + " bytes of data, the file has " + have);
        }
        if (have > need) {
            throw error(dataStart + need, (have - need) + " bytes after the data of shape " + shapeText(p.shape)
                    + " of '" + p.descr + "'");
        }
        return new Header(type, p.descr.charAt(0) == '>', p.fortranOrder, p.shape, dataStart, (int) need);
    }

    /** The element type of the header's descr (and the caller's {@code override}). */
    private static ElementType elementType(HeaderParser p, ElementType override) throws IOException {
        String d = p.descr;
        String field = "header field 'descr': ";
        char order = d.isEmpty() ? 0 : d.charAt(0);
        char kind = d.length() < 2 ? 0 : d.charAt(1);
        String size = d.length() < 3 ? "" : d.substring(2);
        if ((order != '<' && order != '>' && order != '|') || !size.matches("[1-9][0-9]{0,5}")) {
            throw error(p.descrAt, field + "unsupported dtype '" + d + "'");
        }
        int bytes = Integer.parseInt(size);
        if (kind == 'V') {
            if (override == null) {
                if (bytes == 2) return ElementType.BF16;
                throw error(p.descrAt, field + "the void dtype '" + d + "' has no element type of its own: name one, "
                        + "Npy.read(..., ElementType)");
            }
            if (bytes != override.byteWidth()) {
                throw error(p.descrAt, field + "'" + d + "' has " + bytes + " bytes per element, "
                        + override.mlirName() + " has " + override.byteWidth());
            }
            return override;
        }
        ElementType native_ = switch (kind + size) {
            case "b1" -> ElementType.I1;
            case "i1" -> ElementType.I8;
            case "i2" -> ElementType.I16;
            case "i4" -> ElementType.I32;
            case "i8" -> ElementType.I64;
            case "u1" -> ElementType.UI8;
            case "u2" -> ElementType.UI16;
            case "u4" -> ElementType.UI32;
            case "u8" -> ElementType.UI64;
            case "f2" -> ElementType.F16;
            case "f4" -> ElementType.F32;
            case "f8" -> ElementType.F64;
            case "c8" -> ElementType.COMPLEX64;
            case "c16" -> ElementType.COMPLEX128;
            default -> null;
        };
        if (native_ == null) throw error(p.descrAt, field + "unsupported dtype '" + d + "'");
        if (override != null && override != native_) {
            throw error(p.descrAt, field + "'" + d + "' holds " + native_.mlirName() + ", not " + override.mlirName());
        }
        return native_;
    }

    /** The tensor of a file's data: swapped to little-endian and transposed to C order as the header says. */
    private static TensorValue value(Header h, byte[] data) {
        ElementType t = h.type;
        int eb = t.byteWidth();
        if (h.bigEndian && eb > 1) {
            int part = t.isComplex() ? eb / 2 : eb;
            for (int at = 0; at < data.length; at += part) {
                for (int i = 0, j = part - 1; i < j; i++, j--) {
                    byte x = data[at + i];
                    data[at + i] = data[at + j];
                    data[at + j] = x;
                }
            }
        }
        if (t == ElementType.I1) {
            for (int i = 0; i < data.length; i++) data[i] = (byte) (data[i] != 0 ? 1 : 0);
        }
        if (h.fortranOrder && h.shape.length > 1) data = fortranToC(data, h.shape, eb);
        return TensorValue.ofOwnedBytes(t, data, h.shape);
    }

    private static byte[] fortranToC(byte[] data, long[] shape, int eb) {
        int rank = shape.length;
        long[] fStride = new long[rank];
        long s = 1;
        for (int d = 0; d < rank; d++) {
            fStride[d] = s;
            s *= shape[d];
        }
        byte[] out = new byte[data.length];
        long[] index = new long[rank];
        int n = data.length / eb;
        for (int c = 0; c < n; c++) {
            long f = 0;
            for (int d = 0; d < rank; d++) f += index[d] * fStride[d];
            System.arraycopy(data, (int) f * eb, out, c * eb, eb);
            for (int d = rank - 1; d >= 0; d--) {
                if (++index[d] < shape[d]) break;
                index[d] = 0;
            }
        }
        return out;
    }

    /**
     * The header's Python dict literal, {@code {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }}: exactly
     * these three keys, in any order; strings in single or double quotes; a trailing comma allowed.
     */
    private static final class HeaderParser {
        final byte[] b;
        final int end;
        final boolean utf8;
        int pos;
        String descr;
        int descrAt = -1;
        Boolean fortranOrder;
        long[] shape;
        int shapeAt = -1;

        HeaderParser(byte[] b, int start, int end, boolean utf8) {
            this.b = b;
            this.pos = start;
            this.end = end;
            this.utf8 = utf8;
        }

        void parse() throws IOException {
            int start = pos;
            ws();
            expect('{', "header: expected '{' (a Python dict)");
            while (true) {
                ws();
                if (peek() == '}') break;
                int keyAt = pos;
                String key = string("header: expected a quoted key or '}'");
                ws();
                expect(':', "header: expected ':' after the key");
                ws();
                switch (key) {
                    case "descr" -> {
                        if (descr != null) throw error(keyAt, "header: duplicate key 'descr'");
                        descrAt = pos;
                        if (peek() == '[') {
                            throw error(pos, "header field 'descr': structured dtypes are not supported");
                        }
                        descr = string("header field 'descr': expected a dtype string");
                    }
                    case "fortran_order" -> {
                        if (fortranOrder != null) throw error(keyAt, "header: duplicate key 'fortran_order'");
                        if (matches("True")) {
                            fortranOrder = true;
                            pos += 4;
                        } else if (matches("False")) {
                            fortranOrder = false;
                            pos += 5;
                        } else {
                            throw error("header field 'fortran_order': expected True or False");
                        }
                    }
                    case "shape" -> {
                        if (shape != null) throw error(keyAt, "header: duplicate key 'shape'");
                        shapeAt = pos;
                        shape = tuple();
                    }
                    default -> throw error(keyAt, "header: unexpected key '" + key
                            + "' (a .npy header has 'descr', 'fortran_order' and 'shape')");
                }
                ws();
                if (peek() == ',') {
                    pos++;
                    continue;
                }
                ws();
                if (peek() != '}') throw error("header: expected ',' or '}'");
            }
            pos++;
            ws();
            if (pos != end) throw error("header: unexpected text after the dict");
            String missing = descr == null ? "descr" : fortranOrder == null ? "fortran_order" : shape == null ? "shape"
                    : null;
            if (missing != null) throw error(start, "header: the dict has no '" + missing + "'");
        }

        long[] tuple() throws IOException {
            expect('(', "header field 'shape': expected a tuple");
            long[] dims = new long[4];
            int n = 0;
            while (true) {
                ws();
                if (peek() == ')') break;
                int at = pos;
                if (!(peek() >= '0' && peek() <= '9')) {
                    throw error("header field 'shape': expected a non-negative integer");
                }
                long d = 0;
                while (peek() >= '0' && peek() <= '9') {
                    d = d * 10 + (b[pos++] - '0');
                    if (d > Integer.MAX_VALUE) throw error(at, "header field 'shape': dimension too large");
                }
                if (peek() == 'L') pos++; // Python 2's long literals
                if (n == dims.length) dims = Arrays.copyOf(dims, 2 * n);
                dims[n++] = d;
                ws();
                if (peek() == ',') {
                    pos++;
                    continue;
                }
                ws();
                if (peek() != ')') throw error("header field 'shape': expected ',' or ')'");
            }
            pos++;
            return Arrays.copyOf(dims, n);
        }

        String string(String message) throws IOException {
            int q = peek();
            if (q != '\'' && q != '"') throw error(message);
            int start = pos++;
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            while (true) {
                if (pos >= end) throw error(start, "header: unterminated string");
                int c = b[pos++] & 0xFF;
                if (c == q) break;
                if (c == '\\') {
                    if (pos >= end) throw error(start, "header: unterminated string");
                    c = b[pos++] & 0xFF;
                }
                out.write(c);
            }
            return out.toString(utf8 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        }

        int peek() {
            return pos < end ? b[pos] & 0xFF : -1;
        }

        boolean matches(String word) {
            if (pos + word.length() > end) return false;
            for (int i = 0; i < word.length(); i++) if (b[pos + i] != word.charAt(i)) return false;
            return true;
        }

        void ws() {
            while (pos < end && (b[pos] == ' ' || b[pos] == '\t' || b[pos] == '\n' || b[pos] == '\r')) pos++;
        }

        void expect(char c, String message) throws IOException {
            if (peek() != c) throw error(message);
            pos++;
        }

        IOException error(String message) {
            if (pos >= end) return Npy.error(pos, message + ", found the end of the header");
            int c = peek();
            return Npy.error(pos, message + ", found " + (c >= 0x21 && c < 0x7F ? "'" + (char) c + "'"
                    : String.format("byte 0x%02X", c)));
        }

        IOException error(int at, String message) {
            return Npy.error(at, message);
        }
    }

    private static IOException error(long offset, String message) {
        return new IOException("byte offset " + offset + ": " + message);
    }

    /** A shape as Python prints the tuple: {@code ()}, {@code (3,)}, {@code (2, 3)}. */
    private static String shapeText(long[] shape) {
        StringBuilder sb = new StringBuilder("(");
        for (int d = 0; d < shape.length; d++) {
            if (d > 0) sb.append(", ");
            sb.append(shape[d]);
        }
        if (shape.length == 1) sb.append(',');
        return sb.append(')').toString();
    }

    // ---- writing ----------------------------------------------------------------------------------------------

    /**
     * The dtype {@link #toBytes} writes for an element type: {@code |b1}, {@code |i1}, {@code <i2}, ...,
     * {@code <f4}, {@code <c8}, {@code <V2} for bf16.
     *
     * @param type the element type
     * @return NumPy's dtype string
     */
    public static String descr(ElementType type) {
        return switch (type) {
            case I1 -> "|b1";
            case I8 -> "|i1";
            case I16 -> "<i2";
            case I32 -> "<i4";
            case I64 -> "<i8";
            case UI8 -> "|u1";
            case UI16 -> "<u2";
            case UI32 -> "<u4";
            case UI64 -> "<u8";
            case F16 -> "<f2";
            case BF16 -> "<V2";
            case F32 -> "<f4";
            case F64 -> "<f8";
            case COMPLEX64 -> "<c8";
            case COMPLEX128 -> "<c16";
        };
    }

    /** The magic string, version, header length and header {@code np.save} writes for {@code value}. */
    static byte[] headerBytes(TensorValue value) {
        long[] shape = value.shape();
        StringBuilder h = new StringBuilder("{'descr': '").append(descr(value.elementType()))
                .append("', 'fortran_order': False, 'shape': ").append(shapeText(shape)).append(", }");
        if (shape.length > 0) h.append(" ".repeat(GROWTH_AXIS_MAX_DIGITS - Long.toString(shape[0]).length()));
        int hlen = h.length() + 1; // and the newline
        int version = 1;
        int prefix = MAGIC.length + 2 + 2;
        int pad = ARRAY_ALIGN - (prefix + hlen) % ARRAY_ALIGN;
        if (hlen + pad > 0xFFFF) {
            version = 2;
            prefix = MAGIC.length + 2 + 4;
            pad = ARRAY_ALIGN - (prefix + hlen) % ARRAY_ALIGN;
        }
        h.append(" ".repeat(pad)).append('\n');
        byte[] text = h.toString().getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[prefix + text.length];
        System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
        out[6] = (byte) version;
        out[7] = 0;
        for (int i = 0; i < prefix - 8; i++) out[8 + i] = (byte) (text.length >>> (8 * i));
        System.arraycopy(text, 0, out, prefix, text.length);
        return out;
    }

    /**
     * The {@code .npy} file of a tensor, as {@code np.save} writes it (see the class comment).
     *
     * @param value the tensor
     * @return the file's bytes
     * @throws IllegalArgumentException if the file would be larger than a byte array can be (write it with
     *                                  {@link #write})
     */
    public static byte[] toBytes(TensorValue value) {
        byte[] header = headerBytes(value);
        byte[] data = value.rawData();
        if ((long) header.length + data.length > TensorValue.MAX_BYTES) {
            throw new IllegalArgumentException("the .npy file of "
                    + org.stablehlo4j.asm.AsmPrinter.printType(value.type()) + " is too large for a byte array");
        }
        byte[] out = Arrays.copyOf(header, header.length + data.length);
        System.arraycopy(data, 0, out, header.length, data.length);
        return out;
    }

    /**
     * Writes a tensor as a {@code .npy} file, as {@code np.save} writes it (see the class comment).
     *
     * @param file the file, created or replaced
     * @param value the tensor
     * @throws IOException if the file cannot be written
     */
    public static void write(Path file, TensorValue value) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(headerBytes(value));
            out.write(value.rawData());
        }
    }
}
