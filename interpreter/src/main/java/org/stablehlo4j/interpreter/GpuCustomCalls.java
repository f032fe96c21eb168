package org.stablehlo4j.interpreter;

import org.stablehlo4j.interpreter.SolverCalls.Element;
import org.stablehlo4j.interpreter.SolverCalls.Matrix;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.stablehlo4j.interpreter.SolverCalls.expect;

/**
 * JAX's GPU custom calls ({@code _GPU_FFI_KERNELS} of {@code jax/_src/export/_export.py}, bound in jaxlib's
 * {@code gpu/solver_kernels_ffi.cc}, {@code gpu/sparse_kernels.cc}, {@code gpu/linalg_kernels.cc} and
 * {@code gpu/prng_kernels.cc}), evaluated on the CPU: a CUDA or ROCm export runs where a JVM runs.
 * <ul>
 *   <li>{@code {cu,hip}solver_{getrf,geqrf,orgqr,potrf,syevd,sytrd}_ffi}: the LAPACK kernels of the same name
 *       (cuSOLVER's outputs are LAPACK's: packed reflectors with tau, 1-based int32 pivots, info per matrix).
 *       Options are booleans of {@code mhlo.backend_config}: {@code lower} (potrf, syevd, sytrd), and syevd's
 *       {@code algorithm} (0 default, 1 QR, 2 Jacobi), which picks a method, not a result.</li>
 *   <li>{@code {cu,hip}solver_gesvd_ffi}, {@code hipsolver_gesdd_ffi} (results a, s, u, vt, info) and
 *       {@code {cu,hip}solver_gesvdj_ffi} (results a, s, u, v, info: V, not its adjoint) with
 *       {@code full_matrices} and {@code compute_uv}; gesvd's {@code transposed} says that JAX passed the
 *       matrix row-major (m &lt; n), so the kernel factored its transpose and result 2 holds V^H, result 3 U.</li>
 *   <li>{@code cusparse_gtsv2_ffi} / {@code hipsparse_gtsv2_ffi}: LAPACK's gtsv (dl[0] and du[n-1] unused), the
 *       solution only.</li>
 *   <li>{@code {cu,hip}_lu_pivots_to_permutation}: 0-based pivots to the permutation they apply.</li>
 *   <li>{@code {cu,hip}_threefry2x32_ffi}: Threefry-2x32 with 20 rounds on four equally shaped ui32 operands
 *       (key0, key1, x0, x1), the same bits as the StableHLO expansion JAX emits on CPU.</li>
 * </ul>
 * Leading dimensions are batch dimensions; the column-major {@code operand_layouts} only describe what the native
 * kernel sees, except for gesvd's {@code transposed}, which JAX pairs with a row-major layout.
 */
final class GpuCustomCalls {
    private GpuCustomCalls() {}

    private enum Svd { GESVD, GESDD, GESVDJ }

    /** Registers the GPU targets in {@code table}. */
    static void registerAll(CustomCallKernels table) {
        for (String solver : List.of("cusolver_", "hipsolver_")) {
            for (String routine : List.of("getrf", "geqrf", "orgqr", "potrf", "syevd", "sytrd")) {
                String t = solver + routine + "_ffi";
                table.register(t, (op, a) -> solver(op, t, routine, a));
            }
            String gesvd = solver + "gesvd_ffi", gesvdj = solver + "gesvdj_ffi";
            table.register(gesvd, (op, a) -> svd(op, gesvd, Svd.GESVD, a));
            table.register(gesvdj, (op, a) -> svd(op, gesvdj, Svd.GESVDJ, a));
        }
        table.register("hipsolver_gesdd_ffi", (op, a) -> svd(op, "hipsolver_gesdd_ffi", Svd.GESDD, a));
        for (String t : List.of("cusparse_gtsv2_ffi", "hipsparse_gtsv2_ffi")) {
            table.register(t, (op, a) -> gtsv2(op, t, a));
        }
        for (String p : List.of("cu", "hip")) {
            String perm = p + "_lu_pivots_to_permutation", threefry = p + "_threefry2x32_ffi";
            table.register(perm, (op, a) -> pivotsToPermutation(op, perm, a));
            table.register(threefry, (op, a) -> threefry(op, threefry, a));
        }
    }

