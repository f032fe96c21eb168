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

    /**
     * Maps value {@code from} to {@code to}.
     *
     * @param from the original value
     * @param to its replacement
     */
    public void map(Value from, Value to) { values.put(from, to); }
    /**
     * Maps block {@code from} to {@code to}.
     *
     * @param from the original block
     * @param to its copy
     */
    public void map(Block from, Block to) { blocks.put(from, to); }
    /**
     * Maps op {@code from} to {@code to}.
     *
     * @param from the original op
     * @param to its copy
     */
    public void map(Operation from, Operation to) { ops.put(from, to); }

    /**
     * Maps each value of {@code from} to the value at the same position of {@code to}.
     *
     * @param from the original values
     * @param to their replacements, as many
     */
    public void map(java.util.List<? extends Value> from, java.util.List<? extends Value> to) {
        if (from.size() != to.size()) throw new IllegalArgumentException("size mismatch");
        for (int i = 0; i < from.size(); i++) values.put(from.get(i), to.get(i));
    }

    /**
     * The mapped value, or null.
     *
     * @param v the original value
     * @return its mapping, or null
     */
    public Value lookupOrNull(Value v) { return values.get(v); }
    /**
     * The mapped value, or {@code v} itself.
     *
     * @param v the original value
     * @return its mapping, or {@code v}
     */
    public Value lookupOrDefault(Value v) { return values.getOrDefault(v, v); }
    /**
     * The mapped value; fails if there is none.
     *
     * @param v the original value
     * @return its mapping
     * @throws IllegalArgumentException if {@code v} is not mapped
     */
    public Value lookup(Value v) {
        Value m = values.get(v);
        if (m == null) throw new IllegalArgumentException("value not mapped");
        return m;
    }

    /**
     * The block {@code b} is mapped to, or null.
     *
     * @param b the original block
     * @return its mapping, or null
     */
    public Block lookupOrNull(Block b) { return blocks.get(b); }
    /**
     * The block {@code b} is mapped to, or {@code b} itself.
     *
     * @param b the original block
     * @return its mapping, or {@code b}
     */
    public Block lookupOrDefault(Block b) { return blocks.getOrDefault(b, b); }

    /**
     * The op {@code op} is mapped to, or null.
     *
     * @param op the original op
     * @return its mapping, or null
     */
    public Operation lookupOrNull(Operation op) { return ops.get(op); }
    /**
     * The op {@code op} is mapped to, or {@code op} itself.
     *
     * @param op the original op
     * @return its mapping, or {@code op}
     */
    public Operation lookupOrDefault(Operation op) { return ops.getOrDefault(op, op); }

    /**
     * Whether value {@code v} is mapped.
     *
     * @param v the value
     * @return whether it has a mapping
     */
    public boolean contains(Value v) { return values.containsKey(v); }
    /**
     * Whether block {@code b} is mapped.
     *
     * @param b the block
     * @return whether it has a mapping
     */
    public boolean contains(Block b) { return blocks.containsKey(b); }

    /**
     * Forgets the mapping of value {@code v}.
     *
     * @param v the value
     */
    public void erase(Value v) { values.remove(v); }
    /** Forgets every mapping. */
    public void clear() { values.clear(); blocks.clear(); ops.clear(); }
}
