package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.stablehlo4j.dialect.chlo.ChloRules;
import org.stablehlo4j.dialect.chlo.RaggedDotOp;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.stablehlo.ChannelHandleAttr;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AllGatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.BitcastConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.CaseOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvolutionOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotGeneralOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicBroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicConvOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicIotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicPadOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.IfOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealDynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceScatterOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.RngOp;
import org.stablehlo4j.dialect.stablehlo.ops.UniformQuantizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.WhileOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotConvRules;
import org.stablehlo4j.dialect.stablehlo.ops.TypeInference;
import org.stablehlo4j.dialect.stablehlo.transforms.ShapeRefinement.Components;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.verify.Verifier;

/**
 * The per-op patterns of shape refinement (upstream's {@code populateStablehloRefineShapesPatterns}, plus the
 * refinement of the {@code stablehlo.dynamic_*} custom calls of XLA's {@code stablehlo_ext}): each re-infers an
 * op's result types from its (possibly refined) operands and the values of its constant shape operands, and
 * refines the results ({@link ShapeRefinement}). Ops with type inference (StableHLO and CHLO) are re-inferred by
 * one generic pattern of lower benefit; the others have patterns of their own. {@code func.return} and
 * {@code stablehlo.return} patterns carry refinements into function signatures and into the results of
 * {@code if}/{@code case}.
 */
final class RefinePatterns {
    private final Context ctx;
    private final Consumer<Diagnostic> errors;

    /**
     * Patterns that infer with {@code ctx}'s op rows and report malformed ops to {@code errors} (upstream emits
     * those errors from the patterns and goes on).
     */
    RefinePatterns(Context ctx, Consumer<Diagnostic> errors) {
        this.ctx = ctx;
        this.errors = errors;
    }

    /** Adds the patterns (without the call pattern, which needs the refinement state) to {@code set}. */
    PatternSet addTo(PatternSet set) {
        set.add(RewritePattern.of(AllGatherOp.NAME, 1, this::allGather));
        set.add(RewritePattern.of(BitcastConvertOp.NAME, 1, RefinePatterns::bitcastConvert));
        set.add(RewritePattern.of(ConvertOp.NAME, 1, RefinePatterns::sameShapeAsOperand));
        set.add(RewritePattern.of(ConvolutionOp.NAME, 1, (op, r) -> convolution(op, r, new long[0])));
        set.add(RewritePattern.of(CustomCallOp.NAME, 1, this::customCall));
        set.add(RewritePattern.of(DotGeneralOp.NAME, 1, this::inferredShape));
        set.add(RewritePattern.of(DotOp.NAME, 1, this::inferredShape));
        set.add(RewritePattern.of(RaggedDotOp.NAME, 1, RefinePatterns::raggedDot));
        set.add(RewritePattern.of(DynamicBroadcastInDimOp.NAME, 1,
                (op, r) -> ShapeRefinement.refineReturnShape(r, op, DynamicBroadcastInDimOp.cast(op).outputDimensions())));
        set.add(RewritePattern.of(DynamicConvOp.NAME, 1, RefinePatterns::dynamicConv));
        set.add(RewritePattern.of(DynamicIotaOp.NAME, 1,
                (op, r) -> ShapeRefinement.refineReturnShape(r, op, DynamicIotaOp.cast(op).outputShape())));
        set.add(RewritePattern.of(DynamicPadOp.NAME, 1, RefinePatterns::dynamicPad));
        set.add(RewritePattern.of(DynamicReshapeOp.NAME, 1,
                (op, r) -> ShapeRefinement.refineReturnShape(r, op, DynamicReshapeOp.cast(op).outputShape())));
        set.add(RewritePattern.of(null, 0, this::inferTypeOp));
        set.add(RewritePattern.of(RealDynamicSliceOp.NAME, 1, this::realDynamicSlice));
        set.add(RewritePattern.of(ReduceScatterOp.NAME, 1, RefinePatterns::reduceScatter));
        set.add(RewritePattern.of(RngOp.NAME, 1, (op, r) -> ShapeRefinement.refineReturnShape(r, op, RngOp.cast(op).shape())));
        set.add(RewritePattern.of(UniformQuantizeOp.NAME, 1, RefinePatterns::sameShapeAsOperand));
        set.add(RewritePattern.of(WhileOp.NAME, 1, RefinePatterns::whileOp));
        set.add(RewritePattern.of(IfOp.NAME, 1, RefinePatterns::conditional));
        set.add(RewritePattern.of(CaseOp.NAME, 1, RefinePatterns::conditional));
        set.add(RewritePattern.of(org.stablehlo4j.dialect.func.ReturnOp.NAME, 1, RefinePatterns::updateFunctionType));
        set.add(RewritePattern.of(ReturnOp.NAME, 1, RefinePatterns::updateRegionType));
        // stablehlo_ext: the dynamic_* custom calls
        set.add(RewritePattern.of(CustomCallOp.NAME, 1, this::dynamicReduceWindow));
        set.add(RewritePattern.of(CustomCallOp.NAME, 1, this::dynamicRngBitGenerator));
        set.add(RewritePattern.of(CustomCallOp.NAME, 1, this::dynamicTopK));
        return set;
    }

