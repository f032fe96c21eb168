package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.FloatText;

import java.util.Objects;

/**
 * {@code #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 1,
 * mode = #stablehlo.result_accuracy_mode<TOLERANCE>>}: zero tolerances are left out when printed; the mode
 * is always there. Tolerances are doubles, printed the way MLIR prints a float.
 */
public record ResultAccuracyAttr(double atol, double rtol, long ulps, EnumAttr mode) implements StablehloAttribute {
    public ResultAccuracyAttr {
        if (mode.kind() != StablehloEnum.RESULT_ACCURACY_MODE) {
            throw new IllegalArgumentException("mode must be a result_accuracy_mode, not " + mode.kind());
        }
    }

    /** The default: no tolerances, mode {@code DEFAULT}. */
    public static ResultAccuracyAttr ofMode(String mode) {
        return new ResultAccuracyAttr(0, 0, 0, EnumAttr.of(StablehloEnum.RESULT_ACCURACY_MODE, mode));
    }

    @Override
    public void printBody(AsmSink sink) {
        sink.append("result_accuracy<");
        if (atol != 0) sink.append("atol = " + FloatText.format(atol) + ", ");
        if (rtol != 0) sink.append("rtol = " + FloatText.format(rtol) + ", ");
        if (ulps != 0) sink.append("ulps = " + ulps + ", ");
        sink.append("mode = ").attribute(mode).append(">");
    }

    static ResultAccuracyAttr parseParams(DialectAsmParser r) {
        r.expect("<");
        double atol = 0;
        double rtol = 0;
        long ulps = 0;
        if (r.consumeKeyword("atol")) {
            r.expect("=");
            atol = NestedValues.floatValue(r);
            r.expect(",");
        }
        if (r.consumeKeyword("rtol")) {
            r.expect("=");
            rtol = NestedValues.floatValue(r);
            r.expect(",");
        }
        if (r.consumeKeyword("ulps")) {
            r.expect("=");
            ulps = r.parseInteger();
            r.expect(",");
        }
        r.expectKeyword("mode");
        r.expect("=");
        int at = r.offset();
        if (!(NestedValues.attribute(r) instanceof EnumAttr mode) || mode.kind() != StablehloEnum.RESULT_ACCURACY_MODE) {
            throw r.errorAt(at, "expected a #stablehlo.result_accuracy_mode attribute");
        }
        r.expect(">");
        return new ResultAccuracyAttr(atol, rtol, ulps, mode);
    }

    public static ResultAccuracyAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, ResultAccuracyAttr.class);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof ResultAccuracyAttr r
            && Double.compare(atol, r.atol) == 0 && Double.compare(rtol, r.rtol) == 0 && ulps == r.ulps
            && Objects.equals(mode, r.mode); }

    @Override public int hashCode() { int h = Double.hashCode(atol); h = 31 * h + Double.hashCode(rtol);
            h = 31 * h + Long.hashCode(ulps); h = 31 * h + Objects.hashCode(mode); return h; }
}
