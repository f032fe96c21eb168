package org.stablehlo4j.interpreter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@code num_replicas x num_partitions} grid of processes started by {@code interpreter.run_parallel}, and the
 * ways they meet: rendezvous of a process group on a channel (collectives), one-to-one channels (send/recv), and
 * the shared infeed/outfeed queues. Every process runs on its own thread; all waits give up after
 * {@link #TIMEOUT_MS} or as soon as another process of the grid has failed, so a program that never meets its
 * peers ends in an error instead of a hang.
 */
final class ProcessGrid {
    /** How long a process waits for its peers. */
    static final long TIMEOUT_MS = 10_000;

    /** A process's coordinates in the grid; ordered by replica, then partition. */
    record ProcessId(int replica, int partition) implements Comparable<ProcessId> {
        @Override
        public int compareTo(ProcessId o) {
            return replica != o.replica ? Integer.compare(replica, o.replica) : Integer.compare(partition, o.partition);
        }
    }

    /** One process: its id and the grid it belongs to. */
    record Process(ProcessId id, ProcessGrid grid) {}

    private record Key(List<ProcessId> group, long channel) {}

    /** The meeting point of one group on one channel; reused (one generation after another) by later ops. */
    private static final class Meeting {
        Map<ProcessId, List<Tensor>> values = new TreeMap<>();
        Map<ProcessId, List<Tensor>> result;
        long generation;
    }

    /** A one-to-one channel: a receiver announces itself, then a sender hands over its values. */
    private static final class Channel {
        boolean receiverWaiting;
        List<Tensor> value;
    }

    final int numReplicas;
    final int numPartitions;
    private final Deque<String> infeed;
    private final List<List<Tensor>> outfeed = new ArrayList<>();
    private final Map<Key, Meeting> meetings = new HashMap<>();
    private final Map<Long, Channel> channels = new HashMap<>();
    private volatile boolean failed;

    /** Thread stack size for processes (programs may nest deeply). */
    private static final long STACK_SIZE = 64L << 20;

    /** What one process runs: its slot in the list of ids and its process; returns its results. */
    interface ProcessBody {
        List<Object> run(int slot, Process process);
    }

    /**
     * Runs {@code body} once per id, each process on its own thread, and returns their results in the order of
     * {@code ids}; the first failure of any process fails the grid (waking its peers) and is rethrown.
     */
    List<List<Object>> runAll(List<ProcessId> ids, String what, ProcessBody body) {
        int n = ids.size();
        Thread[] threads = new Thread[n];
        List<List<Object>> results = new ArrayList<>(Collections.nCopies(n, null));
        AtomicReference<RuntimeException> firstFailure = new AtomicReference<>();
        for (int i = 0; i < n; i++) {
            int slot = i;
            Process p = new Process(ids.get(i), this);
            threads[i] = new Thread(null, () -> {
                try {
                    List<Object> r = body.run(slot, p);
                    synchronized (results) {
                        results.set(slot, r);
                    }
                } catch (RuntimeException e) {
                    firstFailure.compareAndSet(null, e);
                    fail();
                } catch (StackOverflowError e) {
                    firstFailure.compareAndSet(null, new InterpreterException("interpreter: nesting too deep"));
                    fail();
                }
            }, "stablehlo-process-" + i, STACK_SIZE);
        }
        for (Thread t : threads) t.start();
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail();
                throw new InterpreterException("interrupted while running " + what);
            }
        }
        if (firstFailure.get() != null) throw firstFailure.get();
        synchronized (results) {
            return new ArrayList<>(results);
        }
    }

    ProcessGrid(int numReplicas, int numPartitions, List<String> infeed) {
        this.numReplicas = numReplicas;
        this.numPartitions = numPartitions;
        this.infeed = new ArrayDeque<>(infeed);
    }

    /** Marks the grid as failed and wakes every waiting process so it can give up. */
    synchronized void fail() {
        failed = true;
        notifyAll();
    }

    // ---------------------------------------------------------------------------------------------------------
    // Process groups (as in the spec's cross_replica, cross_partition, cross_replica_and_partition, flattened_ids)

    /** Each group of partition ids, once per replica. */
    List<List<ProcessId>> crossPartition(List<long[]> partitionGroups) {
        List<List<ProcessId>> out = new ArrayList<>();
        for (long[] g : partitionGroups) {
            for (int r = 0; r < numReplicas; r++) out.add(ids(g, r, false));
        }
        return out;
    }

    /** Each group of replica ids, once per partition. */
    List<List<ProcessId>> crossReplica(List<long[]> replicaGroups) {
        List<List<ProcessId>> out = new ArrayList<>();
        for (long[] g : replicaGroups) {
            for (int p = 0; p < numPartitions; p++) out.add(ids(g, p, true));
        }
        return out;
    }

    /** Each group of replica ids across all partitions at once. */
    List<List<ProcessId>> crossReplicaAndPartition(List<long[]> replicaGroups) {
        List<List<ProcessId>> out = new ArrayList<>();
        for (long[] g : replicaGroups) {
            List<ProcessId> group = new ArrayList<>();
            for (int p = 0; p < numPartitions; p++) group.addAll(ids(g, p, true));
            out.add(group);
        }
        return out;
    }

    /** Groups of flattened ids {@code replica * num_partitions + partition}. */
    List<List<ProcessId>> flattenedIds(List<long[]> groups) {
        List<List<ProcessId>> out = new ArrayList<>();
        for (long[] g : groups) {
            List<ProcessId> group = new ArrayList<>();
            for (long id : g) group.add(new ProcessId((int) (id / numPartitions), (int) (id % numPartitions)));
            out.add(group);
        }
        return out;
    }

    private static List<ProcessId> ids(long[] group, int other, boolean groupHoldsReplicas) {
        List<ProcessId> out = new ArrayList<>();
        for (long id : group) out.add(groupHoldsReplicas ? new ProcessId((int) id, other) : new ProcessId(other, (int) id));
        return out;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Meeting points

    /**
     * Waits until every process of {@code group} has contributed its values on {@code channel}; returns all
     * contributions keyed (and ordered) by process id.
     */
    Map<ProcessId, List<Tensor>> rendezvous(List<ProcessId> group, long channel, ProcessId self, List<Tensor> values) {
        if (group.size() == 1) return Map.of(self, values);
        synchronized (this) {
            Meeting m = meetings.computeIfAbsent(new Key(List.copyOf(group), channel), k -> new Meeting());
            long generation = m.generation;
            m.values.put(self, values);
            if (m.values.size() == group.size()) {
                m.result = m.values;
                m.values = new TreeMap<>();
                m.generation++;
                notifyAll();
            } else {
                await(() -> m.generation != generation, "rendezvous timed out");
            }
            Map<ProcessId, List<Tensor>> result = m.result;
            int count = result.values().iterator().next().size();
            for (List<Tensor> v : result.values()) {
                if (v.size() != count) throw new InterpreterException("Mismatched number of operands per process");
            }
            return result;
        }
    }

    /** Hands {@code values} to the receiver of {@code channel}, waiting until one is ready. */
    synchronized void send(long channel, List<Tensor> values) {
        Channel c = channels.computeIfAbsent(channel, k -> new Channel());
        await(() -> c.receiverWaiting && c.value == null, "send timed out");
        c.receiverWaiting = false;
        c.value = values;
        notifyAll();
    }

    /** Waits for a sender on {@code channel} and returns what it sent. */
    synchronized List<Tensor> recv(long channel) {
        Channel c = channels.computeIfAbsent(channel, k -> new Channel());
        await(() -> !c.receiverWaiting && c.value == null, "recv timed out");
        c.receiverWaiting = true;
        notifyAll();
        await(() -> c.value != null, "recv timed out");
        List<Tensor> v = c.value;
        c.value = null;
        notifyAll();
        return v;
    }

    /** The name of the next function of the infeed queue. */
    synchronized String infeed() {
        String f = infeed.poll();
        if (f == null) throw new InterpreterException("infeed queue is empty");
        return f;
    }

    synchronized void outfeed(List<Tensor> values) {
        outfeed.add(values);
    }

    private interface Condition { boolean holds(); }

    /** Waits (holding this monitor) until {@code c} holds; fails on timeout or when the grid has failed. */
    private void await(Condition c, String timeoutMessage) {
        long deadline = System.nanoTime() + TIMEOUT_MS * 1_000_000L;
        while (!c.holds()) {
            if (failed) throw new InterpreterException("another process of interpreter.run_parallel failed");
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) throw new InterpreterException(timeoutMessage);
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterpreterException("interrupted while waiting: " + timeoutMessage);
            }
        }
    }
}
