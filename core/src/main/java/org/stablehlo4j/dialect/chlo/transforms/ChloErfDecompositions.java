package org.stablehlo4j.dialect.chlo.transforms;

import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.CEPHES_FLOAT;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.REAL;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.f64OrUpcast;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.pattern;
import static org.stablehlo4j.dialect.chlo.transforms.ChloMathDecompositions.unary;

import org.stablehlo4j.dialect.chlo.ErfInvOp;
import org.stablehlo4j.dialect.chlo.ErfOp;
import org.stablehlo4j.dialect.chlo.ErfcOp;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.Value;

/**
 * The error function, its complement and its inverse, as upstream's C++ decomposes them: rational approximations
 * from Cephes (f64: {@code erf} on {@code |x| < 1}, {@code erfc} beyond), Eigen's clamped rational {@code erf} for
 * f32 (also f16 and bf16, computed in f32), and Giles' polynomial {@code erf_inv} in two (f32) or three (f64)
 * ranges of {@code w = -log(1 - x^2)}.
 */
final class ChloErfDecompositions extends MathEmitter {
    private ChloErfDecompositions(PatternRewriter r, Location loc) {
        super(r, loc);
    }

    static void addPatterns(PatternSet p) {
        p.add(pattern(ErfOp.NAME, CEPHES_FLOAT, ChloErfDecompositions::new,
                f64OrUpcast(unary(ChloErfDecompositions::erf64), unary(ChloErfDecompositions::erf32))));
        p.add(pattern(ErfcOp.NAME, CEPHES_FLOAT, ChloErfDecompositions::new,
                f64OrUpcast(unary(ChloErfDecompositions::erfc64), unary(ChloErfDecompositions::erfc32))));
        p.add(pattern(ErfInvOp.NAME, REAL, ChloErfDecompositions::new,
                f64OrUpcast(unary(ChloErfDecompositions::erfInv64), unary(ChloErfDecompositions::erfInv32))));
    }

    /** {@code c[0] x^(n-1) + ... + c[n-1]} by Horner's rule: {@code p = p * x + c[i]}. */
    private Value polynomial(Value x, double[] coefficients) {
        if (coefficients.length == 0) return c(0.0, x);
        Value p = c(coefficients[0], x);
        for (int i = 1; i < coefficients.length; i++) p = add(mul(p, x), c(coefficients[i], x));
        return p;
    }

    // ---- f64 (Cephes)

    private static final double MAXLOG_F64 = 7.09782712893383996843E2;
    private static final double[] ERFC_P_F64 = {
        2.46196981473530512524E-10, 5.64189564831068821977E-1, 7.46321056442269912687E0, 4.86371970985681366614E1,
        1.96520832956077098242E2, 5.26445194995477358631E2, 9.34528527171957607540E2, 1.02755188689515710272E3,
        5.57535335369399327526E2};
    private static final double[] ERFC_Q_F64 = {
        1.00000000000000000000E0, 1.32281951154744992508E1, 8.67072140885989742329E1, 3.54937778887819891062E2,
        9.75708501743205489753E2, 1.82390916687909736289E3, 2.24633760818710981792E3, 1.65666309194161350182E3,
        5.57535340817727675546E2};
    private static final double[] ERFC_R_F64 = {
        5.64189583547755073984E-1, 1.27536670759978104416E0, 5.01905042251180477414E0, 6.16021097993053585195E0,
        7.40974269950448939160E0, 2.97886665372100240670E0};
    private static final double[] ERFC_S_F64 = {
        1.00000000000000000000E0, 2.26052863220117276590E0, 9.39603524938001434673E0, 1.20489539808096656605E1,
        1.70814450747565897222E1, 9.60896809063285878198E0, 3.36907645100081516050E0};
    private static final double[] ERF_T_F64 = {
        9.60497373987051638749E0, 9.00260197203842689217E1, 2.23200534594684319226E3, 7.00332514112805075473E3,
        5.55923013010394962768E4};
    private static final double[] ERF_U_F64 = {
        1.00000000000000000000E0, 3.35617141647503099647E1, 5.21357949780152679795E2, 4.59432382970980127987E3,
        2.26290000613890934246E4, 4.92673942608635921086E4};

