package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.ir.Value;

import java.util.ArrayList;
import java.util.List;

/**
 * Use-list orders: for each value of a result or block-argument range whose uses are not in the order a
 * reader would recreate, the permutation that restores it. MLIR keeps use lists newest first; the IR here
 * keeps them oldest first, so MLIR's order is the reverse of {@link Value#uses()}. A reader recreates uses in
 * file order, which is the order of descending use ids (owner pre-order id, then operand number).
 */
final class UseListOrders {
    private UseListOrders() {}

    /** Writes the orders of the values in {@code range} that need one; returns whether anything was written. */
    static boolean write(Emitter e, List<? extends Value> range, IRNumbering numbering) {
        List<int[]> orders = new ArrayList<>();
        List<Integer> indices = new ArrayList<>();
        for (int vi = 0; vi < range.size(); vi++) {
            List<Value.Use> uses = range.get(vi).uses();
            int n = uses.size();
            if (n < 2) continue;
            long[] ids = new long[n];
            boolean ordered = true;
            for (int k = 0; k < n; k++) {
                Value.Use u = uses.get(n - 1 - k);
                ids[k] = ((long) numbering.opId(u.user()) << 32) | u.index();
                if (k > 0 && !(ids[k - 1] > ids[k])) ordered = false;
            }
            if (ordered) continue;
            Integer[] perm = new Integer[n];
            for (int k = 0; k < n; k++) perm[k] = k;
            java.util.Arrays.sort(perm, (a, b) -> Long.compare(ids[b], ids[a]));
            int[] order = new int[n];
            for (int k = 0; k < n; k++) order[k] = perm[k];
            orders.add(order);
            indices.add(vi);
        }
        if (orders.isEmpty()) return false;
        int[] emitOrder = denseMapOrder(indices);
        if (range.size() != 1) e.emitVarInt(orders.size());
        for (int slot : emitOrder) {
            int[] order = orders.get(slot);
            int shuffled = 0;
            for (int k = 0; k < order.length; k++) if (order[k] != k) shuffled++;
            boolean pairs = shuffled < order.length / 2;
            if (range.size() != 1) e.emitVarInt(indices.get(slot));
            if (pairs) {
                e.emitVarIntWithFlag(shuffled * 2L, true);
                for (int k = 0; k < order.length; k++) {
                    if (order[k] != k) {
                        e.emitVarInt(order[k]);
                        e.emitVarInt(k);
                    }
                }
            } else {
                e.emitVarIntWithFlag(order.length, false);
                for (int x : order) e.emitVarInt(x);
            }
        }
        return true;
    }

    /**
     * The iteration order of LLVM's DenseMap&lt;unsigned, ...&gt; after inserting {@code keys} in order
     * (hash {@code k * 37}, quadratic probing, 64 buckets growing by doubling at 3/4 load): the positions in
     * {@code keys} in bucket order.
     */
    static int[] denseMapOrder(List<Integer> keys) {
        int buckets = 64;
        while (keys.size() * 4 >= buckets * 3) buckets *= 2;
        int[] table = new int[buckets];
        java.util.Arrays.fill(table, -1);
        for (int i = 0; i < keys.size(); i++) {
            int mask = buckets - 1;
            int b = (keys.get(i) * 37) & mask;
            for (int probe = 1; table[b] >= 0; probe++) b = (b + probe) & mask;
            table[b] = i;
        }
        int[] out = new int[keys.size()];
        int n = 0;
        for (int slot : table) if (slot >= 0) out[n++] = slot;
        return out;
    }
}
