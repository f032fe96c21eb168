package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveFolderPatterns.pattern;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

import org.stablehlo4j.dialect.stablehlo.TokenType;
import org.stablehlo4j.dialect.stablehlo.ops.AfterAllOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.CaseOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.WhileOp;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The control-flow folds of {@link AggressiveFolderPatterns} (case, while, reduce) and the side-effect facts they
 * and the pass's dead-op erasure rest on.
 *
 * <p>Memory effects follow upstream's declarations: an op row with {@code Pure}/{@code NoMemoryEffect} declares
 * none (its regions count too when it also has {@code RecursiveMemoryEffects}), one with {@code MemoryEffects}
 * declares some, and {@code stablehlo.custom_call} has effects exactly when {@code has_side_effect = true}. An
 * op that declares nothing (e.g. {@code func.call}) may have any effect unless
 * {@code assume-no-undeclared-side-effects} is on.
 */
final class AggressiveFolderRegions {
    private AggressiveFolderRegions() {}

    /** The control-flow patterns. */
    static void addFolds(PatternSet set, Context ctx, AggressiveFolderOptions o, int benefit) {
        Function<String, OpDefinition> defs = ctx::opDefinition;
        set.add(pattern(ReduceOp.NAME, "FoldReduceOpReducingZeroDims", benefit, o,
                (op, r, opts) -> reduceOfNoDimension(op, r)));
        set.add(pattern(ReduceOp.NAME, "FoldReduceOpToConstantInitializer", benefit, o,
                (op, r, opts) -> reduceToConstant(op, r)));
        set.add(pattern(ReduceOp.NAME, "FoldReduceOpWithRedundantResults", benefit, o,
                (op, r, opts) -> reduceToOutsideValues(op, r)));
        set.add(pattern(WhileOp.NAME, "FoldWhileOpIfDeadAndPresumedPure", benefit, o,
                (op, r, opts) -> eraseDeadWhile(op, r, opts, defs)));
        set.add(pattern(WhileOp.NAME, "FoldWhileOpPattern", benefit, o,
                (op, r, opts) -> whileNeverRuns(op, r, defs)));
        set.add(pattern(CaseOp.NAME, "InlineCaseOpWithConstantBranchIndex", benefit, o,
                (op, r, opts) -> inlineCase(op, r)));
        set.add(pattern(ReduceOp.NAME, "LowerBoolSplatConstantsIntoReduceOpRegion", benefit, o,
                (op, r, opts) -> splatInputsIntoBody(op, r)));
    }

    // ---- side effects

    /**
     * Whether {@code op} (with its nested ops) may have memory effects: declared ones, and, when
     * {@code undeclaredHaveEffects}, any effect of an op that declares nothing.
     */
    static boolean mayHaveEffects(Operation op, Function<String, OpDefinition> defs, boolean undeclaredHaveEffects) {
        if (CustomCallOp.is(op)) return op.attr("has_side_effect") instanceof BoolAttr b && b.value();
        OpDefinition def = defs.apply(op.name());
        if (def != null && def.hasTrait(OpTrait.SIDE_EFFECTING)) return true;
        boolean declaresNone = def != null && (def.hasTrait(OpTrait.PURE) || def.hasTrait(OpTrait.NO_MEMORY_EFFECT));
        boolean recursive = def != null && def.hasTrait(OpTrait.RECURSIVE_MEMORY_EFFECTS);
        if (declaresNone && !recursive) return false;
        if (!declaresNone && !recursive && undeclaredHaveEffects) return true;
        for (Region region : op.regions()) {
            for (Block block : region.blocks()) {
                for (Operation nested = block.first(); nested != null; nested = nested.next()) {
                    if (mayHaveEffects(nested, defs, undeclaredHaveEffects)) return true;
                }
            }
        }
        return false;
    }

