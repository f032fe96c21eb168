package org.stablehlo4j.interpreter;

import org.stablehlo4j.interpreter.Tensor.Kind;

/**
 * The check dialect's semantics ({@code check.expect_*} ops and {@code stablehlo.custom_call @check.expect_*}):
 * each check throws {@link InterpreterException} describing the first (or every) mismatch.
 */
final class Checks {
    private Checks() {}

    /**
     * Exact element equality. Floats compare as values (0.0 equals -0.0), except that a NaN matches a NaN: the
     * expected outputs of upstream's testdata hold NaNs where a result is NaN (upstream compares with IEEE
     * {@code !=}, which reports {@code 0x7FC00000 (actual) vs 0x7FC00000 (expected)} as a mismatch).
     */
    static void expectEq(Tensor actual, Tensor expected) {
        sameShape(actual, expected);
        for (int i = 0; i < actual.size; i++) {
            boolean eq;
            if (actual.ints != null) eq = actual.ints[i] == expected.ints[i];
            else if (actual.kind == Kind.COMPLEX) {
                eq = sameValue(actual.reals[2 * i], expected.reals[2 * i])
                        && sameValue(actual.reals[2 * i + 1], expected.reals[2 * i + 1]);
            } else eq = sameValue(actual.reals[i], expected.reals[i]);
            if (!eq) {
                throw new InterpreterException("Element values don't match: " + actual.elementText(i)
                        + " (actual) vs " + expected.elementText(i) + " (expected) at index " + indexText(actual, i));
            }
        }
    }

    /** Equal as values, or both NaN. */
    static boolean sameValue(double a, double b) {
        return a == b || (Double.isNaN(a) && Double.isNaN(b));
    }

    /** Equality within an absolute tolerance (integers compare exactly). */
    static void expectAlmostEq(Tensor actual, Tensor expected, double tolerance) {
        sameShape(actual, expected);
        if (actual.ints != null) {
            expectEq(actual, expected);
            return;
        }
        int parts = actual.kind == Kind.COMPLEX ? 2 : 1;
        for (int i = 0; i < actual.size; i++) {
            for (int p = 0; p < parts; p++) {
                if (!almostEqual(actual.reals[i * parts + p], expected.reals[i * parts + p], tolerance)) {
                    throw new InterpreterException("Element values don't match with tolerance " + tolerance + ": "
                            + actual.elementText(i) + " (actual) vs " + expected.elementText(i)
                            + " (expected) at index " + indexText(actual, i));
                }
            }
        }
    }

    /**
     * Approximate equality: equal values, two NaNs, or two finite values (at least one non-zero when the other is
     * zero) whose difference is within {@code tolerance}.
     */
    static boolean almostEqual(double f, double g, double tolerance) {
        if (f == g) return true;
        if (Double.isNaN(f) || Double.isNaN(g)) return Double.isNaN(f) == Double.isNaN(g);
        if (!Double.isFinite(f) || !Double.isFinite(g)) return false;
        return Math.abs(f - g) <= tolerance;
    }

    /**
     * ULP distance between two values of the tensor's float format (as their bit patterns), an unsigned 64-bit
     * number as upstream's {@code uint64_t}: a finite and a non-finite value (or two different infinities) are the
     * largest distance, {@code 2^64 - 1}, which is {@code -1L} here.
     */
    static long ulpDifference(Tensor t, double f, double g) {
        long bf = Tensor.doubleToBits(t.floatKind, f);
        long bg = Tensor.doubleToBits(t.floatKind, g);
        if (bf == bg) return 0;
        boolean finite = Double.isFinite(f) && Double.isFinite(g);
        if (finite) {
            long a = Tensor.doubleToBits(t.floatKind, Math.abs(f));
            long b = Tensor.doubleToBits(t.floatKind, Math.abs(g));
            boolean negF = signBit(f);
            boolean negG = signBit(g);
            if (negF != negG) return a + b;
            return Math.abs(a - b);
        }
        if (Double.isNaN(f) && Double.isNaN(g)) return 0;
        return -1L;
    }

    private static boolean signBit(double v) {
        return Double.doubleToRawLongBits(v) < 0;
    }

    /**
     * ULP-distance closeness: every element's distance must lie in [minUlp, maxUlp]; distances and bounds are
     * unsigned 64-bit numbers (a bound written {@code 18446744073709551615} reads as {@code -1L}).
     */
    static void expectClose(Tensor actual, Tensor expected, long minUlp, long maxUlp) {
        sameShape(actual, expected);
        if (actual.ints != null) throw new InterpreterException("Unsupported element type: " + actual.type.elementType());
        int parts = actual.kind == Kind.COMPLEX ? 2 : 1;
        StringBuilder mismatches = new StringBuilder();
        int[] counts = new int[5];
        for (int i = 0; i < actual.size; i++) {
            long d = 0;
            for (int p = 0; p < parts; p++) {
                long e = ulpDifference(actual, actual.reals[i * parts + p], expected.reals[i * parts + p]);
                if (Long.compareUnsigned(e, d) > 0) d = e;
            }
            if (Long.compareUnsigned(d, maxUlp) > 0 || Long.compareUnsigned(d, minUlp) < 0) {
                mismatches.append("\n  index=").append(indexText(actual, i)).append(", actual=")
                        .append(actual.elementText(i)).append(", expected=").append(expected.elementText(i))
                        .append(", ULP difference=").append(Long.toUnsignedString(d));
            }
            counts[Long.compareUnsigned(d, 4) < 0 ? (int) d : 4]++;
        }
        if (mismatches.length() > 0) {
            for (int i = 0; i < 5; i++) {
                mismatches.append("\nULP difference").append(i == 4 ? " >= " : " == ").append(i)
                        .append(" count is ").append(counts[i]);
            }
            throw new InterpreterException("Elements values don't match with respect to maximal ULP difference="
                    + Long.toUnsignedString(maxUlp) + " limit:" + mismatches);
        }
    }

    private static void sameShape(Tensor a, Tensor b) {
        if (a.size != b.size || a.kind != b.kind) {
            throw new InterpreterException("check operands differ in type: " + a.type + " vs " + b.type);
        }
    }

    static String indexText(Tensor t, int flat) {
        StringBuilder sb = new StringBuilder("[");
        int[] st = Tensor.strides(t.shape);
        for (int d = 0; d < t.rank(); d++) {
            if (d > 0) sb.append(", ");
            sb.append((flat / st[d]) % t.shape[d]);
        }
        return sb.append(']').toString();
    }
}
