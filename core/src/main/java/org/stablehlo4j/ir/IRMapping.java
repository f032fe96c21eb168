package org.stablehlo4j.ir;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * A mapping from values to values and blocks to blocks, filled by {@link Operation#clone(IRMapping)} (original →
 * copy) and read to remap operands and successors (MLIR's {@code IRMapping}).
 */
public final class IRMapping {
    private final Map<Value, Value> values = new IdentityHashMap<>();
    private final Map<Block, Block> blocks = new IdentityHashMap<>();
    private final Map<Operation, Operation> ops = new IdentityHashMap<>();

    public void map(Value from, Value to) { values.put(from, to); }
    public void map(Block from, Block to) { blocks.put(from, to); }
    public void map(Operation from, Operation to) { ops.put(from, to); }

    /** Maps each value of {@code from} to the value at the same position of {@code to}. */
    public void map(java.util.List<? extends Value> from, java.util.List<? extends Value> to) {
        if (from.size() != to.size()) throw new IllegalArgumentException("size mismatch");
        for (int i = 0; i < from.size(); i++) values.put(from.get(i), to.get(i));
    }

    /** The mapped value, or null. */
    public Value lookupOrNull(Value v) { return values.get(v); }
    /** The mapped value, or {@code v} itself. */
    public Value lookupOrDefault(Value v) { return values.getOrDefault(v, v); }
    /** The mapped value; fails if there is none. */
    public Value lookup(Value v) {
        Value m = values.get(v);
        if (m == null) throw new IllegalArgumentException("value not mapped");
        return m;
    }

    public Block lookupOrNull(Block b) { return blocks.get(b); }
    public Block lookupOrDefault(Block b) { return blocks.getOrDefault(b, b); }

    public Operation lookupOrNull(Operation op) { return ops.get(op); }
    public Operation lookupOrDefault(Operation op) { return ops.getOrDefault(op, op); }

    public boolean contains(Value v) { return values.containsKey(v); }
    public boolean contains(Block b) { return blocks.containsKey(b); }

    public void erase(Value v) { values.remove(v); }
    public void clear() { values.clear(); blocks.clear(); ops.clear(); }
}
