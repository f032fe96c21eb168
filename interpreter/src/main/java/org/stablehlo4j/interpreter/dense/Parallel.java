package org.stablehlo4j.interpreter.dense;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.function.IntConsumer;

/**
 * The interpreter's data parallelism: tiles of work run on the common fork/join pool when there is enough work.
 * A tile always computes the same outputs the same way whichever thread runs it, so results do not depend on the
 * thread count.
 */
public final class Parallel {
    private Parallel() {}

    /** Multiply-adds (or comparable steps) above which work is split over the fork/join pool. */
    public static final long PARALLEL_WORK = 1L << 21;

    /**
     * Threads a large computation may use: system property {@code stablehlo4j.interpreter.threads}, else the common
     * pool's parallelism plus the calling thread.
     *
     * @return the thread count (1 or less: everything on the calling thread)
     */
    public static int threads() {
        Integer n = Integer.getInteger("stablehlo4j.interpreter.threads");
        return n != null ? n : ForkJoinPool.getCommonPoolParallelism() + 1;
    }

    /**
     * Runs {@code body} for tiles {@code 0 .. tiles - 1}: on the fork/join pool in contiguous ranges when
     * {@code work} is at least {@link #PARALLEL_WORK} and more than one thread may be used, else in order here.
     *
     * @param tiles how many tiles
     * @param work an estimate of the total work
     * @param body what one tile does
     */
    public static void forTiles(int tiles, long work, IntConsumer body) {
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
