package org.stablehlo4j.ir;

import java.util.List;

/**
 * Creates operations at an insertion point (MLIR's {@code OpBuilder}): a block and the op to insert before
 * ({@code null} = the end of the block). Ops made by {@link #create} are inserted there and reported to the
 * {@link Listener}; with no insertion block they are created detached.
 */
public class OpBuilder {
    /** A saved insertion point; {@code before == null} means the end of {@code block}. */
    public record InsertPoint(Block block, Operation before) {
        /** No insertion point. */
        public static final InsertPoint NONE = new InsertPoint(null, null);

        /** {@return whether this point has a block} */
        public boolean isSet() { return block != null; }
    }

    /** Told about the ops this builder inserts (each nested op of an inserted clone too). */
    public interface Listener {
        /**
         * Called after {@code op} was inserted.
         *
         * @param op the inserted op
         */
        default void inserted(Operation op) {}
    }

    private Block block;
    private Operation before;
    private Location defaultLocation = Location.UNKNOWN;
    /** The context op names are interned in; null: the insertion block's (see {@link #context()}). */
    private Context context;
    /** Told about inserted ops; may be null. */
    protected Listener listener;

    /** A builder without an insertion point or listener. */
    public OpBuilder() {}

    /**
     * A builder without an insertion point or listener that makes ops of {@code context}.
     *
     * @param context the context op names are interned in
     */
    public OpBuilder(Context context) { this.context = context; }

    /**
     * A builder without an insertion point that reports to {@code listener}.
     *
     * @param listener told about inserted ops, or null
     */
    public OpBuilder(Listener listener) { this.listener = listener; }

    /**
     * A builder inserting at the end of {@code b}.
     *
     * @param b the block
     * @return the builder
     */
    public static OpBuilder atBlockEnd(Block b) {
        OpBuilder builder = new OpBuilder();
        builder.setInsertionPointToEnd(b);
        return builder;
    }

    /**
     * A builder inserting at the start of {@code b}.
     *
     * @param b the block
     * @return the builder
     */
    public static OpBuilder atBlockBegin(Block b) {
        OpBuilder builder = new OpBuilder();
        builder.setInsertionPointToStart(b);
        return builder;
    }

    /**
     * A builder inserting before {@code op}.
     *
     * @param op an op in a block
     * @return the builder
     */
    public static OpBuilder before(Operation op) {
        OpBuilder builder = new OpBuilder();
        builder.setInsertionPoint(op);
        return builder;
    }

    /** {@return the listener, or null} */
    public Listener listener() { return listener; }
    /**
     * Replaces the listener.
     *
     * @param listener told about inserted ops, or null
     */
    public void setListener(Listener listener) { this.listener = listener; }

    // ---- insertion point

    /**
     * Insert before {@code op}.
     *
     * @param op an op in a block
     */
    public void setInsertionPoint(Operation op) {
        if (op.parent() == null) throw new IllegalArgumentException("operation is not in a block");
        block = op.parent();
        before = op;
    }

    /**
     * Insert after {@code op}.
     *
     * @param op an op in a block
     */
    public void setInsertionPointAfter(Operation op) {
        if (op.parent() == null) throw new IllegalArgumentException("operation is not in a block");
        block = op.parent();
        before = op.next();
    }

    /**
     * Insert at the start of {@code b}.
     *
     * @param b the block
     */
    public void setInsertionPointToStart(Block b) {
        block = b;
        before = b.first();
    }

    /**
     * Insert at the end of {@code b}.
     *
     * @param b the block
     */
    public void setInsertionPointToEnd(Block b) {
        block = b;
        before = null;
    }

    /** No insertion point: created ops stay detached. */
    public void clearInsertionPoint() {
        block = null;
        before = null;
    }

    /** {@return the current insertion point, for {@link #restoreInsertionPoint}} */
    public InsertPoint saveInsertionPoint() { return new InsertPoint(block, before); }

    /**
     * Goes back to a saved insertion point.
     *
     * @param ip the point
     */
    public void restoreInsertionPoint(InsertPoint ip) {
        block = ip.block();
        before = ip.before();
    }

    /** {@return the block ops are inserted into, or null} */
    public Block insertionBlock() { return block; }

    /** {@return the op new ops are inserted before, or null (end of the block, or no insertion point)} */
    public Operation insertionPoint() { return before; }

    // ---- context

    /**
     * The context whose op names this builder interns: the one it was given, else the context of the nearest
     * enclosing op of the insertion block that belongs to one.
     *
     * @return the context
     * @throws IllegalStateException when there is none
     */
    public Context context() {
        if (context != null) return context;
        for (Operation p = block == null ? null : block.parentOp(); p != null; p = p.parentOp()) {
            Context c = p.opName().context();
            if (c != null) return c;
        }
        throw new IllegalStateException("OpBuilder has no context: give it one or an insertion point inside an op "
                + "of a context");
    }

