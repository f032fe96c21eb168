package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.interpreter.Tensor.Kind;
import org.stablehlo4j.interpreter.dense.Gemm;
import org.stablehlo4j.interpreter.dense.Im2col;
import org.stablehlo4j.interpreter.dense.Operand;
import org.stablehlo4j.interpreter.dense.Parallel;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;

import java.util.function.IntConsumer;

/**
 * The kernels of {@code dot_general} and {@code convolution}. Results in f32, f64, bf16 and f16 are batched matrix
 * products of {@link Gemm} (operands read in place through strided views, a convolution's windows as {@link Im2col}):
 * every output element is one chain of rounded products and sums over its terms in the spec's order (contracting index
 * row-major; for a convolution window position then input feature, padding included as zeros), in float for f32,
 * bf16 and f16 (the last two rounded once at the end) and in double for f64.
 *
 * <p>Other element types (integers, i1, complex, the f8/f6/f4/tf32 formats) are packed once into dense primitive
 * arrays in a canonical layout (dot: {@code [batch][m][k]} times {@code [batch][k][n]}; convolution: the input
 * channel-last, the kernel as {@code [window][in-feature][out-feature]}) and multiplied by blocked loops over those
 * arrays ({@link Acc#block}): each output element the sequential sum of products rounded to the result element
 * type, each partial sum rounded too; integers wrap.
 *
 * <p>Either way blocking and threads ({@link Parallel}, over output tiles) reorder only which output elements are
 * worked on, never one element's terms, so results are bit-identical whatever the tile sizes and thread count.
 */
final class Contraction {
    private Contraction() {}

    /** Output columns per tile (keeps a row of the accumulator in L1). */
    private static final int NB = 256;
    /** Contracting indices per block (keeps a block of the right operand in L2). */
    private static final int KB = 128;

    static Tensor dotGeneral(Tensor lhs, Tensor rhs, DotDimensionNumbersAttr dn, RankedTensorType type) {
        DotDims d = DotDims.of(lhs, rhs, dn);
        Tensor r = Tensor.zeros(type);
        if (r.size == 0) return r;
        int[] ls = Tensor.strides(lhs.shape);
        int[] rs = Tensor.strides(rhs.shape);
        int[] bOff = offsets(lhs.shape, ls, d.lb());
        int[] mOff = offsets(lhs.shape, ls, d.lf());
        int[] kOff = offsets(lhs.shape, ls, d.lc());
        int[] rbOff = offsets(rhs.shape, rs, d.rb());
        int[] rkOff = offsets(rhs.shape, rs, d.rc());
        int[] nOff = offsets(rhs.shape, rs, d.rf());
        int batches = bOff.length;
        int m = mOff.length;
        int k = kOff.length;
        int n = nOff.length;
        if (dense(r) && Gemm.fits(batches, m, n, k)) {
            Tensor a = converted(lhs, type);
            Tensor b = converted(rhs, type);
            Gemm.multiply(r.floatKind == FloatKind.F64, batches, m, n, k, Operand.strided(a.reals, bOff, mOff, kOff),
                    Operand.strided(b.reals, rbOff, rkOff, nOff), r.reals, null);
            return roundedToNarrow(r);
        }
        int[] aMap = new int[batches * m * k];
        int[] bMap = new int[batches * k * n];
        for (int b = 0, p = 0; b < batches; b++) {
            for (int i = 0; i < m; i++) for (int c = 0; c < k; c++) aMap[p++] = bOff[b] + mOff[i] + kOff[c];
        }
        for (int b = 0, p = 0; b < batches; b++) {
            for (int c = 0; c < k; c++) for (int j = 0; j < n; j++) bMap[p++] = rbOff[b] + rkOff[c] + nOff[j];
        }
        Acc acc = Acc.of(r, converted(lhs, type), aMap, converted(rhs, type), bMap);
        int rowTile = Math.max(1, Math.min(m, 32));
        int tilesPerBatch = (m + rowTile - 1) / rowTile;
        forTiles(batches * tilesPerBatch, (long) batches * m * n * Math.max(k, 1), t -> {
            int b = t / tilesPerBatch;
            int i0 = (t % tilesPerBatch) * rowTile;
            int i1 = Math.min(m, i0 + rowTile);
            for (int j0 = 0; j0 < n; j0 += NB) {
                int len = Math.min(NB, n - j0);
                for (int c0 = 0; c0 < k; c0 += KB) {
                    int c1 = Math.min(k, c0 + KB);
                    for (int i = i0; i < i1; i++) {
                        int row = b * m + i;
                        acc.block(row * n + j0, row * k, c0, c1, b * k * n + j0, n, len);
                    }
                }
            }
        });
        acc.store(r, null);
        return r;
    }

