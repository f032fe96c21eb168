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

    static Tensor broadcastInDim(Tensor a, long[] dims, RankedTensorType type) {
        int[] st = Tensor.strides(a.shape);
        return gatherBy(type, a, null, idx -> {
            int f = 0;
            for (int d = 0; d < dims.length; d++) f += (a.shape[d] == 1 ? 0 : idx[(int) dims[d]]) * st[d];
            return f;
        });
    }

    static Tensor transpose(Tensor a, long[] perm, RankedTensorType type) {
        int[] st = Tensor.strides(a.shape);
        return gatherBy(type, a, null, idx -> {
            int f = 0;
            for (int d = 0; d < perm.length; d++) f += idx[d] * st[(int) perm[d]];
            return f;
        });
    }

    static Tensor slice(Tensor a, long[] start, long[] strides, RankedTensorType type) {
        int[] st = Tensor.strides(a.shape);
        return gatherBy(type, a, null, idx -> {
            int f = 0;
            for (int d = 0; d < idx.length; d++) f += (int) (start[d] + idx[d] * strides[d]) * st[d];
            return f;
        });
    }

    static Tensor reverse(Tensor a, long[] dims, RankedTensorType type) {
        int[] st = Tensor.strides(a.shape);
        boolean[] rev = new boolean[a.rank()];
        for (long d : dims) rev[(int) d] = true;
        return gatherBy(type, a, null, idx -> {
            int f = 0;
            for (int d = 0; d < idx.length; d++) f += (rev[d] ? a.shape[d] - 1 - idx[d] : idx[d]) * st[d];
            return f;
        });
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
        int[] idx = new int[r.rank()];
        int i = 0;
        do {
            if (r.ints != null) r.ints[i] = r.normalize(idx[dim]);
            else if (r.kind == Tensor.Kind.COMPLEX) r.reals[2 * i] = r.round(idx[dim]);
            else r.reals[i] = r.round(idx[dim]);
            i++;
        } while (Tensor.next(idx, r.shape));
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