    /**
     * MLIR's {@code wouldOpBeTriviallyDead} with the effects above: an op that is not a terminator and has no
     * memory effect (ops declaring nothing count as having some) may be erased once its results are unused.
     *
     * @param ctx where op definitions are looked up
     * @return the predicate
     */
    static Predicate<Operation> triviallyDeadIfUnused(Context ctx) {
        Function<String, OpDefinition> defs = ctx::opDefinition;
        return op -> {
            OpDefinition def = defs.apply(op.name());
            return def != null && !def.hasTrait(OpTrait.TERMINATOR) && !mayHaveEffects(op, defs, true);
        };
    }

    // ---- while

    /** Whether the while's condition returns the constant false (its body never runs). */
    private static boolean conditionIsFalse(WhileOp w, PatternRewriter rewriter) {
        Operation op = w.operation();
        Region cond = w.cond();
        Operation ret = cond.numBlocks() == 1 ? cond.entry().terminator() : null;
        if (ret == null || !ReturnOp.is(ret) || ret.numOperands() != 1) {
            return rewriter.notifyMatchFailure(op, "Condition region is missing a return statement.");
        }
        DenseElementsAttr value = Constants.dense(ret.operand(0));
        if (value == null || !(value.type().elementType() instanceof IntegerType) || value.length() == 0) {
            return rewriter.notifyMatchFailure(op, "Condition block does not return a constant.");
        }
        if (Constants.first(value) != 0) {
            return rewriter.notifyMatchFailure(op, "Condition value is not a splat of the bool `false`.");
        }
        return true;
    }

    /** while(operands, cond = false) -> operands: its results' uses take its operands (the op itself stays). */
    private static boolean whileNeverRuns(Operation op, PatternRewriter rewriter, Function<String, OpDefinition> defs) {
        if (!op.hasUses() && mayHaveEffects(op, defs, true)) {
            return rewriter.notifyMatchFailure(op, "Keeping dead while op due to known or potential side effects.");
        }
        WhileOp w = WhileOp.cast(op);
        if (!conditionIsFalse(w, rewriter)) return false;
        List<Value> operands = w.operand();
        for (int i = 0; i < op.numResults(); i++) rewriter.replaceAllUsesWith(op.result(i), operands.get(i));
        return true;
    }

    /**
     * An unused while whose body never runs, presumed pure ({@code assume-no-undeclared-side-effects}) and
     * declaring no effects in its regions, is erased (calls in its body notwithstanding).
     */
    private static boolean eraseDeadWhile(Operation op, PatternRewriter rewriter, AggressiveFolderOptions options,
                                          Function<String, OpDefinition> defs) {
        if (!options.assumeNoUndeclaredSideEffects()) {
            return rewriter.notifyMatchFailure(op, "Pattern skipped: only applicable if "
                    + "`assumeNoUndeclaredSideEffects` is enabled.");
        }
        if (op.hasUses() || !conditionIsFalse(WhileOp.cast(op), rewriter)) {
            return rewriter.notifyMatchFailure(op, "The while body may run.");
        }
        if (mayHaveEffects(op, defs, false)) {
            return rewriter.notifyMatchFailure(op,
                    "The op, or another op within its region, explicitly declares side effects.");
        }
        rewriter.eraseOp(op);
        return true;
    }

    // ---- case

