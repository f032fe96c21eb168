package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.stablehlo4j.dialect.chlo.TopKOp;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvolutionOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicBroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicConvOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicGatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicIotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicPadOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.GatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.IotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.PadOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealDynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceWindowOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.RngBitGeneratorOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IRMapping;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypedOp;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * {@code --stablehlo-canonicalize-dynamism}: replaces dynamic ops whose dynamic operands are constants by their
 * static counterparts (upstream's {@code StablehloCanonicalizeDynamismPass}, with the patterns of XLA's
 * {@code stablehlo_ext} for the {@code stablehlo.dynamic_*} custom calls): dynamic_broadcast_in_dim,
 * dynamic_conv, dynamic_gather, dynamic_iota, dynamic_pad, dynamic_reshape and real_dynamic_slice (to slice, or
 * to dynamic_slice when the limits are the starts plus constant sizes), custom calls with constant
 * {@code indices_of_shape_operands} (the shape operands dropped), {@code stablehlo.dynamic_reduce_window} (to
 * reduce_window, its body function inlined), {@code stablehlo.dynamic_rng_bit_generator} (to rng_bit_generator),
 * {@code stablehlo.dynamic_top_k} (to chlo.top_k) and {@code stablehlo.dynamic_approx_top_k} (to the
 * {@code ApproxTopK} custom call). Ops whose result must be static stay when it is not. Runs on each
 * {@code func.func}.
 */