    private void error(Operation op, String message) {
        errors.accept(Diagnostic.error(op.location(), message));
    }

    // ---- collectives

    /** The size of each replica group (dense groups' second dimension), or -1 when it is not known. */
    private static long shardCount(Operation op) {
        Attribute groups = op.attr("replica_groups");
        if (groups instanceof DenseElementsAttr d && d.type() instanceof RankedTensorType t && t.rank() == 2) {
            return t.dim(1);
        }
        return -1; // mesh-axes replica groups: not flattened here
    }

    private static boolean crossReplicaAndPartition(Operation op) {
        return op.attr("channel_handle") instanceof ChannelHandleAttr && op.attr("use_global_device_ids") == null;
    }

    private boolean allGather(Operation op, PatternRewriter rewriter) {
        if (crossReplicaAndPartition(op)) return rewriter.notifyMatchFailure(op, "unsupported strategy");
        long shards = shardCount(op);
        if (shards < 0) return rewriter.notifyMatchFailure(op, "failed to flatten replica groups");
        long dim = AllGatherOp.cast(op).allGatherDim().longValue();
        List<Components> refinements = new ArrayList<>();
        for (Value v : op.operands()) {
            if (!(v.type() instanceof RankedTensorType t) || dim < 0 || dim >= t.rank()) return false;
            long[] shape = t.shape();
            if (shape[(int) dim] != ShapedType.DYNAMIC) shape[(int) dim] *= shards;
            refinements.add(Components.ofShape(shape));
        }
        return ShapeRefinement.refineReturnComponents(rewriter, op, refinements);
    }

    private static boolean reduceScatter(Operation op, PatternRewriter rewriter) {
        if (crossReplicaAndPartition(op)) return rewriter.notifyMatchFailure(op, "unsupported strategy");
        long shards = shardCount(op);
        if (shards < 0) return rewriter.notifyMatchFailure(op, "failed to flatten replica groups");
        if (shards == 0) return rewriter.notifyMatchFailure(op, "zero shard count");
        long dim = ReduceScatterOp.cast(op).scatterDimension().longValue();
        if (!(op.operand(0).type() instanceof RankedTensorType t) || dim < 0 || dim >= t.rank()) return false;
        long[] shape = t.shape();
        if (shape[(int) dim] != ShapedType.DYNAMIC) shape[(int) dim] /= shards;
        return ShapeRefinement.refineReturnShape(rewriter, op, shape);
    }

    // ---- element type changes

    private static int bitWidth(Type element) {
        if (element instanceof ComplexType c) element = c.elementType();
        if (element instanceof IntegerType it) return it.width();
        if (element instanceof FloatType ft) return ft.width();
        return -1;
    }

    private static boolean bitcastConvert(Operation op, PatternRewriter rewriter) {
        if (!(op.operand(0).type() instanceof RankedTensorType in) || !(op.result(0).type() instanceof ShapedType out)) {
            return false;
        }
        if (bitWidth(in.elementType()) != bitWidth(out.elementType())) {
            return rewriter.notifyMatchFailure(op, "unsupported bit width");
        }
        return ShapeRefinement.refineReturnShape(rewriter, op, in.shape());
    }

