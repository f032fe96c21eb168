package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.function.IntConsumer;

/**
 * The kernels of {@code dot_general} and {@code convolution}: operands are packed once into dense primitive
 * arrays in a canonical layout (dot: {@code [batch][m][k]} times {@code [batch][k][n]}; convolution: the input
 * channel-last, the kernel as {@code [window][in-feature][out-feature]}), then multiplied by blocked loops over
 * those arrays ({@link Acc#block}), in parallel over output tiles when the product is large.
 *
 * <p>Every output element is still the sequential sum, in the spec's order (contracting index row-major; for a
 * convolution window position then input feature), of products rounded to the result element type, each partial
 * sum rounded too: f32 runs in {@code float} arithmetic and f64 in {@code double} (both exactly the spec's
 * round-after-each-operation), narrower floats round after every step, integers wrap. Blocking reorders only
 * which output elements are worked on, never the order of one element's terms, so results are bit-identical to
 * the element-by-element definition whatever the tile sizes and thread count.
 */
final class Contraction {
    private Contraction() {}

    /** Output columns per tile (keeps a row of the accumulator in L1). */
    private static final int NB = 256;
    /** Contracting indices per block (keeps a block of the right operand in L2). */
    private static final int KB = 128;
    /** Multiply-adds above which a product is split over the fork/join pool. */
    private static final long PARALLEL_WORK = 1L << 21;

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
        // the input channel-last: [batch][input position][feature]
        int[] aMap = new int[inBatches * pin * inFeat];
        for (int b = 0, p = 0; b < inBatches; b++) {
            for (int s = 0; s < pin; s++) for (int c = 0; c < inFeat; c++) aMap[p++] = b * ls[ib] + inSpOff[s] + c * ls[ifd];
        }
        // the kernel as [window position][input feature][output feature], window reversal applied
        int[] bMap = new int[window * kernelIn * kernelOut];
        int[] kIdx = new int[sp];
        for (int w = 0, p = 0; w < window; w++, Tensor.next(kIdx, kShape)) {
            int base = 0;
            for (int d = 0; d < sp; d++) base += (reversal[d] != 0 ? kShape[d] - 1 - kIdx[d] : kIdx[d]) * rs[kSp[d]];
            for (int c = 0; c < kernelIn; c++) for (int f = 0; f < kernelOut; f++) bMap[p++] = base + c * rs[kif] + f * rs[kof];
        }
        // the accumulator is [batch][output position][feature]
        int[] cMap = new int[outBatch * pout * kernelOut];
        for (int b = 0, p = 0; b < outBatch; b++) {
            for (int s = 0; s < pout; s++) for (int f = 0; f < kernelOut; f++) cMap[p++] = b * os[ob] + outSpOff[s] + f * os[of];
        }
        Acc acc = Acc.of(out, converted(lhs, type), aMap, converted(rhs, type), bMap);
        // output features in one chunk share the feature group and the input batch
        int chunk = gcd(kernelOut / groups, kernelOut / batchGroups);
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

    /**
     * Threads a large product may use: system property {@code stablehlo4j.interpreter.threads}, else the common
     * pool's parallelism plus the calling thread.
     */
    static int threads() {
        Integer n = Integer.getInteger("stablehlo4j.interpreter.threads");
        return n != null ? n : ForkJoinPool.getCommonPoolParallelism() + 1;
    }

    /** Runs {@code body} for tiles {@code 0..tiles-1}: on the fork/join pool when {@code work} is large. */
    static void forTiles(int tiles, long work, IntConsumer body) {
        int threads = threads();
        if (work < PARALLEL_WORK || tiles < 2 || threads < 2) {
            for (int t = 0; t < tiles; t++) body.accept(t);
            return;
        }
        int parts = Math.min(tiles, threads * 4);
        List<RecursiveAction> tasks = new ArrayList<>(parts);
        for (int p = 0; p < parts; p++) {
            int from = (int) ((long) tiles * p / parts);
            int to = (int) ((long) tiles * (p + 1) / parts);
            tasks.add(new RecursiveAction() {
                @Override
                protected void compute() {
                    for (int t = from; t < to; t++) body.accept(t);
                }
            });
        }
        ForkJoinPool.commonPool().invoke(new RecursiveAction() {
            @Override
            protected void compute() {
                invokeAll(tasks);
            }
        });
    }
}