    /**
     * A case with a constant index and used results: the chosen branch (the last one when the index is out of
     * range) is inlined before it and its results replace the case's. The case stays, for the side effects its
     * other branches may have; the inlined branch now returns placeholder constants of its types.
     */
    private static boolean inlineCase(Operation op, PatternRewriter rewriter) {
        // an unused case is the dead-code eliminator's: matching it would apply forever
        if (!op.hasUses()) return rewriter.notifyMatchFailure(op, "The case op's result is unused.");
        CaseOp c = CaseOp.cast(op);
        DenseElementsAttr index = Constants.dense(c.index());
        if (index == null || !AggressiveFolderElements.isSplat(index) || index.length() == 0
                || !(index.type().elementType() instanceof IntegerType)) {
            return rewriter.notifyMatchFailure(op, "Branch index is not a constant.");
        }
        List<Region> branches = c.branches();
        long selected = Constants.first(index);
        if (selected < 0 || selected >= branches.size()) selected = branches.size() - 1;
        Region region = branches.get((int) selected);
        if (region.numBlocks() != 1 || region.entry().terminator() == null) return false;
        for (OpResult r : op.results()) {
            if (!canMakePlaceholder(r.type())) {
                return rewriter.notifyMatchFailure(op, "unable to create placeholder value for type");
            }
        }
        Block block = region.entry();
        Operation terminator = block.terminator();
        List<Value> results = new ArrayList<>(terminator.operands());
        OpBuilder.Listener listener = rewriter.listener();
        for (Operation moved = block.first(); moved != terminator; ) {
            Operation next = moved.next();
            moved.moveBefore(op);
            if (listener != null) listener.inserted(moved);
            moved = next;
        }
        for (int i = 0; i < results.size(); i++) rewriter.replaceAllUsesWith(op.result(i), results.get(i));
        rewriter.eraseOp(terminator);
        rewriter.setInsertionPointToEnd(block);
        List<Value> placeholders = new ArrayList<>();
        for (OpResult r : op.results()) placeholders.add(placeholder(rewriter, op, r.type()));
        ReturnOp.create(rewriter, op.location(), placeholders);
        return true;
    }

    /** Whether a placeholder of {@code t} can be made: a token, or a static tensor of numbers. */
    private static boolean canMakePlaceholder(Type t) {
        if (t instanceof TokenType) return true;
        if (!(t instanceof RankedTensorType r) || !r.hasStaticShape()) return false;
        Type e = r.elementType();
        return e instanceof IntegerType || e instanceof FloatType
                || e instanceof ComplexType ct && ct.elementType() instanceof FloatType;
    }

    /** A value of type {@code t}: {@code after_all} for a token, else a splat zero constant. */
    private static Value placeholder(PatternRewriter rewriter, Operation op, Type t) {
        if (t instanceof TokenType) return AfterAllOp.create(rewriter, op.location(), List.of()).result();
        RankedTensorType r = (RankedTensorType) t;
        int eb = DenseElementsAttr.elementStorageBytes(r.elementType());
        DenseElementsAttr zero = new DenseElementsAttr(r, new byte[eb], 0, eb, true);
        return Constants.materialize(rewriter, op.location(), zero).output();
    }

    // ---- reduce

    /** A reduce across no dimension is its inputs (when the types agree). */
    private static boolean reduceOfNoDimension(Operation op, PatternRewriter rewriter) {
        ReduceOp r = ReduceOp.cast(op);
        if (r.dimensions().size() != 0) {
            return rewriter.notifyMatchFailure(op, "The reduce op reduces a nonzero number of dimensions.");
        }
        List<Value> inputs = r.inputs();
        if (inputs.size() != op.numResults()) return false;
        for (int i = 0; i < inputs.size(); i++) {
            if (!inputs.get(i).type().equals(op.result(i).type())) {
                return rewriter.notifyMatchFailure(op, "Input and output types do not match.");
            }
        }
        rewriter.replaceOp(op, inputs);
        return true;
    }

    /** The return op ending a reduce's body, or null. */
    private static Operation bodyReturn(ReduceOp r) {
        Region body = r.body();
        Operation ret = body.numBlocks() == 1 ? body.entry().terminator() : null;
        return ret != null && ReturnOp.is(ret) && ret.numOperands() == r.operation().numResults() ? ret : null;
    }

    /**
     * The splat constant behind {@code v} as a splat of {@code type}, or null when {@code v} is not a splat
     * constant or {@code type} is not a static tensor of its element type.
     */
    private static DenseElementsAttr splatAs(Value v, Type type) {
        DenseElementsAttr c = Constants.dense(v);
        if (c == null || !AggressiveFolderElements.isSplat(c) || c.length() == 0) return null;
        if (!(type instanceof RankedTensorType t) || !t.hasStaticShape()
                || !t.elementType().equals(c.type().elementType())) {
            return null;
        }
        return AggressiveFolderElements.resizeSplat(c, t);
    }

