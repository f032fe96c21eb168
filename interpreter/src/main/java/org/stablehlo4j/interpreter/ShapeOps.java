package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.RankedTensorType;

/** Data-movement ops: each result element is copied from some operand element (or a padding value). */
final class ShapeOps {
    private ShapeOps() {}

    /** Maps a result multi-index to a flat source index, or -1 for "use the fill value". */
    interface IndexMap { int source(int[] resultIndex); }

    /** Builds a result of {@code type} by copying from {@code src} (or {@code fill}'s element 0 where -1). */
    static Tensor gatherBy(RankedTensorType type, Tensor src, Tensor fill, IndexMap map) {
        Tensor r = Tensor.zeros(type);
        if (r.size == 0) return r;
        int[] idx = new int[r.rank()];
        int i = 0;
        do {
            int s = map.source(idx);
            if (s >= 0) r.copyElement(i, src, s);
            else r.copyElement(i, fill, 0);
            i++;
        } while (Tensor.next(idx, r.shape));
        return r;
    }

    static int flat(int[] idx, int[] strides) {
        int f = 0;
        for (int d = 0; d < idx.length; d++) f += idx[d] * strides[d];
        return f;
    }

    /**
     * A result of {@code type} whose element at multi-index {@code idx} is {@code src}'s element
     * {@code base + sum(idx[d] * srcStrides[d])}: the affine data movements (broadcast, transpose, slice, reverse)
     * copy row by row with a running source offset, no index arithmetic per element.
     */
    static Tensor strided(RankedTensorType type, Tensor src, int base, int[] srcStrides) {
        Tensor r = Tensor.zeros(type);
        stridedInto(r, src, base, srcStrides);
        return r;
    }

    /** {@link #strided} into the zero-filled tensor {@code r}. */
    static void stridedInto(Tensor r, Tensor src, int base, int[] srcStrides) {
        if (r.size == 0) return;
        int rank = r.rank();
        if (rank == 0) {
            r.copyElement(0, src, base);
            return;
        }
        int[] shape = r.shape;
        int[] idx = new int[rank];
        int inner = shape[rank - 1];
        int step = srcStrides[rank - 1];
        int s = base;
        int o = 0;
        while (true) {
            copyRow(r, o, src, s, inner, step);
            o += inner;
            int d = rank - 2;
            for (; d >= 0; d--) {
                s += srcStrides[d];
                if (++idx[d] < shape[d]) break;
                s -= srcStrides[d] * shape[d];
                idx[d] = 0;
            }
            if (d < 0) return;
        }
    }

    private static void copyRow(Tensor r, int o, Tensor src, int s, int n, int step) {
        if (r.ints != null) {
            long[] to = r.ints;
            long[] from = src.ints;
            if (step == 1) System.arraycopy(from, s, to, o, n);
            else for (int k = 0; k < n; k++) to[o + k] = from[s + k * step];
        } else if (r.kind == Tensor.Kind.COMPLEX) {
            double[] to = r.reals;
            double[] from = src.reals;
            for (int k = 0; k < n; k++) {
                to[2 * (o + k)] = from[2 * (s + k * step)];
                to[2 * (o + k) + 1] = from[2 * (s + k * step) + 1];
            }
        } else {
            double[] to = r.reals;
            double[] from = src.reals;
            if (step == 1) System.arraycopy(from, s, to, o, n);
            else for (int k = 0; k < n; k++) to[o + k] = from[s + k * step];
        }
    }

    static Tensor broadcastInDim(Tensor a, long[] dims, RankedTensorType type) {
        return strided(type, a, 0, broadcastStrides(a.shape, dims, type.rank()));
    }

    /** The {@link #strided} source strides of a {@code broadcast_in_dim} of a {@code src}-shaped operand. */
    static int[] broadcastStrides(int[] src, long[] dims, int rank) {
        int[] st = Tensor.strides(src);
        int[] srcStrides = new int[rank];
        for (int d = 0; d < dims.length; d++) if (src[d] != 1) srcStrides[(int) dims[d]] += st[d];
        return srcStrides;
    }

    static Tensor transpose(Tensor a, long[] perm, RankedTensorType type) {
        return strided(type, a, 0, transposeStrides(a.shape, perm));
    }

    /** The {@link #strided} source strides of a {@code transpose} of a {@code src}-shaped operand. */
    static int[] transposeStrides(int[] src, long[] perm) {
        int[] st = Tensor.strides(src);
        int[] srcStrides = new int[perm.length];
        for (int d = 0; d < perm.length; d++) srcStrides[d] = st[(int) perm[d]];
        return srcStrides;
    }

    static Tensor slice(Tensor a, long[] start, long[] strides, RankedTensorType type) {
        return strided(type, a, sliceBase(a.shape, start), sliceStrides(a.shape, strides));
    }

    /** The {@link #strided} source offset of a {@code slice} of a {@code src}-shaped operand from {@code start}. */
    static int sliceBase(int[] src, long[] start) {
        int[] st = Tensor.strides(src);
        int base = 0;
        for (int d = 0; d < st.length; d++) base += (int) start[d] * st[d];
        return base;
    }

