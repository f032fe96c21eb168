package org.stablehlo4j.dialect.stablehlo;

import java.math.BigInteger;
import org.stablehlo4j.ir.FloatKind;

/** A double printed the way MLIR prints an f64 parameter of a dialect attribute (the printer's float rules). */
final class FloatText {
    private static final BigInteger MASK64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private FloatText() {}

    static String format(double v) {
        BigInteger bits = BigInteger.valueOf(Double.doubleToRawLongBits(v)).and(MASK64);
        return org.stablehlo4j.dialect.vhlo.FloatText.format(FloatKind.F64, bits);
    }
}
