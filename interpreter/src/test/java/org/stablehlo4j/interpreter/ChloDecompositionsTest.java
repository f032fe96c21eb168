package org.stablehlo4j.interpreter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.run.ElementType;
import org.stablehlo4j.api.run.StableHloRunner;
import org.stablehlo4j.api.run.TensorValue;
import org.stablehlo4j.ir.ModuleOp;

/**
 * CHLO's special functions lowered by {@code --chlo-legalize-to-stablehlo} and interpreted: spot checks of the
 * decomposed programs against Java's own functions and the interpreter's reference {@link SpecialFunctions}.
 */
class ChloDecompositionsTest {
    private static final StableHloRunner RUNNER = StableHloRunner.create();

    /** Lowers {@code chlo.OP} on the arguments' type, checks no CHLO is left and interprets it. */
    private static TensorValue run(String op, String type, TensorValue... args) throws Exception {
        StringBuilder params = new StringBuilder();
        StringBuilder uses = new StringBuilder();
        StringBuilder types = new StringBuilder();
        for (int i = 0; i < args.length; i++) {
            String sep = i == 0 ? "" : ", ";
            params.append(sep).append("%a").append(i).append(": ").append(type);
            uses.append(sep).append("%a").append(i);
            types.append(sep).append(type);
        }
        String text = "func.func @main(" + params + ") -> " + type + " {\n  %r = \"chlo." + op + "\"(" + uses
                + ") : (" + types + ") -> " + type + "\n  return %r : " + type + "\n}\n";
        ModuleOp m = RUNNER.api().parse(text);
        RUNNER.api().runPasses(m, "chlo-legalize-to-stablehlo");
        assertFalse(RUNNER.api().print(m).contains("chlo."), RUNNER.api().print(m));
        List<TensorValue> out = RUNNER.run(m, args);
        return out.get(0);
    }

    private static final double[] POINTS = {-0.99, -0.7, -0.31, -1e-5, 0.0, 2e-8, 0.25, 0.5, 0.8, 0.999};
    private static final double[] WIDE = {-30.5, -7.25, -1.5, -0.75, 0.1, 0.5, 1.0, 2.5, 9.0, 44.0};

    /** Compares {@code op} on f64 {@code xs} with {@code reference}, within {@code rel} relative error. */
    private static void checkF64(String op, double[] xs, DoubleUnaryOperator reference, double rel) throws Exception {
        checkF64(op, xs, reference, rel, 1e-300);
    }

    /** As above, the error relative to {@code max(|reference|, floor)} (absolute near zeros of the function). */
    private static void checkF64(String op, double[] xs, DoubleUnaryOperator reference, double rel, double floor)
            throws Exception {
        TensorValue r = run(op, "tensor<" + xs.length + "xf64>", TensorValue.of(xs, xs.length));
        for (int i = 0; i < xs.length; i++) {
            double want = reference.applyAsDouble(xs[i]);
            double got = r.getDouble(i);
            assertEquals(want, got, rel * Math.max(Math.abs(want), floor), op + "(" + xs[i] + ")");
        }
    }

    @Test
    void erfOfOneHalf() throws Exception {
        TensorValue f64 = run("erf", "tensor<f64>", TensorValue.of(new double[] {0.5}));
        assertEquals(SpecialFunctions.erf(0.5), f64.getDouble(0), 1e-16);
        assertEquals(0.5204998778130465, f64.getDouble(0), 1e-16);
        TensorValue f32 = run("erf", "tensor<f32>", TensorValue.of(new float[] {0.5f}));
        assertEquals((float) SpecialFunctions.erf(0.5), f32.getDouble(0), 1e-7);
    }

