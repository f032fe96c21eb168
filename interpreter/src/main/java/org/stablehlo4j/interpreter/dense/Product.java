package org.stablehlo4j.interpreter.dense;

/**
 * One batched product {@code C[b] = A[b] * B[b]} being computed in f32 (float arrays, float products and sums)
 * or f64 (double arrays): the packed operands, the accumulator and the blocked loops over them. {@code A} is packed
 * as row panels of {@link #mr} rows, step-major ({@code [batch][panel][k][mr]}), {@code B} as column panels of
 * {@link #nr} columns ({@code [batch][panel][k][nr]}), each padded with zeros. When the steps fit one block ({@code k <= kc}) each micro-tile is computed in a
 * scratch tile from zero and written to the result at once; otherwise an accumulator {@code [batch][m][n]} holds
 * the partial sums between blocks and a tile is written out after its last block. Either way each element's
 * operations are the same.
 */
final class Product {
    /** Panels packed by one task. */
    private static final int PACK_TILE = 16;
    /** f32 (else f64). */
    private final boolean single;
    private final boolean vector;
    /** The narrow f32 kernel ({@code VectorKernels.f32Narrow}). */
    private final boolean narrow;
    private float[] fa;
    private float[] fb;
    private float[] fc;
    private double[] da;
    private double[] db;
    private double[] dc;
    final int batches;
    final int m;
    final int n;
    final int k;
    final int mr;
    final int nr;
    final int mPanels;
    final int nPanels;
    /**
     * Steps per block: a micro-panel of B is {@code kc x nr}, 128 KB (512 f32 steps of 64 columns; measured on a
     * Zen 4 core, thread CPU time: flat from 64 to 144 KB, and for A blocks of 256 KB to 1 MB), so that the
     * common {@code k <= 512} needs no accumulator between blocks.
     */
    final int kc;
    /** Row panels per block: a block of A ({@code mc x kc}, 512 KB) stays in L2. */
    final int mcPanels;
    /** Column panels per block. */
    final int ncPanels;

    Product(boolean single, boolean vector, int batches, int m, int n, int k) {
        this.single = single;
        this.vector = vector;
        int bytes = single ? Float.BYTES : Double.BYTES;
        int wide = single && vector ? VectorKernels.F32_NR : 0;
        int slim = single && vector ? VectorKernels.F32N_NR : 0;
        // the narrow f32 kernel when the wide one would pad at least a fifth more columns
        narrow = single && vector && 5 * ((n + slim - 1) / slim) * slim <= 4 * ((n + wide - 1) / wide) * wide;
        mr = !vector ? ScalarKernels.MR : narrow ? VectorKernels.F32N_MR : single ? VectorKernels.F32_MR
                : VectorKernels.F64_MR;
        nr = !vector ? ScalarKernels.NR : narrow ? slim : single ? wide : VectorKernels.F64_NR;
        // the product's sizes: [batches] x [m x k] x [k x n]
        this.batches = batches;
        this.m = m;
        this.n = n;
        this.k = k;
        mPanels = (m + mr - 1) / mr;
        nPanels = (n + nr - 1) / nr;
        kc = Math.max(64, (128 * 1024 / (nr * bytes)) & ~7);
        mcPanels = Math.max(1, 512 * 1024 / (kc * bytes * mr));
        ncPanels = Math.max(1, 512 / nr);
    }

    /** The result being written: see {@link #run}. */
    private double[] out;
    private int[] map;
    private boolean transposed;

    /**
     * Packed operands larger than this many elements (4 MB of f32) are not kept for the next product: what a
     * thread holds stays small, and a larger product does not notice the allocation.
     */
    private static final int KEEP = 1 << 20;

    /**
     * The packed operands' arrays a thread keeps between products (at most {@link #KEEP} elements each), so that
     * a run of products neither allocates nor zeroes fresh arrays; {@code busy} while a product uses them (a
     * product started meanwhile on the same thread, by work stealing, allocates its own).
     */
    private static final class Kept {
        boolean busy;
        float[] fa;
        float[] fb;
        double[] da;
        double[] db;
    }

    private static final ThreadLocal<Kept> KEPT = ThreadLocal.withInitial(Kept::new);
    /** The kept arrays in use by this product, or null. */
    private Kept kept;