public final class CanonicalizeDynamismPass implements FunctionPass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-canonicalize-dynamism";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Canonicalizes dynamic StableHLO ops into static ops.";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void runOn(Operation func, PassContext context) throws DiagnosticException {
        canonicalize(context.context(), func, context::emit);
    }

    /**
     * Applies the patterns to {@code func} (two sweeps of the greedy driver at most, as upstream).
     *
     * @param ctx the context
     * @param func the function
     * @param errors where malformed ops and non-convergence are reported
     */
    static void canonicalize(Context ctx, Operation func, Consumer<Diagnostic> errors) {
        PatternSet patterns = addTo(new PatternSet(), errors);
        GreedyRewriteDriver.Config config = GreedyRewriteDriver.Config.DEFAULT.withTopDown(true)
                .withRegionSimplify(GreedyRewriteDriver.RegionSimplification.AGGRESSIVE)
                .withMaxIterations(RefineShapesPass.MAX_ITERATIONS).withMaxRewrites(GreedyRewriteDriver.NO_LIMIT);
        if (!GreedyRewriteDriver.apply(func, patterns, config)) {
            errors.accept(Diagnostic.error(func.location(), "Failed to converge StablehloCanonicalizeDynamism in "
                    + RefineShapesPass.MAX_ITERATIONS + " iterations"));
        }
    }

    /** Adds the canonicalization patterns to {@code set}; malformed ops are reported to {@code errors}. */
    static PatternSet addTo(PatternSet set, Consumer<Diagnostic> errors) {
        set.add(RewritePattern.of(CustomCallOp.NAME, 1, (op, r) -> customCall(op, r, errors)));
        set.add(RewritePattern.of(DynamicBroadcastInDimOp.NAME, 1, CanonicalizeDynamismPass::broadcastInDim));
        set.add(RewritePattern.of(DynamicConvOp.NAME, 1, CanonicalizeDynamismPass::conv));
        set.add(RewritePattern.of(DynamicGatherOp.NAME, 1, CanonicalizeDynamismPass::gather));
        set.add(RewritePattern.of(DynamicIotaOp.NAME, 1, CanonicalizeDynamismPass::iota));
        set.add(RewritePattern.of(DynamicPadOp.NAME, 1, CanonicalizeDynamismPass::pad));
        set.add(RewritePattern.of(DynamicReshapeOp.NAME, 1, CanonicalizeDynamismPass::reshape));
        set.add(RewritePattern.of(RealDynamicSliceOp.NAME, 1, CanonicalizeDynamismPass::realDynamicSliceToDynamicSlice));
        set.add(RewritePattern.of(RealDynamicSliceOp.NAME, 1, CanonicalizeDynamismPass::realDynamicSliceToSlice));
        set.add(RewritePattern.of(CustomCallOp.NAME, 1, (op, r) -> dynamicReduceWindow(op, r, errors)));
        set.add(RewritePattern.of(CustomCallOp.NAME, 1, (op, r) -> dynamicRngBitGenerator(op, r, errors)));
        set.add(RewritePattern.of(CustomCallOp.NAME, 1, (op, r) -> dynamicTopK(op, r, errors)));
        set.add(RewritePattern.of(CustomCallOp.NAME, 1, (op, r) -> dynamicApproxTopK(op, r, errors)));
        return set;
    }

    private static List<Type> resultTypes(Operation op) {
        List<Type> out = new ArrayList<>();
        for (OpResult r : op.results()) out.add(r.type());
        return out;
    }

    private static DenseArrayAttr array(long[] values) {
        return DenseArrayAttr.ofLongs(values);
    }

    private static boolean replace(PatternRewriter rewriter, Operation op, Operation with) {
        rewriter.replaceOp(op, with);
        return true;
    }

    /** A custom call whose shape operands are constants: the shape operands (and their layouts) dropped. */
    private static boolean customCall(Operation op, PatternRewriter rewriter, Consumer<Diagnostic> errors) {
        if (RefinePatterns.shapeRefinements(op, errors) == null) {
            return rewriter.notifyMatchFailure(op, "expected valid refinements");
        }
        long[] indices = Constants.ints((DenseElementsAttr) op.attr("indices_of_shape_operands"));
        Set<Long> shapeOperands = new HashSet<>();
        for (long i : indices) shapeOperands.add(i);
        List<Value> operands = new ArrayList<>();
        int resultIndex = 0;
        for (int i = 0; i < op.numOperands(); i++) {
            if (shapeOperands.contains((long) i)) {
                Type t = resultIndex < op.numResults() ? op.result(resultIndex).type() : null;
                if (!Constants.isStatic(t)) return rewriter.notifyMatchFailure(op, "expected static result types");
                resultIndex++;
                continue;
            }
            operands.add(op.operand(i));
        }
        DictionaryAttr properties = op.properties();
        if (properties.get("operand_layouts") instanceof ArrayAttr layouts) {
            List<Attribute> kept = new ArrayList<>();
            for (int i = 0; i < layouts.elements().size(); i++) {
                if (!shapeOperands.contains((long) i)) kept.add(layouts.elements().get(i));
            }
            properties = properties.with("operand_layouts", new ArrayAttr(kept));
        }
        List<NamedAttribute> attributes = new ArrayList<>();
        for (NamedAttribute a : op.attributes().entries()) {
            if (!a.name().equals("indices_of_shape_operands")) attributes.add(a);
        }
        Operation replacement = rewriter.create(op.location(), op.opName(), operands, resultTypes(op), properties,
                DictionaryAttr.of(attributes), 0, List.of());
        return replace(rewriter, op, replacement);
    }

    private static boolean broadcastInDim(Operation op, PatternRewriter rewriter) {
        DynamicBroadcastInDimOp b = DynamicBroadcastInDimOp.cast(op);
        if (!Constants.isStatic(b.operand().type())) return rewriter.notifyMatchFailure(op, "expected static operand type");
        if (!Constants.isInts(b.outputDimensions())) {
            return rewriter.notifyMatchFailure(op, "expected static output_dimensions");
        }
        if (!Constants.isStatic(b.result().type())) return rewriter.notifyMatchFailure(op, "expected static result type");
        return replace(rewriter, op, BroadcastInDimOp.createWithTypes(rewriter, op.location(), resultTypes(op),
                b.operand(), b.broadcastDimensions()).operation());
    }

    private static boolean conv(Operation op, PatternRewriter rewriter) {
        DynamicConvOp c = DynamicConvOp.cast(op);
        long[] padding = Constants.ints(c.padding());
        if (padding == null) return rewriter.notifyMatchFailure(op, "expected static padding");
        DenseElementsAttr paddingAttr = Constants.ofInts(
                new RankedTensorType(new long[] {padding.length / 2, 2}, IntegerType.I64), padding);
        return replace(rewriter, op, ConvolutionOp.createWithTypes(rewriter, op.location(), resultTypes(op), c.lhs(),
                c.rhs(), c.windowStrides(), paddingAttr, c.lhsDilation(), c.rhsDilation(), c.windowReversal(),
                c.dimensionNumbers(), c.featureGroupCount(), c.batchGroupCount(), c.precisionConfig()).operation());
    }

    private static boolean gather(Operation op, PatternRewriter rewriter) {
        DynamicGatherOp g = DynamicGatherOp.cast(op);
        long[] sizes = Constants.ints(g.sliceSizes());
        if (sizes == null) return rewriter.notifyMatchFailure(op, "expected static slice_sizes");
        return replace(rewriter, op, GatherOp.createWithTypes(rewriter, op.location(), resultTypes(op), g.operand(),
                g.startIndices(), g.dimensionNumbers(), array(sizes), g.indicesAreSorted()).operation());
    }

    /**
     * Replaces an op of one result with an {@code output_shape} operand by its static counterpart, made by
     * {@code replacement}, when the shape is a constant and the result type static; else reports which is not.
     */
    private static boolean replaceWhenStatic(Operation op, Value outputShape, PatternRewriter rewriter,
                                             Supplier<TypedOp> replacement) {
        if (!Constants.isInts(outputShape)) return rewriter.notifyMatchFailure(op, "expected static output_shape");
        if (!Constants.isStatic(op.result(0).type())) {
            return rewriter.notifyMatchFailure(op, "expected static result type");
        }
        return replace(rewriter, op, replacement.get().operation());
    }

    private static boolean iota(Operation op, PatternRewriter rewriter) {
        DynamicIotaOp i = DynamicIotaOp.cast(op);
        return replaceWhenStatic(op, i.outputShape(), rewriter,
                () -> IotaOp.createWithTypes(rewriter, op.location(), resultTypes(op), i.iotaDimension()));
    }

    private static boolean pad(Operation op, PatternRewriter rewriter) {
        DynamicPadOp p = DynamicPadOp.cast(op);
        RefinePatterns.Padding padding = RefinePatterns.Padding.of(p);
        if (padding.notConstant() != null) {
            return rewriter.notifyMatchFailure(op, "expected static " + padding.notConstant());
        }
        return replace(rewriter, op, PadOp.createWithTypes(rewriter, op.location(), resultTypes(op), p.operand(),
                p.paddingValue(), array(padding.low()), array(padding.high()), array(padding.interior())).operation());
    }

    private static boolean reshape(Operation op, PatternRewriter rewriter) {
        DynamicReshapeOp r = DynamicReshapeOp.cast(op);
        return replaceWhenStatic(op, r.outputShape(), rewriter,
                () -> ReshapeOp.createWithTypes(rewriter, op.location(), resultTypes(op), r.operand()));
    }

    static boolean realDynamicSliceToDynamicSlice(Operation op, PatternRewriter rewriter) {
        RealDynamicSliceOp s = RealDynamicSliceOp.cast(op);
        long[] strides = Constants.ints(s.strides());
        if (strides == null) return rewriter.notifyMatchFailure(op, "expected static strides");
        if (!RefinePatterns.allOnes(strides)) return rewriter.notifyMatchFailure(op, "expected unit strides");
        long[] sizes = RefinePatterns.constantSliceSizes(s.startIndices(), s.limitIndices());
        if (sizes == null) {
            return rewriter.notifyMatchFailure(op, "expected limit indices equal to start indices plus constant");
        }
        if (!(s.startIndices().type() instanceof RankedTensorType startType)) return false;
        Type element = startType.elementType();
        List<Value> starts = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            Value oneD = SliceOp.createWithTypes(rewriter, op.location(),
                    List.of(new RankedTensorType(new long[] {1}, element)), s.startIndices(), array(new long[] {i}),
                    array(new long[] {i + 1}), array(new long[] {1})).result();
            starts.add(ReshapeOp.createWithTypes(rewriter, op.location(),
                    List.of(new RankedTensorType(new long[0], element)), oneD).result());
        }
        Operation slice = DynamicSliceOp.createWithTypes(rewriter, op.location(), resultTypes(op), s.operand(), starts,
                array(sizes)).operation();
        slice.setAttributes(op.attributes());
        return replace(rewriter, op, slice);
    }

    static boolean realDynamicSliceToSlice(Operation op, PatternRewriter rewriter) {
        RealDynamicSliceOp s = RealDynamicSliceOp.cast(op);
        long[] start = Constants.ints(s.startIndices());
        if (start == null) return rewriter.notifyMatchFailure(op, "expected static start");
        long[] limit = Constants.ints(s.limitIndices());
        if (limit == null) return rewriter.notifyMatchFailure(op, "expected static limit");
        long[] strides = Constants.ints(s.strides());
        if (strides == null) return rewriter.notifyMatchFailure(op, "expected static strides");
        Operation slice = SliceOp.createWithTypes(rewriter, op.location(), resultTypes(op), s.operand(), array(start),
                array(limit), array(strides)).operation();
        slice.setAttributes(op.attributes());
        return replace(rewriter, op, slice);
    }

    // ---- stablehlo_ext: the dynamic_* custom calls

    private static boolean verified(Operation op, String problem, Consumer<Diagnostic> errors) {
        if (problem == null) return true;
        errors.accept(Diagnostic.error(op.location(), problem));
        return false;
    }

    /** The low/high padding pairs as reduce_window's {@code padding} attribute ({@code tensor<Nx2xi64>}). */
    private static DenseElementsAttr paddingAttr(long[] padding) {
        return Constants.ofInts(new RankedTensorType(new long[] {padding.length / 2, 2}, IntegerType.I64), padding);
    }

    private static boolean dynamicReduceWindow(Operation op, PatternRewriter rewriter, Consumer<Diagnostic> errors) {
        if (!DynamicCustomCalls.REDUCE_WINDOW.equals(DynamicCustomCalls.target(op))) return false;
        if (!verified(op, DynamicCustomCalls.verifyReduceWindow(op), errors)) return false;
        int n = DynamicCustomCalls.reduceWindowInputs(op);
        DynamicCustomCalls.ReduceWindowWindow w = DynamicCustomCalls.ReduceWindowWindow.of(op);
        if (w.notConstant() != null) return rewriter.notifyMatchFailure(op, "expected static " + w.notConstant());
        FuncOp body = DynamicCustomCalls.reduceWindowBody(op);
        Operation reduceWindow = ReduceWindowOp.createWithTypes(rewriter, op.location(), resultTypes(op),
                DynamicCustomCalls.operands(op, 0, n), DynamicCustomCalls.operands(op, n, 2 * n), array(w.dimensions()),
                array(w.strides()), array(w.baseDilations()), array(w.windowDilations()), paddingAttr(w.padding()))
                .operation();
        // The body: a copy of the function's block, its func.return turned into stablehlo.return.
        Operation copy = body.operation().clone(new IRMapping());
        Block block = copy.region(0).entry();
        copy.region(0).remove(block);
        reduceWindow.region(0).append(block);
        copy.dropAllReferences();
        Operation ret = block.terminator();
        rewriter.setInsertionPointToEnd(block);
        ReturnOp.createWithTypes(rewriter, ret.location(), List.of(), new ArrayList<>(ret.operands()));
        rewriter.eraseOp(ret);
        return replace(rewriter, op, reduceWindow);
    }

    private static boolean dynamicRngBitGenerator(Operation op, PatternRewriter rewriter, Consumer<Diagnostic> errors) {
        if (!DynamicCustomCalls.RNG_BIT_GENERATOR.equals(DynamicCustomCalls.target(op))) return false;
        if (!verified(op, DynamicCustomCalls.verifyRngBitGenerator(op), errors)) return false;
        if (!Constants.isInts(op.operand(1))) return rewriter.notifyMatchFailure(op, "expected static output_shape");
        if (!Constants.isStatic(op.result(1).type())) return rewriter.notifyMatchFailure(op, "expected static output type");
        return replace(rewriter, op, RngBitGeneratorOp.createWithTypes(rewriter, op.location(), resultTypes(op),
                op.operand(0), op.attr("rng_algorithm")).operation());
    }

    private static boolean dynamicTopK(Operation op, PatternRewriter rewriter, Consumer<Diagnostic> errors) {
        if (!DynamicCustomCalls.TOP_K.equals(DynamicCustomCalls.target(op))) return false;
        if (!verified(op, DynamicCustomCalls.verifyTopK(op), errors)) return false;
        long[] k = Constants.ints(op.operand(1));
        if (k == null || k.length != 1) return rewriter.notifyMatchFailure(op, "expected constant k");
        RankedTensorType values = (RankedTensorType) op.result(0).type();
        long last = values.dim(values.rank() - 1);
        if (last == ShapedType.DYNAMIC || last != k[0]) {
            return rewriter.notifyMatchFailure(op, "expected value of k to match the values last dimension size of "
                    + "static values type (result #0)");
        }
        return replace(rewriter, op, TopKOp.createWithTypes(rewriter, op.location(), resultTypes(op), op.operand(0),
                IntegerAttr.of(IntegerType.I64, k[0]), null).operation());
    }

    private static boolean dynamicApproxTopK(Operation op, PatternRewriter rewriter, Consumer<Diagnostic> errors) {
        if (!DynamicCustomCalls.APPROX_TOP_K.equals(DynamicCustomCalls.target(op))) return false;
        if (!verified(op, DynamicCustomCalls.verifyApproxTopK(op), errors)) return false;
        int n = DynamicCustomCalls.approxTopKInputs(op);
        long[] k = Constants.ints(op.operand(2 * n));
        if (k == null || k.length != 1) return rewriter.notifyMatchFailure(op, "expected constant k");
        DictionaryAttr config = (DictionaryAttr) op.attr("mhlo.backend_config");
        List<NamedAttribute> entries = new ArrayList<>(config.entries());
        entries.add(new NamedAttribute("top_k", IntegerAttr.of(IntegerType.I64, k[0])));
        DictionaryAttr properties = op.properties().with("call_target_name", StringAttr.of("ApproxTopK"));
        List<NamedAttribute> attributes = new ArrayList<>();
        for (NamedAttribute a : op.attributes().entries()) {
            attributes.add(a.name().equals("mhlo.backend_config")
                    ? new NamedAttribute(a.name(), DictionaryAttr.of(entries)) : a);
        }
        Operation replacement = rewriter.create(op.location(), op.opName(), DynamicCustomCalls.operands(op, 0, 2 * n),
                resultTypes(op), properties, DictionaryAttr.of(attributes), 0, List.of());
        return replace(rewriter, op, replacement);
    }
}