    @Test
    void inverseTrigonometricAndHyperbolicFunctionsInF64() throws Exception {
        checkF64("asin", POINTS, Math::asin, 5e-16);
        checkF64("acos", POINTS, Math::acos, 5e-16);
        checkF64("atan", WIDE, Math::atan, 5e-16);
        checkF64("atanh", POINTS, x -> 0.5 * Math.log1p(2 * x / (1 - x)), 1e-15);
        checkF64("asinh", WIDE, x -> Math.copySign(Math.log(Math.abs(x) + Math.sqrt(x * x + 1)), x), 1e-15);
        checkF64("acosh", new double[] {1.0, 1.0001, 1.5, 3.0, 1e10, 1e300},
                x -> x > 1e150 ? Math.log(x) + Math.log(2) : Math.log(x + Math.sqrt(x * x - 1)), 1e-12);
        // e^(|x| + log(1/2)) rounds |x| + log(1/2) first: an error of about |x| ulps
        checkF64("cosh", WIDE, Math::cosh, 1e-14);
        checkF64("sinh", WIDE, Math::sinh, 1e-14);
        checkF64("sinh", new double[] {1e-9, -0.3, 0.99}, Math::sinh, 1e-15);
        checkF64("tan", POINTS, Math::tan, 5e-16);
    }

    @Test
    void domainEdges() throws Exception {
        TensorValue atanh = run("atanh", "tensor<3xf64>", TensorValue.of(new double[] {1.5, 1.0, -1.0}, 3));
        assertTrue(Double.isNaN(atanh.getDouble(0)));
        assertEquals(Double.POSITIVE_INFINITY, atanh.getDouble(1));
        assertEquals(Double.NEGATIVE_INFINITY, atanh.getDouble(2));
        TensorValue acosh = run("acosh", "tensor<2xf32>", TensorValue.of(new float[] {0.5f, Float.MAX_VALUE}, 2));
        assertTrue(Double.isNaN(acosh.getDouble(0)));
        assertEquals(Math.log(Float.MAX_VALUE) + Math.log(2), acosh.getDouble(1), 1e-5);
        TensorValue erfInv = run("erf_inv", "tensor<2xf64>", TensorValue.of(new double[] {1.0, -1.0}, 2));
        assertEquals(Double.POSITIVE_INFINITY, erfInv.getDouble(0));
        assertEquals(Double.NEGATIVE_INFINITY, erfInv.getDouble(1));
    }

    @Test
    void errorFunctions() throws Exception {
        double[] xs = {-6.0, -2.5, -1.0, -0.3, 0.0, 0.2, 0.9, 1.7, 4.0, 9.0};
        checkF64("erf", xs, SpecialFunctions::erf, 1e-14);
        checkF64("erfc", xs, SpecialFunctions::erfc, 1e-13);
        checkF64("erf_inv", POINTS, SpecialFunctions::erfInv, 1e-12);
        TensorValue tail = run("erf_inv", "tensor<f64>", TensorValue.of(new double[] {0.999}));
        assertEquals(2.3267537655135246, tail.getDouble(0), 5e-15); // erfinv(0.999), to 17 digits
        // f32 and f16 computed in f32: within f32 (resp. f16) rounding of the reference
        TensorValue f32 = run("erfc", "tensor<3xf32>", TensorValue.of(new float[] {-1.5f, 0.5f, 3.0f}, 3));
        assertEquals(SpecialFunctions.erfc(-1.5), f32.getDouble(0), 1e-6);
        assertEquals(SpecialFunctions.erfc(0.5), f32.getDouble(1), 1e-6);
        assertEquals(SpecialFunctions.erfc(3.0), f32.getDouble(2), 1e-9);
        TensorValue f16 = run("erf_inv", "tensor<2xf16>",
                TensorValue.of(ElementType.F16, new double[] {0.5, -0.875}, 2));
        assertEquals(SpecialFunctions.erfInv(0.5), f16.getDouble(0), 1e-3);
        assertEquals(SpecialFunctions.erfInv(-0.875), f16.getDouble(1), 2e-3);
    }

