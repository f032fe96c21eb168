package org.stablehlo4j.pass;

import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Module;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * {@code --strip-debuginfo}: replaces the location of every operation and block argument with
 * {@code loc(unknown)}. Walks the IR with an explicit work list, so deep nesting cannot overflow the stack.
 */
public final class StripDebugInfoPass implements Pass {
    public static final String NAME = "strip-debuginfo";

    @Override
    public String name() { return NAME; }

    @Override
    public void run(Module module) {
        Deque<Operation> work = new ArrayDeque<>();
        work.push(module.op());
        while (!work.isEmpty()) {
            Operation op = work.pop();
            op.setLocation(Location.UNKNOWN);
            for (Region region : op.regions()) {
                for (Block block : region.blocks()) {
                    for (BlockArgument arg : block.arguments()) arg.setLocation(Location.UNKNOWN);
                    for (Operation nested : block.operations()) work.push(nested);
                }
            }
        }
    }
}
