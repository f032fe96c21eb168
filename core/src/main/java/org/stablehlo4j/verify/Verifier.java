package org.stablehlo4j.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.SymbolUseVerifier;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;

/**
 * The generic verifier, in MLIR's order (mlir/lib/IR/Verifier.cpp). Each op's row comes from the
 * {@link Context} ({@link Context#opDefinition}); the verifier knows no dialect. On entry: the counts, attributes
 * and type constraints of the row (ODS), its traits in upstream's declaration order, then the row's
 * {@link OpDefinition#verifier()}. Then the ops nested in it. On exit: the nested ops that are isolated from above
 * (each on its own, all of them, so a module reports the first error of every function), the row's
 * {@link OpDefinition#regionVerifier()}, the symbol uses of a module (the rows' {@link SymbolUseVerifier}), and
 * the result types the row's {@link OpDefinition#inferTypes()} computes compared with the declared ones. Blocks
 * are checked around their ops ({@link BlockChecks}: terminators, empty blocks, branches), symbol tables for
 * duplicate names, and once an isolated op's structure is sound, the dominance of every use in it
 * ({@link Dominance}). Within one isolated op it stops at the first violated rule.
 */
public final class Verifier {
    private final Context ctx;
    private final BlockChecks blocks;
    private final OpChecks checks;
    /** The plan of each op name met in this run (see {@link #plan(String)}). */
    private final Map<String, OpPlan> plans = new HashMap<>();
    /** Type constraints by the name the rows give them, resolved once per run. */
    private final TypeConstraints.Cache constraints = new TypeConstraints.Cache();
    /**
     * The ops with a {@link SymbolUseVerifier} checked so far whose module has not been exited yet: a module's own
     * are those added after it (see {@link Scope#symbolStart}); a nested module takes its own out on exit.
     */
    private final List<Operation> symbolUsers = new ArrayList<>();

    private Verifier(Context ctx) {
        this.ctx = ctx;
        this.blocks = new BlockChecks(ctx);
        this.checks = new OpChecks(ctx);
    }

    /** Verifies the whole module; throws with the first error found. */
    public static void verify(Context ctx, ModuleOp module) throws DiagnosticException {
        verify(ctx, module.op());
    }

    /** Verifies an op and everything nested in it; throws with the first error found. */
    public static void verify(Context ctx, Operation root) throws DiagnosticException {
        try {
            new Verifier(ctx).walk(root);
        } catch (VerificationError e) {
            throw new DiagnosticException(e.toDiagnostics());
        }
    }

    /**
     * The result types the row of {@code op} infers (upstream's {@code inferReturnTypes}), or null when it has no
     * inference.
     *
     * @throws DiagnosticException when the operands/attributes admit no result type (the error upstream reports)
     */
    public static List<Type> inferReturnTypes(Context ctx, Operation op) throws DiagnosticException {
        OpDefinition def = ctx.opDefinition(op);
        if (def == null || def.inferTypes() == null) return null;
        try {
            return def.inferTypes().infer(op);
        } catch (VerificationError e) {
            throw new DiagnosticException(e.toDiagnostics());
        }
    }

    /**
     * The plan of op name {@code name}: built on first use in this run. A name without a row is asked again (a
     * dialect loaded meanwhile may have it).
     */
    private OpPlan plan(String name) {
        OpPlan p = plans.get(name);
        if (p != null && p.def != null) return p;
        OpDefinition def = ctx.opDefinition(name);
        if (p != null && def == null) return p;
        p = new OpPlan(ctx, name, def, constraints);
        plans.put(name, p);
        return p;
    }

    private void walk(Operation op) {
        List<VerificationError> errors = new ArrayList<>();
        verifyOpAndDominance(op, plan(op.name()), errors);
        if (!errors.isEmpty()) {
            VerificationError first = errors.get(0);
            for (int i = 1; i < errors.size(); i++) first.then(errors.get(i));
            throw first;
        }
    }

    /**
     * One op verified on its own (the root, or an op isolated from above) and what the walk of its contents found
     * out for the checks that come after it: whether some use may not be dominated by its definition, and (for an
     * IsolatedFromAbove op) whether some use may reach a value defined outside. The walk settles the common cases
     * (a value of the same block or of an enclosing one); anything else marks the scope, and then the exact checks
     * ({@link Dominance}, {@link #verifyIsolatedFromAbove}) run as upstream's do and report the first violation in
     * their own order.
     */
    private static final class Scope {
        final Operation root;
        final boolean checkIsolation;
        boolean dominanceSuspect;
        boolean isolationSuspect;
        /** Where the symbol users nested in the root (when it is a module) start in {@link #symbolUsers}. */
        int symbolStart;

