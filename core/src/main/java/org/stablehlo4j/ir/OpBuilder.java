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
        public static final InsertPoint NONE = new InsertPoint(null, null);

        public boolean isSet() { return block != null; }
    }

    /** Told about the ops this builder inserts (each nested op of an inserted clone too). */
    public interface Listener {
        default void inserted(Operation op) {}
    }

    private Block block;
    private Operation before;
    private Location defaultLocation = Location.UNKNOWN;
    protected Listener listener;

    public OpBuilder() {}

    public OpBuilder(Listener listener) { this.listener = listener; }

    public static OpBuilder atBlockEnd(Block b) {
        OpBuilder builder = new OpBuilder();
        builder.setInsertionPointToEnd(b);
        return builder;
    }

    public static OpBuilder atBlockBegin(Block b) {
        OpBuilder builder = new OpBuilder();
        builder.setInsertionPointToStart(b);
        return builder;
    }

    public static OpBuilder before(Operation op) {
        OpBuilder builder = new OpBuilder();
        builder.setInsertionPoint(op);
        return builder;
    }

    public Listener listener() { return listener; }
    public void setListener(Listener listener) { this.listener = listener; }

    // ---- insertion point

    /** Insert before {@code op}. */
    public void setInsertionPoint(Operation op) {
        if (op.parent() == null) throw new IllegalArgumentException("operation is not in a block");
        block = op.parent();
        before = op;
    }

    /** Insert after {@code op}. */
    public void setInsertionPointAfter(Operation op) {
        if (op.parent() == null) throw new IllegalArgumentException("operation is not in a block");
        block = op.parent();
        before = op.next();
    }

    /** Insert at the start of {@code b}. */
    public void setInsertionPointToStart(Block b) {
        block = b;
        before = b.first();
    }

    /** Insert at the end of {@code b}. */
    public void setInsertionPointToEnd(Block b) {
        block = b;
        before = null;
    }

    /** No insertion point: created ops stay detached. */
    public void clearInsertionPoint() {
        block = null;
        before = null;
    }

    public InsertPoint saveInsertionPoint() { return new InsertPoint(block, before); }

    public void restoreInsertionPoint(InsertPoint ip) {
        block = ip.block();
        before = ip.before();
    }

    /** The block ops are inserted into, or null. */
    public Block insertionBlock() { return block; }

    /** The op new ops are inserted before, or null (end of the block, or no insertion point). */
    public Operation insertionPoint() { return before; }

    // ---- default location

    public Location defaultLocation() { return defaultLocation; }
    public void setDefaultLocation(Location loc) { defaultLocation = loc == null ? Location.UNKNOWN : loc; }

    // ---- creating

    /** Inserts a detached {@code op} at the insertion point (if any) and reports it; returns it. */
    public Operation insert(Operation op) {
        if (block != null) block.insertBefore(before, op);
        if (listener != null) listener.inserted(op);
        return op;
    }

    public Operation create(Location loc, String name, List<Value> operands, List<Type> resultTypes,
                            DictionaryAttr properties, DictionaryAttr attributes, int numRegions,
                            List<Block> successors) {
        return insert(Operation.create(name, operands, resultTypes, properties, attributes, numRegions, successors,
                loc == null ? defaultLocation : loc));
    }

    public Operation create(Location loc, String name, List<Value> operands, List<Type> resultTypes,
                            DictionaryAttr properties) {
        return create(loc, name, operands, resultTypes, properties, DictionaryAttr.EMPTY, 0, List.of());
    }

    /** Creates an op at the default location. */
    public Operation create(String name, List<Value> operands, List<Type> resultTypes, DictionaryAttr properties) {
        return create(null, name, operands, resultTypes, properties);
    }

    /** Deep-copies {@code op} (see {@link Operation#clone(IRMapping)}) and inserts the copy; reports every new op (nested ones first, in pre-order). */
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

    public Operation clone(Operation op) { return clone(op, new IRMapping()); }

    /**
     * Appends a new block with arguments of {@code argTypes} (at {@code argLocs}, or the default location) to
     * {@code region} and sets the insertion point to its end.
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