    /** convert and uniform_quantize: the result has the operand's shape. */
    private static boolean sameShapeAsOperand(Operation op, PatternRewriter rewriter) {
        Type in = op.operand(0).type();
        Components c = in instanceof RankedTensorType r ? Components.ofShape(r.shape()) : new Components(null, null, null);
        return ShapeRefinement.refineReturnComponents(rewriter, op, List.of(c));
    }

    // ---- contractions

    private static boolean convolution(Operation op, PatternRewriter rewriter, long[] padding) {
        long[] shape;
        try {
            shape = DotConvRules.inferConvolutionShape(op, padding);
        } catch (VerificationError e) {
            return rewriter.notifyMatchFailure(op, "inferConvolutionOp failed");
        }
        if (shape == null) return rewriter.notifyMatchFailure(op, "inferConvolutionOp failed");
        return ShapeRefinement.refineReturnShape(rewriter, op, shape);
    }

    private static boolean dynamicConv(Operation op, PatternRewriter rewriter) {
        long[] padding = Constants.ints(DynamicConvOp.cast(op).padding());
        if (padding == null) return rewriter.notifyMatchFailure(op, "expected constant padding");
        if (padding.length == 0) return convolution(op, rewriter, null);
        return convolution(op, rewriter, padding);
    }

    /** dot and dot_general: the shape their inference gives (it infers no element type). */
    private boolean inferredShape(Operation op, PatternRewriter rewriter) {
        List<Type> inferred;
        try {
            inferred = Verifier.inferReturnTypes(ctx, op);
        } catch (DiagnosticException e) {
            return rewriter.notifyMatchFailure(op, "inference failed");
        }
        if (inferred == null || inferred.size() != 1) return false;
        Components c = inferred.get(0) instanceof RankedTensorType r ? Components.ofShape(r.shape())
                : new Components(null, null, null);
        return ShapeRefinement.refineReturnComponents(rewriter, op, List.of(c));
    }

    private static boolean raggedDot(Operation op, PatternRewriter rewriter) {
        long[] shape;
        try {
            shape = ChloRules.inferRaggedDotShape(op);
        } catch (VerificationError e) {
            return rewriter.notifyMatchFailure(op, "inferReturnTypeComponents failed");
        }
        if (shape == null) return rewriter.notifyMatchFailure(op, "inferReturnTypeComponents failed");
        return ShapeRefinement.refineReturnShape(rewriter, op, shape);
    }

    // ---- shapes from operands

    private static boolean dynamicPad(Operation op, PatternRewriter rewriter) {
        DynamicPadOp p = DynamicPadOp.cast(op);
        Padding padding = Padding.of(p);
        if (padding.notConstant() != null) {
            return rewriter.notifyMatchFailure(op, "expected constant " + padding.notConstant());
        }
        Type inferred = inferPad(p.operand().type(), padding.low(), padding.high(), padding.interior());
        if (inferred == null) return rewriter.notifyMatchFailure(op, "inferPadOp failed");
        return ShapeRefinement.refineReturnTypes(rewriter, op, List.of(inferred));
    }

    /**
     * The padding of a dynamic_pad: the constant values of its padding operands, null where one is not a constant.
     *
     * @param low {@code edge_padding_low}
     * @param high {@code edge_padding_high}
     * @param interior {@code interior_padding}
     */
    record Padding(long[] low, long[] high, long[] interior) {
        /** {@return the padding of {@code p}} */
        static Padding of(DynamicPadOp p) {
            return new Padding(Constants.ints(p.edgePaddingLow()), Constants.ints(p.edgePaddingHigh()),
                    Constants.ints(p.interiorPadding()));
        }

        /** {@return the name of the first padding operand that is not a constant, or null when all are} */
        String notConstant() {
            if (low == null) return "edge_padding_low";
            if (high == null) return "edge_padding_high";
            return interior == null ? "interior_padding" : null;
        }
    }