    @Test
    void gammaFunctions() throws Exception {
        double[] xs = {-2.5, -0.5, 0.3, 1.0, 2.0, 4.5, 10.0, 100.0};
        checkF64("lgamma", xs, SpecialFunctions::lgamma, 1e-13, 1);
        checkF64("digamma", xs, SpecialFunctions::digamma, 1e-12, 1);
        TensorValue poles = run("lgamma", "tensor<3xf64>",
                TensorValue.of(new double[] {-3.0, 0.0, Double.NEGATIVE_INFINITY}, 3));
        for (int i = 0; i < 3; i++) assertEquals(Double.POSITIVE_INFINITY, poles.getDouble(i), "lgamma pole " + i);
        TensorValue digammaPoles = run("digamma", "tensor<2xf64>", TensorValue.of(new double[] {0.0, -4.0}, 2));
        assertTrue(Double.isNaN(digammaPoles.getDouble(0)) && Double.isNaN(digammaPoles.getDouble(1)));
    }

    @Test
    void zetaAndPolygamma() throws Exception {
        double zeta3 = 1.2020569031595942;
        TensorValue zeta = run("zeta", "tensor<3xf64>", TensorValue.of(new double[] {2.0, 3.0, 1.0}, 3),
                TensorValue.of(new double[] {1.0, 2.0, 5.0}, 3));
        assertEquals(Math.PI * Math.PI / 6, zeta.getDouble(0), 1e-14);
        assertEquals(zeta3 - 1, zeta.getDouble(1), 1e-14);
        assertEquals(Double.POSITIVE_INFINITY, zeta.getDouble(2)); // the harmonic series
        TensorValue pg = run("polygamma", "tensor<4xf64>", TensorValue.of(new double[] {1.0, 2.0, 0.0, 1.5}, 4),
                TensorValue.of(new double[] {1.0, 1.0, 3.0, 2.0}, 4));
        assertEquals(Math.PI * Math.PI / 6, pg.getDouble(0), 1e-13);
        assertEquals(-2 * zeta3, pg.getDouble(1), 1e-13);
        assertEquals(SpecialFunctions.digamma(3.0), pg.getDouble(2), 1e-13);
        assertTrue(Double.isNaN(pg.getDouble(3)), "n must be natural");
        TensorValue f16 = run("polygamma", "tensor<f16>", TensorValue.of(ElementType.F16, new double[] {1.0}),
                TensorValue.of(ElementType.F16, new double[] {1.0}));
        assertEquals(Math.PI * Math.PI / 6, f16.getDouble(0), 2e-3);
    }

    @Test
    void besselI1e() throws Exception {
        checkF64("bessel_i1e", new double[] {-40.0, -3.0, -0.5, 0.0, 0.5, 7.9, 8.1, 35.0},
                SpecialFunctions::besselI1e, 1e-14);
        TensorValue bf16 = run("bessel_i1e", "tensor<bf16>", TensorValue.of(ElementType.BF16, new double[] {2.0}));
        assertEquals(SpecialFunctions.besselI1e(2.0), bf16.getDouble(0), 2e-3);
    }

    // ---- complex

