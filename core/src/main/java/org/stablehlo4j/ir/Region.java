package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A region: an ordered list of blocks owned by an operation. */
public final class Region {
    private final List<Block> blocks = new ArrayList<>(1);
    Operation parent;

    public List<Block> blocks() { return Collections.unmodifiableList(blocks); }
    public boolean isEmpty() { return blocks.isEmpty(); }
    public Block entry() { return blocks.isEmpty() ? null : blocks.get(0); }

    public void append(Block b) {
        if (b.parent != null) throw new IllegalStateException("block already in a region");
        b.parent = this;
        blocks.add(b);
    }

    public Operation parent() { return parent; }
}
