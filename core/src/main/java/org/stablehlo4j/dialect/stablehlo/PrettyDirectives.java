package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.DialectAsmParser;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;

/**
 * The attribute parts of StableHLO ops' pretty forms: the {@code custom<...>} directives of the assembly formats
 * in the op table that print attributes (StablehloOps.cpp / AssemblyFormat.cpp). Each has a printer writing to an
 * {@link AsmSink} and a parser reading with a {@link DialectAsmParser} positioned at the directive's text.
 */
public final class PrettyDirectives {
    private PrettyDirectives() {}

    // ---- custom<DotDimensionNumbers>: `batching_dims = [0] x [0], contracting_dims = [2] x [1]`

    public static void printDotDimensionNumbers(AsmSink sink, DotDimensionNumbersAttr d) {
        if (!d.lhsBatchingDimensions().isEmpty() || !d.rhsBatchingDimensions().isEmpty()) {
            sink.append("batching_dims = ");
            lhsRhs(sink, d.lhsBatchingDimensions(), d.rhsBatchingDimensions());
            sink.append(", ");
        }
        sink.append("contracting_dims = ");
        lhsRhs(sink, d.lhsContractingDimensions(), d.rhsContractingDimensions());
    }

    private static void lhsRhs(AsmSink sink, List<Long> lhs, List<Long> rhs) {
        Fields.printDims(sink, lhs);
        sink.append(" x ");
        Fields.printDims(sink, rhs);
    }

    public static DotDimensionNumbersAttr parseDotDimensionNumbers(DialectAsmParser r) {
        List<Long> lb = List.of();
        List<Long> rb = List.of();
        if (r.consumeKeyword("batching_dims")) {
            r.expect("=");
            lb = integers(r);
            r.expectKeyword("x");
            rb = integers(r);
            r.expect(",");
        }
        r.expectKeyword("contracting_dims");
        r.expect("=");
        List<Long> lc = integers(r);
        r.expectKeyword("x");
        List<Long> rc = integers(r);
        return new DotDimensionNumbersAttr(lb, rb, lc, rc);
    }

    private static List<Long> integers(DialectAsmParser r) {
        return Fields.commaList(r, "[", "]", () -> r.parseInteger());
    }

    // ---- custom<PrecisionConfig> / custom<PrecisionConfigAndAlgorithm>:
    //      `, precision = [DEFAULT, HIGH], algorithm = <lhs_precision_type = ...>` (each part optional)

    /** Precision config (an array of precision enum attributes) and dot algorithm; either may be null. */
    public record PrecisionAndAlgorithm(ArrayAttr precisionConfig, DotAlgorithmAttr algorithm) {}

    public static void printPrecisionConfigAndAlgorithm(AsmSink sink, PrecisionAndAlgorithm p) {
        if (p.precisionConfig() != null) {
            sink.append(", precision = [")
                    .commaSeparated(p.precisionConfig().elements(), (s, e) -> s.append(((EnumAttr) e).caseName()))
                    .append("]");
        }
        if (p.algorithm() != null) {
            sink.append(", algorithm = ");
            p.algorithm().printStripped(sink);
        }
    }

    /** Parses the optional tail; {@code allowAlgorithm} is false for {@code custom<PrecisionConfig>}. */
    public static PrecisionAndAlgorithm parsePrecisionConfigAndAlgorithm(DialectAsmParser r, boolean allowAlgorithm) {
        if (!r.consumeIf(",")) return new PrecisionAndAlgorithm(null, null);
        if (allowAlgorithm && r.consumeKeyword("algorithm")) {
            r.expect("=");
            return new PrecisionAndAlgorithm(null, DotAlgorithmAttr.parseParams(r));
        }
        r.expectKeyword("precision");
        r.expect("=");
        ArrayAttr precision = new ArrayAttr(Fields.commaList(r, "[", "]",
                () -> EnumAttr.parseParams(StablehloEnum.PRECISION, r)));
        DotAlgorithmAttr algorithm = null;
        if (allowAlgorithm && r.consumeIf(",")) {
            r.expectKeyword("algorithm");
            r.expect("=");
            algorithm = DotAlgorithmAttr.parseParams(r);
        }
        return new PrecisionAndAlgorithm(precision, algorithm);
    }

    // ---- custom<WindowAttributes>: `stride = [1, 1], pad = [[0, 0], [1, 1]], lhs_dilate = [1, 1],
    //      rhs_dilate = [1, 1], reverse = [false, true]` (absent attributes are left out)

    /**
     * Convolution window attributes; each may be null. {@code padding} is an {@code Nx2} i64 elements attribute,
     * {@code reversal} an i1 dense array, the others i64 dense arrays.
     */
    public record Window(DenseArrayAttr strides, DenseElementsAttr padding, DenseArrayAttr lhsDilation,
                         DenseArrayAttr rhsDilation, DenseArrayAttr reversal) {}

    private static final String[] WINDOW_NAMES = {"stride", "pad", "lhs_dilate", "rhs_dilate", "reverse"};

