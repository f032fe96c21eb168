package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A basic block: arguments and a list of operations, owned by a {@link Region}. */
public final class Block {
    private final List<BlockArgument> arguments = new ArrayList<>();
    private final List<Operation> operations = new ArrayList<>();
    Region parent;

    public Block() {}

    public BlockArgument addArgument(Type type, Location location) {
        BlockArgument a = new BlockArgument(this, arguments.size(), type, location);
        arguments.add(a);
        return a;
    }

    public List<BlockArgument> arguments() { return Collections.unmodifiableList(arguments); }
    public BlockArgument argument(int i) { return arguments.get(i); }
    public int numArguments() { return arguments.size(); }

    public List<Operation> operations() { return Collections.unmodifiableList(operations); }

    public void append(Operation op) {
        if (op.parent != null) throw new IllegalStateException("operation already in a block");
        op.parent = this;
        operations.add(op);
    }

    public void insert(int index, Operation op) {
        if (op.parent != null) throw new IllegalStateException("operation already in a block");
        op.parent = this;
        operations.add(index, op);
    }

    /** Detaches {@code op} from this block (its uses stay). */
    public void remove(Operation op) {
        if (op.parent != this) throw new IllegalStateException("not in this block");
        operations.remove(op);
        op.parent = null;
    }

    public Region parent() { return parent; }

    /** The last operation, or null. */
    public Operation terminator() { return operations.isEmpty() ? null : operations.get(operations.size() - 1); }
}