    // ---- cuSOLVER / hipSOLVER factorizations on their LAPACK twins

    private static List<Object> solver(Operation op, String name, String routine, Object[] a) {
        boolean orgqr = routine.equals("orgqr");
        SolverCalls.arity(name, op, a, orgqr ? 2 : 1, switch (routine) {
            case "orgqr" -> 1;
            case "geqrf", "potrf" -> 2;
            case "sytrd" -> 5;
            default -> 3;
        });
        boolean square = routine.equals("potrf") || routine.equals("syevd") || routine.equals("sytrd");
        Matrix x = SolverCalls.matrix(name, a, 0, square);
        Tensor t = x.value();
        int m = x.rows(), n = x.cols(), k = Math.min(m, n);
        List<RankedTensorType> types = SolverCalls.resultTypes(name, op);
        expect(name, "out", types.get(0), t, Element.SAME, x.shape(m, n));
        DictionaryAttr cfg = SolverCalls.config(name, op);
        Map<String, Long> attrs = new HashMap<>();
        switch (routine) {
            case "getrf" -> {
                expect(name, "ipiv", types.get(1), t, Element.INT, x.shape(k));
                expect(name, "info", types.get(2), t, Element.INT, x.shape());
            }
            case "geqrf" -> expect(name, "tau", types.get(1), t, Element.SAME, x.shape(k));
            case "orgqr" -> SolverCalls.taus(name, x, a[1]);
            case "potrf" -> expect(name, "info", types.get(1), t, Element.INT, x.shape());
            case "syevd" -> {
                expect(name, "w", types.get(1), t, Element.REAL, x.shape(n));
                expect(name, "info", types.get(2), t, Element.INT, x.shape());
                Attribute algorithm = cfg.get("algorithm");
                if (!(algorithm instanceof IntegerAttr i) || i.longValue() < 0 || i.longValue() > 2) {
                    throw new InterpreterException(name + ": mhlo.backend_config.algorithm must be 0 (default), "
                            + "1 (QR) or 2 (Jacobi), got " + algorithm);
                }
            }
            default -> { // sytrd
                expect(name, "d", types.get(1), t, Element.REAL, x.shape(n));
                expect(name, "e", types.get(2), t, Element.REAL, x.shape(Math.max(n - 1, 0)));
                expect(name, "tau", types.get(3), t, Element.SAME, x.shape(Math.max(n - 1, 0)));
                expect(name, "info", types.get(4), t, Element.INT, x.shape());
            }
        }
        if (square) attrs.put("uplo", (long) (SolverCalls.flag(name, cfg, "lower") ? 'L' : 'U'));
        if (routine.equals("syevd")) attrs.put("mode", (long) 'V');
        return SolverCalls.lapack(name, SolverCalls.lapackTarget(name, routine, t), a, types, attrs);
    }

    // ---- SVD: gesvd, gesdd, gesvdj on LAPACK's gesdd