        Scope(Operation root, OpPlan plan) {
            this.root = root;
            this.checkIsolation = plan.isolatedTrait;
        }
    }

    /**
     * A step of the walk: an op whose regions' blocks are being entered in turn, or a block whose ops are being
     * visited in turn.
     */
    private static final class Frame {
        Operation op;
        OpPlan plan;
        int region;
        int blockIndex;
        /** The ops isolated from above directly in this op's blocks, verified on its exit (kept when reused). */
        final List<Operation> isolated = new ArrayList<>();
        Block block;
        /** For a block: the op frame of the block's op and whether the block's region is a graph region. */
        Frame owner;
        boolean graph;
        /** For a block: the next op to visit. */
        Operation next;

        Frame forOp(Operation op, OpPlan plan) {
            this.op = op;
            this.plan = plan;
            this.region = 0;
            this.blockIndex = -1;
            this.isolated.clear();
            this.block = null;
            this.owner = null;
            this.graph = false;
            this.next = null;
            return this;
        }

        Frame forBlock(Block block, Frame owner) {
            this.op = null;
            this.plan = null;
            this.isolated.clear();
            this.block = block;
            this.owner = owner;
            this.graph = owner.plan.graphRegion;
            this.next = block.first();
            return this;
        }
    }

    /** Frames done with, for the walk to reuse (one run allocates as many as its deepest nesting needs). */
    private final ArrayList<Frame> freeFrames = new ArrayList<>();

    private Frame frame() {
        int n = freeFrames.size();
        return n == 0 ? new Frame() : freeFrames.remove(n - 1);
    }

    private void release(Frame f) {
        f.op = null;
        f.block = null;
        f.owner = null;
        f.next = null;
        freeFrames.add(f);
    }

    /**
     * Verifies {@code op} and what is nested in it, as MLIR's verifier does: an op's own rules on entry, then its
     * nested ops (an explicit stack: a built module need not respect the parser's nesting limit), then on exit
     * the nested ops that are isolated from above (each verified on its own; all are verified, so one run can
     * report an error per function) and the rules that need verified regions. A block's rule that only its last op
     * may have successors (upstream checks it on entering the block) is checked as the walk passes each op; when
     * something fails first, the rest of the blocks being walked is checked before reporting, so the error is the
     * one upstream reports. Returns false after adding an error.
     */
    private boolean verifyOperation(Operation root, OpPlan rootPlan, Scope scope, List<VerificationError> errors) {
        int errorsBefore = errors.size();
        ArrayList<Frame> stack = new ArrayList<>();
        try {
            checks.verifyOp(root, rootPlan);
            if (rootPlan.symbolUses != null) symbolUsers.add(root);
            scope.symbolStart = symbolUsers.size();
            BlockChecks.verifyRegions(root, rootPlan);
            if (root.numRegions() == 0) {
                verifyOnExit(root, rootPlan, scope);
                return true;
            }
            stack.add(frame().forOp(root, rootPlan));
            while (!stack.isEmpty()) {
                Frame f = stack.get(stack.size() - 1);
                if (f.block == null) {
                    Block entered = nextBlock(f);
                    if (entered != null) {
                        BlockChecks.verifyOnEntry(entered, f.plan);
                        stack.add(frame().forBlock(entered, f));
                        continue;
                    }
                    stack.remove(stack.size() - 1);
                    if (!f.isolated.isEmpty()) {
                        boolean nestedOk = true;
                        for (Operation isolated : f.isolated) {
                            nestedOk &= verifyOpAndDominance(isolated, plan(isolated.name()), errors);
                        }
                        if (!nestedOk) {
                            VerificationError earlier = pendingBlockError(stack);
                            if (earlier != null) {
                                errors.subList(errorsBefore, errors.size()).clear();
                                errors.add(earlier);
                            }
                            return false;
                        }
                    }
                    verifyOnExit(f.op, f.plan, scope);
                    release(f);
                    continue;
                }
                Operation op = f.next;
                if (op == null) {
                    stack.remove(stack.size() - 1);
                    Block b = f.block;
                    blocks.verifyOnExit(b, f.owner.plan, b.last() == null ? null : plan(b.last().name()));
                    release(f);
                    continue;
                }
                f.next = op.next();
                if (op.numSuccessors() != 0 && f.next != null) throw BlockChecks.misplacedBranch(op);
                if (op.numOperands() != 0) checkOperands(scope, op, f.block, f.graph);
                OpPlan plan = plan(op.name());
                if (op.numRegions() != 0 && plan.isolatedIfRegions) {
                    f.owner.isolated.add(op);
                    continue;
                }
                checks.verifyOp(op, plan);
                if (plan.symbolUses != null) symbolUsers.add(op);
                if (op.numRegions() == 0) {
                    verifyOnExit(op, plan, scope);
                    continue;
                }
                BlockChecks.verifyRegions(op, plan);
                stack.add(frame().forOp(op, plan));
            }
        } catch (VerificationError e) {
            VerificationError earlier = pendingBlockError(stack);
            errors.add(earlier != null ? earlier : e);
            return false;
        }
        return true;
    }

