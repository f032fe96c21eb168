package org.stablehlo4j.interpreter.dense;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Gemm} against a naive triple loop (per element, each product rounded and then added, steps in order): bit-identical
 * for the Vector API kernels and the plain-loop fallback, on odd shapes (narrow ones computed as {@code C^T = B^T A^T}),
 * transposed and batched layouts, in f32 and f64, and for 1 and 2 threads. Surefire's default JVM has {@code --add-modules jdk.incubator.vector}, so both kernels
 * run; its execution {@code no-vector-api} runs this class and {@code ContractionTest} again without the module.
 */
class GemmTest {
    /** A column-major or row-major {@code batches x rows x cols} view of a flat array. */
    private static Operand view(double[] data, int batches, int rows, int cols, boolean transposed) {
        int[] b = new int[batches];
        int[] r = new int[rows];
        int[] c = new int[cols];
        for (int i = 0; i < batches; i++) b[i] = i * rows * cols;
        for (int i = 0; i < rows; i++) r[i] = transposed ? i : i * cols;
        for (int j = 0; j < cols; j++) c[j] = transposed ? j * rows : j;
        return Operand.strided(data, b, r, c);
    }

    private static double at(double[] data, int b, int i, int j, int rows, int cols, boolean transposed) {
        return data[b * rows * cols + (transposed ? j * rows + i : i * cols + j)];
    }

    /** Random values of mixed magnitudes and signs, floats when {@code single}. */
    private static double[] random(int n, long seed, boolean single) {
        Random rnd = new Random(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            double x = rnd.nextInt(16) == 0 ? 0.0 : rnd.nextGaussian() * Math.pow(10, rnd.nextInt(5) - 2);
            v[i] = single ? (float) x : x;
        }
        return v;
    }

