package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.VerificationError;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Folder;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * Helpers of the convolution/contraction rules that other groups may share: window attributes (also used by
 * reduce_window and select_and_scatter upstream), constant integer operands, and the way StableHLO's diagnostics
 * print integer lists and shapes.
 */
final class DotConvSupport {
    private DotConvSupport() {}

    /** Largest element count read out of a constant; bigger ones are treated as unknown. */
    private static final long MAX_READ = 1 << 20;

    /** One spatial dimension of a window: its size and the attributes that apply to it. */
    record WindowDim(long size, long stride, long baseDilation, long windowDilation, long padLow, long padHigh) {}

    /**
     * Checks the window attributes against the window dimensions and pairs them up per dimension (upstream's
     * verifyWindowAttributesAndInferWindowDimensions). Empty arrays mean "the default" (1, or no padding).
     *
     * @param padding low/high pairs flattened, so twice as long as the number of padding entries
     */
    static List<WindowDim> window(Location loc, long[] sizes, long[] strides, long[] padding, long[] lhsDilation,
                                  long[] rhsDilation, int reversalSize) {
        sameSize(loc, sizes.length, strides.length, "window-strides");
        sameSize(loc, sizes.length, lhsDilation.length, "base-dilation factors");
        sameSize(loc, sizes.length, rhsDilation.length, "window-dilation factors");
        sameSize(loc, sizes.length, padding.length / 2, "padding-entries");
        sameSize(loc, sizes.length, reversalSize, "window-reversal");
        List<WindowDim> window = new ArrayList<>(sizes.length);
        for (int i = 0; i < sizes.length; i++) {
            long size = sizes[i];
            if (size != ShapedType.DYNAMIC && size <= 0) {
                throw windowError(loc, "value", i, size);
            }
            long stride = strides.length == 0 ? 1 : strides[i];
            if (stride <= 0) throw windowError(loc, "stride", i, stride);
            long base = lhsDilation.length == 0 ? 1 : lhsDilation[i];
            if (base <= 0) throw windowError(loc, "base dilation factor", i, base);
            long dilation = rhsDilation.length == 0 ? 1 : rhsDilation[i];
            if (dilation <= 0) throw windowError(loc, "window dilation factor", i, dilation);
            long low = padding.length == 0 ? 0 : padding[2 * i];
            long high = padding.length == 0 ? 0 : padding[2 * i + 1];
            window.add(new WindowDim(size, stride, base, dilation, low, high));
        }
        return window;
    }

    private static void sameSize(Location loc, int windowRank, int size, String what) {
        if (size != 0 && size != windowRank) {
            throw VerificationError.at(loc, "expects " + what + " to have same dimension-size as size of window "
                    + "dimensions (" + windowRank + "), but got: " + size + ".");
        }
    }

    private static VerificationError windowError(Location loc, String what, int dim, long value) {
        return VerificationError.at(loc, "expects window to have positive " + what + " for " + dim
                + "-th window dimension, but got " + value + ".");
    }

    /** The output size of each window dimension over a base of the given sizes (dynamic stays dynamic). */
    static long[] windowOutputShape(long[] base, List<WindowDim> window) {
        long[] out = new long[window.size()];
        for (int i = 0; i < out.length; i++) {
            WindowDim d = window.get(i);
            if (base[i] == ShapedType.DYNAMIC || d.size() == ShapedType.DYNAMIC) {
                out[i] = ShapedType.DYNAMIC;
                continue;
            }
            long padded = d.padLow() + dilated(base[i], d.baseDilation()) + d.padHigh();
            long span = dilated(d.size(), d.windowDilation());
            out[i] = padded <= 0 || span > padded ? 0 : (padded - span) / d.stride() + 1;
        }
        return out;
    }

    /** The extent of {@code bound} elements spread {@code dilation} apart. */
    private static long dilated(long bound, long dilation) {
        return bound <= 0 ? 0 : (bound - 1) * dilation + 1;
    }

    /**
     * The integer elements of a constant operand (MLIR's {@code m_Constant}: a constant-like op, e.g.
     * {@code stablehlo.constant} or {@code arith.constant}, folding to dense integers), or null when the value is
     * not such a constant.
     */
    static long[] constantInts(Value v) {
        if (!(v instanceof OpResult r)) return null;
        return ints(Folder.constantValue(r.owner()));
    }

    /**
     * The elements of an integer {@code array<i64: ...>} / {@code array<i1: ...>} or dense integer elements
     * attribute (a splat expanded), or null for anything else.
     */
    static long[] ints(Attribute a) {
        if (a instanceof DenseArrayAttr d) {
            long[] out = new long[d.size()];
            for (int i = 0; i < out.length; i++) out[i] = d.getLong(i);
            return out;
        }
        if (!(a instanceof DenseElementsAttr d) || !(d.type() instanceof RankedTensorType t)
                || !(t.elementType() instanceof IntegerType it)) {
            return null;
        }
        long n = t.numElements();
        int width = DenseElementsAttr.elementStorageBytes(it);
        if (n < 0 || n > MAX_READ || (long) (d.isSplat() ? 1 : n) * width > d.length()) return null;
        long[] out = new long[(int) n];
        for (int i = 0; i < out.length; i++) {
            int at = (d.isSplat() ? 0 : i) * width;
            long v = 0;
            for (int b = width - 1; b >= 0; b--) v = (v << 8) | (d.byteAt(at + b) & 0xFF);
            boolean signExtend = !it.isUnsigned() && it.width() > 1 && width < 8;
            out[i] = signExtend ? (v << (64 - 8 * width)) >> (64 - 8 * width) : v;
        }
        return out;
    }

    /** A type quoted as MLIR streams it into a diagnostic. */
    static String q(Type t) {
        return "'" + RuleSupport.str(t) + "'";
    }
}
