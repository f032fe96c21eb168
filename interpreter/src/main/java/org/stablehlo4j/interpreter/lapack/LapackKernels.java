package org.stablehlo4j.interpreter.lapack;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The LAPACK FFI custom calls JAX lowers linear algebra to on CPU ({@code jax._src.export._export._CPU_FFI_KERNELS},
 * bound in jaxlib's {@code cpu/lapack_kernels.cc}): {@code lapack_<t><routine>_ffi} with t in s, d, c, z and routine
 * in potrf, getrf, geqrf, orgqr/ungqr, syevd/heevd, sytrd/hetrd, gehrd, gees, geev, gesdd, gtsv ({@code trsm} is
 * the interpreter's triangular solve). Operands and results are the logical tensors of the custom call: JAX
 * states column-major {@code operand_layouts}/{@code result_layouts} so that the native kernel sees Fortran
 * order, which does not change what the values are. Leading dimensions are batch dimensions (one LAPACK call per
 * matrix); {@code mhlo.backend_config} attributes are ASCII codes (uplo 'L'/'U', mode 'V'/'N' or 'A'/'S'/'N'/'O',
 * compute_left/compute_right 'V'/'N', sort 'N') or integers (gehrd's 1-based low/high).
 *
 * <p>Each routine computes in double precision (see {@link CMatrix}); the caller rounds the results to their
 * element types.
 */
public final class LapackKernels {
    private LapackKernels() {}

    /** An operand: its shape, whether complex, and its elements (interleaved re/im when complex). */
    public record Operand(int[] shape, boolean complex, double[] data) {}

    /** What a result holds. */
    public enum Element { REAL, COMPLEX, INT }

    /** A result's shape and element class. */
    public record ResultSpec(int[] shape, Element element) {}

    private static final List<String> ROUTINES = List.of("potrf", "getrf", "geqrf", "orgqr", "ungqr", "syevd",
            "heevd", "sytrd", "hetrd", "gehrd", "gees", "geev", "gesdd", "gtsv");

    /** Whether {@code target} is one of the LAPACK kernels evaluated here. */
    public static boolean handles(String target) {
        return parse(target) != null;
    }

    /**
     * The targets evaluated here ({@code lapack_?<routine>_ffi} for every type letter a routine takes).
     *
     * @return the target names
     */
    public static List<String> targets() {
        List<String> out = new java.util.ArrayList<>();
        for (String routine : ROUTINES) {
            for (char t : "sdcz".toCharArray()) {
                String name = "lapack_" + t + routine + "_ffi";
                if (handles(name)) out.add(name);
            }
        }
        return out;
    }

    private record Target(char type, String routine) {}

    private static Target parse(String target) {
        if (!target.startsWith("lapack_") || !target.endsWith("_ffi") || target.length() < 13) return null;
        char t = target.charAt(7);
        String routine = target.substring(8, target.length() - 4);
        if ("sdcz".indexOf(t) < 0 || !ROUTINES.contains(routine)) return null;
        boolean complex = t == 'c' || t == 'z';
        boolean complexName = routine.equals("ungqr") || routine.equals("heevd") || routine.equals("hetrd");
        boolean realName = routine.equals("orgqr") || routine.equals("syevd") || routine.equals("sytrd");
        if (complex && realName || !complex && complexName) return null;
        return new Target(t, routine);
    }

    /**
     * Evaluates {@code target}; returns one array per result: {@code double[]} (interleaved when complex) or
     * {@code long[]}. Throws {@link IllegalArgumentException} for operands or attributes the routine cannot take.
     */
    public static Object[] call(String target, List<Operand> operands, List<ResultSpec> results,
                                Map<String, Long> attrs) {
        Target t = parse(target);
        if (t == null) throw new IllegalArgumentException("not a LAPACK kernel");
        boolean complex = t.type() == 'c' || t.type() == 'z';
        Call c = new Call(t.routine(), complex, operands, results, attrs);
        return switch (t.routine()) {
            case "potrf" -> c.potrf();
            case "getrf" -> c.getrf();
            case "geqrf" -> c.geqrf();
            case "orgqr", "ungqr" -> c.orgqr();
            case "syevd", "heevd" -> c.syevd();
            case "sytrd", "hetrd" -> c.sytrd();
            case "gehrd" -> c.gehrd();
            case "gees" -> c.gees();
            case "geev" -> c.geev();
            case "gesdd" -> c.gesdd();
            case "gtsv" -> c.gtsv();
            default -> throw new IllegalArgumentException("not a LAPACK kernel");
        };
    }

    /** One evaluation: operand checks, the batch loop and result buffers. */
    private static final class Call {
        final String routine;
        final boolean complex;
        final List<Operand> ops;
        final List<ResultSpec> results;
        final Map<String, Long> attrs;
        final Object[] out;

        Call(String routine, boolean complex, List<Operand> ops, List<ResultSpec> results, Map<String, Long> attrs) {
            this.routine = routine;
            this.complex = complex;
            this.ops = ops;
            this.results = results;
            this.attrs = attrs;
            this.out = new Object[results.size()];
            for (int i = 0; i < out.length; i++) {
                ResultSpec r = results.get(i);
                int n = Arrays.stream(r.shape()).reduce(1, (x, y) -> x * y);
                out[i] = r.element() == Element.INT ? new long[n]
                        : new double[r.element() == Element.COMPLEX ? 2 * n : n];
            }
        }

        void arity(int operands, int res) {
            if (ops.size() != operands || results.size() != res) {
                throw new IllegalArgumentException("expected " + operands + " operand(s) and " + res
                        + " results, got " + ops.size() + " and " + results.size());
            }
        }

        int[] matrix(int operand) {
            int[] s = ops.get(operand).shape();
            if (s.length < 2) throw new IllegalArgumentException("operand " + operand + " must have rank >= 2");
            return new int[] {s[s.length - 2], s[s.length - 1]};
        }

        int batch(int operand, int trailing) {
            int[] s = ops.get(operand).shape();
            int b = 1;
            for (int i = 0; i < s.length - trailing; i++) b *= s[i];
            return b;
        }

        void square(int[] mn) {
            if (mn[0] != mn[1]) throw new IllegalArgumentException("expected square matrices, got " + mn[0] + "x" + mn[1]);
        }

        CMatrix in(int operand, int b, int rows, int cols) {
            return CMatrix.read(ops.get(operand).data(), complex, b * rows * cols, rows, cols);
        }

        int[] resultMatrix(int result) {
            int[] s = results.get(result).shape();
            return new int[] {s[s.length - 2], s[s.length - 1]};
        }

        int per(int result, int batches) {
            int n = Arrays.stream(results.get(result).shape()).reduce(1, (x, y) -> x * y);
            return batches == 0 ? 0 : n / batches;
        }

        void put(int result, int b, CMatrix m) {
            int[] rc = resultMatrix(result);
            boolean cx = results.get(result).element() == Element.COMPLEX;
            m.write((double[]) out[result], cx, b * rc[0] * rc[1], rc[0], rc[1]);
        }

        /** Writes values (interleaved if {@code interleaved}) at batch b of a vector result. */
        void putVector(int result, int b, double[] values, boolean interleaved, int batches) {
            int len = per(result, batches);
            boolean cx = results.get(result).element() == Element.COMPLEX;
            double[] dst = (double[]) out[result];
            for (int i = 0; i < len; i++) {
                double re = interleaved ? (2 * i < values.length ? values[2 * i] : 0) : (i < values.length ? values[i] : 0);
                double im = interleaved && 2 * i + 1 < values.length ? values[2 * i + 1] : 0;
                if (cx) {
                    dst[2 * (b * len + i)] = re;
                    dst[2 * (b * len + i) + 1] = im;
                } else {
                    dst[b * len + i] = re;
                }
            }
        }

        void putInt(int result, int b, long v) {
            ((long[]) out[result])[b] = v;
        }

        char code(String key, String allowed, char dflt) {
            Long v = attrs.get(key);
            if (v == null) {
                if (dflt != 0) return dflt;
                throw new IllegalArgumentException("missing backend_config." + key);
            }
            char c = (char) (long) v;
            if (v < 0 || v > 127 || allowed.indexOf(c) < 0) {
                throw new IllegalArgumentException("backend_config." + key + " must be one of '"
                        + String.join("', '", allowed.split("")) + "' (as an ASCII code), got " + v);
            }
            return c;
        }

        Object[] potrf() {
            arity(1, 2);
            int[] mn = matrix(0);
            square(mn);
            boolean lower = code("uplo", "LU", (char) 0) == 'L';
            int batches = batch(0, 2);
            for (int b = 0; b < batches; b++) {
                CMatrix a = in(0, b, mn[0], mn[1]);
                int info = Cholesky.factor(a, lower);
                put(0, b, a);
                putInt(1, b, info);
            }
            return out;
        }

        Object[] getrf() {
            arity(1, 3);
            int[] mn = matrix(0);
            int batches = batch(0, 2);
            for (int b = 0; b < batches; b++) {
                CMatrix a = in(0, b, mn[0], mn[1]);
                int[] ipiv = new int[Math.min(mn[0], mn[1])];
                int info = Lu.factor(a, ipiv);
                put(0, b, a);
                long[] piv = (long[]) out[1];
                for (int i = 0; i < ipiv.length; i++) piv[b * ipiv.length + i] = ipiv[i];
                putInt(2, b, info);
            }
            return out;
        }

        Object[] geqrf() {
            if (ops.size() != 1 || results.size() < 2 || results.size() > 3) arity(1, 2);
            int[] mn = matrix(0);
            int batches = batch(0, 2);
            for (int b = 0; b < batches; b++) {
                CMatrix a = in(0, b, mn[0], mn[1]);
                double[] tau = Qr.geqrf(a);
                put(0, b, a);
                putVector(1, b, tau, true, batches);
            }
            return out;
        }

        Object[] orgqr() {
            arity(2, 1);
            int[] mn = matrix(0);
            int batches = batch(0, 2);
            int k = ops.get(1).shape()[ops.get(1).shape().length - 1];
            if (k > mn[1] || mn[1] > mn[0]) {
                throw new IllegalArgumentException("expected m >= n >= k, got m=" + mn[0] + " n=" + mn[1] + " k=" + k);
            }
            for (int b = 0; b < batches; b++) {
                CMatrix a = in(0, b, mn[0], mn[1]);
                double[] tau = new double[2 * k];
                double[] src = ops.get(1).data();
                for (int i = 0; i < k; i++) {
                    tau[2 * i] = complex ? src[2 * (b * k + i)] : src[b * k + i];
                    tau[2 * i + 1] = complex ? src[2 * (b * k + i) + 1] : 0;
                }
                put(0, b, Qr.orgqr(a, tau));
            }
            return out;
        }

        Object[] syevd() {
            arity(1, 3);
            int[] mn = matrix(0);
            square(mn);
            boolean lower = code("uplo", "LU", 'L') == 'L';
            boolean vectors = code("mode", "VN", 'V') == 'V';
            int batches = batch(0, 2);
            for (int b = 0; b < batches; b++) {
                CMatrix a = in(0, b, mn[0], mn[1]);
                HermitianEigen.Result r = HermitianEigen.eigh(a, lower);
                put(0, b, vectors ? r.vectors() : a);
                putVector(1, b, r.values(), false, batches);
                putInt(2, b, r.info());
            }
            return out;
        }

        Object[] sytrd() {
            arity(1, 5);
            int[] mn = matrix(0);
            square(mn);
            boolean lower = code("uplo", "LU", 'L') == 'L';
            int batches = batch(0, 2);
            for (int b = 0; b < batches; b++) {
                CMatrix a = in(0, b, mn[0], mn[1]);
                Tridiagonal.Result r = Tridiagonal.sytrd(a, lower);
                put(0, b, r.packed());
                putVector(1, b, r.d(), false, batches);
                putVector(2, b, r.e(), false, batches);
                putVector(3, b, r.tau(), true, batches);
                putInt(4, b, 0);
            }
            return out;
        }

        Object[] gehrd() {
            arity(1, 3);
            int[] mn = matrix(0);
            square(mn);
            int n = mn[0];
            long low = attrs.getOrDefault("low", 1L), high = attrs.getOrDefault("high", (long) n);
            if (n > 0 && (low < 1 || low > Math.max(1, n) || high < Math.min(low, n) || high > n)) {
                throw new IllegalArgumentException("low/high must satisfy 1 <= low <= high <= n, got low=" + low
                        + " high=" + high + " n=" + n);
            }
            int batches = batch(0, 2);
            for (int b = 0; b < batches; b++) {
                CMatrix a = in(0, b, n, n);
                double[] tau = Hessenberg.gehrd(a, (int) low, (int) high);
                put(0, b, a);
                putVector(1, b, tau, true, batches);
                putInt(2, b, 0);
            }
            return out;
        }

        Object[] gees() {
            arity(1, complex ? 5 : 6);
            int[] mn = matrix(0);
            square(mn);
            boolean vectors = code("mode", "VN", 'V') == 'V';
            char sort = code("sort", "NS", 'N');
            if (sort != 'N') {
                throw new IllegalArgumentException("sorting eigenvalues (sort = 'S') is not implemented by JAX's "
                        + "kernel either: it passes no select function");
            }
            int batches = batch(0, 2);
            int infoAt = complex ? 4 : 5;
            for (int b = 0; b < batches; b++) {
                CMatrix a = in(0, b, mn[0], mn[1]);
                if (!a.isFinite()) {
                    a.fillNaN();
                    put(0, b, a);
                    put(1, b, a);
                    double[] nan = new double[2 * mn[0]];
                    Arrays.fill(nan, Double.NaN);
                    putVector(2, b, nan, complex, batches);
                    if (!complex) putVector(3, b, nan, false, batches);
                    putInt(infoAt, b, mn[0]);
                    continue;
                }
                Schur.Result r = complex ? Schur.complex(a) : Schur.real(a);
                put(0, b, r.t());
                put(1, b, vectors ? r.z() : new CMatrix(mn[0], mn[0]));
                if (complex) {
                    putVector(2, b, interleave(r.wr(), r.wi()), true, batches);
                } else {
                    putVector(2, b, r.wr(), false, batches);
                    putVector(3, b, r.wi(), false, batches);
                }
                putInt(infoAt - 1, b, 0);
                putInt(infoAt, b, r.info());
            }
            return out;
        }

        Object[] geev() {
            arity(1, complex ? 4 : 5);
            int[] mn = matrix(0);
            square(mn);
            boolean left = code("compute_left", "VN", 'N') == 'V';
            boolean right = code("compute_right", "VN", 'N') == 'V';
            int batches = batch(0, 2);
            int vl = complex ? 1 : 2, infoAt = complex ? 3 : 4;
            for (int b = 0; b < batches; b++) {
                CMatrix a = in(0, b, mn[0], mn[1]);
                if (!a.isFinite()) { // JAX's kernel: info = -4 without calling LAPACK
                    putInt(infoAt, b, -4);
                    continue;
                }
                Eigen.Result r = Eigen.geev(a, !complex, left, right);
                if (complex) {
                    putVector(0, b, interleave(r.wr(), r.wi()), true, batches);
                } else {
                    putVector(0, b, r.wr(), false, batches);
                    putVector(1, b, r.wi(), false, batches);
                }
                put(vl, b, r.left());
                put(vl + 1, b, r.right());
                putInt(infoAt, b, r.info());
            }
            return out;
        }

        Object[] gesdd() {
            arity(1, 5);
            int[] mn = matrix(0);
            int m = mn[0], n = mn[1], k = Math.min(m, n);
            char mode = code("mode", "ASNO", 'S');
            int batches = batch(0, 2);
            for (int b = 0; b < batches; b++) {
                CMatrix a = in(0, b, m, n);
                if (!a.isFinite()) {
                    double[] nan = new double[k];
                    Arrays.fill(nan, Double.NaN);
                    putVector(1, b, nan, false, batches);
                    CMatrix nm = new CMatrix(Math.max(m, n), Math.max(m, n));
                    nm.fillNaN();
                    put(0, b, nm);
                    put(2, b, nm);
                    put(3, b, nm);
                    putInt(4, b, 1);
                    continue;
                }
                Svd.Result r = Svd.svd(a);
                putVector(1, b, r.s(), false, batches);
                CMatrix vt = r.v().adjoint();
                if (mode == 'O') { // m >= n: A := U(:, 1:n), vt given; else A := VT(1:m, :), u given
                    if (m >= n) {
                        put(0, b, r.u());
                        put(3, b, vt);
                    } else {
                        put(0, b, vt);
                        put(2, b, r.u());
                    }
                } else {
                    put(0, b, a);
                    if (mode != 'N') {
                        put(2, b, r.u());
                        put(3, b, vt);
                    }
                }
                putInt(4, b, r.info());
            }
            return out;
        }

        Object[] gtsv() {
            arity(4, 5);
            int[] s = ops.get(3).shape();
            if (s.length < 2) throw new IllegalArgumentException("b must have rank >= 2");
            int n = s[s.length - 2], nrhs = s[s.length - 1];
            int batches = batch(3, 2);
            for (int i = 0; i < 3; i++) {
                int[] ds = ops.get(i).shape();
                if (ds.length != s.length - 1 || ds[ds.length - 1] != n) {
                    throw new IllegalArgumentException("dl, d and du must have b's batch dimensions and " + n + " elements");
                }
            }
            for (int b = 0; b < batches && n > 0; b++) {
                double[] dl = cvec(0, b * n + 1, n - 1), d = cvec(1, b * n, n), du = cvec(2, b * n, n);
                double[] rhs = cvec(3, b * n * nrhs, n * nrhs);
                int info = TridiagonalSolve.gtsv(n, nrhs, dl, d, du, rhs);
                double[] dlFull = new double[2 * n];
                double[] orig = cvec(0, b * n, 1);
                dlFull[0] = orig[0];
                dlFull[1] = orig[1];
                System.arraycopy(dl, 0, dlFull, 2, dl.length);
                putVector(0, b, dlFull, true, batches);
                putVector(1, b, d, true, batches);
                putVector(2, b, du, true, batches);
                putVector(3, b, rhs, true, batches);
                putInt(4, b, info);
            }
            return out;
        }

        /** count elements of operand i from element offset `from`, as interleaved complex. */
        double[] cvec(int i, int from, int count) {
            double[] src = ops.get(i).data();
            double[] v = new double[2 * Math.max(count, 0)];
            for (int k = 0; k < count; k++) {
                v[2 * k] = complex ? src[2 * (from + k)] : src[from + k];
                v[2 * k + 1] = complex ? src[2 * (from + k) + 1] : 0;
            }
            return v;
        }
    }

    private static double[] interleave(double[] re, double[] im) {
        double[] v = new double[2 * re.length];
        for (int i = 0; i < re.length; i++) {
            v[2 * i] = re[i];
            v[2 * i + 1] = im[i];
        }
        return v;
    }
}