    /**
     * Takes the packed operands' arrays (kept ones when free and large enough, else fresh ones) and, when the steps
     * take several blocks, allocates the accumulator. A kept array holds old values: packing zeroes
     * the panels it does not wholly write.
     */
    private void allocate() {
        int aSize = Math.multiplyExact(Math.multiplyExact(batches * mPanels, mr), k);
        int bSize = Math.multiplyExact(Math.multiplyExact(batches * nPanels, nr), k);
        int cSize = k > kc ? Math.multiplyExact(batches * m, n) : 0;
        Kept mine = KEPT.get();
        if (!mine.busy && aSize <= KEEP && bSize <= KEEP) {
            mine.busy = true;
            kept = mine;
            if (single) {
                if (mine.fa == null || mine.fa.length < aSize) mine.fa = new float[aSize];
                if (mine.fb == null || mine.fb.length < bSize) mine.fb = new float[bSize];
                fa = mine.fa;
                fb = mine.fb;
            } else {
                if (mine.da == null || mine.da.length < aSize) mine.da = new double[aSize];
                if (mine.db == null || mine.db.length < bSize) mine.db = new double[bSize];
                da = mine.da;
                db = mine.db;
            }
        } else {
            fa = single ? new float[aSize] : null;
            fb = single ? new float[bSize] : null;
            da = single ? null : new double[aSize];
            db = single ? null : new double[bSize];
        }
        fc = single ? new float[cSize] : null;
        dc = single ? null : new double[cSize];
    }

    /** Zeroes {@code size} packed elements from {@code from} of {@code f} (or of {@code d} when it is null). */
    private static void clear(float[] f, double[] d, int from, int size) {
        if (f != null) java.util.Arrays.fill(f, from, from + size, 0f);
        else java.util.Arrays.fill(d, from, from + size, 0.0);
    }

    /** Packs row panel {@code panel} of batch {@code b} of {@code op}; {@code row} holds {@code k} values. */
    private void packA(Operand op, int b, int panel, double[] row) {
        int rows = Math.min(mr, m - panel * mr);
        int base = (b * mPanels + panel) * k * mr;
        // padding rows and columns only reach padding outputs (never stored); skipped window taps must be zero
        if (kept != null && !op.writesEveryElement()) clear(fa, da, base, k * mr);
        op.packRows(b, panel * mr, rows, mr, k, fa, da, base, row);
    }

    /**
     * Packs column panels {@code from .. to - 1} of batch {@code b} of {@code op} a step at a time across the
     * panels (a row-major operand is then read in order, not a short run per memory page); {@code row} holds
     * {@code nr} values.
     */
    private void packB(Operand op, int b, int from, int to, double[] row) {
        for (int p = 0; p < k; p++) {
            for (int panel = from; panel < to; panel++) {
                int at = ((b * nPanels + panel) * k + p) * nr;
                op.packRun(b, p, panel * nr, Math.min(nr, n - panel * nr), fb, db, at, row);
            }
        }
    }

    /** The micro-kernel over {@code steps} steps from the packed offsets into tile {@code c} at {@code co}. */
    private void kernel(int steps, int ao, int bo, Object c, int co, int ldc) {
        if (narrow) VectorKernels.f32Narrow(steps, fa, ao, fb, bo, (float[]) c, co, ldc);
        else if (single && vector) VectorKernels.f32(steps, fa, ao, fb, bo, (float[]) c, co, ldc);
        else if (single) ScalarKernels.f32(steps, fa, ao, fb, bo, (float[]) c, co, ldc);
        else if (vector) VectorKernels.f64(steps, da, ao, db, bo, (double[]) c, co, ldc);
        else ScalarKernels.f64(steps, da, ao, db, bo, (double[]) c, co, ldc);
    }

    /** The accumulator. */
    private Object acc() {
        return single ? fc : dc;
    }

    /**
     * Writes rows {@code i0 .. i0 + rows - 1}, columns {@code j0 .. j0 + cols - 1} of batch {@code b}, held in
     * {@code src} from {@code so} with row stride {@code lds}, to the result: element {@code (b, i, j)} (flat index
     * {@code (b * m + i) * n + j}) to {@code out[map[index]]}, to {@code out[index]} when {@code map} is null, or to
     * {@code out[(b * n + j) * m + i]} when the result is stored transposed.
     */
    private void storeTile(Object src, int so, int lds, int b, int i0, int rows, int j0, int cols) {
        float[] f = single ? (float[]) src : null;
        double[] d = single ? null : (double[]) src;
        for (int r = 0; r < rows; r++) {
            int from = so + r * lds;
            int index = (b * m + i0 + r) * n + j0;
            if (transposed) {
                int to = (b * n + j0) * m + i0 + r;
                if (single) for (int c = 0; c < cols; c++, to += m) out[to] = f[from + c];
                else for (int c = 0; c < cols; c++, to += m) out[to] = d[from + c];
            } else if (map != null) {
                if (single) for (int c = 0; c < cols; c++) out[map[index + c]] = f[from + c];
                else for (int c = 0; c < cols; c++) out[map[index + c]] = d[from + c];
            } else if (single) {
                for (int c = 0; c < cols; c++) out[index + c] = f[from + c];
            } else {
                System.arraycopy(d, from, out, index, cols);
            }
        }
    }

