package org.stablehlo4j.interpreter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stablehlo4j.interpreter.BigMath.big;
import static org.stablehlo4j.interpreter.BigMath.nearest;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.function.DoubleUnaryOperator;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Our f64 elementary functions against high-precision references ({@link BigMath}), one test per function family,
 * at the points {@code tests/math} samples: zero, the smallest subnormal and the smallest normal, a geometric sweep
 * from the subnormals to the largest double, the neighbours of 1 and -1, the overflow and underflow limits of
 * exp, the largest doubles, infinities, and points outside the domain (which must give NaN). The inverse
 * trigonometric and hyperbolic functions and square run as {@code tests/math} runs them: their CHLO decompositions
 * in the interpreter (erf too); log, log1p, exp and sqrt are the interpreter's own kernels. The bounds are those of
 * {@code tests/math}'s float64 files (3 ulp; 4 for sqrt).
 */
class RealMathReferenceTest {
    private static final StableHlo API = StableHlo.create();
    private static final BigMath M = new BigMath(60);
    private static final BigDecimal ONE = BigDecimal.ONE;

    /** The sample points, both signs, sorted and without duplicates. */
    static double[] samples() {
        TreeSet<Double> s = new TreeSet<>();
        double[] specials = {0, Double.MIN_VALUE, Double.MIN_NORMAL, 1.5 * Double.MIN_NORMAL, 1e-300, 1e-100, 1e-20,
            0x1p-60, 1e-15, 0x1p-27, 1e-8, 1e-4, 0.1, 0.4999999999999999, 0.5, 0.75, 0.9, 0.99, 0.9999999999999999,
            1, 1.0000000000000002, 1.01, 1.5, 2, Math.E, 10, 100, 1e4, 0x1p27, 1e8, 1e15, 0x1p60, 1e100, 1e200, 1e300,
            709.782712893384, 709.7827128933841, 710, 745.1332191019411, 745.1332191019412, 750,
            Math.nextDown(Double.MAX_VALUE), Double.MAX_VALUE, Double.POSITIVE_INFINITY};
        for (double d : specials) {
            s.add(d);
            s.add(-d);
        }
        // a geometric sweep over the whole range, subnormals included
        for (int e = -1074; e <= 1023; e += 37) {
            double d = Math.scalb(1.3710678118654752, e);
            s.add(d);
            s.add(-d);
        }
        s.remove(-0.0);
        double[] out = new double[s.size()];
        int i = 0;
        for (double d : s) out[i++] = d;
        return out;
    }

    /** The hex form of an f64 dense attribute. */
    static String hex(double[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : values) b.putDouble(v);
        return "\"0x" + HexFormat.of().withUpperCase().formatHex(b.array()) + "\"";
    }

    /** Runs {@code op} (its assembly with {@code %x} the input and {@code T} the type) on the samples. */
    static double[] run(String op, double[] xs, String pipeline) throws Exception {
        String t = "tensor<" + xs.length + "xf64>";
        String text = "func.func @main() -> " + t + " {\n"
                + "  %x = stablehlo.constant dense<" + hex(xs) + "> : " + t + "\n"
                + "  %0 = " + op.replace("T", t) + "\n"
                + "  return %0 : " + t + "\n}\n";
        ModuleOp m = API.parse(text);
        if (pipeline != null) API.runPasses(m, pipeline);
        return ((Tensor) new Interpreter(m).run("main", List.of()).get(0)).toDoubles();
    }

    /** Asserts that {@code ours} is within {@code bound} ulp of {@code reference} at every sample. */
    static void check(String name, String op, DoubleUnaryOperator reference, long bound) throws Exception {
        double[] xs = samples();
        double[] ours = run(op, xs, null);
        List<String> bad = new ArrayList<>();
        long worst = 0;
        for (int i = 0; i < xs.length; i++) {
            double expected = reference.applyAsDouble(xs[i]);
            long d = BigMath.ulpDistance(ours[i], expected);
            worst = Math.max(worst, d);
            if (d > bound) bad.add(name + "(" + xs[i] + ") = " + ours[i] + ", reference " + expected + " (" + d + " ulp)");
        }
        assertTrue(bad.isEmpty(), bad.size() + " of " + xs.length + " points over " + bound + " ulp:\n"
                + String.join("\n", bad));
        assertTrue(worst <= bound);
    }