    /** The next block of an op frame's regions, advancing it; null after the last. */
    private static Block nextBlock(Frame f) {
        Operation op = f.op;
        while (f.region < op.numRegions()) {
            Region r = op.region(f.region);
            if (++f.blockIndex < r.numBlocks()) return r.block(f.blockIndex);
            f.region++;
            f.blockIndex = -1;
        }
        return null;
    }

    /**
     * The error upstream reports on entering one of the blocks still being walked (outermost first) for an op not
     * yet visited: an op with successors that is not its block's last op. Null when there is none.
     */
    private static VerificationError pendingBlockError(List<Frame> stack) {
        for (Frame f : stack) {
            if (f.block == null || f.next == null) continue;
            VerificationError e = BlockChecks.misplacedBranch(f.next);
            if (e != null) return e;
        }
        return null;
    }

    /**
     * What the walk can settle about the operands of {@code user} (in {@code block}, of a graph region or not):
     * a value defined earlier in the same block, or in (or as an argument of) an enclosing block, dominates the use
     * exactly when upstream's {@code properlyDominates} says so, and is inside the scope's isolated root. Anything
     * else marks the scope for the exact checks.
     */
    private void checkOperands(Scope scope, Operation user, Block block, boolean graph) {
        for (int i = 0, n = user.numOperands(); i < n; i++) {
            Value v = user.operand(i);
            Operation def = null;
            Block defBlock;
            if (v instanceof OpResult r) {
                def = r.owner();
                defBlock = def.parent();
            } else {
                defBlock = ((BlockArgument) v).owner();
            }
            if (defBlock == block) {
                if (def != null && !(def != user && (graph || def.isBeforeInBlock(user)))) {
                    scope.dominanceSuspect = true;
                }
                continue;
            }
            checkOuterOperand(scope, user, def, defBlock);
        }
    }

    /** {@link #checkOperands} for a value not defined in the user's own block: looks for an enclosing block. */
    private void checkOuterOperand(Scope scope, Operation user, Operation def, Block defBlock) {
        Region defRegion = defBlock == null ? null : defBlock.parent();
        boolean dominates = false;
        // No region to define it in passes the isolation check (as upstream's walk finds no region to compare).
        boolean inside = !scope.checkIsolation || defRegion == null;
        boolean pastRoot = false;
        Operation cur = user;
        Block b = user.parent();
        while (defRegion != null && b != null) {
            Region r = b.parent();
            if (r == null) break;
            if (r == defRegion) {
                if (b == defBlock) {
                    dominates = def == null || isGraphRegion(r) || (def != cur && def.isBeforeInBlock(cur));
                }
                if (!pastRoot) inside = true;
                break;
            }
            Operation p = r.parent();
            if (p == null) break;
            if (p == scope.root) pastRoot = true;
            cur = p;
            b = p.parent();
        }
        if (!dominates) scope.dominanceSuspect = true;
        if (!inside) scope.isolationSuspect = true;
    }

    /**
     * MLIR's {@code verifyOpAndDominance}: the op and everything nested in it, then (the structure being sound) the
     * dominance of the values used in its regions.
     */
    private boolean verifyOpAndDominance(Operation op, OpPlan plan, List<VerificationError> errors) {
        Scope scope = new Scope(op, plan);
        if (!verifyOperation(op, plan, scope, errors)) return false;
        if (op.numRegions() == 0 || !scope.dominanceSuspect) return true;
        try {
            new Dominance(this::isGraphRegion, this::isIsolated).verifyContainedRegions(op);
        } catch (VerificationError e) {
            errors.add(e);
            return false;
        }
        return true;
    }

