package org.stablehlo4j.verify;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.VerificationError;

/**
 * The structural checks of MLIR's verifier that concern blocks rather than ops (mlir/lib/IR/Verifier.cpp): a
 * block needs a terminator unless its op has none (NoTerminator) or is unknown, only the last op may branch,
 * branches stay in their region; and the SymbolTable trait's unique names.
 */
final class BlockChecks {
    private final Context ctx;

    BlockChecks(Context ctx) {
        this.ctx = ctx;
    }

    /**
     * MLIR's {@code mayBeValidWithoutTerminator}: a block outside a region, or the only block of a region whose op
     * has no terminator or is not registered (it might not need one).
     */
    private static boolean mayBeValidWithoutTerminator(Block block, OpPlan parentPlan) {
        Region region = block.parent();
        if (region == null) return true;
        if (region.numBlocks() != 1) return false;
        return region.parent() == null || parentPlan.noTerminator;
    }

    /**
     * The region checks of MLIR's {@code verifyOnEntrance(Operation&)} after the op's own rules: a registered op's
     * graph regions have at most one block, and no region's entry block is a branch target.
     */
    static void verifyRegions(Operation op, OpPlan plan) {
        for (int i = 0; i < op.numRegions(); i++) {
            Region region = op.region(i);
            int blocks = region.numBlocks();
            if (plan.graphRegion && blocks > 1) {
                throw VerificationError.op(op, "expects graph region #" + i + " to have 0 or 1 blocks");
            }
            if (blocks == 0) continue;
            Block entry = region.block(0);
            for (int b = 0; b < blocks; b++) {
                Operation last = region.block(b).last();
                if (last == null) continue;
                for (int s = 0; s < last.numSuccessors(); s++) {
                    if (last.successor(s) == entry) {
                        throw VerificationError.at(op.location(), "entry block of region may not have predecessors");
                    }
                }
            }
        }
    }

    /**
     * The empty-block rule of a block's checks before its ops (MLIR's {@code verifyOnEntrance(Block&)}); its other
     * rule, on ops with successors, is {@link #misplacedBranch}, which the walk applies to each op it passes.
     */
    static void verifyOnEntry(Block block, OpPlan parentPlan) {
        if (!block.isEmpty() || mayBeValidWithoutTerminator(block, parentPlan)) return;
        Operation parent = block.parentOp();
        throw VerificationError.at(parent == null ? org.stablehlo4j.ir.Location.UNKNOWN : parent.location(),
                "empty block: expect at least a terminator");
    }

    /**
     * The error of MLIR's {@code verifyOnEntrance(Block&)} for the first op from {@code from} on (to the end of its
     * block) that has successors without being the block's last op, or null.
     */
    static VerificationError misplacedBranch(Operation from) {
        for (Operation op = from; op != null; op = op.next()) {
            if (op.numSuccessors() != 0 && op.next() != null) {
                return VerificationError.at(op.location(),
                        "operation with block successors must terminate its parent block");
            }
        }
        return null;
    }

    /**
     * A block's checks after its ops (MLIR's {@code verifyOnExit(Block&)}): successors and the terminator.
     * {@code lastPlan} is the plan of the block's last op (null when the block is empty).
     */
    void verifyOnExit(Block block, OpPlan parentPlan, OpPlan lastPlan) {
        Operation last = block.last();
        if (last != null) {
            for (int s = 0; s < last.numSuccessors(); s++) {
                if (last.successor(s).parent() != block.parent()) {
                    throw VerificationError.op(last, "branching to block of a different region");
                }
            }
        }
        if (mayBeValidWithoutTerminator(block, parentPlan) || last == null) return;
        if (lastPlan.terminator) return;
        throw VerificationError.at(last.location(), "block with no terminator, has " + printLocal(last));
    }

    /** An op as MLIR streams it into a diagnostic: alone, in local scope, on a new line if it spans several. */
    private String printLocal(Operation op) {
        String text;
        try {
            text = AsmPrinter.printOperation(ctx, op);
        } catch (RuntimeException e) {
            text = "\"" + op.name() + "\"";
        }
        text = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        return text.indexOf('\n') >= 0 ? "\n" + text : text;
    }

    /**
     * MLIR's SymbolTable trait: the symbols directly in the table's region have distinct names ({@code sym_name}).
     */
    static void verifySymbolTable(Operation table) {
        java.util.Map<String, Operation> seen = new java.util.HashMap<>();
        for (Region r : table.regions()) {
            for (Block b : r.blocks()) {
                for (Operation op = b.first(); op != null; op = op.next()) {
                    if (!(op.attr("sym_name") instanceof org.stablehlo4j.ir.StringAttr name)) continue;
                    if (name.length() == 0) {
                        // MLIR prints it as `@<<INVALID EMPTY SYMBOL>>`, which no parser reads back
                        throw VerificationError.op(op, "requires a non-empty symbol name");
                    }
                    Operation previous = seen.putIfAbsent(name.value(), op);
                    if (previous != null) {
                        throw VerificationError.at(op.location(), "redefinition of symbol named '" + name.value() + "'")
                                .note(previous.location(), "see existing symbol definition here");
                    }
                }
            }
        }
    }
}
