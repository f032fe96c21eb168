package org.stablehlo4j.interpreter.dense;

import java.util.Optional;

/**
 * Batched matrix products for {@code dot_general} and {@code convolution}: {@code C[b][i][j] = sum over p of
 * A(b, i, p) * B(b, p, j)} in f32 or f64, through packed operands, cache blocking and register-blocked
 * micro-kernels.
 *
 * <p>Every element of {@code C} is one chain of rounded products and sums, {@code c = c + A(b, i, p) * B(b, p, j)} (the product rounded, then the
 * sum: the spec's round-after-each-operation, not a fused multiply-add, which changes results where terms cancel)
 * for {@code p} from 0 up, starting from +0, in the product's precision: blocking, packing, the kernel (Vector API
 * or plain loops) and the thread count change which elements are worked on when, never one element's operations,
 * so all of them give the same bits. Threads split the output into blocks ({@link Parallel}), never the steps.
 *
 * <p>The Vector API kernels run when the module {@code jdk.incubator.vector} is in the boot layer (the JVM option
 * {@code --add-modules jdk.incubator.vector}) unless the system property
 * {@code stablehlo4j.interpreter.vector} is {@code false}; otherwise plain loops compute the same results, slower.
 */
public final class Gemm {
    private Gemm() {}

    /**
     * Multiply-adds below which the plain loops are used even with the Vector API: same bits, and a tiny product
     * does not pay for the vector kernels' warm-up (they are slow until C2 compiles them).
     */
    private static final long SMALL = 1 << 15;

    /** The elements one product may hold in a packed operand or its accumulator. */
    private static final long MAX_ELEMENTS = Integer.MAX_VALUE - 64;

    private static final class Detect {
        static final boolean VECTOR = detect();

        /**
         * The module is not named in module-info.java (javadoc and javac would warn about an incubating module
         * there); when it is in the boot layer this module reads it from here on (a no-op on the class path).
         */
        private static boolean detect() {
            Optional<Module> m = ModuleLayer.boot().findModule("jdk.incubator.vector");
            if (m.isEmpty()) return false;
            Module self = Gemm.class.getModule();
            self.addReads(m.get());
            return self.canRead(m.get());
        }
    }

    /**
     * Whether the Vector API kernels are used: the module is present and readable, and not turned off by the
     * system property {@code stablehlo4j.interpreter.vector=false}.
     *
     * @return true when products use the Vector API
     */
    public static boolean vectorAvailable() {
        return Detect.VECTOR && !"false".equals(System.getProperty("stablehlo4j.interpreter.vector"));
    }

    /**
     * Whether a product of these sizes fits the packed arrays (it is not computed here otherwise).
     *
     * @param batches the batch count
     * @param m rows of the result
     * @param n columns of the result
     * @param k the steps (contracted size)
     * @return true when {@link #multiply} can compute it
     */
    public static boolean fits(int batches, int m, int n, int k) {
        long pad = 64;
        return (long) batches * (m + pad) * k <= MAX_ELEMENTS && (long) batches * (n + pad) * k <= MAX_ELEMENTS
                && (long) batches * m * n <= MAX_ELEMENTS;
    }

    /**
     * Computes the product and writes element {@code (b, i, j)} (flat index {@code (b * m + i) * n + j}) to
     * {@code out[map[index]]}, or {@code out[index]} when {@code map} is null, with the kernels of
     * {@link #vectorAvailable()} (plain loops for a product under 32 K multiply-adds).
     *
     * @param f64 compute in double (else float; the operands' values must then be floats)
     * @param batches the batch count
     * @param m rows of the result
     * @param n columns of the result
     * @param k the steps (contracted size)
     * @param a the left operand, {@code batches x m x k}
     * @param b the right operand, {@code batches x k x n}
     * @param out the result's elements
     * @param map where each element of the product goes, or null
     */
    public static void multiply(boolean f64, int batches, int m, int n, int k, Operand a, Operand b, double[] out,
                                int[] map) {
        boolean small = (long) m * n * k * batches < SMALL;
        multiply(f64, !small && vectorAvailable(), batches, m, n, k, a, b, out, map);
    }

    /**
     * {@link #multiply(boolean, int, int, int, int, Operand, Operand, double[], int[])} with the kernels chosen by
     * the caller ({@code vector} only when {@link #vectorAvailable()}); tests compare the two.
     *
     * @param f64 compute in double (else float)
     * @param vector use the Vector API kernels
     * @param batches the batch count
     * @param m rows of the result
     * @param n columns of the result
     * @param k the steps (contracted size)
     * @param a the left operand
     * @param b the right operand
     * @param out the result's elements
     * @param map where each element of the product goes, or null
     */
    public static void multiply(boolean f64, boolean vector, int batches, int m, int n, int k, Operand a, Operand b,
                                double[] out, int[] map) {
        if (batches == 0 || m == 0 || n == 0) return;
        Product p = new Product(!f64, vector, batches, m, n, k);
        long padded = (long) p.mPanels * p.mr * p.nPanels * p.nr;
        long transposed = (long) ((n + p.mr - 1) / p.mr) * p.mr * ((m + p.nr - 1) / p.nr) * p.nr;
        if (transposed * 2 <= padded) {
            // narrow: C = A B as C^T = B^T A^T, the short side on the kernel's rows (same terms, same order)
            Product t = new Product(!f64, vector, batches, n, m, k);
            if (map == null) {
                t.run(b.transposed(), a.transposed(), out, null, true);
                return;
            }
            int[] where = new int[batches * m * n];
            for (int x = 0, o = 0; x < batches; x++) for (int j = 0; j < n; j++) for (int i = 0; i < m; i++, o++) {
                int flat = (x * m + i) * n + j;
                where[o] = map == null ? flat : map[flat];
            }
            t.run(b.transposed(), a.transposed(), out, where, false);
            return;
        }
        p.run(a, b, out, map, false);
    }
}
