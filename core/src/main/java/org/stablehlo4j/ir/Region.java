package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A region: an ordered list of blocks owned by an operation. */
public final class Region {
    private final List<Block> blocks = new ArrayList<>(1);
    Operation parent;

    /** {@return the blocks (read-only view)} */
    public List<Block> blocks() { return Collections.unmodifiableList(blocks); }
    /** {@return whether the region has no block} */
    public boolean isEmpty() { return blocks.isEmpty(); }
    /** {@return the first block, or null when the region is empty} */
    public Block entry() { return blocks.isEmpty() ? null : blocks.get(0); }
    /** {@return the number of blocks} */
    public int numBlocks() { return blocks.size(); }
    /**
     * Block {@code i}.
     *
     * @param i the block's index
     * @return the block
     */
    public Block block(int i) { return blocks.get(i); }

    /**
     * Appends {@code b}, which must not be in a region yet.
     *
     * @param b the block
     */
    public void append(Block b) {
        if (b.parent != null) throw new IllegalStateException("block already in a region");
        b.parent = this;
        blocks.add(b);
    }

    /**
     * Detaches {@code b} from this region (its ops stay in it; drop their references first when discarding it).
     *
     * @param b a block of this region
     */
    public void remove(Block b) {
        if (b.parent != this || !blocks.remove(b)) throw new IllegalStateException("block not in this region");
        b.parent = null;
    }

    /** {@return the op owning this region} */
    public Operation parent() { return parent; }
}
