package org.stablehlo4j.dialect.stablehlo;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;

/**
 * Shared printing/parsing pieces of StableHLO attribute bodies: dimension lists, keyword structs, quoted
 * strings.
 */
final class Fields {
    private Fields() {}

    /** {@code [1, ?, 3]}: a list of dimension sizes, {@code ?} for dynamic. */
    static void printDims(AsmSink sink, List<Long> dims) {
        sink.append("[");
        printDimList(sink, dims);
        sink.append("]");
    }

    /** {@code 1, ?, 3} without brackets. */
    static void printDimList(AsmSink sink, List<Long> dims) {
        sink.commaSeparated(dims, (s, d) -> s.append(d == ShapedType.DYNAMIC ? "?" : Long.toString(d)));
    }

    /** One dimension size: an integer or {@code ?}. */
    static long parseDim(DialectAsmParser r) {
        if (r.consumeIf("?")) return ShapedType.DYNAMIC;
        if (!r.atInteger()) throw r.error("expected integer or '?'");
        return r.parseInteger();
    }

    /**
     * {@code open elem, elem, ... close} (possibly empty), each element read by {@code element}; {@code open} is
     * consumed first.
     */
    static <T> List<T> commaList(DialectAsmParser r, String open, String close, java.util.function.Supplier<T> element) {
        r.expect(open);
        List<T> out = new ArrayList<>();
        if (r.consumeIf(close)) return out;
        do {
            out.add(element.get());
        } while (r.consumeIf(","));
        r.expect(close);
        return out;
    }

    /** Dimension sizes between {@code open} and {@code close} (e.g. {@code [1, ?]} or {@code <1, ?>}). */
    static List<Long> parseDimList(DialectAsmParser r, String open, String close) {
        return List.copyOf(Fields.commaList(r, open, close, () -> parseDim(r)));
    }

    /**
     * Dimension numbers {@code [d, ...]}: integers only (upstream's {@code parseDims}); unlike sizes, a {@code ?}
     * is not a dimension number.
     */
    static List<Long> parseDims(DialectAsmParser r) {
        return List.copyOf(Fields.commaList(r, "[", "]", r::parseInteger));
    }

    /** {@code name = [d, ...]} of dimension numbers. */
    static List<Long> dimsField(DialectAsmParser r, String name) {
        r.expectKeyword(name);
        r.expect("=");
        return parseDims(r);
    }

    /** {@code name = [s, ...]} of dimension sizes, where {@code ?} is a dynamic size. */
    static List<Long> sizesField(DialectAsmParser r, String name) {
        r.expectKeyword(name);
        r.expect("=");
        return parseDimList(r, "[", "]");
    }

    /**
     * Prints {@code <name = value, ...>} leaving out zero integers and empty lists (the StableHLO
     * dimension-numbers style).
     */
    static void printSparseStruct(AsmSink sink, String[] names, Object... values) {
        sink.append("<");
        String sep = "";
        for (int i = 0; i < names.length; i++) {
            Object v = values[i];
            if (v instanceof Long l) {
                if (l == 0) continue;
                sink.append(sep).append(names[i]).append(" = ").append(Long.toString(l));
            } else {
                @SuppressWarnings("unchecked")
                List<Long> list = (List<Long>) v;
                if (list.isEmpty()) continue;
                sink.append(sep).append(names[i]).append(" = [");
                for (int k = 0; k < list.size(); k++) {
                    if (k > 0) sink.append(", ");
                    sink.append(Long.toString(list.get(k)));
                }
                sink.append("]");
            }
            sep = ", ";
        }
        sink.append(">");
    }

    /**
     * Parses {@code <kw = value, ...>} where the keywords may come in any order, each at most once; a field
     * whose {@code isList} entry is true holds a dimension list, else an integer. Absent fields are 0 or empty.
     */
    static Object[] parseSparseStruct(DialectAsmParser r, String[] names, boolean[] isList) {
        r.expect("<");
        return parseSparseStructFields(r, names, isList);
    }

    /** {@link #parseSparseStruct} after the opening {@code <}. */
    static Object[] parseSparseStructFields(DialectAsmParser r, String[] names, boolean[] isList) {
        Object[] values = new Object[names.length];
        for (int i = 0; i < names.length; i++) values[i] = isList[i] ? List.<Long>of() : (Object) 0L;
        boolean[] seen = new boolean[names.length];
        while (!r.consumeIf(">")) {
            int found = -1;
            for (int i = 0; i < names.length && found < 0; i++) {
                if (r.consumeKeyword(names[i])) found = i;
            }
            if (found < 0) {
                StringBuilder sb = new StringBuilder("expected one of: ");
                for (int i = 0; i < names.length; i++) sb.append(i > 0 ? ", `" : "`").append(names[i]).append('`');
                throw r.error(sb.toString());
            }
            if (seen[found]) throw r.error("duplicated `" + names[found] + "` entry");
            seen[found] = true;
            r.expect("=");
            values[found] = isList[found] ? parseDims(r) : (Object) r.parseInteger();
            if (!r.consumeIf(",")) {
                r.expect(">");
                break;
            }
        }
        return values;
    }

    /** The elements of an integer elements attribute as longs (a splat is expanded to the type's size). */
    static long[] denseLongs(DenseElementsAttr d) {
        IntegerType it = (IntegerType) d.type().elementType();
        int eb = Math.max(1, (it.width() + 7) / 8);
        int stored = d.length() / eb;
        int n = stored;
        if (d.isSplat() && d.type() instanceof RankedTensorType t) n = (int) Math.min(Integer.MAX_VALUE, t.numElements());
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            int base = (stored == 1 ? 0 : i) * eb;
            long v = 0;
            for (int k = eb - 1; k >= 0; k--) v = (v << 8) | (d.byteAt(base + k) & 0xFF);
            if (!it.isUnsigned() && eb < 8) v = (v << (64 - 8 * eb)) >> (64 - 8 * eb);
            out[i] = v;
        }
        return out;
    }

    /** A dense i64 tensor of the given shape holding {@code values}. */
    static DenseElementsAttr denseI64(long[] shape, List<Long> values) {
        byte[] b = new byte[values.size() * 8];
        for (int i = 0; i < values.size(); i++) {
            long v = values.get(i);
            for (int k = 0; k < 8; k++) b[i * 8 + k] = (byte) (v >>> (8 * k));
        }
        return new DenseElementsAttr(new RankedTensorType(shape, IntegerType.I64), b, 0, b.length, false);
    }

    @SuppressWarnings("unchecked")
    /**
     * The hash a record's generated {@code hashCode} gives for these components ({@code h = 31 * h + hash(c)}
     * from 0; a boxed primitive hashes as its wrapper does), for the attrs that write equals/hashCode by hand.
     */
    static int recordHash(Object... components) {
        int h = 0;
        for (Object c : components) h = 31 * h + java.util.Objects.hashCode(c);
        return h;
    }

    static List<Long> list(Object o) {
        return (List<Long>) o;
    }

    /** A string literal as the printer writes it ({@code "..."} with MLIR escapes). */
    static String quote(String s) {
        return org.stablehlo4j.asm.AsmPrinter.printAttribute(org.stablehlo4j.ir.StringAttr.of(s));
    }
}