    /** A reduce whose body only returns constants (defined outside it) is those constants at its result types. */
    private static boolean reduceToConstant(Operation op, PatternRewriter rewriter) {
        ReduceOp r = ReduceOp.cast(op);
        Operation ret = bodyReturn(r);
        if (ret == null || r.body().entry().numOperations() != 1) {
            return rewriter.notifyMatchFailure(op, "Body must contain exactly one op.");
        }
        List<DenseElementsAttr> values = new ArrayList<>();
        for (int i = 0; i < ret.numOperands(); i++) {
            Operation def = ret.operand(i).definingOp();
            boolean constantLike = def != null && def.opName().definition() != null
                    && def.opName().definition().hasTrait(OpTrait.CONSTANT_LIKE);
            DenseElementsAttr c = constantLike ? splatAs(ret.operand(i), op.result(i).type()) : null;
            if (c == null) return rewriter.notifyMatchFailure(op, "Body result must be a splat constant.");
            values.add(c);
        }
        List<Value> constants = new ArrayList<>();
        for (DenseElementsAttr v : values) constants.add(Constants.materialize(rewriter, op.location(), v).output());
        rewriter.replaceOp(op, constants);
        return true;
    }

    /** A reduce whose body returns values defined outside it (of its result types) is those values. */
    private static boolean reduceToOutsideValues(Operation op, PatternRewriter rewriter) {
        ReduceOp r = ReduceOp.cast(op);
        Operation ret = bodyReturn(r);
        if (ret == null) return rewriter.notifyMatchFailure(op, "Body must end with a return op.");
        Region body = r.body();
        for (int i = 0; i < ret.numOperands(); i++) {
            Value v = ret.operand(i);
            if (regionOf(v) == body || !v.type().equals(op.result(i).type())) {
                return rewriter.notifyMatchFailure(op, "The reduce op's result isn't redundant.");
            }
        }
        rewriter.replaceOp(op, new ArrayList<>(ret.operands()));
        return true;
    }

    /** The region {@code v} is defined in (its op's or its block's), or null. */
    private static Region regionOf(Value v) {
        Block block = v instanceof BlockArgument a ? a.owner()
                : v.definingOp() != null ? v.definingOp().parent() : null;
        return block == null ? null : block.parent();
    }

    /**
     * A reduce with an and/or body whose inputs and initial values are all splat constants: the body's
     * arguments become splat constants of their types, so the body folds.
     */
    private static boolean splatInputsIntoBody(Operation op, PatternRewriter rewriter) {
        ReduceOp r = ReduceOp.cast(op);
        Region body = r.body();
        Block block = body.numBlocks() == 1 ? body.entry() : null;
        if (block == null || block.numOperations() != 2) {
            return rewriter.notifyMatchFailure(op, "Incompatible op count in body.");
        }
        if (!AndOp.is(block.first()) && !OrOp.is(block.first())) {
            return rewriter.notifyMatchFailure(op, "Only match AND and OR ops.");
        }
        if (block.numArguments() != op.numOperands()) return false;
        List<DenseElementsAttr> values = new ArrayList<>();
        for (int i = 0; i < op.numOperands(); i++) {
            DenseElementsAttr c = splatAs(op.operand(i), block.argument(i).type());
            if (c == null) return rewriter.notifyMatchFailure(op, "Input must be a splat constant.");
            values.add(c);
        }
        for (int i = 0; i < values.size(); i++) {
            Value c = Constants.materialize(rewriter, block.first().location(), values.get(i)).output();
            rewriter.replaceAllUsesWith(block.argument(i), c);
        }
        return true;
    }
}
