package org.stablehlo4j.interpreter;

import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.testing.TestContexts;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Helpers of the GPU/TPU custom-call tests: run a module's {@code main} on tensors, read results back, and check
 * them with plain dense linear algebra written here (row-major doubles; complex as separate re/im arrays).
 */
final class CustomCallTesting {
    private CustomCallTesting() {}

    static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("test.mlir", 1, false));
    }

    /** Runs {@code main} of {@code text} on {@code args}. */
    static List<Object> run(String text, Object... args) throws DiagnosticException {
        return new Interpreter(parse(text)).run("main", List.of(args));
    }

    /** The first diagnostic's message when running {@code text} (which must fail) through the driver. */
    static String failure(String text) {
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> InterpreterDriver.interpret(TestContexts.standard(), parse(text), "", null, false));
        return e.diagnostics().get(0).message();
    }

    /**
     * Running {@code text} fails with a message containing {@code expected}: through the driver (a diagnostic) when
     * {@code main} takes no arguments, else with an {@link InterpreterException} from the interpreter.
     */
    static void assertFailsWith(String text, String expected, Object... args) {
        String msg = args.length == 0 ? failure(text)
                : assertThrows(InterpreterException.class, () -> run(text, args)).getMessage();
        assertTrue(msg.contains(expected), msg);
    }

    static RankedTensorType type(Type element, long... shape) {
        return new RankedTensorType(shape, element);
    }

    static Tensor tensor(Type element, long[] shape, double... values) {
        return Tensor.ofDoubles(type(element, shape), values);
    }

    static Tensor f64(long[] shape, double... values) {
        return tensor(FloatType.F64, shape, values);
    }

    static Tensor c128(long[] shape, double... interleaved) {
        return tensor(new ComplexType(FloatType.F64), shape, interleaved);
    }

    static double[] random(long seed, int n) {
        Random r = new Random(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = Math.round(r.nextGaussian() * 1000) / 1000.0;
        return v;
    }

    static double[] values(Object v) {
        return ((Tensor) v).toDoubles();
    }

    static long[] ints(Object v) {
        return ((Tensor) v).ints.clone();
    }

    /** Matrix {@code b} (rows x cols) of a batch stored row-major, as a double[rows][cols] (real parts). */
    static double[][] matrix(double[] data, int b, int rows, int cols) {
        double[][] m = new double[rows][cols];
        for (int i = 0; i < rows; i++) System.arraycopy(data, b * rows * cols + i * cols, m[i], 0, cols);
        return m;
    }

    static double[][] multiply(double[][] a, double[][] b) {
        double[][] c = new double[a.length][b[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int k = 0; k < b.length; k++) {
                for (int j = 0; j < b[0].length; j++) c[i][j] += a[i][k] * b[k][j];
            }
        }
        return c;
    }

    static double[][] transpose(double[][] a) {
        double[][] t = new double[a[0].length][a.length];
        for (int i = 0; i < a.length; i++) for (int j = 0; j < a[0].length; j++) t[j][i] = a[i][j];
        return t;
    }

    static double[][] identity(int n) {
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) m[i][i] = 1;
        return m;
    }

    static void assertClose(double[][] expected, double[][] actual, double tol, String what) {
        assertEquals(expected.length, actual.length, what + ": rows");
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i].length, actual[i].length, what + ": cols");
            for (int j = 0; j < expected[i].length; j++) {
                assertEquals(expected[i][j], actual[i][j], tol, what + " at (" + i + ", " + j + ")");
            }
        }
    }

    /** The columns of q are orthonormal. */
    static void assertOrthonormalColumns(double[][] q, double tol) {
        assertClose(identity(q[0].length), multiply(transpose(q), q), tol, "Q^T Q");
    }
}
