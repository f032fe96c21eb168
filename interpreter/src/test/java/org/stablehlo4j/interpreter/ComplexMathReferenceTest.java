package org.stablehlo4j.interpreter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Our complex&lt;f64&gt; elementary functions against high-precision references, one test per function family, on
 * the grid {@code tests/math}'s complex128 files sample (every pair of +0, ±the smallest subnormal, ±1.3e-154,
 * ±1.5 and ±the two largest doubles; here with ±0.5 and ±2 added, and without the infinities, whose results are
 * set by definition rather than computed), which crosses every branch cut on its +0 side. Like that grid it leaves
 * out -0 (upstream's algorithms, which the decompositions follow, take a zero imaginary part on a cut as +0, where
 * C99 would honour its sign) and the branch points ±1, ±i with tiny offsets (where those algorithms flush parts
 * of size sqrt(tiny) to 0 or a logarithmic part to infinity: acos, acosh, asin, asinh at 1 + 5e-324i; atan, atanh
 * at 1 + 5e-324i; log1p at -1 + 5e-324i). The references are
 * Kahan's formulas for the inverse functions ("Branch Cuts for Complex Elementary Functions": sums of principal
 * square roots whose parts never cancel), and the definitions for the others, evaluated in {@link BigMath}. The
 * functions run as {@code tests/math} runs them: the inverse functions and square through their CHLO
 * decompositions, log, log1p, exp and sqrt through {@code --stablehlo-complex-math-expander}; both in the
 * interpreter. Bounds per part: 3 ulp (4 for sqrt), as {@code tests/math}.
 */
class ComplexMathReferenceTest {
    private static final StableHlo API = StableHlo.create();
    private static final BigMath M = new BigMath(100);
    /** For exp: sin and cos of arguments up to the largest double need pi to some 320 digits beyond them. */
    private static final BigMath WIDE = new BigMath(400);
    private static final BigDecimal ONE = BigDecimal.ONE;
    private static final BigDecimal TWO = BigDecimal.valueOf(2);

    /** A reference: the two parts of f(x + iy), or null where the point is not checked. */
    @FunctionalInterface
    interface Reference {
        BigDecimal[] at(double x, double y);
    }

    /** +0 and both signs of the magnitudes. */
    static double[] axis() {
        double[] magnitudes = {Double.MIN_VALUE, 1.3052096279600362e-154, 0.5, 1.5, 2,
            Math.nextDown(Double.MAX_VALUE), Double.MAX_VALUE};
        double[] out = new double[2 * magnitudes.length + 1];
        for (int i = 0; i < magnitudes.length; i++) {
            out[2 * i] = magnitudes[i];
            out[2 * i + 1] = -magnitudes[i];
        }
        return out;
    }

    static String run(String op, double[] pairs, String pipeline, double[][] out) throws Exception {
        int n = pairs.length / 2;
        String t = "tensor<" + n + "xcomplex<f64>>";
        ByteBuffer b = ByteBuffer.allocate(pairs.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : pairs) b.putDouble(v);
        String text = "func.func @main() -> " + t + " {\n"
                + "  %x = stablehlo.constant dense<\"0x" + HexFormat.of().withUpperCase().formatHex(b.array()) + "\"> : "
                + t + "\n  %0 = " + op.replace("T", t) + "\n  return %0 : " + t + "\n}\n";
        ModuleOp m = API.parse(text);
        if (pipeline != null) API.runPasses(m, pipeline);
        out[0] = ((Tensor) new Interpreter(m).run("main", List.of()).get(0)).toDoubles();
        return API.print(m);
    }

