package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.dialect.stablehlo.ChannelHandleAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolTable;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.BoolAttr;

/**
 * Small readers the collective, token, tuple and extension-point rules share: attribute values with the defaults
 * upstream's accessors apply, integer elements attributes read one element at a time (a splat is never expanded),
 * and symbol lookup as MLIR's {@code lookupNearestSymbolFrom} does it.
 */
final class CollectiveSupport {
    private CollectiveSupport() {}

    /** The integer value of attribute {@code name}, or null when it is absent or not an integer. */
    static Long integer(Operation op, String name) {
        return op.attr(name) instanceof IntegerAttr i ? i.longValue() : null;
    }

    /** Whether a unit attribute (or a true bool) named {@code name} is set. */
    static boolean flag(Operation op, String name) {
        Attribute a = op.attr(name);
        return a instanceof UnitAttr || a instanceof BoolAttr b && b.value();
    }

    /** The handle of the op's {@code channel_handle}, 0 when it has none (upstream's default channel id). */
    static long channelId(Operation op) {
        return op.attr("channel_handle") instanceof ChannelHandleAttr c ? c.handle() : 0;
    }

    /** The type of the op's {@code channel_handle}, or null when it has none. */
    static Long channelType(Operation op) {
        return op.attr("channel_handle") instanceof ChannelHandleAttr c ? c.type() : null;
    }

    /** A string attribute's value, or null. */
    static String string(Operation op, String name) {
        return op.attr(name) instanceof StringAttr s ? s.value() : null;
    }

    /** The attribute as an integer (or index) elements attribute of a ranked type, or null. */
    static DenseElementsAttr intElements(Attribute a) {
        if (a instanceof DenseElementsAttr d && d.type() instanceof RankedTensorType
                && (d.type().elementType() instanceof IntegerType || d.type().elementType() instanceof IndexType)) {
            return d;
        }
        return null;
    }

    /** Number of elements of an elements attribute's (static) type. */
    static long count(DenseElementsAttr d) {
        return ((RankedTensorType) d.type()).numElements();
    }

    /** Element {@code i} (row-major) of an integer elements attribute, sign-extended unless unsigned. */
    static long element(DenseElementsAttr d, long i) {
        int width = d.type().elementType() instanceof IntegerType it ? it.width() : 64;
        boolean unsigned = d.type().elementType() instanceof IntegerType it && it.isUnsigned();
        int eb = Math.max(1, (width + 7) / 8);
        long base = d.isSplat() ? 0 : i * eb;
        long v = 0;
        for (int k = Math.min(eb, 8) - 1; k >= 0; k--) v = (v << 8) | (d.byteAt((int) (base + k)) & 0xFF);
        if (width == 1) return v & 1;
        if (!unsigned && eb < 8) v = (v << (64 - 8 * eb)) >> (64 - 8 * eb);
        return v;
    }

    /** See {@link SymbolTable#lookupSymbol}. */
    static Operation lookupSymbol(Operation from, String symbol) {
        return SymbolTable.lookupSymbol(from, symbol);
    }

    /** See {@link SymbolTable#flatSymbol}. */
    static String flatSymbol(Attribute a) {
        return SymbolTable.flatSymbol(a);
    }
}