    /** Convolution; {@code pads} holds (low, high) per spatial dimension or is null for no padding. */
    static Tensor convolution(Operation op, Tensor lhs, Tensor rhs, long[] pads, RankedTensorType type) {
        ConvAttrs at = ConvAttrs.of(op);
        int sp = at.inSp().length;
        int[] inSp = at.inSp();
        int[] kSp = at.kSp();
        int[] outSp = at.outSp();
        long[] strides = at.strides();
        long[] lhsDil = at.lhsDil();
        long[] rhsDil = at.rhsDil();
        long[] reversal = at.reversal();
        int groups = at.groups();
        int batchGroups = at.batchGroups();
        int ib = at.ib();
        int ifd = at.ifd();
        int kif = at.kif();
        int kof = at.kof();
        int ob = at.ob();
        int of = at.of();
        Tensor out = Tensor.zeros(type);
        if (out.size == 0) return out;
        int[] ls = Tensor.strides(lhs.shape);
        int[] rs = Tensor.strides(rhs.shape);
        int[] os = Tensor.strides(out.shape);
        int inBatches = lhs.shape[ib];
        int inFeat = lhs.shape[ifd];
        int kernelIn = rhs.shape[kif];
        int kernelOut = rhs.shape[kof];
        int outBatch = out.shape[ob];
        int[] inShape = new int[sp];
        int[] kShape = new int[sp];
        int[] outShape = new int[sp];
        for (int d = 0; d < sp; d++) {
            inShape[d] = lhs.shape[inSp[d]];
            kShape[d] = rhs.shape[kSp[d]];
            outShape[d] = out.shape[outSp[d]];
        }
        int[] inSpOff = offsets(lhs.shape, ls, inSp);
        int[] outSpOff = offsets(out.shape, os, outSp);
        int pin = inSpOff.length;
        int pout = outSpOff.length;
        int window = Tensor.product(kShape);
        // the kernel as [window position][input feature][output feature], window reversal applied
        int[] bMap = new int[window * kernelIn * kernelOut];
        int[] kIdx = new int[sp];
        for (int w = 0, p = 0; w < window; w++, Tensor.next(kIdx, kShape)) {
            int base = 0;
            for (int d = 0; d < sp; d++) base += (reversal[d] != 0 ? kShape[d] - 1 - kIdx[d] : kIdx[d]) * rs[kSp[d]];
            for (int c = 0; c < kernelIn; c++) for (int f = 0; f < kernelOut; f++) bMap[p++] = base + c * rs[kif] + f * rs[kof];
        }
        // output features in one chunk share the feature group and the input batch
        int chunk = gcd(kernelOut / groups, kernelOut / batchGroups);
        if (dense(out) && Gemm.fits(kernelOut / chunk, outBatch * pout, chunk, window * kernelIn)) {
            return convolutionByGemm(at, lhs, rhs, pads, out, chunk, bMap, outSpOff);
        }
        // the accumulator is [batch][output position][feature]
        int[] cMap = new int[outBatch * pout * kernelOut];
        for (int b = 0, p = 0; b < outBatch; b++) {
            for (int s = 0; s < pout; s++) for (int f = 0; f < kernelOut; f++) cMap[p++] = b * os[ob] + outSpOff[s] + f * os[of];
        }
        // the input channel-last: [batch][input position][feature]
        int[] aMap = new int[inBatches * pin * inFeat];
        for (int b = 0, p = 0; b < inBatches; b++) {
            for (int s = 0; s < pin; s++) for (int c = 0; c < inFeat; c++) aMap[p++] = b * ls[ib] + inSpOff[s] + c * ls[ifd];
        }
        Acc acc = Acc.of(out, converted(lhs, type), aMap, converted(rhs, type), bMap);
        forTiles(outBatch * pout, (long) out.size * window * Math.max(kernelIn, 1), t -> {
            int b = t / pout;
            int s = t % pout;
            int[] o = new int[sp];
            for (int d = sp - 1, rest = s; d >= 0; d--) {
                o[d] = rest % outShape[d];
                rest /= outShape[d];
            }
            int[] kk = new int[sp];
            for (int w = 0; w < window; w++, Tensor.next(kk, kShape)) {
                int pos = 0;
                boolean inside = true;
                for (int d = 0; d < sp && inside; d++) {
                    long p = (long) o[d] * strides[d] + (long) kk[d] * rhsDil[d] - (pads == null ? 0 : pads[2 * d]);
                    if (p < 0 || p % lhsDil[d] != 0 || p / lhsDil[d] >= inShape[d]) inside = false;
                    else pos = pos * inShape[d] + (int) (p / lhsDil[d]);
                }
                if (!inside) continue;
                for (int f0 = 0; f0 < kernelOut; f0 += chunk) {
                    int inBatch = batchGroups > 1 ? (f0 / (kernelOut / batchGroups)) * outBatch + b : b;
                    int group = f0 / (kernelOut / groups);
                    acc.block(t * kernelOut + f0, (inBatch * pin + pos) * inFeat + group * kernelIn, 0, kernelIn,
                            w * kernelIn * kernelOut + f0, kernelOut, chunk);
                }
            }
        });
        acc.store(out, cMap);
        return out;
    }