    /** upstream's inferPadOp (bounds aside), or null when the padding admits no result. */
    static RankedTensorType inferPad(Type operand, long[] low, long[] high, long[] interior) {
        if (!(operand instanceof RankedTensorType in)) return null;
        int rank = in.rank();
        if (low.length != rank || high.length != rank || interior.length != rank) return null;
        long[] shape = new long[rank];
        for (int i = 0; i < rank; i++) {
            if (interior[i] < 0) return null;
            long d = in.dim(i);
            if (d == ShapedType.DYNAMIC) {
                shape[i] = ShapedType.DYNAMIC;
                continue;
            }
            long size = d + low[i] + high[i] + Math.max(d - 1, 0) * interior[i];
            if (size < 0) return null;
            shape[i] = size;
        }
        return new RankedTensorType(shape, in.elementType());
    }

    /** upstream's inferSliceOp (bounds aside), or null when the indices admit no result. */
    static RankedTensorType inferSlice(Type operand, long[] start, long[] limit, long[] strides) {
        if (!(operand instanceof RankedTensorType in)) return null;
        int rank = in.rank();
        if (start.length != rank || limit.length != rank || strides.length != rank) return null;
        long[] shape = new long[rank];
        for (int i = 0; i < rank; i++) {
            if (start[i] < 0) return null;
            if (in.dim(i) != ShapedType.DYNAMIC && limit[i] > in.dim(i)) return null;
            if (start[i] > limit[i] || strides[i] <= 0) return null;
            shape[i] = Math.floorDiv(limit[i] - start[i] + strides[i] - 1, strides[i]);
        }
        return new RankedTensorType(shape, in.elementType());
    }

    /** The slice sizes when {@code limit} is {@code start + constant} (or {@code constant + start}), else null. */
    static long[] constantSliceSizes(Value start, Value limit) {
        Operation def = limit.definingOp();
        if (def == null || !AddOp.is(def)) return null;
        if (def.operand(0) == start) return Constants.ints(def.operand(1));
        if (def.operand(1) == start) return Constants.ints(def.operand(0));
        return null;
    }

    private boolean realDynamicSlice(Operation op, PatternRewriter rewriter) {
        RealDynamicSliceOp s = RealDynamicSliceOp.cast(op);
        long[] start = Constants.ints(s.startIndices());
        long[] limit = Constants.ints(s.limitIndices());
        long[] strides = Constants.ints(s.strides());
        if (start != null && limit != null && strides != null) {
            RankedTensorType inferred = inferSlice(s.operand().type(), start, limit, strides);
            if (inferred == null) return rewriter.notifyMatchFailure(op, "inferSliceOp failed");
            return ShapeRefinement.refineReturnTypes(rewriter, op, List.of(inferred));
        }
        long[] sizes = constantSliceSizes(s.startIndices(), s.limitIndices());
        if (sizes != null) {
            if (strides == null || !allOnes(strides)) return rewriter.notifyMatchFailure(op, "expected unit strides");
            if (!(s.operand().type() instanceof RankedTensorType in)) return false;
            String problem = dynamicSliceProblem(in, sizes);
            if (problem != null) {
                error(op, problem);
                return rewriter.notifyMatchFailure(op, "inferDynamicSliceOp failed");
            }
            return ShapeRefinement.refineReturnShape(rewriter, op, sizes);
        }
        return rewriter.notifyMatchFailure(op, "expected either fully static attributes (SliceOp style) "
                + "or static sliceSizes (DynamicSliceOp style)");
    }

    static boolean allOnes(long[] values) {
        for (long v : values) if (v != 1) return false;
        return true;
    }