    /**
     * {@code erfc(x)} for {@code |x| >= 1}: {@code e^(-x^2) P(|x|) / Q(|x|)} below 8, {@code e^(-x^2) R(|x|) / S(|x|)}
     * from 8, 0 where {@code -x^2} is below the smallest log, and {@code 2 - erfc(-x)} for negative x.
     */
    private Value erfcF64ForMagnitudeGeOne(Value x) {
        Value z = neg(mul(x, x));
        Value expZ = exp(z);
        Value absX = abs(x);
        Value approx1To8 = div(mul(expZ, polynomial(absX, ERFC_P_F64)), polynomial(absX, ERFC_Q_F64));
        Value approxFrom8 = div(mul(expZ, polynomial(absX, ERFC_R_F64)), polynomial(absX, ERFC_S_F64));
        Value approx = select(lt(absX, c(8.0, x)), approx1To8, approxFrom8);
        Value zero;
        Value clamped = select(lt(z, c(-MAXLOG_F64, x)), zero = c(0.0, x), approx);
        Value xLtZero = lt(x, zero);
        return select(xLtZero, sub(c(2.0, x), clamped), clamped);
    }

    /** {@code erf(x) = x T(x^2) / U(x^2)} for {@code |x| <= 1}. */
    private Value erfF64ForMagnitudeLeOne(Value x) {
        Value xSq = mul(x, x);
        Value xTimesT = mul(x, polynomial(xSq, ERF_T_F64));
        return div(xTimesT, polynomial(xSq, ERF_U_F64));
    }

    private Value erf64(Value x) {
        Value erfApprox = erfF64ForMagnitudeLeOne(x);
        Value one = c(1.0, x);
        Value erfcBased = sub(one, erfcF64ForMagnitudeGeOne(x));
        return select(lt(abs(x), one), erfApprox, erfcBased);
    }

    private Value erfc64(Value x) {
        Value erfcApprox = erfcF64ForMagnitudeGeOne(x);
        Value one = c(1.0, x);
        Value erfBased = sub(one, erfF64ForMagnitudeLeOne(x));
        return select(lt(abs(x), one), erfBased, erfcApprox);
    }

    // ---- f32 (Cephes for erfc, Eigen for erf)

    private static final double MAXLOG_F32 = 88.72283905206835;
    private static final double[] ERFC_P_F32 = floats(
        +2.326819970068386E-2f, -1.387039388740657E-1f, +3.687424674597105E-1f, -5.824733027278666E-1f,
        +6.210004621745983E-1f, -4.944515323274145E-1f, +3.404879937665872E-1f, -2.741127028184656E-1f,
        +5.638259427386472E-1f);
    private static final double[] ERFC_R_F32 = floats(
        -1.047766399936249E+1f, +1.297719955372516E+1f, -7.495518717768503E+0f, +2.921019019210786E+0f,
        -1.015265279202700E+0f, +4.218463358204948E-1f, -2.820767439740514E-1f, +5.641895067754075E-1f);
    private static final double[] ERF_T_F32 = floats(
        +7.853861353153693E-5f, -8.010193625184903E-4f, +5.188327685732524E-3f, -2.685381193529856E-2f,
        +1.128358514861418E-1f, -3.761262582423300E-1f, +1.128379165726710E+0f);
    private static final double[] ERF_ALPHA_F32 = floats(
        -2.72614225801306e-10f, 2.77068142495902e-08f, -2.10102402082508e-06f, -5.69250639462346e-05f,
        -7.34990630326855e-04f, -2.95459980854025e-03f, -1.60960333262415e-02f);
    private static final double[] ERF_BETA_F32 = floats(
        -1.45660718464996e-05f, -2.13374055278905e-04f, -1.68282697438203e-03f, -7.37332916720468e-03f,
        -1.42647390514189e-02f);