    /** Whether a result is computed by {@link Gemm}: f32 and f64, and bf16/f16 accumulated in f32. */
    private static boolean dense(Tensor r) {
        FloatKind k = r.kind == Kind.FLOAT ? r.floatKind : null;
        return k == FloatKind.F32 || k == FloatKind.F64 || k == FloatKind.BF16 || k == FloatKind.F16;
    }

    /** {@code r} after a bf16/f16 product accumulated in f32: each element rounded once to its format. */
    private static Tensor roundedToNarrow(Tensor r) {
        if (r.floatKind == FloatKind.BF16 || r.floatKind == FloatKind.F16) {
            for (int i = 0; i < r.size; i++) r.reals[i] = r.round(r.reals[i]);
        }
        return r;
    }

    /**
     * A convolution as a batched product: one batch per chunk of output features sharing a feature group and an
     * input batch, rows the output batch and positions, steps the window positions then the input features of the
     * group (the left side read as im2col by {@link Im2col}, padding and dilation holes as zeros).
     */
    private static Tensor convolutionByGemm(ConvAttrs at, Tensor lhs, Tensor rhs, long[] pads, Tensor out, int chunk,
                                            int[] kernelMap, int[] outSpOff) {
        Tensor in = converted(lhs, out.type);
        Tensor kernel = converted(rhs, out.type);
        int sp = at.inSp().length;
        int[] ls = Tensor.strides(lhs.shape);
        int kernelIn = rhs.shape[at.kif()];
        int kernelOut = rhs.shape[at.kof()];
        int outBatch = out.shape[at.ob()];
        int[] kShape = new int[sp];
        int[] outShape = new int[sp];
        for (int d = 0; d < sp; d++) {
            kShape[d] = rhs.shape[at.kSp()[d]];
            outShape[d] = out.shape[at.outSp()[d]];
        }
        int window = Tensor.product(kShape);
        int pout = Tensor.product(outShape);
        int[] taps = new int[pout * window];
        int[] o = new int[sp];
        for (int s = 0, t = 0; s < pout; s++, Tensor.next(o, outShape)) {
            int[] kk = new int[sp];
            for (int w = 0; w < window; w++, Tensor.next(kk, kShape)) taps[t++] = tap(at, lhs.shape, ls, pads, o, kk);
        }
        int chunks = kernelOut / chunk;
        int[] bases = new int[chunks * outBatch];
        for (int q = 0; q < chunks; q++) {
            int f0 = q * chunk;
            int group = f0 / (kernelOut / at.groups());
            for (int b = 0; b < outBatch; b++) {
                int inBatch = at.batchGroups() > 1 ? (f0 / (kernelOut / at.batchGroups())) * outBatch + b : b;
                bases[q * outBatch + b] = inBatch * ls[at.ib()] + group * kernelIn * ls[at.ifd()];
            }
        }
        // the kernel map is [window position][input feature][output feature]: rows w * kernelIn + c, columns f
        int steps = window * kernelIn;
        if (steps == 0) return out;
        int[] rows = new int[steps];
        for (int p = 0; p < steps; p++) rows[p] = kernelMap[p * kernelOut];
        int[] cols = new int[chunk];
        for (int j = 0; j < chunk; j++) cols[j] = kernelMap[j] - kernelMap[0];
        int[] chunkOff = new int[chunks];
        for (int q = 0; q < chunks; q++) chunkOff[q] = kernelMap[q * chunk] - kernelMap[0];
        // the product is [chunk][batch][position][feature in chunk]: where each element goes (none: in order)
        int[] os = Tensor.strides(out.shape);
        int[] map = ConvolutionOrder.productMap(chunks, outBatch, pout, chunk, os[at.ob()], outSpOff, os[at.of()]);
        Gemm.multiply(out.floatKind == FloatKind.F64, chunks, outBatch * pout, chunk, steps,
                new Im2col(in.reals, bases, outBatch, pout, taps, window, kernelIn, ls[at.ifd()]),
                Operand.strided(kernel.reals, chunkOff, rows, cols), out.reals, map);
        return roundedToNarrow(out);
    }