    // ---- the references (special values by definition, the rest in BigDecimal)

    static double acos(double x) {
        if (Double.isNaN(x) || Math.abs(x) > 1) return Double.NaN;
        if (x == -1) return nearest(M.pi());
        // 2 atan(sqrt((1 - x) / (1 + x))): 1 - x and 1 + x are exact
        BigDecimal q = ONE.subtract(big(x)).divide(ONE.add(big(x)), M.mc);
        return nearest(M.atan(M.sqrt(q)).multiply(BigDecimal.valueOf(2), M.mc));
    }

    static double asin(double x) {
        if (Double.isNaN(x) || Math.abs(x) > 1) return Double.NaN;
        if (Math.abs(x) == 1) return Math.copySign(nearest(M.pi().divide(BigDecimal.valueOf(2), M.mc)), x);
        BigDecimal oneMinusX2 = ONE.subtract(big(x)).multiply(ONE.add(big(x)));
        return x == 0 ? x : nearest(M.atan(big(x).divide(M.sqrt(oneMinusX2), M.mc)));
    }

    static double atan(double x) {
        if (Double.isNaN(x)) return x;
        if (Double.isInfinite(x)) return Math.copySign(nearest(M.pi().divide(BigDecimal.valueOf(2), M.mc)), x);
        return x == 0 ? x : nearest(M.atan(big(x)));
    }

    static double acosh(double x) {
        if (Double.isNaN(x) || x < 1) return Double.NaN;
        if (x == Double.POSITIVE_INFINITY) return x;
        // log1p((x - 1) + sqrt((x - 1)(x + 1)))
        BigDecimal xm1 = big(x).subtract(ONE);
        return nearest(M.log1p(xm1.add(M.sqrt(xm1.multiply(big(x).add(ONE))), M.mc)));
    }