    private static List<Object> svd(Operation op, String name, Svd kind, Object[] a) {
        SolverCalls.arity(name, op, a, 1, 5);
        Matrix x = SolverCalls.matrix(name, a, 0, false);
        Tensor t = x.value();
        DictionaryAttr cfg = SolverCalls.config(name, op);
        boolean full = SolverCalls.flag(name, cfg, "full_matrices");
        boolean uv = SolverCalls.flag(name, cfg, "compute_uv");
        boolean transposed = kind != Svd.GESVDJ && SolverCalls.flag(name, cfg, "transposed");
        int rows = x.rows(), cols = x.cols(), k = Math.min(rows, cols);
        if (kind == Svd.GESVD && (transposed ? rows > cols : cols > rows)) {
            throw new InterpreterException(name + ": The GPU implementation of gesvd requires that the input matrix "
                    + "be m x n with m >= n (transposed = " + transposed + ", shape " + t.type() + ")");
        }
        List<RankedTensorType> types = SolverCalls.resultTypes(name, op);
        long[] uShape = x.shape(rows, full ? rows : k), vtShape = x.shape(full ? cols : k, cols);
        long[] vShape = x.shape(cols, full ? cols : k);
        expect(name, "out", types.get(0), t, Element.SAME, x.shape(rows, cols));
        expect(name, "s", types.get(1), t, Element.REAL, x.shape(k));
        boolean vectors = uv || kind == Svd.GESVDJ; // gesvdj's u and v are always allocated
        if (vectors) {
            expect(name, "u", types.get(transposed ? 3 : 2), t, Element.SAME, uShape);
            expect(name, kind == Svd.GESVDJ ? "v" : "vt", types.get(transposed ? 2 : 3), t, Element.SAME,
                    kind == Svd.GESVDJ ? vShape : vtShape);
        }
        expect(name, "info", types.get(4), t, Element.INT, x.shape());
        List<RankedTensorType> lapackTypes = List.of(types.get(0), types.get(1), SolverCalls.type(t, false, uShape),
                SolverCalls.type(t, false, vtShape), types.get(4));
        Map<String, Long> attrs = Map.of("mode", (long) (full ? 'A' : 'S'));
        Object[] out = LapackCustomCalls.call(name, SolverCalls.lapackTarget(name, "gesdd", t), a, lapackTypes, attrs);
        List<Object> results = new ArrayList<>(5);
        results.add(LapackCustomCalls.tensor(types.get(0), out[0]));
        results.add(LapackCustomCalls.tensor(types.get(1), out[1]));
        Object u = out[2], second = out[3];
        if (kind == Svd.GESVDJ) {
            int vtRows = (int) vtShape[vtShape.length - 2];
            second = adjoint((double[]) out[3], t.kind() == Tensor.Kind.COMPLEX, x.batches(), vtRows, cols);
        }
        if (!vectors) {
            results.add(Tensor.zeros(types.get(2)));
            results.add(Tensor.zeros(types.get(3)));
        } else if (transposed) {
            results.add(LapackCustomCalls.tensor(types.get(2), second));
            results.add(LapackCustomCalls.tensor(types.get(3), u));
        } else {
            results.add(LapackCustomCalls.tensor(types.get(2), u));
            results.add(LapackCustomCalls.tensor(types.get(3), second));
        }
        results.add(LapackCustomCalls.tensor(types.get(4), out[4]));
        return results;
    }

    /** The conjugate transposes of a batch of r x c matrices (row-major; interleaved re/im when complex). */
    static double[] adjoint(double[] d, boolean complex, int batches, int r, int c) {
        double[] o = new double[d.length];
        int w = complex ? 2 : 1;
        for (int b = 0; b < batches; b++) {
            int base = b * r * c;
            for (int i = 0; i < r; i++) {
                for (int j = 0; j < c; j++) {
                    int src = w * (base + i * c + j), dst = w * (base + j * r + i);
                    o[dst] = d[src];
                    if (complex) o[dst + 1] = -d[src + 1];
                }
            }
        }
        return o;
    }

    // ---- cuSPARSE gtsv2

    private static List<Object> gtsv2(Operation op, String name, Object[] a) {
        SolverCalls.arity(name, op, a, 4, 1);
        Matrix b = SolverCalls.matrix(name, a, 3, false);
        Tensor t = b.value();
        for (int i = 0; i < 3; i++) {
            Tensor diag = Interpreter.tensor(a[i]);
            if (!Arrays.equals(Tensor.dims(diag.type()), Arrays.copyOf(Tensor.dims(t.type()), t.rank() - 1))
                    || !diag.type().elementType().equals(t.type().elementType())) {
                throw new InterpreterException(name + ": dl, d and du must have shape "
                        + Arrays.toString(b.shape(b.rows())) + " and b's element type, got " + diag.type());
            }
        }
        RankedTensorType rt = SolverCalls.resultTypes(name, op).get(0);
        expect(name, "out", rt, t, Element.SAME, b.shape(b.rows(), b.cols()));
        List<RankedTensorType> types = new ArrayList<>();
        for (Object v : a) types.add(Interpreter.tensor(v).type());
        types.add(SolverCalls.type(t, true, b.shape()));
        return List.of(SolverCalls.lapack(name, SolverCalls.lapackTarget(name, "gtsv", t), a, types, Map.of()).get(3));
    }

