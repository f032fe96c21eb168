package org.stablehlo4j.pass;

import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;

/**
 * {@code --strip-debuginfo}: replaces the location of every operation and block argument with
 * {@code loc(unknown)}. Uses {@link Operation#walk} (an explicit stack: deep nesting cannot overflow).
 */
public final class StripDebugInfoPass implements OpAgnosticPass {
    /** The command-line name. */
    public static final String NAME = "strip-debuginfo";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Strip debug info from all operations";

    @Override
    public String name() { return NAME; }

    @Override
    public void runOn(Operation root, PassContext context) {
        root.walk(op -> {
            op.setLocation(Location.UNKNOWN);
            for (Region region : op.regions()) {
                for (Block block : region.blocks()) {
                    for (BlockArgument arg : block.arguments()) arg.setLocation(Location.UNKNOWN);
                }
            }
        });
    }
}