    static void check(String name, String op, String pipeline, Reference reference, long bound) throws Exception {
        double[] axis = axis();
        double[] pairs = new double[axis.length * axis.length * 2];
        int k = 0;
        for (double x : axis) {
            for (double y : axis) {
                pairs[k++] = x;
                pairs[k++] = y;
            }
        }
        double[][] ours = new double[1][];
        run(op, pairs, pipeline, ours);
        List<String> bad = new ArrayList<>();
        int checked = 0;
        for (int i = 0; i < pairs.length; i += 2) {
            BigDecimal[] ref = reference.at(pairs[i], pairs[i + 1]);
            if (ref == null) continue;
            checked++;
            double re = nearest(ref[0]);
            double im = nearest(ref[1]);
            long dRe = BigMath.ulpDistance(ours[0][i], re);
            long dIm = BigMath.ulpDistance(ours[0][i + 1], im);
            if (dRe > bound || dIm > bound) {
                bad.add(name + "(" + pairs[i] + ", " + pairs[i + 1] + ") = (" + ours[0][i] + ", " + ours[0][i + 1]
                        + "), reference (" + re + ", " + im + ") (" + dRe + ", " + dIm + " ulp)");
            }
        }
        assertTrue(checked > pairs.length / 4, "too few points checked");
        assertTrue(bad.isEmpty(), bad.size() + " of " + checked + " points over " + bound + " ulp:\n"
                + String.join("\n", bad));
    }

    // ---- complex helpers in BigDecimal

    private static double sign(double d) {
        return Math.copySign(1, d);
    }

