package org.stablehlo4j.api.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Npy}: every file of {@code ${stablehlo.shared}/../npy} (written by NumPy, described by its
 * {@code expected.json}) reads to its expected value, what is written reads back equal (and is byte for byte what
 * {@code np.save} wrote), and every malformed input is an {@link IOException} with an exact message.
 */
class NpyTest {
    static Path npyDir() {
        return Path.of(System.getProperty("stablehlo.shared", "../shared/stablehlo")).resolve("../npy").normalize();
    }

    /** The shared directory's .npy files (CI always has them: a missing directory fails, it is not skipped). */
    static Stream<String> sharedFiles() throws IOException {
        Path dir = npyDir();
        assertTrue(Files.isDirectory(dir), "NumPy samples not found at " + dir + " (set -Dstablehlo.shared)");
        List<String> names;
        try (Stream<Path> s = Files.list(dir)) {
            names = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".npy")).sorted().toList();
        }
        assertTrue(names.size() > 0, "no .npy file in " + dir);
        return names.stream();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> expectedEntry(String file) throws IOException {
        Map<String, Object> all = (Map<String, Object>) MiniJson.parse(Files.readString(npyDir().resolve("expected.json")));
        for (Object v : all.values()) {
            Map<String, Object> e = (Map<String, Object>) v;
            if (file.equals(e.get("file"))) return e;
        }
        throw new AssertionError("expected.json has no entry for " + file);
    }

    /** The element type of NumPy's dtype string as expected.json gives it ({@code <f4}, {@code <V2 (ml_dtypes bfloat16)}). */
    static ElementType typeOf(String numpyDtype) {
        String d = numpyDtype.split(" ")[0].substring(1);
        return switch (d) {
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
            case "V2" -> ElementType.BF16;
            case "f4" -> ElementType.F32;
            case "f8" -> ElementType.F64;
            case "c8" -> ElementType.COMPLEX64;
            case "c16" -> ElementType.COMPLEX128;
            default -> throw new AssertionError("dtype " + numpyDtype);
        };
    }

    @ParameterizedTest
    @MethodSource("sharedFiles")
    @SuppressWarnings("unchecked")
    void everySharedFileReadsToItsExpectedValue(String file) throws IOException {
        Map<String, Object> e = expectedEntry(file);
        Path path = npyDir().resolve(file);
        TensorValue v = Npy.read(path);
        String dtype = (String) e.get("numpy_dtype");
        assertEquals(typeOf(dtype), v.elementType(), file);
        long[] shape = ((List<Object>) e.get("shape")).stream().mapToLong(o -> ((Number) o).longValue()).toArray();
        assertArrayEquals(shape, v.shape(), file);
        List<Object> data = (List<Object>) e.get("data");
        assertEquals(data.size(), v.size(), file);
        for (int i = 0; i < data.size(); i++) {
            Object x = data.get(i);
            String at = file + " element " + i;
            if (v.elementType() == ElementType.I1) {
                assertEquals(x, v.getBoolean(i), at);
            } else if (v.elementType().isComplex()) {
                List<Object> reIm = (List<Object>) x;
                assertEquals(((Number) reIm.get(0)).doubleValue(), v.getReal(i), at);
                assertEquals(((Number) reIm.get(1)).doubleValue(), v.getImaginary(i), at);
            } else if (v.elementType().isFloat()) {
                assertEquals(((Number) x).doubleValue(), v.getDouble(i), at); // exact: the values are widened
            } else {
                assertEquals(((Number) x).longValue(), v.getLong(i), at);
            }
        }
        assertEquals(v, Npy.read(Files.readAllBytes(path)), "the bytes read as the file does");
        byte[] written = Npy.toBytes(v);
        assertEquals(v, Npy.read(written), file + " written and read back");
        boolean asNumpyWrites = dtype.charAt(0) != '>' && !new String(Files.readAllBytes(path), StandardCharsets.ISO_8859_1)
                .contains("'fortran_order': True");
        if (asNumpyWrites) {
            assertArrayEquals(Files.readAllBytes(path), written, file + ": written byte for byte as np.save wrote it");
        }
    }

    // ---- round trips ------------------------------------------------------------------------------------------

    /** A tensor of {@code type} with its edge values (and NaN, infinities, -0 for floats). */
    static TensorValue sample(ElementType type) {
        if (type.isComplex()) {
            return TensorValue.ofComplex(type, new double[] {1.5, -2.25, 0.1, Double.NaN, Double.POSITIVE_INFINITY,
                -0.0, 1e-40, 3e38, -7, 0.5, 0, 0}, 2, 3);
        }
        if (type.isFloat()) {
            return TensorValue.of(type, new double[] {0.1, -2.5, Double.NaN, Double.NEGATIVE_INFINITY, -0.0, 1e-6,
                65504, 3.0e38, -1e300, 1}, 2, 5);
        }
        if (type == ElementType.I1) return TensorValue.of(new boolean[] {true, false, false, true}, 4);
        int w = type.bitWidth();
        long min = type.isUnsigned() ? 0 : w == 64 ? Long.MIN_VALUE : -(1L << (w - 1));
        long max = type.isUnsigned() ? (w == 64 ? -1L : (1L << w) - 1) : w == 64 ? Long.MAX_VALUE : (1L << (w - 1)) - 1;
        return TensorValue.of(type, new long[] {min, max, 0, 1, 7, type.isUnsigned() ? 100 : -1}, 3, 2);
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void everyElementTypeWritesAndReadsBack(ElementType type, @TempDir Path tmp) throws IOException {
        TensorValue v = sample(type);
        byte[] bytes = Npy.toBytes(v);
        assertEquals(v, Npy.read(bytes));
        String header = new String(bytes, 10, (bytes[8] & 0xFF) | (bytes[9] & 0xFF) << 8, StandardCharsets.US_ASCII);
        assertTrue(header.startsWith("{'descr': '" + Npy.descr(type) + "', 'fortran_order': False, 'shape': ("),
                header);
        assertEquals(0, (10 + header.length()) % 64, "the data is aligned to 64 bytes");
        assertEquals(v, Npy.read(bytes, type), "naming the file's own type");
        Path f = tmp.resolve(type + ".npy");
        Npy.write(f, v);
        assertArrayEquals(bytes, Files.readAllBytes(f));
        assertEquals(v, Npy.read(f));
        TensorValue scalar = type.isComplex() ? TensorValue.ofComplex(type, new double[] {1, 2})
                : TensorValue.of(type, new long[] {1});
        assertEquals(scalar, Npy.read(Npy.toBytes(scalar)));
        TensorValue empty = type.isComplex() ? TensorValue.ofComplex(type, new double[0], 0, 3)
                : TensorValue.of(type, new long[0], 2, 0);
        assertEquals(empty, Npy.read(Npy.toBytes(empty)));
    }

    @Test
    void aHeaderTooLargeForVersion1IsWrittenAsVersion2() throws IOException {
        long[] shape = new long[25_000];
        Arrays.fill(shape, 1);
        TensorValue v = TensorValue.of(ElementType.F32, new double[] {2.5}, shape);
        byte[] bytes = Npy.toBytes(v);
        assertEquals(2, bytes[6], "version 2.0");
        int headerLength = ByteBuffer.wrap(bytes, 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        assertEquals(0, (12 + headerLength) % 64);
        assertEquals(bytes.length, 12 + headerLength + 4);
        TensorValue back = Npy.read(bytes);
        assertEquals(v, back);
        assertEquals(2.5, back.getDouble(0));
    }

    // ---- hand-made files: versions, byte orders, Fortran order, void types ------------------------------------

    /** A .npy file of format {@code version}.0 with header dict {@code dict} (padded as NumPy pads) and data. */
    static byte[] npy(int version, String dict, byte[] data) {
        int prefix = version == 1 ? 10 : 12;
        byte[] text = dict.getBytes(version == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        int pad = 63 - (prefix + text.length) % 64;
        ByteBuffer b = ByteBuffer.allocate(prefix + text.length + pad + 1 + data.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) version, 0});
        if (version == 1) b.putShort((short) (text.length + pad + 1));
        else b.putInt(text.length + pad + 1);
        b.put(text).put(" ".repeat(pad).getBytes(StandardCharsets.US_ASCII)).put((byte) '\n').put(data);
        return b.array();
    }

    static String dict(String descr, boolean fortran, String shape) {
        return "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape
                + ", }";
    }

    static byte[] floats(ByteOrder order, float... v) {
        ByteBuffer b = ByteBuffer.allocate(4 * v.length).order(order);
        for (float x : v) b.putFloat(x);
        return b.array();
    }

    @Test
    void versions2And3AndOtherHeaderSpellingsRead() throws IOException {
        TensorValue expected = TensorValue.of(new float[] {1, 2, 3}, 3);
        byte[] data = floats(ByteOrder.LITTLE_ENDIAN, 1, 2, 3);
        assertEquals(expected, Npy.read(npy(1, dict("<f4", false, "(3,)"), data)));
        assertEquals(expected, Npy.read(npy(2, dict("<f4", false, "(3,)"), data)));
        assertEquals(expected, Npy.read(npy(3, dict("<f4", false, "(3,)"), data)));
        // keys in another order, double quotes, no trailing comma, Python 2 long literals
        assertEquals(expected, Npy.read(npy(1, "{\"shape\": (3L,), \"fortran_order\": False, \"descr\": \"<f4\"}", data)));
    }

    @Test
    void bigEndianFortranOrderBoolsAndVoidTypes() throws IOException {
        // a rank-3 Fortran-order array: C element (i, j, k) of shape (2, 3, 4) is at i + 2 j + 6 k
        float[] f = new float[24];
        float[] c = new float[24];
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                for (int k = 0; k < 4; k++) {
                    f[i + 2 * j + 6 * k] = 100 * i + 10 * j + k;
                    c[12 * i + 4 * j + k] = 100 * i + 10 * j + k;
                }
            }
        }
        TensorValue expected = TensorValue.of(c, 2, 3, 4);
        assertEquals(expected, Npy.read(npy(1, dict("<f4", true, "(2, 3, 4)"), floats(ByteOrder.LITTLE_ENDIAN, f))));
        assertEquals(expected, Npy.read(npy(1, dict(">f4", true, "(2, 3, 4)"), floats(ByteOrder.BIG_ENDIAN, f))),
                "big-endian and Fortran order");
        // big-endian complex: each part is swapped on its own
        ByteBuffer cb = ByteBuffer.allocate(16).order(ByteOrder.BIG_ENDIAN).putFloat(1.5f).putFloat(-2f).putFloat(3f)
                .putFloat(0.25f);
        assertEquals(TensorValue.ofComplex(ElementType.COMPLEX64, new double[] {1.5, -2, 3, 0.25}, 2),
                Npy.read(npy(1, dict(">c8", false, "(2,)"), cb.array())));
        // bf16 as ml_dtypes saves it (<V2 and |V2) and big-endian; 0x3FC0 = 1.5, 0xC020 = -2.5
        TensorValue bf16 = TensorValue.of(ElementType.BF16, new double[] {1.5, -2.5}, 2);
        byte[] le = {(byte) 0xC0, 0x3F, 0x20, (byte) 0xC0};
        assertEquals(bf16, Npy.read(npy(1, dict("<V2", false, "(2,)"), le)));
        assertEquals(bf16, Npy.read(npy(1, dict("|V2", false, "(2,)"), le)));
        assertEquals(bf16, Npy.read(npy(1, dict(">V2", false, "(2,)"), new byte[] {0x3F, (byte) 0xC0, (byte) 0xC0, 0x20})));
        // a void type named by the caller: |V2 as f16 (0x3E00 = 1.5), |V4 as f32
        assertEquals(TensorValue.of(ElementType.F16, new double[] {1.5}, 1),
                Npy.read(npy(1, dict("|V2", false, "(1,)"), new byte[] {0x00, 0x3E}), ElementType.F16));
        assertEquals(TensorValue.of(new float[] {1, 2, 3}, 3),
                Npy.read(npy(1, dict("|V4", false, "(3,)"), floats(ByteOrder.LITTLE_ENDIAN, 1, 2, 3)), ElementType.F32));
        // NumPy reads any non-zero byte of a bool as True
        assertEquals(TensorValue.of(new boolean[] {true, false, true}, 3),
                Npy.read(npy(1, dict("|b1", false, "(3,)"), new byte[] {2, 0, (byte) 0xFF})));
        // a 0-d scalar
        assertEquals(TensorValue.of(ElementType.I16, new long[] {-2}),
                Npy.read(npy(1, dict(">i2", false, "()"), new byte[] {(byte) 0xFF, (byte) 0xFE})));
    }

    // ---- errors -----------------------------------------------------------------------------------------------

    static void fails(byte[] npy, String message) {
        IOException e = assertThrows(IOException.class, () -> Npy.read(npy));
        assertEquals(message, e.getMessage());
    }

    static void fails(byte[] npy, ElementType type, String message) {
        IOException e = assertThrows(IOException.class, () -> Npy.read(npy, type));
        assertEquals(message, e.getMessage());
    }

    /** The f32 (2, 3) file np.save writes, made by this writer (checked against NumPy's above). */
    static byte[] good() {
        return Npy.toBytes(TensorValue.of(new float[] {1, 2, 3, 4, 5, 6}, 2, 3));
    }

    @Test
    void truncatedFilesBadMagicAndVersions() {
        fails(new byte[0], "byte offset 0: truncated: the file ends within the magic string");
        fails(Arrays.copyOf(good(), 4), "byte offset 4: truncated: the file ends within the magic string");
        fails(Arrays.copyOf(good(), 7), "byte offset 7: truncated: the file ends within the format version");
        fails(Arrays.copyOf(good(), 9), "byte offset 9: truncated: the file ends within the header length");
        fails("PK\3\4 a zip file".getBytes(StandardCharsets.ISO_8859_1),
                "byte offset 0: not a .npy file (it does not start with \\x93NUMPY)");
        byte[] v4 = good();
        v4[6] = 4;
        fails(v4, "byte offset 6: unsupported .npy format version 4.0 (1.0, 2.0 and 3.0 are read)");
        byte[] v11 = good();
        v11[7] = 1;
        fails(v11, "byte offset 6: unsupported .npy format version 1.1 (1.0, 2.0 and 3.0 are read)");
        fails(Arrays.copyOf(good(), 100),
                "byte offset 8: truncated: header length 118 runs past the end of the file (100 bytes)");
        byte[] huge = npy(2, dict("<f4", false, "(3,)"), new byte[12]);
        huge[8] = huge[9] = huge[10] = huge[11] = (byte) 0xFF;
        fails(huge, "byte offset 8: header length 4294967295 exceeds the limit of 1048576 bytes");
        fails(Arrays.copyOf(good(), good().length - 4),
                "byte offset 128: truncated: shape (2, 3) of '<f4' needs 24 bytes of data, the file has 20");
        fails(Arrays.copyOf(good(), good().length + 3), "byte offset 152: 3 bytes after the data of shape (2, 3) of '<f4'");
    }

    @Test
    void badHeaders() {
        byte[] d = new byte[4];
        // the header starts at byte offset 10; "{'descr': " is 10 characters, so the descr string is at 20
        fails(npy(1, dict("<U3", false, "(1,)"), new byte[12]), "byte offset 20: header field 'descr': unsupported dtype '<U3'");
        fails(npy(1, dict("<f16", false, "(1,)"), new byte[16]),
                "byte offset 20: header field 'descr': unsupported dtype '<f16'");
        fails(npy(1, dict("O", false, "(1,)"), new byte[8]), "byte offset 20: header field 'descr': unsupported dtype 'O'");
        fails(npy(1, dict("=f4", false, "(1,)"), d), "byte offset 20: header field 'descr': unsupported dtype '=f4'");
        fails(npy(1, dict("<V4", false, "(1,)"), d), "byte offset 20: header field 'descr': the void dtype '<V4' has no "
                + "element type of its own: name one, Npy.read(..., ElementType)");
        fails(npy(1, dict("<V4", false, "(1,)"), d), ElementType.F16,
                "byte offset 20: header field 'descr': '<V4' has 4 bytes per element, f16 has 2");
        fails(npy(1, dict("<f4", false, "(1,)"), d), ElementType.I32,
                "byte offset 20: header field 'descr': '<f4' holds f32, not i32");
        fails(npy(1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (1,), }", d),
                "byte offset 20: header field 'descr': structured dtypes are not supported");
        fails(npy(1, "{'descr': '<f4', 'fortran_order': 0, 'shape': (1,), }", d),
                "byte offset 44: header field 'fortran_order': expected True or False, found '0'");
        fails(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", d),
                "byte offset 61: header field 'shape': expected a non-negative integer, found '-'");
        fails(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': [1], }", d),
                "byte offset 60: header field 'shape': expected a tuple, found '['");
        fails(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999,), }", d),
                "byte offset 61: header field 'shape': dimension too large");
        fails(npy(1, "{'descr': '<f4', 'fortran_order': False}", d), "byte offset 10: header: the dict has no 'shape'");
        fails(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}", d),
                "byte offset 66: header: unexpected key 'x' (a .npy header has 'descr', 'fortran_order' and 'shape')");
        fails(npy(1, "{'descr': '<f4', 'descr': '<f4'}", d), "byte offset 27: header: duplicate key 'descr'");
        fails(npy(1, "{'descr': '<f4' 'fortran_order': False}", d),
                "byte offset 26: header: expected ',' or '}', found '''");
        fails(npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), } x", d),
                "byte offset 68: header: unexpected text after the dict, found 'x'");
        fails(npy(1, "['descr', '<f4']", d), "byte offset 10: header: expected '{' (a Python dict), found '['");
        fails(npy(1, "{'descr: '<f4'}", d), "byte offset 20: header: expected ':' after the key, found '<'");
    }

    @Test
    void declaredSizesAreCheckedBeforeAnythingIsAllocated(@TempDir Path tmp) throws IOException {
        // 2^62 elements, and a product that overflows a long: no allocation is attempted
        fails(npy(1, dict("<f4", false, "(2147483647, 2147483647)"), new byte[0]),
                "byte offset 60: header field 'shape': (2147483647, 2147483647) of f32 is too large for a TensorValue");
        fails(npy(1, dict("<c16", false, "(2147483647, 2147483647, 2147483647, 2147483647, 4)"), new byte[0]),
                "byte offset 61: header field 'shape': (2147483647, 2147483647, 2147483647, 2147483647, 4) of "
                + "complex<f64> is too large for a TensorValue");
        // 400 MB declared, 8 bytes present
        fails(npy(1, dict("<f4", false, "(10000, 10000)"), new byte[8]),
                "byte offset 128: truncated: shape (10000, 10000) of '<f4' needs 400000000 bytes of data, the file has 8");
        Path f = tmp.resolve("short.npy");
        Files.write(f, npy(1, dict("<f4", false, "(10000, 10000)"), new byte[8]));
        IOException e = assertThrows(IOException.class, () -> Npy.read(f));
        assertEquals(f + ": byte offset 128: truncated: shape (10000, 10000) of '<f4' needs 400000000 bytes of data, "
                + "the file has 8", e.getMessage());
        assertThrows(java.nio.file.NoSuchFileException.class, () -> Npy.read(tmp.resolve("missing.npy")));
    }
}
