package org.stablehlo4j.interpreter;

import org.stablehlo4j.interpreter.SolverCalls.Element;
import org.stablehlo4j.interpreter.SolverCalls.Matrix;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.stablehlo4j.interpreter.SolverCalls.expect;

/**
 * The TPU-era custom calls of JAX's stable list ({@code _CUSTOM_CALL_TARGETS_GUARANTEED_STABLE}), evaluated on the
 * LAPACK kernels, and the two buffer targets any export may hold:
 * <ul>
 *   <li>{@code Qr} (results a, taus: LAPACK geqrf's packed reflectors) and
 *       {@code ProductOfElementaryHouseholderReflectors} (a, taus to Q: orgqr/ungqr), as JAX's {@code geqrf} and
 *       {@code householder_product} lower on TPU;</li>
 *   <li>{@code Eigh}: results (eigenvectors, eigenvalues) with {@code backend_config = "lower,sort,max_iter,tol"}
 *       (only {@code lower} changes the answer: which triangle is read; the eigenvalues come ascending, which also
 *       satisfies an unsorted request);</li>
 *   <li>{@code LuDecomposition}: results (lu, pivots, permutation) with 0-based int32 pivots, as JAX's lu
 *       primitive returns them;</li>
 *   <li>{@code AllocateBuffer} ({@code lax.empty}: an uninitialized buffer, here zeros) and
 *       {@code annotate_device_placement} (the identity: the placement, {@code mhlo.frontend_attributes
 *       ._xla_buffer_placement}, stays recorded on the op and moves no data on one host).</li>
 * </ul>
 * Results may be one tuple (older exports, {@code tuple<...>} with {@code xla_shape}) or separate results.
 */
final class TpuCustomCalls {
    private TpuCustomCalls() {}

    /** Registers the TPU-era and buffer targets in {@code table}. */
    static void registerAll(CustomCallKernels table) {
        table.register("Qr", TpuCustomCalls::qr);
        table.register("ProductOfElementaryHouseholderReflectors", TpuCustomCalls::householderProduct);
        table.register("Eigh", TpuCustomCalls::eigh);
        table.register("LuDecomposition", TpuCustomCalls::lu);
        table.register("AllocateBuffer", TpuCustomCalls::allocateBuffer);
        table.register("annotate_device_placement", TpuCustomCalls::annotateDevicePlacement);
    }

    private static List<Object> qr(Operation op, Object[] a) {
        String name = "Qr";
        SolverCalls.arity(name, op, a, 1, 2);
        Matrix x = SolverCalls.matrix(name, a, 0, false);
        List<RankedTensorType> types = SolverCalls.resultTypes(name, op);
        expect(name, "a", types.get(0), x.value(), Element.SAME, x.shape(x.rows(), x.cols()));
        expect(name, "taus", types.get(1), x.value(), Element.SAME, x.shape(Math.min(x.rows(), x.cols())));
        return onLapack(op, name, "geqrf", x, a, types);
    }

    private static List<Object> householderProduct(Operation op, Object[] a) {
        String name = "ProductOfElementaryHouseholderReflectors";
        SolverCalls.arity(name, op, a, 2, 1);
        Matrix x = SolverCalls.matrix(name, a, 0, false);
        SolverCalls.taus(name, x, a[1]);
        List<RankedTensorType> types = SolverCalls.resultTypes(name, op);
        expect(name, "the result", types.get(0), x.value(), Element.SAME, x.shape(x.rows(), x.cols()));
        return onLapack(op, name, "orgqr", x, a, types);
    }

    /** Runs LAPACK's {@code routine} for {@code x}'s element type with the op's own results. */
    private static List<Object> onLapack(Operation op, String name, String routine, Matrix x, Object[] a,
                                         List<RankedTensorType> types) {
        String target = SolverCalls.lapackTarget(name, routine, x.value());
        return SolverCalls.results(op, SolverCalls.lapack(name, target, a, types, Map.of()));
    }

