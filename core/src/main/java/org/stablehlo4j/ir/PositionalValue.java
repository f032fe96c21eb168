package org.stablehlo4j.ir;

/**
 * A value that is the {@code index}-th of its {@code owner} (a block's argument or an op's result).
 *
 * @param <O> the owner's kind: {@link Block} or {@link Operation}
 */
public abstract sealed class PositionalValue<O> extends Value permits OpResult, BlockArgument {
    private final O owner;
    private int index;

    PositionalValue(O owner, int index, Type type) {
        super(type);
        this.owner = owner;
        this.index = index;
    }

    /** {@return the block or op this value belongs to} */
    public final O owner() { return owner; }
    /** {@return the value's position among its owner's arguments or results} */
    public final int index() { return index; }

    /** Renumbers this value after an earlier sibling was removed (block arguments only). */
    final void setIndex(int index) { this.index = index; }
}
