package org.stablehlo4j.interpreter;

/**
 * Reference values of CHLO's special functions for the tests of their decompositions, in double precision:
 * log-gamma (Lanczos approximation with reflection), digamma (recurrence plus asymptotic series), erf/erfc (power
 * series near zero, continued fraction in the tails), erf_inv (initial guess refined by Newton steps) and the
 * exponentially scaled modified Bessel function i1e (power series, asymptotic expansion for large arguments).
 */
final class SpecialFunctions {
    private SpecialFunctions() {}

    private static final double LANCZOS_G = 7;
    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7};

    static double lgamma(double x) {
        if (Double.isNaN(x)) return x;
        if (Double.isInfinite(x)) return Double.POSITIVE_INFINITY;
        if (x <= 0 && x == Math.floor(x)) return Double.POSITIVE_INFINITY;
        if (x < 0.5) {
            double s = Math.sin(Math.PI * x);
            return Math.log(Math.PI / Math.abs(s)) - lgamma(1 - x);
        }
        if (x > 1e7) return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * x);
        double z = x - 1;
        double a = LANCZOS[0];
        double t = z + LANCZOS_G + 0.5;
        for (int i = 1; i < LANCZOS.length; i++) a += LANCZOS[i] / (z + i);
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
    }

    static double digamma(double x) {
        if (Double.isNaN(x) || x == Double.NEGATIVE_INFINITY) return Double.NaN;
        if (x == Double.POSITIVE_INFINITY) return x;
        if (x <= 0 && x == Math.floor(x)) return Double.NaN;
        if (x < 0) return digamma(1 - x) - Math.PI / Math.tan(Math.PI * x);
        double r = 0;
        while (x < 12) {
            r -= 1 / x;
            x += 1;
        }
        double f = 1 / (x * x);
        double series = f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 - f / 132))));
        return r + Math.log(x) - 0.5 / x - series;
    }

    static double erf(double x) {
        if (Double.isNaN(x)) return x;
        if (Math.abs(x) > 2.5) return Math.copySign(1 - erfcTail(Math.abs(x)), x);
        double sum = x;
        double term = x;
        double x2 = x * x;
        for (int n = 1; n < 200; n++) {
            term *= -x2 / n;
            double add = term / (2 * n + 1);
            sum += add;
            if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
        }
        return 2 / Math.sqrt(Math.PI) * sum;
    }

    static double erfc(double x) {
        if (Double.isNaN(x)) return x;
        if (x > 2.5) return erfcTail(x);
        if (x < -2.5) return 2 - erfcTail(-x);
        return 1 - erf(x);
    }

    /** erfc for x > 2 by the Laplace continued fraction, evaluated bottom-up. */
    private static double erfcTail(double x) {
        if (x > 27) return 0;
        double f = x;
        for (int k = 60; k >= 1; k--) f = x + (k / 2.0) / f;
        return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
    }

    static double erfInv(double y) {
        if (Double.isNaN(y) || y < -1 || y > 1) return Double.NaN;
        if (y == 1) return Double.POSITIVE_INFINITY;
        if (y == -1) return Double.NEGATIVE_INFINITY;
        if (y == 0) return y;
        // initial guess from the logarithmic approximation, then Newton steps on erf(x) - y
        double w = -Math.log((1 - y) * (1 + y));
        double t = 2 / (Math.PI * 0.147) - w / 2;
        double x = Math.copySign(Math.sqrt(Math.max(0, Math.sqrt(t * t + w / 0.147) - t)), y);
        for (int i = 0; i < 4; i++) {
            double err = (Math.abs(x) > 2.5 ? Math.copySign(1, x) * (1 - erfc(Math.abs(x))) : erf(x)) - y;
            x -= err / (2 / Math.sqrt(Math.PI) * Math.exp(-x * x));
        }
        return x;
    }

    /** {@code exp(-|x|) * I1(x)}: the power series up to |x| = 30, then the large-argument expansion. */
    static double besselI1e(double x) {
        if (Double.isNaN(x)) return x;
        double ax = Math.abs(x);
        if (Double.isInfinite(x)) return 0.0 * Math.signum(x);
        double r;
        if (ax <= 30) {
            // I1(x) = sum_k (x/2)^(2k+1) / (k! (k+1)!)
            double half = ax / 2;
            double term = half;
            double sum = term;
            for (int k = 1; k < 500 && term > sum * 1e-17; k++) {
                term *= half * half / (k * (k + 1.0));
                sum += term;
            }
            r = sum * Math.exp(-ax);
        } else {
            // I1(x) e^-x ~ (2 pi x)^-1/2 * sum_k (-1)^k prod_{j<=k} (4 - (2j-1)^2) / (k! (8x)^k)
            double term = 1;
            double sum = 1;
            for (int k = 1; k < 40; k++) {
                double next = -term * (4 - (2 * k - 1) * (2.0 * k - 1)) / (k * 8 * ax);
                if (Math.abs(next) >= Math.abs(term)) break;
                term = next;
                sum += term;
                if (Math.abs(term) < 1e-17 * Math.abs(sum)) break;
            }
            r = sum / Math.sqrt(2 * Math.PI * ax);
        }
        return Math.copySign(r, x);
    }
}