    /**
     * Packs both operands, then runs the blocked loops, writing each finished tile to the result (see
     * {@link #storeTile}); tiles of output blocks go to the fork/join pool.
     *
     * @param left the left operand, {@code batches x m x k}
     * @param right the right operand, {@code batches x k x n}
     * @param out the result's elements
     * @param map where each element goes, or null
     * @param transposed store each batch's matrix transposed (with a null {@code map})
     */
    void run(Operand left, Operand right, double[] out, int[] map, boolean transposed) {
        this.out = out;
        this.map = map;
        this.transposed = transposed;
        allocate();
        try {
            compute(left, right);
        } finally {
            if (kept != null) kept.busy = false;
        }
    }

    /** {@link #run} once the arrays are there. */
    private void compute(Operand left, Operand right) {
        if (k == 0) {
            Object zeros = single ? new float[n] : new double[n];
            for (int b = 0; b < batches; b++) storeTile(zeros, 0, 0, b, 0, m, 0, n);
            return;
        }
        long work = (long) batches * m * n * k;
        int panels = batches * (mPanels + nPanels);
        Parallel.forTiles((panels + PACK_TILE - 1) / PACK_TILE, work, t -> {
            double[] row = new double[Math.max(k, nr)];
            int end = Math.min(panels, (t + 1) * PACK_TILE);
            for (int x = t * PACK_TILE; x < end; x++) {
                if (x < batches * mPanels) {
                    packA(left, x / mPanels, x % mPanels, row);
                    continue;
                }
                // the tile's column panels of one batch together
                int b = (x - batches * mPanels) / nPanels;
                int from = (x - batches * mPanels) % nPanels;
                int to = Math.min(nPanels, from + end - x);
                packB(right, b, from, to, row);
                x += to - from - 1;
            }
        });
        // on several threads, blocks small enough for 8 per thread: balanced parts (the bits do not depend on it)
        int mcPanels = this.mcPanels;
        int colBlocks = (nPanels + ncPanels - 1) / ncPanels;
        int threads = work >= Parallel.PARALLEL_WORK ? Parallel.threads() : 1;
        while (threads > 1 && mcPanels > 1
                && (long) batches * colBlocks * ((mPanels + mcPanels - 1) / mcPanels) < 8L * threads) {
            mcPanels = (mcPanels + 1) / 2;
        }
        int rowBlocks = (mPanels + mcPanels - 1) / mcPanels;
        int mc = (mPanels + rowBlocks - 1) / rowBlocks; // blocks of equal size
        int nc = (nPanels + colBlocks - 1) / colBlocks;
        Parallel.forTiles(batches * rowBlocks * colBlocks, work, t -> {
            Object scratch = single ? new float[mr * nr] : new double[mr * nr];
            int b = t / (rowBlocks * colBlocks);
            int ip0 = (t / colBlocks % rowBlocks) * mc;
            int jp0 = (t % colBlocks) * nc;
            int ip1 = Math.min(mPanels, ip0 + mc);
            int jp1 = Math.min(nPanels, jp0 + nc);
            for (int pc = 0; pc < k; pc += kc) {
                int steps = Math.min(kc, k - pc);
                for (int jp = jp0; jp < jp1; jp++) for (int ip = ip0; ip < ip1; ip++) block(b, ip, jp, pc, steps, scratch);
            }
        });
    }

    /**
     * One micro-tile over steps {@code pc .. pc + steps - 1}: with a single block, from zero in {@code scratch} and
     * then stored; else in the accumulator (through {@code scratch} when the tile is not whole), stored after the
     * last block.
     */
    private void block(int b, int ip, int jp, int pc, int steps, Object scratch) {
        int i0 = ip * mr;
        int j0 = jp * nr;
        int ao = ((b * mPanels + ip) * k + pc) * mr;
        int bo = ((b * nPanels + jp) * k + pc) * nr;
        int rows = Math.min(mr, m - i0);
        int cols = Math.min(nr, n - j0);
        boolean last = pc + steps == k;
        if (k <= kc) {
            if (single) java.util.Arrays.fill((float[]) scratch, 0f);
            else java.util.Arrays.fill((double[]) scratch, 0.0);
            kernel(steps, ao, bo, scratch, 0, nr);
            storeTile(scratch, 0, nr, b, i0, rows, j0, cols);
            return;
        }
        int co = (b * m + i0) * n + j0;
        if (rows == mr && cols == nr) {
            kernel(steps, ao, bo, acc(), co, n);
            if (last) storeTile(acc(), co, n, b, i0, rows, j0, cols);
            return;
        }
        for (int i = 0; i < rows; i++) System.arraycopy(acc(), co + i * n, scratch, i * nr, cols);
        kernel(steps, ao, bo, scratch, 0, nr);
        if (last) {
            storeTile(scratch, 0, nr, b, i0, rows, j0, cols);
            return;
        }
        for (int i = 0; i < rows; i++) System.arraycopy(scratch, i * nr, acc(), co + i * n, cols);
    }
}
