package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A basic block: arguments and a list of operations, owned by a {@link Region}.
 *
 * <p>The operations form an intrusive doubly-linked list ({@link Operation#prev()}/{@link Operation#next()}), so
 * inserting or unlinking an op is O(1). {@link #operations()} is a read-only snapshot built on first use after a
 * change, and {@link Operation#isBeforeInBlock} uses an order index: kept up to date when an op is appended or
 * prepended (how the parser and the reader build blocks) or removed (the indices stay increasing), renumbered
 * lazily after an insertion in the middle.
 */
public final class Block {
    private final List<BlockArgument> arguments = new ArrayList<>();
    private Operation first;
    private Operation last;
    private int size;
    /** The cached {@link #operations()} snapshot; null after a change. */
    private List<Operation> view;
    /** Whether the ops' {@code orderIndex} fields increase along the list (an empty block's trivially do). */
    private boolean orderValid = true;
    Region parent;
    /** Bumped by every change of the op list and of an op's attributes: what {@link #symbolIndex} depends on. */
    int modCount;
    /** The ops by {@code sym_name} (first one of each name) as of {@link #symbolIndexStamp}, or null. */
    private java.util.Map<String, Operation> symbolIndex;
    private int symbolIndexStamp;

    /** An empty block, in no region. */
    public Block() {}

    /**
     * Appends an argument of {@code type} at {@code location} and returns it.
     *
     * @param type the argument's type
     * @param location the argument's location
     * @return the new argument
     */
    public BlockArgument addArgument(Type type, Location location) {
        BlockArgument a = new BlockArgument(this, arguments.size(), type, location);
        arguments.add(a);
        return a;
    }

    /** {@return the block arguments (read-only view)} */
    public List<BlockArgument> arguments() { return Collections.unmodifiableList(arguments); }
    /**
     * Argument {@code i}.
     *
     * @param i the position, from 0
     * @return the argument
     */
    public BlockArgument argument(int i) { return arguments.get(i); }
    /** {@return the number of arguments} */
    public int numArguments() { return arguments.size(); }

    /**
     * Removes argument {@code i}, which must be unused; the arguments after it move one position down (MLIR's
     * {@code Block::eraseArgument}).
     *
     * @param i the position, from 0
     * @throws IllegalStateException if the argument still has uses
     */
    public void eraseArgument(int i) {
        BlockArgument a = arguments.get(i);
        if (a.hasUses()) throw new IllegalStateException("cannot erase block argument #" + i + ": it still has uses");
        arguments.remove(i);
        for (int k = i; k < arguments.size(); k++) arguments.get(k).setIndex(k);
    }

    /**
     * The operations in order, as a read-only list. The list is a snapshot: it is built lazily and cached until
     * the next change, and a list obtained before a change does not see it (iterating it while mutating the block
     * is safe).
     *
     * @return the operations
     */
    public List<Operation> operations() {
        List<Operation> v = view;
        if (v == null) {
            ArrayList<Operation> list = new ArrayList<>(size);
            for (Operation op = first; op != null; op = op.next) list.add(op);
            v = view = Collections.unmodifiableList(list);
        }
        return v;
    }

    /** {@return the first operation, or null} */
    public Operation first() { return first; }

    /** {@return the last operation, or null} */
    public Operation last() { return last; }

    /** {@return the number of operations} */
    public int numOperations() { return size; }

    /** {@return whether the block holds no op} */
    public boolean isEmpty() { return size == 0; }

    /**
     * Appends {@code op} (which must not be in a block).
     *
     * @param op the op to append
     */
    public void append(Operation op) { insertBefore(null, op); }

    /**
     * Inserts {@code op} before the first operation.
     *
     * @param op the op to insert
     */
    public void prepend(Operation op) { insertBefore(first, op); }

    /**
     * Inserts {@code op} at position {@code index} (O(index); prefer {@link #insertBefore}).
     *
     * @param index the position the op will have
     * @param op the op to insert
     */
    public void insert(int index, Operation op) {
        if (index < 0 || index > size) throw new IndexOutOfBoundsException(index + " of " + size);
        Operation at = first;
        for (int i = 0; i < index; i++) at = at.next;
        insertBefore(at, op);
    }

    /**
     * Inserts {@code op} before {@code before} (an op of this block), or at the end when it is null.
     *
     * @param before the op to insert before, or null for the end
     * @param op the op to insert
     */
    public void insertBefore(Operation before, Operation op) {
        if (op.parent != null) throw new IllegalStateException("operation already in a block");
        if (before != null && before.parent != this) throw new IllegalArgumentException("anchor not in this block");
        op.parent = this;
        Operation after = before == null ? last : before.prev;
        op.prev = after;
        op.next = before;
        if (after == null) first = op; else after.next = op;
        if (before == null) last = op; else before.prev = op;
        size++;
        modCount++;
        view = null;
        if (orderValid) {
            // At either end the neighbour's index gives the new one; in the middle the block is renumbered later.
            if (before == null && after != null && after.orderIndex < Integer.MAX_VALUE) {
                op.orderIndex = after.orderIndex + 1;
            } else if (after == null && before != null && before.orderIndex > Integer.MIN_VALUE) {
                op.orderIndex = before.orderIndex - 1;
            } else if (after == null && before == null) {
                op.orderIndex = 0;
            } else {
                orderValid = false;
            }
        }
    }

    /**
     * Inserts {@code op} after {@code after} (an op of this block), or at the start when it is null.
     *
     * @param after the op to insert after, or null for the start
     * @param op the op to insert
     */
    public void insertAfter(Operation after, Operation op) {
        insertBefore(after == null ? first : after.next, op);
    }

    /**
     * Detaches {@code op} from this block (its uses and its operands' uses stay).
     *
     * @param op an op of this block
     */
    public void remove(Operation op) {
        if (op.parent != this) throw new IllegalStateException("not in this block");
        if (op.prev == null) first = op.next; else op.prev.next = op.next;
        if (op.next == null) last = op.prev; else op.next.prev = op.prev;
        op.prev = null;
        op.next = null;
        op.parent = null;
        size--;
        modCount++;
        view = null; // the remaining ops' indices stay increasing
    }

    /** Renumbers the ops if needed (for {@link Operation#isBeforeInBlock}). */
    void ensureOrder() {
        if (orderValid) return;
        int i = 0;
        for (Operation op = first; op != null; op = op.next) op.orderIndex = i++;
        orderValid = true;
    }

    /**
     * The first op of this block whose {@code sym_name} is {@code symbol}, or null: from an index built on first use
     * and rebuilt after the block or an attribute of one of its ops changed (for {@link SymbolTable}).
     */
    Operation symbol(String symbol) {
        java.util.Map<String, Operation> index = symbolIndex;
        if (index == null || symbolIndexStamp != modCount) {
            index = new java.util.HashMap<>();
            for (Operation op = first; op != null; op = op.next) {
                if (op.attr("sym_name") instanceof StringAttr s) index.putIfAbsent(s.value(), op);
            }
            symbolIndex = index;
            symbolIndexStamp = modCount;
        }
        return index.get(symbol);
    }

    /** {@return the region holding this block, or null} */
    public Region parent() { return parent; }

    /** {@return the operation whose region holds this block, or null} */
    public Operation parentOp() { return parent == null ? null : parent.parent; }

    /** {@return the last operation, or null} */
    public Operation terminator() { return last; }

    /** {@return whether any argument of this block is used} */
    public boolean argumentsUsed() {
        for (BlockArgument a : arguments) if (a.hasUses()) return true;
        return false;
    }
}