    static double asinh(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x) || x == 0) return x;
        return nearest(M.asinh(big(x)));
    }

    static double atanh(double x) {
        if (Double.isNaN(x) || Math.abs(x) > 1) return Double.NaN;
        if (Math.abs(x) == 1) return Math.copySign(Double.POSITIVE_INFINITY, x);
        if (x == 0) return x;
        if (Math.abs(x) < 0.25) return nearest(M.atanhSeries(big(x)));
        // log((1 + x) / (1 - x)) / 2
        BigDecimal q = ONE.add(big(x)).divide(ONE.subtract(big(x)), M.mc);
        return nearest(M.log(q).divide(BigDecimal.valueOf(2), M.mc));
    }

    static double log(double x) {
        if (Double.isNaN(x) || x < 0) return Double.NaN;
        if (x == 0) return Double.NEGATIVE_INFINITY;
        if (Double.isInfinite(x)) return x;
        return nearest(M.log(big(x)));
    }

    static double log1p(double x) {
        if (Double.isNaN(x) || x < -1) return Double.NaN;
        if (x == -1) return Double.NEGATIVE_INFINITY;
        if (Double.isInfinite(x) || x == 0) return x;
        return nearest(M.log1p(big(x)));
    }

    static double exp(double x) {
        if (Double.isNaN(x)) return x;
        if (x == Double.POSITIVE_INFINITY) return x;
        if (x == Double.NEGATIVE_INFINITY || x < -800) return 0;
        if (x > 800) return Double.POSITIVE_INFINITY;
        return nearest(M.exp(big(x)));
    }

    static double sqrt(double x) {
        if (Double.isNaN(x) || x < 0) return Double.NaN;
        if (Double.isInfinite(x) || x == 0) return x;
        return nearest(M.sqrt(big(x)));
    }

    static double square(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) return x * x;
        return nearest(big(x).multiply(big(x)));
    }

    /** erf: its series at 120 digits for |x| &lt; 6; beyond, erfc(x) &lt; 2.2e-17 and erf rounds to +-1. */
    static double erf(double x) {
        if (Double.isNaN(x) || x == 0) return x;
        if (Math.abs(x) >= 6) return Math.copySign(1, x);
        return nearest(ERF.erf(big(x)));
    }

    private static final BigMath ERF = new BigMath(120);

    // ---- one test per family

    @Test
    void acos() throws Exception {
        check("acos", "chlo.acos %x : T -> T", RealMathReferenceTest::acos, 3);
    }

    @Test
    void asin() throws Exception {
        check("asin", "chlo.asin %x : T -> T", RealMathReferenceTest::asin, 3);
    }

    @Test
    void atan() throws Exception {
        check("atan", "chlo.atan %x : T -> T", RealMathReferenceTest::atan, 3);
    }

    @Test
    void acosh() throws Exception {
        check("acosh", "chlo.acosh %x : T -> T", RealMathReferenceTest::acosh, 3);
    }

    @Test
    void asinh() throws Exception {
        check("asinh", "chlo.asinh %x : T -> T", RealMathReferenceTest::asinh, 3);
    }

    @Test
    void atanh() throws Exception {
        check("atanh", "chlo.atanh %x : T -> T", RealMathReferenceTest::atanh, 3);
    }

    @Test
    void log() throws Exception {
        check("log", "stablehlo.log %x : T", RealMathReferenceTest::log, 3);
    }

    @Test
    void log1p() throws Exception {
        check("log1p", "stablehlo.log_plus_one %x : T", RealMathReferenceTest::log1p, 3);
    }

    @Test
    void exp() throws Exception {
        check("exp", "stablehlo.exponential %x : T", RealMathReferenceTest::exp, 3);
    }

    @Test
    void sqrt() throws Exception {
        check("sqrt", "stablehlo.sqrt %x : T", RealMathReferenceTest::sqrt, 4);
    }

    @Test
    void square() throws Exception {
        check("square", "chlo.square %x : T -> T", RealMathReferenceTest::square, 3);
    }

    /**
     * erf (CHLO's own decomposition, not a kernel). cosh and sinh are not here: upstream's decomposition
     * computes e^(x + log(1/2)), which near the overflow limit is hundreds of ulp off (355 at x = 709.78) by design.
     */
    @Test
    void erf() throws Exception {
        check("erf", "chlo.erf %x : T -> T", RealMathReferenceTest::erf, 3);
    }

    /** The check fails on a function that is not the one the reference computes (it can fail). */
    @Test
    void checkCatchesAWrongFunction() {
        assertThrows(org.opentest4j.AssertionFailedError.class,
                () -> check("acos", "chlo.asin %x : T -> T", RealMathReferenceTest::acos, 3));
        // log1p differs from log(1 + x) near 0 by far more than 3 ulp
        assertThrows(org.opentest4j.AssertionFailedError.class, () -> check("log1p",
                "stablehlo.log %x : T", x -> log1p(x - 1), 3));
    }

    /**
     * The references themselves at known values (the doubles nearest the exact values, checked with mpmath at 60
     * digits), so that a wrong reference cannot pass the tests above.
     */
    @Test
    void referencesAtKnownValues() {
        assertEquals(1.0471975511965979, acos(0.5));
        assertEquals(Math.PI, acos(-1));
        assertEquals(0, acos(1));
        assertEquals(0.5235987755982989, asin(0.5));
        assertEquals(Math.PI / 2, asin(1));
        assertEquals(Math.PI / 4, atan(1));
        assertEquals(Math.PI / 2, atan(Double.POSITIVE_INFINITY));
        assertEquals(0, acosh(1));
        assertEquals(1.3169578969248168, acosh(2)); // ln(2 + sqrt 3) = 1.31695789692481670862...; libm gives ...166
        assertEquals(0.881373587019543, asinh(1));
        assertEquals(1e-300, asinh(1e-300));
        assertEquals(0.5493061443340549, atanh(0.5)); // ln(3)/2 = 0.549306144334054845697...; libm gives ...548
        assertEquals(1e-300, atanh(1e-300));
        assertEquals(1, log(Math.E));
        assertEquals(0.6931471805599453, log(2));
        assertEquals(-744.4400719213812, log(0x1p-1074));
        assertEquals(1e-300, log1p(1e-300));
        assertEquals(0.6931471805599453, log1p(1));
        assertEquals(Math.E, exp(1));
        assertEquals(0, exp(-745.1332191019412));
        assertEquals(1.7976931348622732e308, exp(709.782712893384));
        assertEquals(1.4142135623730951, sqrt(2));
        assertEquals(2.2227587494850775e-162, sqrt(Double.MIN_VALUE));
        assertEquals(0.8427007929497149, erf(1));
        assertEquals(1.1283791670955126e-300, erf(1e-300));
        assertEquals(9, square(3));
        assertEquals(Double.POSITIVE_INFINITY, square(1e200));
    }
}