    /** {@code a * b} on (re, im) pairs. */
    private static double[] mul(double[] a, double[] b) {
        return new double[] {a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]};
    }

    private static double[] add(double[] a, double[] b) {
        return new double[] {a[0] + b[0], a[1] + b[1]};
    }

    private static double[] sqrt(double[] a) {
        double m = Math.hypot(a[0], a[1]);
        return new double[] {Math.sqrt((m + a[0]) / 2), Math.copySign(Math.sqrt((m - a[0]) / 2), a[1])};
    }

    private static double[] log(double[] a) {
        return new double[] {Math.log(Math.hypot(a[0], a[1])), Math.atan2(a[1], a[0])};
    }

    /** {@code asinh(z) = log(z + sqrt(z^2 + 1))}, fine away from the branch cuts. */
    private static double[] asinh(double[] z) {
        return log(add(z, sqrt(add(mul(z, z), new double[] {1, 0}))));
    }

    /** {@code asin(z) = -i asinh(i z)}. */
    private static double[] asin(double[] z) {
        double[] w = asinh(new double[] {-z[1], z[0]});
        return new double[] {w[1], -w[0]};
    }

    /** {@code atanh(z) = (log(1 + z) - log(1 - z)) / 2}. */
    private static double[] atanh(double[] z) {
        double[] p = log(new double[] {1 + z[0], z[1]});
        double[] q = log(new double[] {1 - z[0], -z[1]});
        return new double[] {(p[0] - q[0]) / 2, (p[1] - q[1]) / 2};
    }

    @Test
    void complexInverseFunctions() throws Exception {
        // points where the textbook formulas of the reference lose no precision
        double[] zs = {0.3, 0.4, -1.7, 0.2, 2.5, -3.0, -0.1, -0.05, 4.0, 1.5};
        int n = zs.length / 2;
        String type = "tensor<" + n + "xcomplex<f64>>";
        TensorValue in = TensorValue.ofComplex(ElementType.COMPLEX128, zs, n);
        TensorValue asin = run("asin", type, in);
        TensorValue acos = run("acos", type, in);
        TensorValue asinh = run("asinh", type, in);
        TensorValue acosh = run("acosh", type, in);
        TensorValue atanh = run("atanh", type, in);
        TensorValue atan = run("atan", type, in);
        for (int i = 0; i < n; i++) {
            double[] z = {zs[2 * i], zs[2 * i + 1]};
            String at = "(" + z[0] + ", " + z[1] + ")";
            double[] s = asin(z);
            assertClose(s, asin, i, "asin" + at);
            assertClose(new double[] {Math.PI / 2 - s[0], -s[1]}, acos, i, "acos" + at);
            assertClose(asinh(z), asinh, i, "asinh" + at);
            // acosh(z) = +-i acos(z), the sign making the real part non-negative
            double[] ac = {Math.PI / 2 - s[0], -s[1]};
            double[] acoshWant = ac[1] <= 0 ? new double[] {-ac[1], ac[0]} : new double[] {ac[1], -ac[0]};
            assertClose(acoshWant, acosh, i, "acosh" + at);
            assertClose(atanh(z), atanh, i, "atanh" + at);
            double[] t = atanh(new double[] {-z[1], z[0]});
            assertClose(new double[] {t[1], -t[0]}, atan, i, "atan" + at);
        }
    }

    private static void assertClose(double[] want, TensorValue got, int i, String what) {
        double scale = Math.max(Math.hypot(want[0], want[1]), 1e-300);
        assertEquals(want[0], got.getReal(i), 1e-12 * scale, what + " re");
        assertEquals(want[1], got.getImaginary(i), 1e-12 * scale, what + " im");
    }

    @Test
    void complexHyperbolicFunctionsAndTan() throws Exception {
        double[] zs = {0.5, -1.25, -2.0, 0.75};
        TensorValue in = TensorValue.ofComplex(ElementType.COMPLEX64, zs, 2);
        TensorValue cosh = run("cosh", "tensor<2xcomplex<f32>>", in);
        TensorValue sinh = run("sinh", "tensor<2xcomplex<f32>>", in);
        TensorValue tan = run("tan", "tensor<2xcomplex<f32>>", in);
        for (int i = 0; i < 2; i++) {
            double x = zs[2 * i];
            double y = zs[2 * i + 1];
            assertClose32(new double[] {Math.cosh(x) * Math.cos(y), Math.sinh(x) * Math.sin(y)}, cosh, i, "cosh");
            assertClose32(new double[] {Math.sinh(x) * Math.cos(y), Math.cosh(x) * Math.sin(y)}, sinh, i, "sinh");
            double d = Math.cos(2 * x) + Math.cosh(2 * y);
            assertClose32(new double[] {Math.sin(2 * x) / d, Math.sinh(2 * y) / d}, tan, i, "tan");
        }
    }

    private static void assertClose32(double[] want, TensorValue got, int i, String what) {
        double scale = Math.hypot(want[0], want[1]);
        assertEquals(want[0], got.getReal(i), 1e-6 * scale, what + " re");
        assertEquals(want[1], got.getImaginary(i), 1e-6 * scale, what + " im");
    }
}
