package org.stablehlo4j.verify;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
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
    private boolean mayBeValidWithoutTerminator(Block block) {
        Region region = block.parent();
        if (region == null) return true;
        if (region.blocks().size() != 1) return false;
        Operation parent = region.parent();
        if (parent == null) return true;
        OpDefinition spec = ctx.opDefinition(parent.name());
        return spec == null || spec.hasTrait(OpTrait.NO_TERMINATOR);
    }

    /**
     * The region checks of MLIR's {@code verifyOnEntrance(Operation&)} after the op's own rules: a registered op's
     * graph regions have at most one block, and no region's entry block is a branch target.
     */
    void verifyRegions(Operation op) {
        OpDefinition spec = ctx.opDefinition(op.name());
        boolean graph = spec != null && spec.hasTrait(OpTrait.GRAPH_REGION);
        for (int i = 0; i < op.numRegions(); i++) {
            Region region = op.region(i);
            if (graph && region.blocks().size() > 1) {
                throw VerificationError.op(op, "expects graph region #" + i + " to have 0 or 1 blocks");
            }
            Block entry = region.entry();
            if (entry == null) continue;
            for (Block b : region.blocks()) {
                Operation last = b.last();
                if (last != null && last.successors().contains(entry)) {
                    throw VerificationError.at(op.location(), "entry block of region may not have predecessors");
                }
            }
        }
    }

    /** A block's checks before its ops (MLIR's {@code verifyOnEntrance(Block&)}). */
    void verifyOnEntry(Block block) {
        if (block.isEmpty()) {
            if (mayBeValidWithoutTerminator(block)) return;
            Operation parent = block.parentOp();
            throw VerificationError.at(parent == null ? org.stablehlo4j.ir.Location.UNKNOWN : parent.location(),
                    "empty block: expect at least a terminator");
        }
        for (Operation op = block.first(); op != null; op = op.next()) {
            if (op.numSuccessors() != 0 && op != block.last()) {
                throw VerificationError.at(op.location(),
                        "operation with block successors must terminate its parent block");
            }
        }
    }

    /** A block's checks after its ops (MLIR's {@code verifyOnExit(Block&)}): successors and the terminator. */
    void verifyOnExit(Block block) {
        Operation last = block.last();
        if (last != null) {
            for (Block successor : last.successors()) {
                if (successor.parent() != block.parent()) {
                    throw VerificationError.op(last, "branching to block of a different region");
                }
            }
        }
        if (mayBeValidWithoutTerminator(block) || last == null) return;
        OpDefinition spec = ctx.opDefinition(last.name());
        if (spec == null || spec.hasTrait(OpTrait.TERMINATOR)) return;
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
                    if (name.value().isEmpty()) {
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