    /** The {@link #strided} source strides of a {@code slice} of a {@code src}-shaped operand with {@code strides}. */
    static int[] sliceStrides(int[] src, long[] strides) {
        int[] st = Tensor.strides(src);
        int[] srcStrides = new int[st.length];
        for (int d = 0; d < st.length; d++) srcStrides[d] = (int) strides[d] * st[d];
        return srcStrides;
    }

    static Tensor reverse(Tensor a, long[] dims, RankedTensorType type) {
        int[] st = Tensor.strides(a.shape);
        int[] srcStrides = st.clone();
        int base = 0;
        for (long d : dims) {
            if (srcStrides[(int) d] < 0) continue; // a dimension listed twice reverses once, as before
            base += (a.shape[(int) d] - 1) * st[(int) d];
            srcStrides[(int) d] = -st[(int) d];
        }
        return strided(type, a, base, srcStrides);
    }

    static Tensor pad(Tensor a, Tensor padValue, long[] lo, long[] interior, RankedTensorType type) {
        int[] st = Tensor.strides(a.shape);
        return gatherBy(type, a, padValue, idx -> {
            int f = 0;
            for (int d = 0; d < idx.length; d++) {
                long p = idx[d] - lo[d];
                long step = interior[d] + 1;
                if (p < 0 || p % step != 0 || p / step >= a.shape[d]) return -1;
                f += (int) (p / step) * st[d];
            }
            return f;
        });
    }

    static Tensor iota(RankedTensorType type, int dim) {
        Tensor r = Tensor.zeros(type);
        if (r.size == 0) return r;
        // element i holds its index along dim: runs of `inner` equal values make the first along * inner elements
        int inner = 1;
        for (int d = dim + 1; d < r.rank(); d++) inner *= r.shape[d];
        int along = r.shape[dim];
        int i = 0;
        for (int v = 0; v < along; v++, i += inner) {
            if (r.ints != null) {
                java.util.Arrays.fill(r.ints, i, i + inner, r.normalize(v));
            } else if (r.kind == Tensor.Kind.COMPLEX) {
                double x = r.round(v);
                for (int k = i; k < i + inner; k++) r.reals[2 * k] = x;
            } else {
                java.util.Arrays.fill(r.reals, i, i + inner, r.round(v));
            }
        }
        // the rest repeats the first along * inner elements
        int block = r.kind == Tensor.Kind.COMPLEX ? 2 * i : i;
        Object data = r.ints != null ? r.ints : r.reals;
        for (int from = block, end = r.kind == Tensor.Kind.COMPLEX ? 2 * r.size : r.size; from < end; from += block) {
            System.arraycopy(data, 0, data, from, block);
        }
        return r;
    }

    static Tensor concatenate(Tensor[] parts, int dim, RankedTensorType type) {
        Tensor r = Tensor.zeros(type);
        int outer = 1;
        for (int d = 0; d < dim; d++) outer *= r.shape[d];
        int inner = 1;
        for (int d = dim + 1; d < r.rank(); d++) inner *= r.shape[d];
        int pos = 0;
        for (int o = 0; o < outer; o++) {
            for (Tensor p : parts) {
                int chunk = p.shape[dim] * inner;
                for (int k = 0; k < chunk; k++) r.copyElement(pos++, p, o * chunk + k);
            }
        }
        return r;
    }

    /** Clamps dynamic start indices so that a window of {@code sizes} fits in {@code shape}. */
    static int[] clampStarts(long[] starts, int[] shape, int[] sizes) {
        int[] out = new int[starts.length];
        for (int d = 0; d < starts.length; d++) {
            out[d] = (int) Math.max(0, Math.min(starts[d], shape[d] - sizes[d]));
        }
        return out;
    }

    static Tensor dynamicSlice(Tensor a, long[] starts, RankedTensorType type) {
        int[] st = Tensor.strides(a.shape);
        int[] s = clampStarts(starts, a.shape, Tensor.dims(type));
        return gatherBy(type, a, null, idx -> {
            int f = 0;
            for (int d = 0; d < idx.length; d++) f += (idx[d] + s[d]) * st[d];
            return f;
        });
    }

    static Tensor dynamicUpdateSlice(Tensor a, Tensor update, long[] starts) {
        Tensor r = Tensor.zeros(a.type);
        for (int i = 0; i < r.size; i++) r.copyElement(i, a, i);
        if (update.size == 0) return r;
        int[] st = Tensor.strides(a.shape);
        int[] s = clampStarts(starts, a.shape, update.shape);
        int[] idx = new int[update.rank()];
        int i = 0;
        do {
            int f = 0;
            for (int d = 0; d < idx.length; d++) f += (idx[d] + s[d]) * st[d];
            r.copyElement(f, update, i++);
        } while (Tensor.next(idx, update.shape));
        return r;
    }
}