    /** The input's spatial offset read by output position {@code o} at window position {@code kk}, or -1. */
    private static int tap(ConvAttrs at, int[] inShape, int[] ls, long[] pads, int[] o, int[] kk) {
        int off = 0;
        for (int d = 0; d < o.length; d++) {
            long p = (long) o[d] * at.strides()[d] + (long) kk[d] * at.rhsDil()[d] - (pads == null ? 0 : pads[2 * d]);
            long dil = at.lhsDil()[d];
            if (p < 0 || p % dil != 0 || p / dil >= inShape[at.inSp()[d]]) return -1;
            off += (int) (p / dil) * ls[at.inSp()[d]];
        }
        return off;
    }

    /** A dot_general's batching, contracting and free dimensions of each side, in order. */
    record DotDims(int[] lb, int[] rb, int[] lc, int[] rc, int[] lf, int[] rf) {
        static DotDims of(Tensor lhs, Tensor rhs, DotDimensionNumbersAttr dn) {
            int[] lb = Structured.ints(dn.lhsBatchingDimensions());
            int[] rb = Structured.ints(dn.rhsBatchingDimensions());
            int[] lc = Structured.ints(dn.lhsContractingDimensions());
            int[] rc = Structured.ints(dn.rhsContractingDimensions());
            return new DotDims(lb, rb, lc, rc, Structured.remaining(lhs.rank(), lb, lc), Structured.remaining(rhs.rank(), rb, rc));
        }
    }

    /** A convolution's dimension numbers and window attributes, defaults filled in. */
    record ConvAttrs(int[] inSp, int[] kSp, int[] outSp, long[] strides, long[] lhsDil, long[] rhsDil,
                     long[] reversal, int groups, int batchGroups, int ib, int ifd, int kif, int kof, int ob, int of) {
        static ConvAttrs of(Operation op) {
            ConvDimensionNumbersAttr dn = (ConvDimensionNumbersAttr) Interpreter.attr(op, "dimension_numbers");
            int n = dn.inputSpatialDimensions().size();
            return new ConvAttrs(Structured.ints(dn.inputSpatialDimensions()), Structured.ints(dn.kernelSpatialDimensions()),
                    Structured.ints(dn.outputSpatialDimensions()), Interpreter.longsOr(op, "window_strides", n, 1),
                    Interpreter.longsOr(op, "lhs_dilation", n, 1), Interpreter.longsOr(op, "rhs_dilation", n, 1),
                    Interpreter.longsOr(op, "window_reversal", n, 0),
                    (int) Interpreter.intAttr(op, "feature_group_count", 1),
                    (int) Interpreter.intAttr(op, "batch_group_count", 1), (int) dn.inputBatchDimension(),
                    (int) dn.inputFeatureDimension(), (int) dn.kernelInputFeatureDimension(),
                    (int) dn.kernelOutputFeatureDimension(), (int) dn.outputBatchDimension(),
                    (int) dn.outputFeatureDimension());
        }
    }

    private static int gcd(int a, int b) {
        return b == 0 ? Math.max(a, 1) : gcd(b, a % b);
    }

    /** {@code t} with the element type of {@code type} (itself when it already has it). */
    private static Tensor converted(Tensor t, RankedTensorType type) {
        if (t.type.elementType().equals(type.elementType())) return t;
        return Elementwise.convert(t, Tensor.withShape(type, t.shape));
    }

    /** The flat offsets of every index over {@code dims} of a tensor (row-major over {@code dims} in order). */
    static int[] offsets(int[] shape, int[] strides, int[] dims) {
        int[] sub = new int[dims.length];
        for (int i = 0; i < dims.length; i++) sub[i] = shape[dims[i]];
        int[] out = new int[Tensor.product(sub)];
        if (out.length == 0) return out;
        int[] idx = new int[dims.length];
        int p = 0;
        do {
            int off = 0;
            for (int i = 0; i < dims.length; i++) off += idx[i] * strides[dims[i]];
            out[p++] = off;
        } while (Tensor.next(idx, sub));
        return out;
    }

    /** Runs {@code body} for tiles {@code 0..tiles-1}: on the fork/join pool when {@code work} is large. */
    static void forTiles(int tiles, long work, IntConsumer body) {
        Parallel.forTiles(tiles, work, body);
    }
}