    public static void printWindowAttributes(AsmSink sink, Window w) {
        Object[] values = {w.strides(), w.padding(), w.lhsDilation(), w.rhsDilation(), w.reversal()};
        String sep = "";
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) continue;
            sink.append(sep).append(WINDOW_NAMES[i]).append(" = [");
            sep = ", ";
            if (values[i] instanceof DenseElementsAttr pad) {
                long[] v = Fields.denseLongs(pad);
                for (int k = 0; k + 1 < v.length; k += 2) {
                    sink.append((k > 0 ? ", [" : "[") + v[k] + ", " + v[k + 1] + "]");
                }
            } else {
                DenseArrayAttr a = (DenseArrayAttr) values[i];
                for (int k = 0; k < a.size(); k++) {
                    if (k > 0) sink.append(", ");
                    sink.append(i == 4 ? Boolean.toString(a.getLong(k) != 0) : Long.toString(a.getLong(k)));
                }
            }
            sink.append("]");
        }
    }

    public static Window parseWindowAttributes(DialectAsmParser r) {
        Object[] values = new Object[WINDOW_NAMES.length];
        String name;
        while ((name = r.parseOptionalKeyword()) != null) {
            int i = List.of(WINDOW_NAMES).indexOf(name);
            if (i < 0 || values[i] != null) throw r.error("Unexpected keyword " + name);
            r.expect("=");
            if (i == 1) {
                List<Long> flat = new ArrayList<>();
                Fields.commaList(r, "[", "]", () -> {
                    List<Long> pair = integers(r);
                    if (pair.size() != 2) {
                        throw r.error("Expected array with 2 elements, got " + pair.size() + " elements instead");
                    }
                    flat.addAll(pair);
                    return null;
                });
                values[i] = Fields.denseI64(new long[] {flat.size() / 2, 2}, flat);
            } else if (i == 4) {
                List<Long> flags = Fields.commaList(r, "[", "]", () -> NestedValues.bool(r) ? 1L : 0L);
                byte[] b = new byte[flags.size()];
                for (int k = 0; k < b.length; k++) b[k] = (byte) (long) flags.get(k);
                values[i] = new DenseArrayAttr(IntegerType.I1, b, b.length);
            } else {
                values[i] = DenseArrayAttr.ofLongs(integers(r).stream().mapToLong(Long::longValue).toArray());
            }
            if (!r.consumeIf(",")) break;
        }
        return new Window((DenseArrayAttr) values[0], (DenseElementsAttr) values[1], (DenseArrayAttr) values[2],
                (DenseArrayAttr) values[3], (DenseArrayAttr) values[4]);
    }

    // ---- custom<SliceRanges>: `[0:2, 1:4:2]` (a stride of 1 is left out)

    /** Start, limit and stride i64 dense arrays of a slice. */
    public record SliceRanges(DenseArrayAttr startIndices, DenseArrayAttr limitIndices, DenseArrayAttr strides) {}

    public static void printSliceRanges(AsmSink sink, SliceRanges s) {
        DenseArrayAttr a = s.startIndices();
        DenseArrayAttr b = s.limitIndices();
        DenseArrayAttr c = s.strides();
        sink.append("[");
        if (a.size() != b.size() || a.size() != c.size()) {
            sink.append("start_indices: " + joined(a) + ", limit_indices: " + joined(b) + ", strides: " + joined(c));
        } else {
            for (int i = 0; i < a.size(); i++) {
                if (i > 0) sink.append(", ");
                sink.append(a.getLong(i) + ":" + b.getLong(i) + (c.getLong(i) != 1 ? ":" + c.getLong(i) : ""));
            }
        }
        sink.append("]");
    }

    private static String joined(DenseArrayAttr a) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.size(); i++) sb.append(i > 0 ? ", " : "").append(a.getLong(i));
        return sb.toString();
    }

    public static SliceRanges parseSliceRanges(DialectAsmParser r) {
        List<long[]> ranges = Fields.commaList(r, "[", "]", () -> {
            long start = r.parseInteger();
            r.expect(":");
            long limit = r.parseInteger();
            long stride = r.consumeIf(":") ? r.parseInteger() : 1;
            return new long[] {start, limit, stride};
        });
        long[][] cols = new long[3][ranges.size()];
        for (int i = 0; i < ranges.size(); i++) {
            for (int k = 0; k < 3; k++) cols[k][i] = ranges.get(i)[k];
        }
        return new SliceRanges(DenseArrayAttr.ofLongs(cols[0]), DenseArrayAttr.ofLongs(cols[1]),
                DenseArrayAttr.ofLongs(cols[2]));
    }

    // ---- custom<ExponentMantissa>: `e5m10` for exponent_bits = 5, mantissa_bits = 10 (both i32)

    public static void printExponentMantissa(AsmSink sink, IntegerAttr exponent, IntegerAttr mantissa) {
        sink.append("e" + exponent.value() + "m" + mantissa.value());
    }

    /** The exponent and mantissa bit counts as i32 attributes. */
    public static IntegerAttr[] parseExponentMantissa(DialectAsmParser r) {
        int at = r.offset();
        String word = r.parseKeyword("expected e#m#");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("e([0-9]+)m([0-9]+)").matcher(word);
        if (!m.matches() || m.group(1).length() > 9 || m.group(2).length() > 9) {
            throw r.errorAt(at, "expected exponent mantissa in format e#m#, saw " + word);
        }
        return new IntegerAttr[] {IntegerAttr.of(IntegerType.I32, Long.parseLong(m.group(1))),
                IntegerAttr.of(IntegerType.I32, Long.parseLong(m.group(2)))};
    }

    // ---- custom<CustomCallTarget>: `@target` (quoted when not a bare identifier)

    public static void printCustomCallTarget(AsmSink sink, StringAttr target) {
        sink.append(AsmPrinter.printAttribute(SymbolRefAttr.flat(target.value())));
    }

    public static StringAttr parseCustomCallTarget(DialectAsmParser r) {
        return StringAttr.of(r.parseSymbolName());
    }
}
