package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.stablehlo4j.dialect.func.CallIndirectOp;
import org.stablehlo4j.dialect.func.CallOp;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.func.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.TokenType;
import org.stablehlo4j.dialect.stablehlo.ops.CompositeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolTable;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * {@code --stablehlo-refine-shapes}: propagates static shapes through the function shape refinement runs on (the
 * module's only function, or {@code @main}), upstream's {@code StablehloRefineShapesPass}. The per-op patterns
 * ({@link RefinePatterns}) re-infer result types top-down while the shape folder ({@link AggressiveFolderPatterns#populateShapeFolder}) evaluates
 * the integer shape computations they depend on, with the greedy driver (two sweeps at most). Calls are refined
 * into their callees: a callee's leading token arguments stay, the scalar integer constants that follow (JAX's
 * dimension variables) become constants inside it and are dropped from its signature and the call, and the
 * remaining arguments take the call's operand types; each function is refined once, and a call that would need
 * it refined differently (or recursively) is an error at the function. A call whose callee returns only
 * constants and has no memory effects (its calls followed) becomes those constants; a used constant result of any
 * other call is replaced by the constant.
 *
 * <p>The {@code stablehlo.dynamic_*} custom calls (XLA's stablehlo_ext) are refined too; see
 * {@link CanonicalizeDynamismPass} for turning them into ops.
 */
public final class RefineShapesPass implements Pass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-refine-shapes";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Refines shapes across a StableHLO program.";

    /** Sweeps of the greedy driver per function (upstream's setMaxIterations(2)). */
    static final int MAX_ITERATIONS = 2;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        Operation func = RefineArgumentsPass.target(module);
        if (func == null) return; // nothing to refine
        refineEntryFunction(context.context(), func, context::emit);
    }

    /**
     * Refines the entry function {@code func} and, through its calls, the functions it calls (upstream's
     * {@code refineEntryFunction}). Problems found along the way are reported to {@code errors}; the pass goes on.
     *
     * @throws DiagnosticException when the entry function itself cannot be refined
     */
    static void refineEntryFunction(Context ctx, Operation func, Consumer<Diagnostic> errors)
            throws DiagnosticException {
        State state = new State(ctx, func, errors);
        Key key = new Key(func, 0, List.of(), RefinePatterns.argumentTypes(func));
        if (!state.refineFunction(key)) {
            throw new DiagnosticException(Diagnostic.error(func.location(), "Failed to refine entry function"));
        }
    }

    /**
     * How a function is refined: its leading token arguments, the values of its global-constant arguments (dropped
     * once refined) and the types of the rest (upstream's {@code RefinementKey}).
     */
    record Key(Operation func, int leadingTokens, List<Long> globalConstants, List<Type> functionalTypes) {
        /** The key of a call; null (the problem reported) when its callee cannot be resolved. */
        static Key fromCall(Operation call, Consumer<Diagnostic> errors) {
            int tokens = 0;
            while (tokens < call.numOperands() && call.operand(tokens).type() instanceof TokenType) tokens++;
            List<Long> globals = new ArrayList<>();
            int i = tokens;
            for (; i < call.numOperands(); i++) {
                Value v = call.operand(i);
                if (!(v.type() instanceof RankedTensorType t) || t.rank() != 0
                        || !(t.elementType() instanceof IntegerType)) {
                    break;
                }
                long[] value = Constants.ints(v);
                if (value == null) break;
                globals.add(value[0]);
            }
            List<Type> functional = new ArrayList<>();
            for (; i < call.numOperands(); i++) functional.add(call.operand(i).type());
            String name = SymbolTable.flatSymbol(call.attr("callee"));
            Operation callee = name == null ? null : SymbolTable.lookupSymbol(call, name);
            if (callee == null || !FuncOp.is(callee)) {
                errors.accept(Diagnostic.error(call.location(), "'" + call.name() + "' op cannot resolve function call"));
                return null;
            }
            return new Key(callee, tokens, List.copyOf(globals), List.copyOf(functional));
        }

        /** The types of the arguments that remain once the global constants are dropped. */
        List<Type> nonGlobalConstantTypes() {
            List<Type> out = new ArrayList<>();
            for (int k = 0; k < leadingTokens; k++) out.add(TokenType.INSTANCE);
            out.addAll(functionalTypes);
            return out;
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("RefinementKey(").append(name(func)).append(", toks=")
                    .append(leadingTokens).append(", dim_args=[");
            for (int k = 0; k < globalConstants.size(); k++) sb.append(k == 0 ? "" : ", ").append(globalConstants.get(k));
            sb.append("], fn_args=[");
            for (int k = 0; k < functionalTypes.size(); k++) {
                sb.append(k == 0 ? "" : ", ").append(ShapeRefinement.print(functionalTypes.get(k)));
            }
            return sb.append("])").toString();
        }
    }

    static String name(Operation func) {
        return func.attr("sym_name") instanceof StringAttr s ? s.value() : "";
    }

    /** The refinement state of one run: which functions were refined how, and which are being refined. */
    static final class State {
        private final Context ctx;
        private final Consumer<Diagnostic> errors;
        private final FunctionEffects effects;
        private final Map<Operation, Key> refined = new IdentityHashMap<>();
        private final Deque<String> beingRefined = new ArrayDeque<>();

        State(Context ctx, Operation entry, Consumer<Diagnostic> errors) {
            this.ctx = ctx;
            this.errors = errors;
            this.effects = new FunctionEffects(ctx, entry);
        }

        private boolean error(Operation func, String message) {
            errors.accept(Diagnostic.error(func.location(), "'" + func.name() + "' op " + message));
            return false;
        }

        /** upstream's validateFunctionRefinement: null when not refined yet, TRUE when already refined, FALSE on error. */
        private Boolean alreadyRefined(Key key) {
            Key prev = refined.get(key.func());
            if (prev == null) return null;
            if (!key.globalConstants().isEmpty() && !prev.globalConstants().equals(key.globalConstants())
                    || !key.nonGlobalConstantTypes().equals(prev.nonGlobalConstantTypes())) {
                error(key.func(), "refined with incompatible refinement keys:\n  curr=" + key + "\n  prev=" + prev);
                return Boolean.FALSE;
            }
            if (beingRefined.contains(name(key.func()))) {
                error(key.func(), "Function " + name(key.func()) + " is being refined recursively\n");
                return Boolean.FALSE;
            }
            return Boolean.TRUE;
        }

        /** Refines {@code key}'s function for {@code key} (upstream's {@code refineFunction}); false on an error. */
        boolean refineFunction(Key key) {
            Boolean already = alreadyRefined(key);
            if (already != null) return already;
            Operation func = key.func();
            beingRefined.push(name(func));
            refined.putIfAbsent(func, key);
            try {
                if (func.numRegions() != 1 || func.region(0).numBlocks() != 1) {
                    return error(func, "must have exactly one block");
                }
                Block body = func.region(0).entry();
                int tokens = key.leadingTokens();
                List<Long> globals = key.globalConstants();
                if (tokens + globals.size() > body.numArguments()) {
                    return error(func, "number of refinements must match number of op operands "
                            + (tokens + globals.size() + key.functionalTypes().size()) + " vs " + body.numArguments());
                }
                OpBuilder builder = new OpBuilder(ctx);
                builder.setInsertionPointToStart(body);
                if (body.first() != null) builder.setInsertionPoint(body.first());
                for (int i = 0; i < globals.size(); i++) {
                    Value arg = body.argument(tokens + i);
                    if (!(arg.type() instanceof ShapedType)) {
                        return error(func, "expected global constant argument to be shaped");
                    }
                    if (!(arg.type() instanceof RankedTensorType t) || !Constants.isStatic(t)
                            || !(t.elementType() instanceof IntegerType)) {
                        return error(func, "expected global constant argument to be a static integer tensor");
                    }
                    long[] values = new long[(int) t.numElements()];
                    java.util.Arrays.fill(values, globals.get(i));
                    Value c = Constants.materialize(builder, arg.location(), Constants.ofInts(t, values)).output();
                    arg.replaceAllUsesWith(c);
                }
                RefineArgumentsPass.eraseArguments(func, tokens, tokens + globals.size());
                if (!RefineArgumentsPass.refineArguments(ctx, func, key.nonGlobalConstantTypes(), errors)) return false;
                applyPatterns(func);
                return true;
            } finally {
                beingRefined.pop();
            }
        }

        /**
         * stablehlo.composite: its decomposition function is refined to the composite's operand types (all of them
         * ordinary arguments), then the composite's results to the decomposition's result types, so the composite
         * keeps matching its decomposition. (An addition to upstream, whose pass leaves composites to an earlier
         * inlining: JAX recomposes or inlines them before refining.)
         */
        private boolean refineComposite(Operation op, PatternRewriter rewriter) {
            String name = SymbolTable.flatSymbol(op.attr("decomposition"));
            Operation callee = name == null ? null : SymbolTable.lookupSymbol(op, name);
            if (callee == null || !FuncOp.is(callee)) return rewriter.notifyMatchFailure(op, "no decomposition");
            List<Type> operandTypes = new ArrayList<>();
            for (Value v : op.operands()) operandTypes.add(v.type());
            if (!refineFunction(new Key(callee, 0, List.of(), operandTypes))) return false;
            return ShapeRefinement.refineReturnTypes(rewriter, op, RefinePatterns.resultTypes(callee));
        }

        /** The refinement patterns applied greedily to {@code func}'s body. */
        private void applyPatterns(Operation func) {
            PatternSet patterns = new PatternSet();
            new RefinePatterns(ctx, errors).addTo(patterns);
            patterns.add(new RefineCallPattern(this));
            patterns.add(RewritePattern.of(CompositeOp.NAME, 1, this::refineComposite));
            AggressiveFolderPatterns.populateShapeFolder(patterns, AggressiveFolderOptions.SHAPE_REFINEMENT, 1);
            GreedyRewriteDriver.Config config = GreedyRewriteDriver.Config.DEFAULT.withTopDown(true)
                    .withRegionSimplify(GreedyRewriteDriver.RegionSimplification.AGGRESSIVE)
                    .withMaxIterations(MAX_ITERATIONS).withMaxRewrites(GreedyRewriteDriver.NO_LIMIT);
            if (!GreedyRewriteDriver.apply(func, patterns, config)) {
                errors.accept(Diagnostic.error(func.location(), "Failed to converge StablehloRefineShapes in "
                        + MAX_ITERATIONS + " iterations"));
            }
        }
    }

    /** The integer constants {@code func}'s (first) return returns, null where a result is not one. */
    static List<DenseElementsAttr> constantResults(Operation func) {
        List<DenseElementsAttr> out = new ArrayList<>();
        Block body = func.region(0).entry();
        Operation ret = null;
        if (body != null) {
            for (Operation op = body.first(); op != null && ret == null; op = op.next()) if (ReturnOp.is(op)) ret = op;
        }
        if (ret == null) return null;
        for (Value v : ret.operands()) {
            DenseElementsAttr d = Constants.dense(v);
            boolean integer = d != null && (d.type().elementType() instanceof IntegerType
                    || d.type().elementType() instanceof IndexType);
            out.add(integer ? d : null);
        }
        return out;
    }

    /** func.call: refines the callee for this call, then the call (upstream's RefineCallOpPattern). */
    static final class RefineCallPattern extends RewritePattern {
        private final State state;

        RefineCallPattern(State state) {
            super(CallOp.NAME, 1);
            this.state = state;
        }

        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            Key key = Key.fromCall(op, state.errors);
            if (key == null || !state.refineFunction(key)) return false;
            Operation callee = key.func();
            List<DenseElementsAttr> constants = constantResults(callee);
            if (constants == null) return false;
            boolean allConstant = constants.stream().allMatch(java.util.Objects::nonNull);
            if (allConstant && constants.size() == op.numResults() && state.effects.isMemoryEffectFree(callee)) {
                List<Value> values = new ArrayList<>();
                for (DenseElementsAttr c : constants) values.add(Constants.materialize(rewriter, op.location(), c).output());
                rewriter.replaceOp(op, values);
                return true;
            }
            boolean changed = false;
            List<Type> calleeResults = RefinePatterns.resultTypes(callee);
            List<Type> callResults = new ArrayList<>();
            for (OpResult r : op.results()) callResults.add(r.type());
            if (!callResults.equals(calleeResults)) {
                if (!ShapeRefinement.refineReturnTypes(rewriter, op, calleeResults)) return false;
                changed = true;
            }
            if (!key.globalConstants().isEmpty()) {
                op = dropGlobalConstants(op, key, rewriter);
                changed = true;
            }
            boolean usedConstant = false;
            for (int i = 0; i < op.numResults() && i < constants.size(); i++) {
                usedConstant |= op.result(i).hasUses() && constants.get(i) != null;
            }
            if (usedConstant) {
                rewriter.setInsertionPointAfter(op);
                for (int i = 0; i < op.numResults() && i < constants.size(); i++) {
                    if (!op.result(i).hasUses() || constants.get(i) == null) continue;
                    Value c = Constants.materialize(rewriter, op.location(), constants.get(i)).output();
                    rewriter.replaceAllUsesWith(op.result(i), c);
                }
                rewriter.modifyOpInPlace(op, () -> { });
                return true;
            }
            if (changed) return true;
            return ShapeRefinement.refineReturnTypes(rewriter, op, calleeResults);
        }

        /** The call without its global-constant operands (and their arg_attrs), replacing {@code op}. */
        private static Operation dropGlobalConstants(Operation op, Key key, PatternRewriter rewriter) {
            int tokens = key.leadingTokens();
            int functional = key.functionalTypes().size();
            List<Value> operands = new ArrayList<>(op.operands().subList(0, tokens));
            operands.addAll(op.operands().subList(op.numOperands() - functional, op.numOperands()));
            CallOp call = CallOp.cast(op);
            ArrayAttr argAttrs = call.argAttrs();
            if (argAttrs != null) {
                List<Attribute> attrs = argAttrs.elements();
                List<Attribute> kept = new ArrayList<>(attrs.subList(0, Math.min(tokens, attrs.size())));
                kept.addAll(attrs.subList(Math.max(attrs.size() - functional, 0), attrs.size()));
                argAttrs = new ArrayAttr(kept);
            }
            List<Type> types = new ArrayList<>();
            for (OpResult r : op.results()) types.add(r.type());
            rewriter.setInsertionPoint(op);
            Operation replacement = CallOp.createWithTypes(rewriter, op.location(), types, operands, call.callee(),
                    argAttrs, call.resAttrs(), call.noInline()).operation();
            replacement.setAttributes(op.attributes());
            rewriter.replaceOp(op, replacement);
            return replacement;
        }
    }

    /**
     * Which functions may have memory effects, calls followed (upstream's {@code FunctionEffectAnalysis}): a
     * function is effect free when every op of its body is, a call being as effect free as its callee.
     */
    static final class FunctionEffects {
        private enum Status { VISITING, FREE, EFFECTS }

        private final Map<Operation, Status> status = new IdentityHashMap<>();

        FunctionEffects(Context ctx, Operation entry) {
            compute(entry);
            Operation module = entry.parentOp();
            if (module != null && ModuleOp.isModule(module)) {
                for (Operation op : new ModuleOp(module).body().operations()) if (FuncOp.is(op)) compute(op);
            }
        }

        boolean isMemoryEffectFree(Operation func) {
            return status.get(func) == Status.FREE;
        }

        private boolean compute(Operation func) {
            Status s = status.get(func);
            if (s != null) return s == Status.FREE;
            status.put(func, Status.VISITING);
            boolean free = func.numRegions() == 1 && !func.region(0).isEmpty() && regionFree(func.region(0));
            status.put(func, free ? Status.FREE : Status.EFFECTS);
            return free;
        }

        private boolean regionFree(Region region) {
            for (Block b : region.blocks()) {
                for (Operation op = b.first(); op != null; op = op.next()) if (!opFree(op)) return false;
            }
            return true;
        }

        private boolean opFree(Operation op) {
            if (CallOp.is(op)) {
                String name = SymbolTable.flatSymbol(op.attr("callee"));
                Operation callee = name == null ? null : SymbolTable.lookupSymbol(op, name);
                return callee != null && FuncOp.is(callee) && compute(callee);
            }
            if (CallIndirectOp.is(op)) return false;
            if (ReturnOp.is(op)) return true;
            if (CustomCallOp.is(op)) {
                // custom calls have every effect unless has_side_effect is given as false
                return op.attr("has_side_effect") instanceof BoolAttr b && !b.value();
            }
            OpDefinition def = op.opName().definition();
            if (def == null || def.hasTrait(OpTrait.SIDE_EFFECTING)) return false;
            boolean recursive = def.hasTrait(OpTrait.RECURSIVE_MEMORY_EFFECTS);
            if (!recursive) return def.hasTrait(OpTrait.PURE) || def.hasTrait(OpTrait.NO_MEMORY_EFFECT);
            for (Region r : op.regions()) if (!regionFree(r)) return false;
            return true;
        }
    }
}
