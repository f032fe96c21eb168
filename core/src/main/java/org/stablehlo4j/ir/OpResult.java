package org.stablehlo4j.ir;

/** Result {@code index} of {@code owner}. */
public final class OpResult extends Value {
    private final Operation owner;
    private final int index;

    OpResult(Operation owner, int index, Type type) {
        super(type);
        this.owner = owner;
        this.index = index;
    }

    /** {@return the op this is a result of} */
    public Operation owner() { return owner; }
    /** {@return the result's position} */
    public int index() { return index; }

    @Override
    public Operation definingOp() { return owner; }

    @Override
    public Location location() { return owner.location(); }
}