    /** The float literals (rounded to f32 from their decimal text, as upstream's tables) widened exactly. */
    private static double[] floats(float... values) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) out[i] = values[i];
        return out;
    }

    /**
     * {@code erfc(x)} for {@code |x| >= 1}: {@code e^(-x^2) / |x| * P(1/x^2)} below 2, {@code R(1/x^2)} from 2,
     * 0 where {@code -x^2} is below the smallest log, and {@code 2 - erfc(-x)} for negative x.
     */
    private Value erfcF32ForMagnitudeGeOne(Value x) {
        Value xSq = mul(x, x);
        Value z = neg(xSq);
        Value absX = abs(x);
        Value one = c(1.0, x);
        Value reciprocalXSq = div(one, xSq);
        Value expZ = exp(z);
        Value expZOverAbsX = mul(expZ, div(one, absX));
        Value two;
        Value absXLtTwo = lt(absX, two = c(2.0, x));
        Value polyP = polynomial(reciprocalXSq, ERFC_P_F32);
        Value polyR = polynomial(reciprocalXSq, ERFC_R_F32);
        Value approx = mul(expZOverAbsX, select(absXLtTwo, polyP, polyR));
        Value zero;
        Value clamped = select(lt(z, c(-MAXLOG_F32, x)), zero = c(0.0, x), approx);
        Value xLtZero = lt(x, zero);
        return select(xLtZero, sub(two, clamped), clamped);
    }

    /** {@code erf(x) = x T(x^2)} for {@code |x| <= 1}. */
    private Value erfF32ForMagnitudeLeOne(Value x) {
        return mul(x, polynomial(mul(x, x), ERF_T_F32));
    }

    /** Eigen's {@code erf(x) = x Alpha(x^2) / Beta(x^2)} on x clamped to [-4, 4], the result clamped to [-1, 1]. */
    private Value erf32(Value x) {
        Value clampedX = clamp(c(-4.0, x), x, c(4.0, x));
        Value xSq = mul(clampedX, clampedX);
        Value alpha = polynomial(xSq, ERF_ALPHA_F32);
        Value beta = polynomial(xSq, ERF_BETA_F32);
        Value erf = div(mul(clampedX, alpha), beta);
        return clamp(c(-1.0, x), erf, c(1.0, x));
    }

    private Value erfc32(Value x) {
        Value erfcApprox = erfcF32ForMagnitudeGeOne(x);
        Value one = c(1.0, x);
        Value erfBased = sub(one, erfF32ForMagnitudeLeOne(x));
        return select(lt(abs(x), one), erfBased, erfcApprox);
    }

    // ---- erf_inv

    private static final double[] ERF_INV_W_LT_5_F32 = floats(
        2.81022636e-08f, 3.43273939e-07f, -3.5233877e-06f, -4.39150654e-06f, 0.00021858087f, -0.00125372503f,
        -0.00417768164f, 0.246640727f, 1.50140941f);
    private static final double[] ERF_INV_W_GE_5_F32 = floats(
        -0.000200214257f, 0.000100950558f, 0.00134934322f, -0.00367342844f, 0.00573950773f, -0.0076224613f,
        0.00943887047f, 1.00167406f, 2.83297682f);

    /**
     * {@code erf_inv(x) = x p(w)} with {@code w = -log1p(-x^2)}: the polynomial in {@code w - 2.5} below 5 and in
     * {@code sqrt(w) - 3} from 5; {@code x * inf} where {@code |x| = 1}.
     */
    private Value erfInv32(Value x) {
        Value w = neg(log1p(mul(x, neg(x))));
        Value lt5 = lt(w, c(5.0, x));
        Value t = select(lt5, sub(w, c(2.5, x)), sub(sqrt(w), c(3.0, x)));
        Value p = select(lt5, c(ERF_INV_W_LT_5_F32[0], x), c(ERF_INV_W_GE_5_F32[0], x));
        for (int i = 1; i < ERF_INV_W_LT_5_F32.length; i++) {
            p = add(select(lt5, c(ERF_INV_W_LT_5_F32[i], x), c(ERF_INV_W_GE_5_F32[i], x)), mul(p, t));
        }
        Value result = mul(p, x);
        return select(eq(abs(x), c(1, x)), mul(x, inf(x)), result);
    }

    private static final double[] ERF_INV_W_LT_6_25_F64 = {
        -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18, 1.115787767802518096e-17,
        -1.333171662854620906e-16, 2.0972767875968561637e-17, 6.6376381343583238325e-15, -4.0545662729752068639e-14,
        -8.1519341976054721522e-14, 2.6335093153082322977e-12, -1.2975133253453532498e-11,
        -5.4154120542946279317e-11, 1.051212273321532285e-09, -4.1126339803469836976e-09,
        -2.9070369957882005086e-08, 4.2347877827932403518e-07, -1.3654692000834678645e-06,
        -1.3882523362786468719e-05, 0.0001867342080340571352, -0.00074070253416626697512,
        -0.0060336708714301490533, 0.24015818242558961693, 1.6536545626831027356};
    private static final double[] ERF_INV_W_LT_16_F64 = {
        2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07, 1.8239629214389227755e-08,
        1.5027403968909827627e-06, -4.013867526981545969e-06, 2.9234449089955446044e-06, 1.2475304481671778723e-05,
        -4.7318229009055733981e-05, 6.8284851459573175448e-05, 2.4031110387097893999e-05,
        -0.0003550375203628474796, 0.00095328937973738049703, -0.0016882755560235047313,
        0.0024914420961078508066, -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
        3.0838856104922207635};
    private static final double[] ERF_INV_W_GE_16_F64 = {
        -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
        -3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
        2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
        -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
        7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026, 1.0103004648645343977,
        4.8499064014085844221};

    /**
     * Coefficient {@code i} of the f64 erf_inv polynomial: the one of w's range (below 6.25, below 16, from 16),
     * where the shorter polynomials of the upper ranges have one.
     */
    private Value erfInv64Coefficient(int i, Value lt625, Value lt16, Value x) {
        Value k = c(ERF_INV_W_LT_6_25_F64[i], x);
        if (i < ERF_INV_W_LT_16_F64.length) k = select(lt625, k, c(ERF_INV_W_LT_16_F64[i], x));
        if (i < ERF_INV_W_GE_16_F64.length) k = select(lt16, k, c(ERF_INV_W_GE_16_F64[i], x));
        return k;
    }

    /**
     * {@code erf_inv(x) = x p(w)} with {@code w = -log1p(-x^2)}: a polynomial in {@code w - 3.125} below 6.25, in
     * {@code sqrt(w) - 3.25} below 16 and in {@code sqrt(w) - 5} from 16 (of 23, 19 and 17 terms); {@code x * inf}
     * where {@code |x| = 1}.
     */
    private Value erfInv64(Value x) {
        Value w = neg(log1p(mul(x, neg(x))));
        Value lt625 = lt(w, c(6.25, x));
        Value lt16 = lt(w, c(16, x));
        Value sqrtW = sqrt(w);
        Value wMinus3125 = sub(w, c(3.125, x));
        Value shifted = sub(sqrtW, select(lt16, c(3.25, w), c(5.0, w)));
        Value t = select(lt625, wMinus3125, shifted);
        Value p = erfInv64Coefficient(0, lt625, lt16, x);
        for (int i = 1; i < ERF_INV_W_GE_16_F64.length; i++) {
            p = add(erfInv64Coefficient(i, lt625, lt16, x), mul(p, t));
        }
        for (int i = ERF_INV_W_GE_16_F64.length; i < ERF_INV_W_LT_16_F64.length; i++) {
            p = select(lt16, add(erfInv64Coefficient(i, lt625, lt16, x), mul(p, t)), p);
        }
        for (int i = ERF_INV_W_LT_16_F64.length; i < ERF_INV_W_LT_6_25_F64.length; i++) {
            p = select(lt625, add(erfInv64Coefficient(i, lt625, lt16, x), mul(p, t)), p);
        }
        Value result = mul(p, x);
        return select(eq(abs(x), c(1, x)), mul(x, inf(x)), result);
    }
}
