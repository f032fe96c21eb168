package org.stablehlo4j.ir;

/** Argument {@code index} of {@code owner}, with its own location. */
public final class BlockArgument extends PositionalValue<Block> {
    private Location location;

    BlockArgument(Block owner, int index, Type type, Location location) {
        super(owner, index, type);
        this.location = location;
    }

    @Override
    public Location location() { return location; }
    /**
     * Sets the argument's location.
     *
     * @param location the new location
     */
    public void setLocation(Location location) { this.location = location; }
}