    private static double[] naive(boolean f64, int batches, int m, int n, int k, double[] a, boolean at, double[] b,
                                  boolean bt) {
        double[] out = new double[batches * m * n];
        for (int x = 0; x < batches; x++) for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) {
            double s = 0;
            float f = 0;
            for (int p = 0; p < k; p++) {
                double l = at(a, x, i, p, m, k, at);
                double r = at(b, x, p, j, k, n, bt);
                if (f64) s += l * r;
                else f += (float) l * (float) r;
            }
            out[(x * m + i) * n + j] = f64 ? s : f;
        }
        return out;
    }

    private static void assertSameBits(double[] expected, double[] actual, String what) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            if (Double.doubleToLongBits(expected[i]) != Double.doubleToLongBits(actual[i])) {
                assertEquals(expected[i], actual[i], what + ": element " + i);
                assertEquals(Double.doubleToLongBits(expected[i]), Double.doubleToLongBits(actual[i]),
                        what + ": element " + i + " (sign of zero)");
            }
        }
    }

    @ParameterizedTest(name = "{0}: {1}x{2}x{3}x{4} transposed {5}/{6}")
    @CsvSource({
            "f32, 1, 1, 1, 1, false, false",
            "f32, 1, 7, 33, 257, false, false",
            "f32, 1, 257, 7, 33, true, false",
            "f32, 3, 33, 257, 7, false, true",
            "f32, 2, 7, 1, 33, true, true",
            "f32, 1, 1, 257, 1, false, false",
            "f32, 1, 100, 70, 600, false, false",
            "f64, 1, 7, 33, 257, false, false",
            "f64, 2, 257, 7, 33, true, true",
            "f64, 3, 33, 1, 7, false, true",
            "f64, 1, 1, 1, 0, false, false",
            "f32, 2, 257, 1, 9, true, false",
            "f64, 1, 300, 3, 20, false, true",
            // the narrow f32 kernel (at most two vectors wide, or two vectors' multiple saving a fifth of the padding)
            "f32, 1, 203, 32, 300, false, false",
            "f32, 2, 61, 90, 700, false, true",
            "f32, 1, 11, 16, 27, true, false",
            // steps over several blocks: partial sums kept between blocks, partial edge tiles
            "f32, 1, 23, 131, 1030, true, false",
            "f32, 2, 64, 512, 784, false, false",
            "f64, 1, 13, 17, 2100, false, false",
    })
    void matchesTheNaiveLoop(String type, int batches, int m, int n, int k, boolean at, boolean bt) {
        boolean f64 = type.equals("f64");
        double[] a = random(batches * m * k, 1, !f64);
        double[] b = random(batches * k * n, 2, !f64);
        double[] expected = naive(f64, batches, m, n, k, a, at, b, bt);
        for (boolean vector : Gemm.vectorAvailable() ? new boolean[] {false, true} : new boolean[] {false}) {
            double[] out = new double[batches * m * n];
            Gemm.multiply(f64, vector, batches, m, n, k, view(a, batches, m, k, at), view(b, batches, k, n, bt), out, null);
            assertSameBits(expected, out, vector ? "vector" : "plain");
        }
    }

    /**
     * A thread keeps its packed arrays for the next product: a convolution's windows (padding taps left unwritten
     * by the packing) after a product that filled the arrays with other values still reads zeros there.
     */
    @Test
    void keptPackedArraysStartClean() {
        int positions = 40;
        int features = 3;
        int window = 3;
        double[] in = random(positions * features, 8, true);
        int[] taps = new int[positions * window];
        for (int s = 0; s < positions; s++) {
            for (int w = 0; w < window; w++) {
                int p = s + w - 1;
                taps[s * window + w] = p < 0 || p >= positions ? -1 : p * features;
            }
        }
        Im2col windows = new Im2col(in, new int[] {0}, 1, positions, taps, window, features, 1);
        int k = window * features;
        int n = 70;
        double[] a = new double[positions * k];
        for (int i = 0; i < positions; i++) {
            double[] row = new double[k];
            windows.read(0, i, 0, k, row);
            System.arraycopy(row, 0, a, i * k, k);
        }
        double[] b = random(k * n, 9, true);
        double[] expected = naive(false, 1, positions, n, k, a, false, b, false);
        for (boolean vector : Gemm.vectorAvailable() ? new boolean[] {false, true} : new boolean[] {false}) {
            double[] big = new double[300 * 300];
            java.util.Arrays.fill(big, 3.0);
            Gemm.multiply(false, vector, 1, 300, 300, 300, view(big, 1, 300, 300, false),
                    view(big, 1, 300, 300, true), new double[300 * 300], null);
            double[] out = new double[positions * n];
            Gemm.multiply(false, vector, 1, positions, n, k, windows, view(b, 1, k, n, false), out, null);
            assertSameBits(expected, out, vector ? "vector" : "plain");
        }
    }

    @Test
    void vectorKernelsRunWhenTheModuleIsThere() {
        // surefire's default execution adds the module, its execution "no-vector-api" does not (plain loops only)
        boolean present = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        assertEquals(!Boolean.getBoolean("stablehlo4j.test.noVectorApi"), present, "the surefire execution's JVM");
        assertEquals(present, Gemm.vectorAvailable());
        String old = System.setProperty("stablehlo4j.interpreter.vector", "false");
        try {
            assertFalse(Gemm.vectorAvailable(), "the property turns the Vector API off");
        } finally {
            if (old == null) System.clearProperty("stablehlo4j.interpreter.vector");
            else System.setProperty("stablehlo4j.interpreter.vector", old);
        }
    }

    /**
     * The same product on 1 and on 2 threads (large enough for the fork/join pool) gives the same bits: wide and
     * narrow kernels, steps in one block or several.
     */
    @ParameterizedTest(name = "{0}x{1}x{2}")
    @CsvSource({"131, 97, 257", "301, 30, 257", "131, 97, 600"})
    void oneAndTwoThreadsAgree(int m, int n, int k) {
        int batches = 2;
        double[] a = random(batches * m * k, 3, true);
        double[] b = random(batches * k * n, 4, true);
        assertTrue((long) batches * m * n * k >= Parallel.PARALLEL_WORK);
        double[][] results = new double[2][];
        String old = System.getProperty("stablehlo4j.interpreter.threads");
        try {
            for (int threads = 1; threads <= 2; threads++) {
                System.setProperty("stablehlo4j.interpreter.threads", Integer.toString(threads));
                double[] out = new double[batches * m * n];
                Gemm.multiply(false, batches, m, n, k, view(a, batches, m, k, false), view(b, batches, k, n, true), out, null);
                results[threads - 1] = out;
            }
        } finally {
            if (old == null) System.clearProperty("stablehlo4j.interpreter.threads");
            else System.setProperty("stablehlo4j.interpreter.threads", old);
        }
        assertSameBits(results[0], results[1], "1 vs 2 threads");
        assertSameBits(naive(false, batches, m, n, k, a, false, b, true), results[0], "vs naive");
    }

    @Test
    void im2colReadsWindowsAndZeros() {
        // a 1-d input of 5 positions x 2 features, window 3 with padding 1: output position s reads s - 1 .. s + 1
        double[] in = {1, 10, 2, 20, 3, 30, 4, 40, 5, 50};
        int positions = 5;
        int window = 3;
        int[] taps = new int[positions * window];
        for (int s = 0; s < positions; s++) {
            for (int w = 0; w < window; w++) {
                int p = s + w - 1;
                taps[s * window + w] = p < 0 || p >= positions ? -1 : p * 2;
            }
        }
        Im2col op = new Im2col(in, new int[] {0}, 1, positions, taps, window, 2, 1);
        double[] row = new double[6];
        op.read(0, 0, 0, 6, row);
        assertEquals("[0.0, 0.0, 1.0, 10.0, 2.0, 20.0]", java.util.Arrays.toString(row));
        op.read(0, 4, 1, 5, row);
        assertEquals("[40.0, 5.0, 50.0, 0.0, 0.0, 20.0]", java.util.Arrays.toString(row));
        assertTrue(Gemm.fits(1, 1000, 1000, 1000));
        assertFalse(Gemm.fits(1, 1 << 20, 1 << 20, 1 << 12), "a product too large for the packed arrays");
    }
}