    /** Whether a region has no SSA dominance within its block (its op declares graph regions). */
    private boolean isGraphRegion(Region region) {
        Operation parent = region.parent();
        return parent != null && plan(parent.name()).graphRegion;
    }

    /**
     * The symbol-use rules of the ops the walk met in {@code module} (outside nested modules), then takes them off
     * the list. They are checked in the order met; if one fails, the module is walked in upstream's order
     * ({@link #verifySymbolUses}) so that the error reported is the first in that order.
     */
    private void verifyModuleSymbolUses(Operation module, int start) {
        List<Operation> own = symbolUsers.subList(start, symbolUsers.size());
        try {
            for (int i = 0; i < own.size(); i++) {
                Operation op = own.get(i);
                plan(op.name()).symbolUses.verifySymbolUses(op);
            }
        } catch (VerificationError e) {
            verifySymbolUses(module);
            throw e;
        }
        own.clear();
    }

    /** The symbol-use rules of every op in a symbol table (not entering nested modules), in walk order. */
    private void verifySymbolUses(Operation table) {
        List<Operation> stack = new ArrayList<>();
        for (int r = table.numRegions() - 1; r >= 0; r--) pushOps(stack, table.region(r));
        while (!stack.isEmpty()) {
            Operation op = stack.remove(stack.size() - 1);
            OpPlan plan = plan(op.name());
            if (plan.symbolUses != null) plan.symbolUses.verifySymbolUses(op);
            if (!plan.module) {
                for (int r = op.numRegions() - 1; r >= 0; r--) pushOps(stack, op.region(r));
            }
        }
    }

    private static void pushOps(List<Operation> stack, Region region) {
        for (int b = region.numBlocks() - 1; b >= 0; b--) {
            for (Operation o = region.block(b).last(); o != null; o = o.prev()) stack.add(o);
        }
    }

    /** Ops with regions that nothing outside may reach into: functions, modules, some StableHLO ops. */
    private boolean isIsolated(Operation op) {
        return op.numRegions() != 0 && plan(op.name()).isolatedIfRegions;
    }

    /**
     * The rules checked after the op's regions: the region verifier, symbol uses in a module, result types against
     * inference.
     */
    private void verifyOnExit(Operation op, OpPlan plan, Scope scope) {
        if (plan.isolatedTrait && op.numRegions() != 0 && (op != scope.root || scope.isolationSuspect)) {
            verifyIsolatedFromAbove(op);
        }
        OpDefinition spec = plan.def;
        if (spec != null && spec.regionVerifier() != null) spec.regionVerifier().verify(op);
        if (plan.symbolTable) BlockChecks.verifySymbolTable(op);
        if (plan.module) verifyModuleSymbolUses(op, op == scope.root ? scope.symbolStart : symbolUsers.size());
        if (plan.checkInference) OpChecks.verifyInferredTypes(op, plan);
    }

    /**
     * The IsolatedFromAbove region trait (MLIR's {@code verifyIsolatedFromAbove}): no op inside {@code isolated}'s
     * regions uses a value defined outside that region. Nested isolated ops check themselves; an explicit work
     * list keeps deep nesting off the Java stack.
     */
    private void verifyIsolatedFromAbove(Operation isolated) {
        for (Region region : isolated.regions()) {
            List<Region> pending = new ArrayList<>();
            pending.add(region);
            while (!pending.isEmpty()) {
                Region r = pending.remove(pending.size() - 1);
                for (Block b : r.blocks()) {
                    for (Operation op = b.first(); op != null; op = op.next()) {
                        for (Value operand : op.operands()) {
                            Region defined = definingRegion(operand);
                            if (defined != null && !isAncestor(region, defined)) {
                                throw VerificationError.op(op, "using value defined outside the region")
                                        .note(isolated.location(), "required by region isolation constraints");
                            }
                        }
                        if (op.numRegions() > 0 && !isIsolated(op)) pending.addAll(op.regions());
                    }
                }
            }
        }
    }

    private static Region definingRegion(Value v) {
        Block b = v instanceof org.stablehlo4j.ir.OpResult r ? r.owner().parent()
                : ((org.stablehlo4j.ir.BlockArgument) v).owner();
        return b == null ? null : b.parent();
    }

    private static boolean isAncestor(Region ancestor, Region r) {
        while (r != null) {
            if (r == ancestor) return true;
            Operation parent = r.parent();
            Block b = parent == null ? null : parent.parent();
            r = b == null ? null : b.parent();
        }
        return false;
    }
}
