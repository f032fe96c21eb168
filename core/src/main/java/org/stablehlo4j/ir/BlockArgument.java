package org.stablehlo4j.ir;

/** Argument {@code index} of {@code owner}, with its own location. */
public final class BlockArgument extends Value {
    private final Block owner;
    private final int index;
    private Location location;

    BlockArgument(Block owner, int index, Type type, Location location) {
        super(type);
        this.owner = owner;
        this.index = index;
        this.location = location;
    }

    /** {@return the block this is an argument of} */
    public Block owner() { return owner; }
    /** {@return the argument's position} */
    public int index() { return index; }
    @Override
    public Location location() { return location; }
    /**
     * Sets the argument's location.
     *
     * @param location the new location
     */
    public void setLocation(Location location) { this.location = location; }
}