    // ---- LU pivots to permutation

    private static List<Object> pivotsToPermutation(Operation op, String name, Object[] a) {
        SolverCalls.arity(name, op, a, 1, 1);
        Tensor p = Interpreter.tensor(a[0]);
        RankedTensorType rt = SolverCalls.resultTypes(name, op).get(0);
        if (p.rank() < 1 || !(p.type().elementType() instanceof IntegerType pi) || pi.width() != 32
                || !rt.elementType().equals(p.type().elementType()) || rt.rank() != p.rank()) {
            throw new InterpreterException(name + ": expected i32 pivots of rank >= 1 and an i32 permutation of "
                    + "the same rank, got " + p.type() + " -> " + rt);
        }
        int r = p.rank();
        for (int d = 0; d < r - 1; d++) {
            if (rt.dim(d) != p.dim(d)) {
                throw new InterpreterException(name + ": pivots and permutation must have the same batch size.");
            }
        }
        int k = p.dim(r - 1), size = (int) rt.dim(r - 1);
        if (size < k) {
            throw new InterpreterException(name + ": Output permutation size " + size + " must match or exceed the "
                    + "trailing dimension of the input pivots " + k + ".");
        }
        int batches = k == 0 ? (size == 0 ? 0 : Tensor.product(Tensor.dims(rt)) / size) : p.size() / k;
        return List.of(Tensor.ofLongs(rt, SolverCalls.permutation(p.ints, batches, k, size)));
    }

    // ---- Threefry-2x32

    private static List<Object> threefry(Operation op, String name, Object[] a) {
        SolverCalls.arity(name, op, a, 4, 2);
        Tensor[] in = new Tensor[4];
        RankedTensorType shape = Interpreter.tensor(a[0]).type();
        for (int i = 0; i < 4; i++) in[i] = Interpreter.tensor(a[i]);
        List<RankedTensorType> types = SolverCalls.resultTypes(name, op);
        List<RankedTensorType> all = new ArrayList<>();
        for (Tensor t : in) all.add(t.type());
        all.addAll(types);
        for (RankedTensorType t : all) {
            if (!t.equals(shape) || !(t.elementType() instanceof IntegerType it) || it.width() != 32
                    || !it.isUnsigned()) {
                throw new InterpreterException(name + ": operands (key0, key1, x0, x1) and results must all be ui32 "
                        + "tensors of one shape, got " + all);
            }
        }
        int n = in[0].size();
        long[] out0 = new long[n], out1 = new long[n];
        int[] x = new int[2];
        for (int i = 0; i < n; i++) {
            threefry2x32((int) in[0].ints[i], (int) in[1].ints[i], (int) in[2].ints[i], (int) in[3].ints[i], x);
            out0[i] = Integer.toUnsignedLong(x[0]);
            out1[i] = Integer.toUnsignedLong(x[1]);
        }
        return List.of(Tensor.ofLongs(types.get(0), out0), Tensor.ofLongs(types.get(1), out1));
    }

    private static final int[] ROTATIONS = {13, 15, 26, 6, 17, 29, 16, 24};

    /** Threefry-2x32, 20 rounds (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"): out = (x0, x1). */
    static void threefry2x32(int key0, int key1, int x0, int x1, int[] out) {
        int[] ks = {key0, key1, 0x1BD11BDA ^ key0 ^ key1};
        x0 += ks[0];
        x1 += ks[1];
        for (int group = 0; group < 5; group++) {
            for (int r = 0; r < 4; r++) {
                x0 += x1;
                x1 = Integer.rotateLeft(x1, ROTATIONS[(group % 2) * 4 + r]);
                x1 ^= x0;
            }
            // key injection after each group of four rounds: subkey (group + 1)
            x0 += ks[(group + 1) % 3];
            x1 += ks[(group + 2) % 3] + group + 1;
        }
        out[0] = x0;
        out[1] = x1;
    }
}