    /** upstream's inferDynamicSliceOp checks of slice sizes against an operand, as its error text, or null. */
    static String dynamicSliceProblem(RankedTensorType in, long[] sizes) {
        if (in.rank() != sizes.length) {
            return "has mismatched number of start indices (" + sizes.length + ") and the rank of operand ("
                    + in.rank() + ")";
        }
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] < 0) return "has negative size index to dynamic slice: " + sizes[i];
            if (in.dim(i) != ShapedType.DYNAMIC && sizes[i] > in.dim(i)) {
                return "has slice size " + sizes[i] + " greater than dimension size " + in.dim(i) + " in dimension "
                        + i + " of operand";
            }
        }
        return null;
    }

    // ---- custom calls with shape operands

    /**
     * upstream's {@code hlo::getShapeRefinements}: the result shapes a custom call's
     * {@code indices_of_shape_operands} give (one constant shape operand per flattened result), or null when it has
     * none or they are not all constant. A malformed attribute, or a shape incompatible with its result, is
     * reported to {@code errors} (then null as well).
     */
    static List<Components> shapeRefinements(Operation op, Consumer<Diagnostic> errors) {
        if (!(op.attr("indices_of_shape_operands") instanceof DenseElementsAttr indices)
                || !(indices.type() instanceof RankedTensorType indicesType)
                || !(indicesType.elementType() instanceof IntegerType
                        || indicesType.elementType() instanceof org.stablehlo4j.ir.IndexType)) {
            return null;
        }
        List<Type> flat = new ArrayList<>();
        for (Value r : op.results()) ShapeRefinement.flatten(r.type(), flat);
        String suffix = op.numResults() != flat.size() ? ", with tuples flattened" : "";
        long count = indicesType.numElements();
        Location loc = op.location();
        if (count != flat.size()) {
            errors.accept(Diagnostic.error(loc, "indices_of_shape_operands: number of elements (" + count + ") must "
                    + "be equal to the number of operation results (" + flat.size() + ")" + suffix));
            return null;
        }
        if (indicesType.rank() != 1) {
            errors.accept(Diagnostic.error(loc, "indices_of_shape_operands: must have rank = 1"));
            return null;
        }
        if (!(indicesType.elementType() instanceof IntegerType it) || it.width() != 64) {
            errors.accept(Diagnostic.error(loc, "indices_of_shape_operands: must have i64 element type"));
            return null;
        }
        long[] index = Constants.ints(indices);
        if (index == null) return null;
        List<Components> out = new ArrayList<>();
        for (int k = 0; k < index.length; k++) {
            if (index[k] < 0 || index[k] >= op.numOperands()) {
                errors.accept(Diagnostic.error(loc, "indices_of_shape_operands: index #" + k + " (" + index[k] + ") "
                        + "must be within bounds for operation operands (from 0 to " + op.numOperands() + ")"));
                return null;
            }
            long[] shape = Constants.ints(op.operand((int) index[k]));
            if (shape == null) return null;
            Type result = flat.get(k);
            if (!compatibleShape(shape, result)) {
                errors.accept(Diagnostic.error(loc, "indices_of_shape_operands: refinement #" + k + " (["
                        + Constants.joined(shape) + "]) must be compatible with operation result #" + k + " ('"
                        + ShapeRefinement.print(result) + "')" + suffix));
                return null;
            }
            out.add(Components.ofShape(shape));
        }
        return out;
    }

    /** upstream's isCompatibleForHloTypeInference of a shape and a type. */
    private static boolean compatibleShape(long[] shape, Type type) {
        for (long d : shape) if (d < 0) return false;
        if (!(type instanceof ShapedType s)) return false;
        return org.stablehlo4j.ir.TypeCompat.compatible(new RankedTensorType(shape, s.elementType()), type);
    }

    private boolean customCall(Operation op, PatternRewriter rewriter) {
        List<Components> refinements = shapeRefinements(op, errors);
        if (refinements == null) return rewriter.notifyMatchFailure(op, "expected valid refinements");
        if (!ShapeRefinement.refineReturnComponents(rewriter, op, refinements)) {
            return rewriter.notifyMatchFailure(op, "refineReturnTypes failed");
        }
        // The operand wrapper of refine-arguments goes away as soon as its result has the operand's type.
        if (RefineArgumentsPass.OPERAND_WRAPPER.equals(DynamicCustomCalls.target(op))) {
            Value operand = op.operand(0);
            if (operand.type().equals(op.result(0).type())) rewriter.replaceOp(op, List.of(operand));
        }
        return true;
    }

    // ---- inference

    /**
     * Any StableHLO or CHLO op with type inference (InferTypeOpInterface): its results re-inferred from its
     * operands.
     */
    private boolean inferTypeOp(Operation op, PatternRewriter rewriter) {
        String dialect = op.dialect();
        if (!dialect.equals("stablehlo") && !dialect.equals("chlo")) {
            return rewriter.notifyMatchFailure(op, "unsupported dialect");
        }
        OpDefinition def = op.opName().definition();
        if (def == null || def.inferTypes() == null || !(def.hasTrait(OpTrait.INFER_TYPE)
                || def.hasTrait(OpTrait.COMPATIBLE_OPERANDS_AND_RESULT_TYPE))) {
            return false;
        }
        List<Type> inferred;
        try {
            inferred = Verifier.inferReturnTypes(ctx, op);
        } catch (DiagnosticException | RuntimeException e) {
            return rewriter.notifyMatchFailure(op, "inferReturnTypes failed");
        }
        if (inferred == null) return false;
        return ShapeRefinement.refineReturnTypes(rewriter, op, inferred);
    }

    /** if and case: each result the least specific type of what the branches return. */
    private static boolean conditional(Operation op, PatternRewriter rewriter) {
        List<List<Type>> returned = new ArrayList<>();
        for (Region r : op.regions()) {
            Block b = r.entry();
            if (b == null || b.terminator() == null || b.terminator().numOperands() != op.numResults()) return false;
            List<Type> types = new ArrayList<>();
            for (Value v : b.terminator().operands()) types.add(v.type());
            returned.add(types);
        }
        if (returned.isEmpty()) return false;
        List<Type> inferred = new ArrayList<>();
        for (int i = 0; i < op.numResults(); i++) {
            List<Type> candidates = new ArrayList<>();
            for (List<Type> types : returned) candidates.add(types.get(i));
            try {
                inferred.add(TypeInference.leastSpecific(op.location(), candidates));
            } catch (VerificationError e) {
                return rewriter.notifyMatchFailure(op, "inferConditionalOp failed");
            }
        }
        return ShapeRefinement.refineReturnTypes(rewriter, op, inferred);
    }

    /** while: the operand types go into the arguments of cond and body (the results follow by inference). */
    private static boolean whileOp(Operation op, PatternRewriter rewriter) {
        List<Type> operandTypes = new ArrayList<>();
        for (Value v : op.operands()) operandTypes.add(v.type());
        boolean changed = false;
        for (Region r : op.regions()) {
            Block b = r.entry();
            if (b == null) continue;
            changed |= ShapeRefinement.refineValues(rewriter, op, b.arguments(), operandTypes);
        }
        if (changed) rewriter.modifyOpInPlace(op, () -> { });
        return changed;
    }

    /**
     * func.return fed by a cast from a more specific type to a less specific one (left by a refinement): the cast
     * goes and the function's result type becomes the specific one.
     */
    private static boolean updateFunctionType(Operation op, PatternRewriter rewriter) {
        List<Type> results = new ArrayList<>();
        List<Operation> casts = new ArrayList<>();
        boolean update = false;
        for (Value v : op.operands()) {
            results.add(v.type());
            Operation def = v.definingOp();
            if (def == null || !BuiltinOps.isUnrealizedConversionCast(def) || def.numOperands() != 1
                    || def.numResults() != 1) {
                continue;
            }
            Type source = def.operand(0).type();
            Type dest = def.result(0).type();
            Type most = ShapeRefinement.mostSpecific(List.of(source, dest));
            if (most == null || dest.equals(most)) continue;
            update = true;
            results.set(results.size() - 1, source);
            if (!casts.contains(def)) casts.add(def);
        }
        if (!update) return rewriter.notifyMatchFailure(op, "doesn't need update");
        for (Operation cast : casts) rewriter.replaceOp(cast, List.of(cast.operand(0)));
        Operation func = op.parentOp();
        if (func == null || !FuncOp.is(func)) return true;
        List<Type> inputs = func.attr("function_type") instanceof TypeAttr t && t.value() instanceof FunctionType f
                ? f.inputs() : argumentTypes(func);
        setFunctionType(func, new FunctionType(inputs, results));
        return true;
    }

    /** stablehlo.return of an if/case returning something more specific than the parent: re-infer the parent. */
    private static boolean updateRegionType(Operation op, PatternRewriter rewriter) {
        Operation parent = op.parentOp();
        if (parent == null || !(IfOp.is(parent) || CaseOp.is(parent))) {
            return rewriter.notifyMatchFailure(op, "unsupported region");
        }
        boolean update = false;
        for (int i = 0; i < Math.min(op.numOperands(), parent.numResults()); i++) {
            Type regionType = parent.result(i).type();
            Type most = ShapeRefinement.mostSpecific(List.of(regionType, op.operand(i).type()));
            if (most != null && !regionType.equals(most)) update = true;
        }
        if (!update) return rewriter.notifyMatchFailure(op, "doesn't need update");
        rewriter.modifyOpInPlace(parent, () -> { });
        return true;
    }

    static List<Type> argumentTypes(Operation func) {
        List<Type> out = new ArrayList<>();
        Block b = func.region(0).entry();
        if (b != null) for (Value a : b.arguments()) out.add(a.type());
        return out;
    }

    static List<Type> resultTypes(Operation func) {
        return func.attr("function_type") instanceof TypeAttr t && t.value() instanceof FunctionType f
                ? f.results() : List.of();
    }

    static void setFunctionType(Operation func, FunctionType type) {
        func.setProperties(func.properties().with("function_type", new TypeAttr(type)));
    }

    // ---- stablehlo_ext: the dynamic_* custom calls

    /** The adaptor's checks; a failing one is reported (as upstream's verify() emits it) and the pattern fails. */
    private boolean verified(Operation op, String problem) {
        if (problem == null) return true;
        error(op, problem);
        return false;
    }

    private boolean dynamicReduceWindow(Operation op, PatternRewriter rewriter) {
        if (!DynamicCustomCalls.REDUCE_WINDOW.equals(DynamicCustomCalls.target(op))) return false;
        if (!verified(op, DynamicCustomCalls.verifyReduceWindow(op))) return false;
        int n = DynamicCustomCalls.reduceWindowInputs(op);
        DynamicCustomCalls.ReduceWindowWindow w = DynamicCustomCalls.ReduceWindowWindow.of(op);
        if (w.notConstant() != null) return rewriter.notifyMatchFailure(op, "expected constant " + w.notConstant());
        List<Components> refinements = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!(op.operand(i).type() instanceof RankedTensorType in)) {
                refinements.add(new Components(null, null, null));
                continue;
            }
            try {
                long[] shape = DotConvRules.windowOutputShape(op.location(), in.shape(), w.dimensions(), w.strides(),
                        w.padding(), w.baseDilations(), w.windowDilations());
                if (shape.length != in.rank()) return rewriter.notifyMatchFailure(op, "inferReduceWindowOp failed");
                refinements.add(Components.ofShape(shape));
            } catch (VerificationError e) {
                return rewriter.notifyMatchFailure(op, "inferReduceWindowOp failed");
            }
        }
        return ShapeRefinement.refineReturnComponents(rewriter, op, refinements);
    }

    private boolean dynamicRngBitGenerator(Operation op, PatternRewriter rewriter) {
        if (!DynamicCustomCalls.RNG_BIT_GENERATOR.equals(DynamicCustomCalls.target(op))) return false;
        if (!verified(op, DynamicCustomCalls.verifyRngBitGenerator(op))) return false;
        long[] shape = Constants.ints(op.operand(1));
        if (shape == null) return rewriter.notifyMatchFailure(op, "expected constant output_shape");
        // output_state follows initial_state: only output (the second result) is refined.
        return ShapeRefinement.refineReturnComponents(rewriter, op,
                List.of(Components.of(op.operand(0).type()), Components.ofShape(shape)));
    }

    private boolean dynamicTopK(Operation op, PatternRewriter rewriter) {
        if (!DynamicCustomCalls.TOP_K.equals(DynamicCustomCalls.target(op))) return false;
        if (!verified(op, DynamicCustomCalls.verifyTopK(op))) return false;
        long[] k = Constants.ints(op.operand(1));
        if (k == null || k.length != 1) return rewriter.notifyMatchFailure(op, "expected constant k");
        long[] shape = ((RankedTensorType) op.operand(0).type()).shape();
        shape[shape.length - 1] = k[0];
        return ShapeRefinement.refineReturnComponents(rewriter, op,
                List.of(Components.ofShape(shape), Components.ofShape(shape.clone())));
    }

    /** Whether a flat symbol list attribute has exactly one element. */
    static boolean oneCallee(Attribute a) {
        return a instanceof ArrayAttr arr && arr.elements().size() == 1;
    }
}
