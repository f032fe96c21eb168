package org.stablehlo4j.pass;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Module;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;

/** Small IR rewriting steps the passes share. */
final class Rewrites {
    private Rewrites() {}

    /** Every op named {@code name} in the module (an explicit work list: deep nesting cannot overflow). */
    static List<Operation> opsNamed(Module module, String name) {
        List<Operation> found = new ArrayList<>();
        List<Operation> work = new ArrayList<>(List.of(module.op()));
        while (!work.isEmpty()) {
            Operation op = work.remove(work.size() - 1);
            if (op.name().equals(name)) found.add(op);
            for (Region r : op.regions()) for (Block b : r.blocks()) work.addAll(b.operations());
        }
        return found;
    }

    /**
     * Replaces {@code old}: inserts {@code created} in its place (in order), redirects its results to those of
     * {@code replacement} (one of them) and removes it.
     */
    static void replace(Operation old, List<Operation> created, Operation replacement) {
        Block block = old.parent();
        int at = block.operations().indexOf(old);
        for (Operation op : created) block.insert(at++, op);
        for (int i = 0; i < old.numResults(); i++) old.result(i).replaceAllUsesWith(replacement.result(i));
        old.dropOperandUses();
        block.remove(old);
    }
}
