package org.stablehlo4j.dialect.quant;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.FloatText;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;

/**
 * The quant dialect's {@code !quant.uniform<storage[<min:max>]:expressed[:axis], scale[:zeroPoint]>} type and its
 * per-axis form (MLIR's {@code quant::UniformQuantizedType} / {@code UniformQuantizedPerAxisType}). It prints
 * itself; bytecode stores it as text (the quant dialect has no bytecode encoding here), like MLIR without the
 * quant dialect's bytecode interface. The accessors come from {@link UniformQuantizedType}.
 */
public final class QuantUniformType extends UniformQuantizedType implements DialectPrintable {
    public QuantUniformType(boolean signed, IntegerType storageType, long storageMin, long storageMax,
                            boolean explicitRange, Type expressedType, int quantizedDimension,
                            double[] scales, long[] zeroPoints) {
        super(signed, storageType, storageMin, storageMax, explicitRange, expressedType, quantizedDimension, scales,
                zeroPoints);
    }

    @Override
    public String dialectNamespace() {
        return "quant";
    }

    @Override
    public void printBody(AsmSink out) {
        int w = storageType().width();
        StringBuilder sb = new StringBuilder("uniform<");
        // A storage type written with an explicit signedness (si8, ui8) prints as written; signless storage
        // prints i/u by the type's signedness flag.
        if (storageType().isSignless()) sb.append(isSigned() ? 'i' : 'u').append(w);
        else sb.append(storageType());
        long defMin = isSigned() ? -(1L << (w - 1)) : 0;
        long defMax = isSigned() ? (1L << (w - 1)) - 1 : (w >= 64 ? -1 : (1L << w) - 1);
        if (storageMin() != defMin || storageMax() != defMax) {
            sb.append('<').append(storageMin()).append(':').append(storageMax()).append('>');
        }
        out.append(sb.append(':').toString());
        out.type(expressedType());
        sb.setLength(0);
        if (isPerAxis()) {
            sb.append(':').append(quantizedDimension()).append(", {");
            for (int i = 0; i < numScales(); i++) {
                if (i > 0) sb.append(',');
                appendParam(sb, scale(i), zeroPoint(i));
            }
            sb.append("}>");
        } else {
            sb.append(", ");
            appendParam(sb, scale(0), zeroPoint(0));
            sb.append('>');
        }
        out.append(sb.toString());
    }

    private static void appendParam(StringBuilder sb, double scale, long zeroPoint) {
        sb.append(FloatText.format(scale));
        if (zeroPoint != 0) sb.append(':').append(zeroPoint);
    }

    @Override
    public String toString() {
        return AsmPrinter.printType(this);
    }
}