    private static List<Object> eigh(Operation op, Object[] a) {
        String name = "Eigh";
        SolverCalls.arity(name, op, a, 1, 2);
        Matrix x = SolverCalls.matrix(name, a, 0, true);
        List<RankedTensorType> types = SolverCalls.resultTypes(name, op);
        int n = x.rows();
        expect(name, "the eigenvectors", types.get(0), x.value(), Element.SAME, x.shape(n, n));
        expect(name, "the eigenvalues", types.get(1), x.value(), Element.REAL, x.shape(n));
        boolean lower = lower(op);
        List<RankedTensorType> lapackTypes = List.of(types.get(0), types.get(1),
                SolverCalls.type(x.value(), true, x.shape()));
        Map<String, Long> attrs = Map.of("uplo", (long) (lower ? 'L' : 'U'), "mode", (long) 'V');
        String target = SolverCalls.lapackTarget(name, "syevd", x.value());
        List<Object> out = SolverCalls.lapack(name, target, a, lapackTypes, attrs);
        return SolverCalls.results(op, List.of(out.get(0), out.get(1)));
    }

    /** Eigh's {@code lower} flag, the first field of its {@code backend_config} string. */
    private static boolean lower(Operation op) {
        Attribute cfg = op.attr("backend_config");
        String[] fields = cfg instanceof StringAttr s ? s.value().split(",", -1) : new String[0];
        if (fields.length != 4 || !fields[0].matches("[01]") || !fields[1].matches("[01]")) {
            throw new InterpreterException("Eigh: backend_config must be \"lower,sort_eigenvalues,max_iter,epsilon\" "
                    + "(lower and sort_eigenvalues 0 or 1), got " + cfg);
        }
        return fields[0].equals("1");
    }

    private static List<Object> lu(Operation op, Object[] a) {
        String name = "LuDecomposition";
        SolverCalls.arity(name, op, a, 1, 3);
        Matrix x = SolverCalls.matrix(name, a, 0, false);
        List<RankedTensorType> types = SolverCalls.resultTypes(name, op);
        int m = x.rows(), k = Math.min(m, x.cols());
        expect(name, "lu", types.get(0), x.value(), Element.SAME, x.shape(m, x.cols()));
        expect(name, "pivots", types.get(1), x.value(), Element.INT, x.shape(k));
        expect(name, "permutation", types.get(2), x.value(), Element.INT, x.shape(m));
        List<RankedTensorType> lapackTypes = List.of(types.get(0), types.get(1),
                SolverCalls.type(x.value(), true, x.shape()));
        String target = SolverCalls.lapackTarget(name, "getrf", x.value());
        List<Object> out = SolverCalls.lapack(name, target, a, lapackTypes, Map.of());
        Tensor ipiv = (Tensor) out.get(1);
        long[] pivots = new long[ipiv.size()];
        for (int i = 0; i < pivots.length; i++) pivots[i] = ipiv.ints[i] - 1; // LAPACK's 1-based rows
        long[] perm = SolverCalls.permutation(pivots, x.batches(), k, m);
        List<Object> values = new ArrayList<>(List.of(out.get(0), Tensor.ofLongs(types.get(1), pivots),
                Tensor.ofLongs(types.get(2), perm)));
        return SolverCalls.results(op, values);
    }

    private static List<Object> allocateBuffer(Operation op, Object[] a) {
        String name = "AllocateBuffer";
        List<RankedTensorType> types = SolverCalls.resultTypes(name, op);
        SolverCalls.arity(name, op, a, 0, types.size());
        List<Object> values = new ArrayList<>();
        for (RankedTensorType t : types) values.add(Tensor.zeros(t));
        return SolverCalls.results(op, values);
    }

    private static List<Object> annotateDevicePlacement(Operation op, Object[] a) {
        if (a.length != 1 || op.numResults() != 1 || !op.operand(0).type().equals(op.result(0).type())) {
            throw new InterpreterException("annotate_device_placement: expected 1 operand and 1 result of the same "
                    + "type, got " + a.length + " operand(s) and " + op.numResults() + " result(s)");
        }
        return List.of(a[0]);
    }
}
