package org.stablehlo4j.dialect.chlo.transforms;

import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.CEPHES_FLOAT;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.f64OrUpcast;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.pattern;

import org.stablehlo4j.dialect.chlo.BesselI1eOp;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.Value;

/**
 * {@code bessel_i1e(x) = e^-|x| I1(x)} by Cephes' Chebyshev expansions on [0, 8] and (8, inf), as upstream's C++
 * decomposes it: f64 with the full series, f32 (also f16 and bf16, computed in f32) with their f32 tails.
 */
final class ChloBesselDecompositions extends MathEmitter {
    private ChloBesselDecompositions(PatternRewriter r, Location loc) {
        super(r, loc);
    }

    static void addPatterns(PatternSet p) {
        p.add(pattern(BesselI1eOp.NAME, CEPHES_FLOAT, ChloBesselDecompositions::new,
                f64OrUpcast((e, a) -> e.besselI1e(a[0], I1E_A_F64, I1E_B_F64),
                        (e, x) -> e.besselI1e(x[0], I1E_A_F32, I1E_B_F32))));
    }

    private static final double[] I1E_A_F32 = floats(
        9.38153738649577178388E-9f, -4.44505912879632808065E-8f, 2.00329475355213526229E-7f,
        -8.56872026469545474066E-7f, 3.47025130813767847674E-6f, -1.32731636560394358279E-5f,
        4.78156510755005422638E-5f, -1.61760815825896745588E-4f, 5.12285956168575772895E-4f,
        -1.51357245063125314899E-3f, 4.15642294431288815669E-3f, -1.05640848946261981558E-2f,
        2.47264490306265168283E-2f, -5.29459812080949914269E-2f, 1.02643658689847095384E-1f,
        -1.76416518357834055153E-1f, 2.52587186443633654823E-1f);
    private static final double[] I1E_B_F32 = floats(
        -3.83538038596423702205E-9f, -2.63146884688951950684E-8f, -2.51223623787020892529E-7f,
        -3.88256480887769039346E-6f, -1.10588938762623716291E-4f, -9.76109749136146840777E-3f,
        7.78576235018280120474E-1f);
    private static final double[] I1E_A_F64 = {
        2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16,
        -1.10559694773538630805E-15, 7.60068429473540693410E-15, -5.04218550472791168711E-14,
        3.22379336594557470981E-13, -1.98397439776494371520E-12, 1.17361862988909016308E-11,
        -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,
        9.38153738649577178388E-9, -4.44505912879632808065E-8, 2.00329475355213526229E-7,
        -8.56872026469545474066E-7, 3.47025130813767847674E-6, -1.32731636560394358279E-5,
        4.78156510755005422638E-5, -1.61760815825896745588E-4, 5.12285956168575772895E-4,
        -1.51357245063125314899E-3, 4.15642294431288815669E-3, -1.05640848946261981558E-2,
        2.47264490306265168283E-2, -5.29459812080949914269E-2, 1.02643658689847095384E-1,
        -1.76416518357834055153E-1, 2.52587186443633654823E-1};
    private static final double[] I1E_B_F64 = {
        7.51729631084210481353E-18, 4.41434832307170791151E-18, -4.65030536848935832153E-17,
        -3.20952592199342395980E-17, 2.96262899764595013876E-16, 3.30820231092092828324E-16,
        -1.88035477551078244854E-15, -3.81440307243700780478E-15, 1.04202769841288027642E-14,
        4.27244001671195135429E-14, -2.10154184277266431302E-14, -4.08355111109219731823E-13,
        -7.19855177624590851209E-13, 2.03562854414708950722E-12, 1.41258074366137813316E-11,
        3.25260358301548823856E-11, -1.89749581235054123450E-11, -5.58974346219658380687E-10,
        -3.83538038596423702205E-9, -2.63146884688951950684E-8, -2.51223623787020892529E-7,
        -3.88256480887769039346E-6, -1.10588938762623716291E-4, -9.76109749136146840777E-3,
        7.78576235018280120474E-1};

    /** The float literals (rounded to f32 from their decimal text, as upstream's tables) widened exactly. */
    private static double[] floats(float... values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) out[i] = values[i];
        return out;
    }

    /** Clenshaw's recurrence for {@code sum' c_k T_k(x / 2)}: {@code b0 = x b1 - b2 + c}, result {@code (b0 - b2) / 2}. */
    private Value chebyshev(Value x, double[] coefficients) {
        Value b0 = c(0.0, x);
        Value b1 = c(0.0, x);
        Value b2 = c(0.0, x);
        for (double k : coefficients) {
            b2 = b1;
            b1 = b0;
            b0 = add(sub(mul(x, b1), b2), c(k, x));
        }
        return mul(sub(b0, b2), c(0.5, x));
    }

    /**
     * {@code sign(x) * (|x| <= 8 ? |x| A(|x| / 2 - 2) : B(32 / |x| - 2) / sqrt|x|)}, A and B Chebyshev series.
     */
    private Value besselI1e(Value x, double[] a, double[] bCoefficients) {
        Value z = abs(x);
        Value half = c(0.5, x);
        Value two = c(2.0, x);
        Value thirtyTwo = c(32.0, x);
        Value eight = c(8.0, x);
        Value upTo8 = mul(z, chebyshev(sub(mul(half, z), two), a));
        Value above8 = div(chebyshev(sub(div(thirtyTwo, z), two), bCoefficients), sqrt(z));
        Value selected = select(le(z, eight), upTo8, above8);
        return mul(sign(x), selected);
    }
}