    /** The principal square root of a + bi ({@code bSign}: the sign of a zero b), without cancellation. */
    static BigDecimal[] sqrt(BigDecimal a, BigDecimal b, double bSign) {
        if (a.signum() == 0 && b.signum() == 0) return new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO};
        BigDecimal r = M.sqrt(a.multiply(a).add(b.multiply(b)));
        if (a.signum() >= 0) {
            BigDecimal re = M.sqrt(r.add(a, M.mc).divide(TWO, M.mc));
            return new BigDecimal[] {re, b.divide(re.multiply(TWO), M.mc)};
        }
        BigDecimal imAbs = M.sqrt(r.subtract(a, M.mc).divide(TWO, M.mc));
        boolean negative = b.signum() < 0 || b.signum() == 0 && bSign < 0;
        return new BigDecimal[] {b.abs().divide(imAbs.multiply(TWO), M.mc), negative ? imAbs.negate() : imAbs};
    }

    // ---- references

    static BigDecimal[] log(double x, double y) {
        if (x == 0 && y == 0) return null;  // -inf + i arg: by definition
        BigDecimal modulus2 = big(x).multiply(big(x)).add(big(y).multiply(big(y)));
        return new BigDecimal[] {M.log(modulus2).divide(TWO, M.mc), M.atan2(big(y), sign(y), big(x), sign(x))};
    }

    static BigDecimal[] log1p(double x, double y) {
        BigDecimal a = ONE.add(big(x));
        // |1 + z|^2 - 1 = 2x + x^2 + y^2, exactly
        BigDecimal u = TWO.multiply(big(x)).add(big(x).multiply(big(x))).add(big(y).multiply(big(y)));
        if (u.compareTo(ONE.negate()) == 0) return null;  // z = -1
        return new BigDecimal[] {M.log1p(u).divide(TWO, M.mc), M.atan2(big(y), sign(y), a, 1)};
    }

    static BigDecimal[] exp(double x, double y) {
        if (x > 709.79) return null;  // overflows: infinities by definition
        if (x < -800) return new BigDecimal[] {BigDecimal.ZERO, BigDecimal.ZERO};
        BigDecimal m = WIDE.exp(big(x));
        BigDecimal[] sc = WIDE.sinCos(big(y));
        return new BigDecimal[] {m.multiply(sc[1], WIDE.mc), m.multiply(sc[0], WIDE.mc)};
    }

    static BigDecimal[] sqrt(double x, double y) {
        return sqrt(big(x), big(y), sign(y));
    }

    static BigDecimal[] square(double x, double y) {
        return new BigDecimal[] {big(x).multiply(big(x)).subtract(big(y).multiply(big(y))),
            TWO.multiply(big(x)).multiply(big(y))};
    }

    /** asin z = atan2(x, Re(s1 s2)) + i asinh(Im(conj(s1) s2)), s1 = sqrt(1 - z), s2 = sqrt(1 + z). */
    static BigDecimal[] asin(double x, double y) {
        BigDecimal[] s1 = sqrt(ONE.subtract(big(x)), big(-y), sign(-y));
        BigDecimal[] s2 = sqrt(ONE.add(big(x)), big(y), sign(y));
        BigDecimal re = s1[0].multiply(s2[0], M.mc).subtract(s1[1].multiply(s2[1], M.mc), M.mc);
        BigDecimal im = s1[0].multiply(s2[1], M.mc).subtract(s1[1].multiply(s2[0], M.mc), M.mc);
        return new BigDecimal[] {M.atan2(big(x), sign(x), re, 1), M.asinh(im)};
    }

    /** acos z = 2 atan2(Re s1, Re s2) + i asinh(Im(conj(s2) s1)), s1 = sqrt(1 - z), s2 = sqrt(1 + z). */
    static BigDecimal[] acos(double x, double y) {
        BigDecimal[] s1 = sqrt(ONE.subtract(big(x)), big(-y), sign(-y));
        BigDecimal[] s2 = sqrt(ONE.add(big(x)), big(y), sign(y));
        BigDecimal im = s2[0].multiply(s1[1], M.mc).subtract(s2[1].multiply(s1[0], M.mc), M.mc);
        return new BigDecimal[] {M.atan2(s1[0], 1, s2[0], 1).multiply(TWO, M.mc), M.asinh(im)};
    }

    /** acosh z = asinh(Re(conj(t1) t2)) + 2i atan2(Im t1, Re t2), t1 = sqrt(z - 1), t2 = sqrt(z + 1). */
    static BigDecimal[] acosh(double x, double y) {
        BigDecimal[] t1 = sqrt(big(x).subtract(ONE), big(y), sign(y));
        BigDecimal[] t2 = sqrt(big(x).add(ONE), big(y), sign(y));
        BigDecimal re = t1[0].multiply(t2[0], M.mc).add(t1[1].multiply(t2[1], M.mc), M.mc);
        return new BigDecimal[] {M.asinh(re), M.atan2(t1[1], sign(y), t2[0], 1).multiply(TWO, M.mc)};
    }

    /** asinh z = -i asin(iz). */
    static BigDecimal[] asinh(double x, double y) {
        BigDecimal[] a = asin(-y, x);
        return new BigDecimal[] {a[1], a[0].negate()};
    }

    /**
     * atanh z = (log1p(z) - log1p(-z)) / 2: the real part log1p(4x / ((1 - x)^2 + y^2)) / 4, the imaginary part
     * (atan2(y, 1 + x) + atan2(y, 1 - x)) / 2.
     */
    static BigDecimal[] atanh(double x, double y) {
        BigDecimal oneMinusX = ONE.subtract(big(x));
        BigDecimal d = oneMinusX.multiply(oneMinusX).add(big(y).multiply(big(y)));
        if (d.signum() == 0) return null;  // z = 1: infinite
        BigDecimal u = BigDecimal.valueOf(4).multiply(big(x)).divide(d, M.mc);
        if (u.compareTo(ONE.negate()) == 0) return null;  // z = -1
        BigDecimal re = M.log1p(u).divide(BigDecimal.valueOf(4), M.mc);
        BigDecimal im = M.atan2(big(y), sign(y), ONE.add(big(x)), 1)
                .add(M.atan2(big(y), sign(y), oneMinusX, 1), M.mc).divide(TWO, M.mc);
        return new BigDecimal[] {re, im};
    }

    /** atan z = -i atanh(iz). */
    static BigDecimal[] atan(double x, double y) {
        BigDecimal[] a = atanh(-y, x);
        return a == null ? null : new BigDecimal[] {a[1], a[0].negate()};
    }

    private static final String EXPANDER = "builtin.module(func.func(stablehlo-complex-math-expander))";

    @Test
    void acos() throws Exception {
        check("acos", "chlo.acos %x : T -> T", null, ComplexMathReferenceTest::acos, 3);
    }

    @Test
    void asin() throws Exception {
        check("asin", "chlo.asin %x : T -> T", null, ComplexMathReferenceTest::asin, 3);
    }

    @Test
    void atan() throws Exception {
        check("atan", "chlo.atan %x : T -> T", null, ComplexMathReferenceTest::atan, 3);
    }

    @Test
    void acosh() throws Exception {
        check("acosh", "chlo.acosh %x : T -> T", null, ComplexMathReferenceTest::acosh, 3);
    }

    @Test
    void asinh() throws Exception {
        check("asinh", "chlo.asinh %x : T -> T", null, ComplexMathReferenceTest::asinh, 3);
    }

    @Test
    void atanh() throws Exception {
        check("atanh", "chlo.atanh %x : T -> T", null, ComplexMathReferenceTest::atanh, 3);
    }

    @Test
    void log() throws Exception {
        check("log", "stablehlo.log %x : T", EXPANDER, ComplexMathReferenceTest::log, 3);
    }

    @Test
    void log1p() throws Exception {
        check("log1p", "stablehlo.log_plus_one %x : T", EXPANDER, ComplexMathReferenceTest::log1p, 3);
    }

    @Test
    void exp() throws Exception {
        check("exp", "stablehlo.exponential %x : T", EXPANDER, ComplexMathReferenceTest::exp, 3);
    }

    @Test
    void sqrt() throws Exception {
        check("sqrt", "stablehlo.sqrt %x : T", EXPANDER, ComplexMathReferenceTest::sqrt, 4);
    }

    @Test
    void square() throws Exception {
        check("square", "chlo.square %x : T -> T", null, ComplexMathReferenceTest::square, 3);
    }

    /** The check fails for a function the reference does not compute (acos against asin's reference). */
    @Test
    void checkCatchesAWrongFunction() {
        assertThrows(AssertionFailedError.class,
                () -> check("asin", "chlo.acos %x : T -> T", null, ComplexMathReferenceTest::asin, 3));
    }

    private static double[] at(Reference f, double x, double y) {
        BigDecimal[] r = f.at(x, y);
        return new double[] {nearest(r[0]), nearest(r[1])};
    }

    /**
     * The references at known values (nearest doubles of the exact values, checked with mpmath at 60 digits),
     * including both sides of the branch cuts.
     */
    @Test
    void referencesAtKnownValues() {
        double halfPi = Math.PI / 2;
        // acos(2 + 0i) = -i acosh(2), acos(2 - 0i) = +i acosh(2); acosh(2) = ln(2 + sqrt 3)
        assertArrayEquals(new double[] {0, -1.3169578969248168}, at(ComplexMathReferenceTest::acos, 2, 0));
        assertArrayEquals(new double[] {0, 1.3169578969248168}, at(ComplexMathReferenceTest::acos, 2, -0.0));
        assertArrayEquals(new double[] {halfPi, 1.3169578969248168}, at(ComplexMathReferenceTest::asin, 2, 0));
        assertArrayEquals(new double[] {halfPi, -0.881373587019543}, at(ComplexMathReferenceTest::acos, 0, 1));
        assertArrayEquals(new double[] {1.3169578969248168, Math.PI}, at(ComplexMathReferenceTest::acosh, -2, 0));
        assertArrayEquals(new double[] {1.3169578969248168, -Math.PI},
                at(ComplexMathReferenceTest::acosh, -2, -0.0));
        assertArrayEquals(new double[] {0.881373587019543, 0}, at(ComplexMathReferenceTest::asinh, 1, 0));
        // atanh(2 + 0i) = ln(3)/2 + i pi/2; atan(i/2) = i atanh(1/2)
        assertArrayEquals(new double[] {0.5493061443340549, halfPi}, at(ComplexMathReferenceTest::atanh, 2, 0));
        assertArrayEquals(new double[] {0, 0.5493061443340549}, at(ComplexMathReferenceTest::atan, 0, 0.5));
        assertArrayEquals(new double[] {0.34657359027997264, Math.PI / 4}, at(ComplexMathReferenceTest::log, 1, 1));
        assertArrayEquals(new double[] {0, -Math.PI}, at(ComplexMathReferenceTest::log, -1, -0.0));
        assertArrayEquals(new double[] {1e-300, 1e-300}, at(ComplexMathReferenceTest::log1p, 1e-300, 1e-300));
        assertArrayEquals(new double[] {-1, 1.2246467991473532e-16}, at(ComplexMathReferenceTest::exp, 0, Math.PI));
        assertArrayEquals(new double[] {0, -1}, at(ComplexMathReferenceTest::sqrt, -1, -0.0));
        assertArrayEquals(new double[] {1.09868411346781, 0.45508986056222733},
                at(ComplexMathReferenceTest::sqrt, 1, 1));
    }
}
