package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ops.TriangularSolveOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.RankedTensorType;

import java.util.Map;

/** {@code stablehlo.triangular_solve}: batched forward/back substitution, in double precision per element. */
final class Linalg {
    private Linalg() {}

    static void register(Map<OpDefinition, Interpreter.OpEval> ops) {
        ops.put(TriangularSolveOp.DEFINITION, (in, op, a, sc, rt) -> Interpreter.one(triangularSolve(Interpreter.tensor(a[0]),
                Interpreter.tensor(a[1]), Interpreter.boolAttr(op, "left_side"), Interpreter.boolAttr(op, "lower"),
                Interpreter.boolAttr(op, "unit_diagonal"), Interpreter.enumAttr(op, "transpose_a"),
                Interpreter.resultType(op, rt, 0))));
    }

    /**
     * Solves {@code op(a) x = b} ({@code leftSide}) or {@code x op(a) = b} for {@code x}, where {@code op} is
     * identity, transpose or conjugate transpose and only the {@code lower} (or upper) triangle of {@code a} is read.
     * The right-side form is solved as {@code op(a)^T x^T = b^T}.
     */
    static Tensor triangularSolve(Tensor a, Tensor b, boolean leftSide, boolean lower, boolean unitDiagonal,
                                  String transpose, RankedTensorType type) {
        boolean complex = a.kind == Tensor.Kind.COMPLEX;
        int parts = complex ? 2 : 1;
        int rank = a.rank();
        int n = a.dim(rank - 1);
        int bRows = b.dim(rank - 2);
        int bCols = b.dim(rank - 1);
        int vectors = leftSide ? bCols : bRows;
        boolean transposed = transpose != null && !transpose.equals("NO_TRANSPOSE");
        boolean conjugate = "ADJOINT".equals(transpose);
        // t[i][j] = element (i, j) of the matrix actually solved against; read from a's stored triangle.
        boolean tTransposesA = transposed != !leftSide;
        boolean tLower = lower != tTransposesA;
        Tensor out = Tensor.zeros(type);
        int batches = n == 0 ? 0 : a.size / (n * n);
        double[] y = new double[2 * n];
        for (int batch = 0; batch < batches; batch++) {
            int aBase = batch * n * n;
            int bBase = batch * bRows * bCols;
            for (int v = 0; v < vectors; v++) {
                for (int step = 0; step < n; step++) {
                    int i = tLower ? step : n - 1 - step;
                    int bi = bBase + (leftSide ? i * bCols + v : v * bCols + i);
                    double re = b.reals[bi * parts];
                    double im = complex ? b.reals[bi * parts + 1] : 0;
                    int from = tLower ? 0 : i + 1;
                    int to = tLower ? i : n;
                    for (int j = from; j < to; j++) {
                        int ai = aBase + (tTransposesA ? j * n + i : i * n + j);
                        double tr = a.reals[ai * parts];
                        double ti = complex ? (conjugate ? -1 : 1) * a.reals[ai * parts + 1] : 0;
                        re -= tr * y[2 * j] - ti * y[2 * j + 1];
                        im -= tr * y[2 * j + 1] + ti * y[2 * j];
                    }
                    if (!unitDiagonal) {
                        int di = aBase + i * n + i;
                        double dr = a.reals[di * parts];
                        double dim = complex ? (conjugate ? -1 : 1) * a.reals[di * parts + 1] : 0;
                        double d = dr * dr + dim * dim;
                        double nr = (re * dr + im * dim) / d;
                        im = (im * dr - re * dim) / d;
                        re = nr;
                    }
                    y[2 * i] = re;
                    y[2 * i + 1] = im;
                    out.reals[bi * parts] = out.round(re);
                    if (complex) out.reals[bi * parts + 1] = out.round(im);
                }
            }
        }
        return out;
    }
}