    /**
     * Sets the context op names are interned in (null: the insertion block's).
     *
     * @param context the context, or null
     */
    public void setContext(Context context) { this.context = context; }

    /**
     * The interned name {@code fullName} in {@link #context()}.
     *
     * @param fullName the full op name
     * @return the interned name
     */
    public OperationName opName(String fullName) { return context().opName(fullName); }

    // ---- default location

    /** {@return the location of ops created without one} */
    public Location defaultLocation() { return defaultLocation; }
    /**
     * Sets the location of ops created without one.
     *
     * @param loc the location (null: unknown)
     */
    public void setDefaultLocation(Location loc) { defaultLocation = loc == null ? Location.UNKNOWN : loc; }

    // ---- creating

    /**
     * Inserts a detached {@code op} at the insertion point (if any) and reports it; returns it.
     *
     * @param op a detached op
     * @return {@code op}
     */
    public Operation insert(Operation op) {
        if (block != null) block.insertBefore(before, op);
        if (listener != null) listener.inserted(op);
        return op;
    }

    /**
     * Creates an op with everything explicit, inserted at the insertion point.
     *
     * @param loc its location (null: the default location)
     * @param name the op's interned name
     * @param operands the operands
     * @param resultTypes the result types
     * @param properties the inherent attributes
     * @param attributes the discardable attributes
     * @param numRegions how many empty regions it gets
     * @param successors the successor blocks
     * @return the new op
     */
    public Operation create(Location loc, OperationName name, List<Value> operands, List<Type> resultTypes,
                            DictionaryAttr properties, DictionaryAttr attributes, int numRegions,
                            List<Block> successors) {
        return insert(Operation.create(name, operands, resultTypes, properties, attributes, numRegions, successors,
                loc == null ? defaultLocation : loc));
    }

    /**
     * Creates an op without regions, successors or discardable attributes, inserted at the insertion point.
     *
     * @param loc its location (null: the default location)
     * @param name the op's interned name
     * @param operands the operands
     * @param resultTypes the result types
     * @param properties the inherent attributes
     * @return the new op
     */
    public Operation create(Location loc, OperationName name, List<Value> operands, List<Type> resultTypes,
                            DictionaryAttr properties) {
        return create(loc, name, operands, resultTypes, properties, DictionaryAttr.EMPTY, 0, List.of());
    }

    /**
     * Creates an op at the default location.
     *
     * @param name the op's interned name
     * @param operands the operands
     * @param resultTypes the result types
     * @param properties the inherent attributes
     * @return the new op
     */
    public Operation create(OperationName name, List<Value> operands, List<Type> resultTypes, DictionaryAttr properties) {
        return create(null, name, operands, resultTypes, properties);
    }

    /**
     * Deep-copies {@code op} (see {@link Operation#clone(IRMapping)}) and inserts the copy; reports every new op (nested ones first, in pre-order).
     *
     * @param op the op to copy
     * @param map maps originals to copies; extended with the new values, blocks and ops
     * @return the copy
     */
    public Operation clone(Operation op, IRMapping map) {
        Operation copy = op.clone(map);
        if (block != null) block.insertBefore(before, copy);
        if (listener != null) {
            // As MLIR's OpBuilder::clone: the nested ops in pre-order, then the clone itself.
            copy.walk(WalkOrder.PRE_ORDER, o -> {
                if (o != copy) listener.inserted(o);
                return WalkResult.ADVANCE;
            });
            listener.inserted(copy);
        }
        return copy;
    }

    /**
     * Deep-copies {@code op} with a fresh mapping and inserts the copy.
     *
     * @param op the op to copy
     * @return the copy
     */
    public Operation clone(Operation op) { return clone(op, new IRMapping()); }

    /**
     * Appends a new block with arguments of {@code argTypes} (at {@code argLocs}, or the default location) to
     * {@code region} and sets the insertion point to its end.
     *
     * @param region the region to append to
     * @param argTypes the argument types
     * @param argLocs the argument locations, or null
     * @return the new block
     */
    public Block createBlock(Region region, List<Type> argTypes, List<Location> argLocs) {
        Block b = new Block();
        for (int i = 0; i < argTypes.size(); i++) {
            b.addArgument(argTypes.get(i), argLocs == null ? defaultLocation : argLocs.get(i));
        }
        region.append(b);
        setInsertionPointToEnd(b);
        return b;
    }
}
