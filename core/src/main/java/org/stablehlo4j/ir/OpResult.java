package org.stablehlo4j.ir;

/** Result {@code index} of {@code owner}. */
public final class OpResult extends PositionalValue<Operation> {
    OpResult(Operation owner, int index, Type type) {
        super(owner, index, type);
    }

    @Override
    public Operation definingOp() { return owner(); }

    @Override
    public Location location() { return owner().location(); }
}
