package org.stablehlo4j.ir;

/** A value that is the {@code index}-th of its {@code owner} (a block's argument or an op's result). */
public abstract sealed class PositionalValue<O> extends Value permits OpResult, BlockArgument {
    private final O owner;
    private final int index;

    PositionalValue(O owner, int index, Type type) {
        super(type);
        this.owner = owner;
        this.index = index;
    }

    /** The block or op this value belongs to. */
    public final O owner() { return owner; }
    /** The value's position among its owner's arguments or results. */
    public final int index() { return index; }
}
