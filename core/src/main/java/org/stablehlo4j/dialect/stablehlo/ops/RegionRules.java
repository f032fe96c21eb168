package org.stablehlo4j.dialect.stablehlo.ops;

import static org.stablehlo4j.dialect.stablehlo.ops.ScatterRules.*;
import static org.stablehlo4j.dialect.stablehlo.ops.ControlFlowRules.*;
import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpVerifier;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.Value;

/**
 * Verification and type inference rules of: reduce, reduce_window, select_and_scatter, scatter, sort, map, while,
 * if, case, and the reducer-body check shared with all_reduce/reduce_scatter/collective_reduce
 * ({@link #verifyReducerShape}).
 *
 * <p>MLIR checks an op's own {@code verify()} before its type inference (inference is a region-level check run on
 * the way out of the op), so the inference of an op with its own rules first runs those rules and gives up
 * silently (returns null) when they fail: the verifier then reports the rule's error alone, as upstream does.
 */
public final class RegionRules {
    private RegionRules() {}

    static final long DYN = ShapedType.DYNAMIC;

    /**
     * The rules MLIR checks for the op before inference: single-block regions (SingleBlockImplicitTerminator, checked
     * here for now), then the op's verify(). map, if and case check everything else in their inference. Only the
     * rows with that trait name this verifier.
     */
    public static void singleBlockRegions(Operation op) {
        singleBlock(op);
    }

    /** {@code verify} after the single-block region check: the verifier of an op with regions and that trait. */
    private static OpVerifier afterSingleBlockRegions(OpVerifier verify) {
        return op -> {
            singleBlockRegions(op);
            verify.verify(op);
        };
    }

    /**
     * The verifiers of stablehlo.reduce, reduce_window and while (SingleBlockImplicitTerminator first) and of
     * select_and_scatter, scatter and sort (no such trait).
     */
    public static final OpVerifier REDUCE = afterSingleBlockRegions(RegionRules::verifyReduce),
            REDUCE_WINDOW = afterSingleBlockRegions(RegionRules::verifyReduceWindow),
            SELECT_AND_SCATTER = RegionRules::verifySelectAndScatter,
            SCATTER = ScatterRules::verifyScatter,
            SORT = ControlFlowRules::verifySort,
            WHILE = afterSingleBlockRegions(ControlFlowRules::verifyWhile);

    /** select_and_scatter's inference: the operand's shape, the scatter region's accumulation type. */
    public static List<Type> inferSelectAndScatter(Operation op) {
        return op.numOperands() == 0 || op.numRegions() < 2 ? null
                : sameShapesAccumulated(op, List.of(op.operand(0)), op.region(1));
    }

    /** scatter's inference: the inputs' shapes, the update region's accumulation types. */
    public static List<Type> inferScatter(Operation op) {
        return sameShapesAccumulated(op, group(op, 0, 3), op.region(0));
    }

    /** sort's and while's inference: the operand types. */
    public static List<Type> inferOperandTypes(Operation op) {
        return operandTypes(op.operands());
    }

    /** MLIR's SingleBlock trait: each region has at most one block, and that block is not empty. */
    static void singleBlock(Operation op) {
        for (int i = 0; i < op.numRegions(); i++) {
            Region r = op.region(i);
            int blocks = r.numBlocks();
            if (blocks == 0) continue;
            if (blocks != 1) {
                throw VerificationError.op(op, "expects region #" + i + " to have 0 or 1 blocks");
            }
            if (r.block(0).isEmpty()) throw VerificationError.op(op, "expects a non-empty block");
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // reduce

    static void verifyReduce(Operation op) {
        List<Type> inputs = operandTypes(group(op, 0, 2));
        List<Type> inits = operandTypes(group(op, 1, 2));
        long[] dims = longs(op.properties().get("dimensions"));
        if (dims == null || inputs.isEmpty() || !allRanked(inputs)) return;
        ReducedShape shape = reduceShape(op, inputs, dims);
        Block body = entry(op.region(0));
        if (body == null) return;
        verifyReducerShape(op, body, inputs, inits, shape.dims);
    }

    private record ReducedShape(long[] dims, Attribute encoding) {}

    /** reduce_c1, reduce_c4, reduce_c5: the inputs' common shape without the reduced dimensions. */
    static ReducedShape reduceShape(Operation op, List<Type> inputs, long[] dims) {
        RankedTensorType witness = (RankedTensorType) inputs.get(0);
        compatibleInputs(op, inputs);
        Set<Long> reduced = new HashSet<>();
        for (long d : dims) {
            if (d < 0 || d >= witness.rank()) {
                throw VerificationError.at(op.location(), "Out-of-bounds dimension " + d
                        + ", expected to be in range [0, " + witness.rank() + ")");
            }
            if (!reduced.add(d)) {
                throw VerificationError.at(op.location(), "Duplicate reduction dimension: " + d);
            }
        }
        List<Long> bounds = TypeCompat.bounds(witness);
        long[] kept = new long[witness.rank() - reduced.size()];
        List<Long> keptBounds = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < witness.rank(); i++) {
            if (reduced.contains((long) i)) continue;
            kept[k++] = witness.dim(i);
            if (bounds != null && i < bounds.size()) keptBounds.add(bounds.get(i));
        }
        return new ReducedShape(kept, boundsEncoding(keptBounds));
    }

    /** "expects all inputs to have compatible shapes" (reduce_c1, reduce_window_c2). */
    static void compatibleInputs(Operation op, List<Type> inputs) {
        for (int i = 1; i < inputs.size(); i++) {
            if (!TypeCompat.compatibleShape(inputs.get(0), inputs.get(i))) {
                throw VerificationError.at(op.location(), "expects all inputs to have compatible shapes. Shape at "
                        + "input-index " + i + " is not compatible with shape at input-index 0");
            }
        }
    }

    public static List<Type> inferReduce(Operation op) {
        List<Type> inputs = operandTypes(group(op, 0, 2));
        long[] dims = longs(op.properties().get("dimensions"));
        if (dims == null || inputs.isEmpty() || !allRanked(inputs)) return null;
        ReducedShape shape = reduceShape(op, inputs, dims);
        List<Type> elements = accumulatorElementTypes(op.region(0), inputs);
        if (elements == null) return null;
        List<Type> out = new ArrayList<>();
        for (Type e : elements) out.add(new RankedTensorType(shape.dims, e, shape.encoding));
        return out;
    }

    // ---------------------------------------------------------------------------------------------------------
    // The reducer body shared by reduce, reduce_window, scatter, select_and_scatter and the collectives

    /**
     * Checks a reduction body against the op's inputs and init values (hlo::verifyReducerShape):
     * {@code (acc..., x...) -> acc...} where each accumulator matches its init value and each element argument is
     * promotable from its input's element type with a shape that fits in {@code allowedDims}.
     * Errors are reported at {@code op}'s location without the op-name prefix, as upstream does.
     */
    static void verifyReducerShape(Operation op, Block block, List<Type> inputTypes, List<Type> initValueTypes,
                                   long[] allowedDims) {
        int n = inputTypes.size();
        if (block.numArguments() != 2 * n) {
            throw VerificationError.at(op.location(), "Reduction-region must take " + 2 * n
                    + " parameters, but takes " + block.numArguments() + " parameter(s)");
        }
        Operation terminator = block.terminator();
        if (!mightBeTerminator(terminator)) {
            throw VerificationError.at(op.location(), "The reduction-region expected to have a terminator");
        }
        if (terminator.numOperands() == 0) {
            throw VerificationError.at(op.location(), "The reduction-region expected to return some value(s)");
        }
        if (terminator.numOperands() != n) {
            throw VerificationError.at(op.location(), "Reduction-region here must produce " + n
                    + " tensors, but produces " + terminator.numOperands() + " instead");
        }
        List<Type> acc = new ArrayList<>();
        for (Value v : terminator.operands()) {
            if (!(v.type() instanceof ShapedType)) {
                throw VerificationError.at(op.location(), "Reduction-region here must produce tensor-typed "
                        + "result(s), but produces '" + RuleSupport.str(v.type()) + "' instead");
            }
            acc.add(v.type());
        }
        for (int i = 0; i < n; i++) {
            Type accType = acc.get(i);
            Type accArg = block.argument(i).type();
            Type elemArg = block.argument(n + i).type();
            if (!sameShapeAndElement(accType, accArg, false)) {
                throw VerificationError.at(op.location(), "The type of reduction-region's parameter at index " + i
                        + " is different than the corresponding result type: '" + RuleSupport.str(accArg)
                        + "' vs '" + RuleSupport.str(accType) + "'");
            }
            if (!sameShapeAndElement(accType, elemArg, true)) {
                throw VerificationError.at(op.location(), "The type of reduction-region's parameter at index "
                        + (n + i) + " is different than the corresponding result type: '" + RuleSupport.str(elemArg)
                        + "' vs '" + RuleSupport.str(accType) + "'");
            }
            Type init = initValueTypes.get(i);
            if (!TypeCompat.compatibleShape(init, accType)) {
                throw VerificationError.at(op.location(), "The shape of reduction-region's result type at index "
                        + i + " differs from the op's corresponding init-value type: '" + RuleSupport.str(accType)
                        + "' vs '" + RuleSupport.str(init) + "'");
            }
            if (!promotable(init, accType, true)) {
                throw VerificationError.at(op.location(), "The element-type of reduction-region's result type at "
                        + "index " + i + " is expected to be promotable from the op's corresponding init-value "
                        + "element-type: '" + RuleSupport.str(accType) + "' vs '" + RuleSupport.str(init) + "'");
            }
            if (!promotable(inputTypes.get(i), elemArg, true)) {
                throw VerificationError.at(op.location(), "The element-type of reduction-region's argument at index "
                        + (n + i) + " is expected to be promotable from '"
                        + RuleSupport.str(TypeCompat.elementType(inputTypes.get(i))) + "', but got '"
                        + RuleSupport.str(TypeCompat.elementType(elemArg)) + "'");
            }
            if (!(elemArg instanceof RankedTensorType arg)) continue;
            if (arg.rank() > allowedDims.length) {
                throw VerificationError.at(op.location(), "The rank of reduction-region's argument at index "
                        + (n + i) + " is expected to be <= " + allowedDims.length + ", got " + arg.rank());
            }
            int matched = 0;
            for (int d = 0; d < allowedDims.length && matched < arg.rank(); d++) {
                if (compatibleDims(allowedDims[d], arg.dim(matched))) matched++;
            }
            if (matched != arg.rank()) {
                throw VerificationError.at(op.location(), "The shape of reduction-region's argument at index "
                        + (n + i) + " is not compatible with that of reduce-op's input-parameter at index " + i);
            }
        }
    }

    /**
     * Whether the block ends in an op that is or may be a terminator (MLIR's mightHaveTerminator): of StableHLO's
     * ops only {@code stablehlo.return} is one (OpTableTest holds the rows to it); other dialects' ops are not known
     * here, so they may be.
     */
    static boolean mightBeTerminator(Operation last) {
        if (last == null) return false;
        return !last.dialect().equals(StablehloOps.DIALECT) || ReturnOp.is(last);
    }

    /** Shape compatibility and equal element types, floats of any precision alike when {@code ignoreFp}. */
    static boolean sameShapeAndElement(Type a, Type b, boolean ignoreFp) {
        if (!TypeCompat.compatibleShape(a, b)) return false;
        if (!(a instanceof ShapedType sa) || !(b instanceof ShapedType sb)) return false;
        Type ea = sa.elementType();
        Type eb = sb.elementType();
        if (ignoreFp && ea instanceof FloatType && eb instanceof FloatType) return true;
        return ea.equals(eb);
    }

    /**
     * Whether the element type of {@code from} promotes to that of {@code to}: same kind (quantized: same expressed
     * type) and no wider storage.
     */
    static boolean promotable(Type from, Type to, boolean ignoreFp) {
        if (!(from instanceof ShapedType sa) || !(to instanceof ShapedType sb)) return false;
        Type a = sa.elementType();
        Type b = sb.elementType();
        boolean sameKind = (a instanceof IntegerType && b instanceof IntegerType)
                || (a instanceof FloatType && b instanceof FloatType)
                || (a instanceof ComplexType && b instanceof ComplexType)
                || (a instanceof UniformQuantizedType qa && b instanceof UniformQuantizedType qb
                    && qa.expressedType().equals(qb.expressedType()));
        if (!sameKind) return false;
        if (ignoreFp && a instanceof FloatType) return true;
        return bitWidth(a) <= bitWidth(b);
    }

    static int bitWidth(Type t) {
        if (t instanceof ComplexType c) return 2 * bitWidth(c.elementType());
        if (t instanceof UniformQuantizedType q) return q.storageType().width();
        if (t instanceof IntegerType i) return i.width();
        if (t instanceof FloatType f) return f.width();
        return 0;
    }

    /** The element types a reduction produces: those its body returns, or the inputs' when it has no body. */
    static List<Type> accumulatorElementTypes(Region body, List<Type> inputs) {
        Block b = entry(body);
        List<Type> out = new ArrayList<>();
        if (b == null) {
            for (Type t : inputs) out.add(TypeCompat.elementType(t));
            return out;
        }
        Operation term = b.terminator();
        if (term == null || term.numOperands() < inputs.size()) return null;
        for (int i = 0; i < inputs.size(); i++) {
            Type t = term.operand(i).type();
            if (!(t instanceof ShapedType s)) return null;
            out.add(s.elementType());
        }
        return out;
    }

    /** Results shaped like {@code shapes} with the element types the body returns (scatter, select_and_scatter). */
    static List<Type> sameShapesAccumulated(Operation op, List<Value> shapes, Region body) {
        List<Type> types = operandTypes(shapes);
        List<Type> elements = accumulatorElementTypes(body, types);
        if (elements == null || !allRanked(types)) return null;
        List<Type> out = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            RankedTensorType t = (RankedTensorType) types.get(i);
            out.add(new RankedTensorType(t.shape(), elements.get(i), t.encoding()));
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------------------------
    // reduce_window and select_and_scatter windows

    /** One window dimension with its attributes (defaults: stride and dilations 1, no padding). */
    private record WindowDim(long size, long stride, long baseDilation, long windowDilation, long padLow,
                             long padHigh) {}

    static List<WindowDim> windowOf(Operation op, long[] dims, long[] strides, long[][] padding,
                                            long[] baseDilations, long[] windowDilations) {
        checkWindowAttrSize(op, dims, strides.length, "window-strides");
        checkWindowAttrSize(op, dims, baseDilations.length, "base-dilation factors");
        checkWindowAttrSize(op, dims, windowDilations.length, "window-dilation factors");
        checkWindowAttrSize(op, dims, padding.length, "padding-entries");
        List<WindowDim> window = new ArrayList<>();
        for (int i = 0; i < dims.length; i++) {
            long size = dims[i];
            if (size != DYN && size <= 0) {
                throw VerificationError.at(op.location(), "expects window to have positive value for " + i
                        + "-th window dimension, but got " + size + ".");
            }
            long stride = strides.length == 0 ? 1 : strides[i];
            positive(op, stride, "stride", i);
            long base = baseDilations.length == 0 ? 1 : baseDilations[i];
            positive(op, base, "base dilation factor", i);
            long win = windowDilations.length == 0 ? 1 : windowDilations[i];
            positive(op, win, "window dilation factor", i);
            long lo = padding.length == 0 ? 0 : padding[i][0];
            long hi = padding.length == 0 ? 0 : padding[i][1];
            window.add(new WindowDim(size, stride, base, win, lo, hi));
        }
        return window;
    }

    static void checkWindowAttrSize(Operation op, long[] dims, int size, String what) {
        if (size != 0 && size != dims.length) {
            throw VerificationError.at(op.location(), "expects " + what + " to have same dimension-size as size of "
                    + "window dimensions (" + dims.length + "), but got: " + size + ".");
        }
    }

    static void positive(Operation op, long value, String what, int i) {
        if (value <= 0) {
            throw VerificationError.at(op.location(), "expects window to have positive " + what + " for " + i
                    + "-th window dimension, but got " + value + ".");
        }
    }

    /** The padding attribute as (low, high) pairs; an absent attribute is no padding. */
    static long[][] padding(Operation op) {
        Attribute a = op.properties().get("padding");
        if (a == null) return new long[0][];
        if (!(a instanceof DenseElementsAttr d) || !(d.type() instanceof RankedTensorType t)) return null;
        if (t.rank() != 2 || t.dim(1) != 2) {
            throw VerificationError.at(op.location(), "expects the shape of padding-attribute to be {N, 2}, but got {"
                    + joined(t.shape()) + "}.");
        }
        long[] flat = denseLongs(d);
        if (flat == null) return null;
        long[][] out = new long[flat.length / 2][];
        for (int i = 0; i < out.length; i++) out[i] = new long[] {flat[2 * i], flat[2 * i + 1]};
        return out;
    }

    /** The output extent of each window dimension over {@code base} (dynamic stays dynamic). */
    static long[] windowOutputShape(long[] base, List<WindowDim> window) {
        long[] out = new long[window.size()];
        for (int i = 0; i < out.length; i++) {
            WindowDim w = window.get(i);
            if (base[i] == DYN || w.size == DYN) {
                out[i] = DYN;
                continue;
            }
            long padded = w.padLow + dilated(base[i], w.baseDilation) + w.padHigh;
            long span = dilated(w.size, w.windowDilation);
            out[i] = padded <= 0 || span > padded ? 0 : (padded - span) / w.stride + 1;
        }
        return out;
    }

    static long dilated(long bound, long dilation) {
        return bound <= 0 ? 0 : (bound - 1) * dilation + 1;
    }

    private record ReduceWindowParts(List<Type> inputs, List<Type> inits, long[] dims, List<WindowDim> window) {}

    /** reduce_window_c1, c2, c4...c12: the inputs and the window; null when attributes are not as expected. */
    static ReduceWindowParts reduceWindowParts(Operation op) {
        List<Type> inputs = operandTypes(group(op, 0, 2));
        List<Type> inits = operandTypes(group(op, 1, 2));
        if (inputs.isEmpty()) throw VerificationError.at(op.location(), "requires at least 1 input value");
        long[] dims = longs(op.properties().get("window_dimensions"));
        long[] strides = optionalLongs(op, "window_strides");
        long[] base = optionalLongs(op, "base_dilations");
        long[] win = optionalLongs(op, "window_dilations");
        if (dims == null || strides == null || base == null || win == null || !allRanked(inputs)) return null;
        compatibleInputs(op, inputs);
        long[][] pad = padding(op);
        if (pad == null) return null;
        for (Type t : inputs) {
            RankedTensorType r = (RankedTensorType) t;
            if (r.rank() != dims.length) {
                throw VerificationError.at(op.location(), "expects window-dimensions size == input rank, but got "
                        + "window-dimensions size: " + dims.length + " and input: '" + RuleSupport.str(t)
                        + "' with rank = " + r.rank() + ".");
            }
        }
        return new ReduceWindowParts(inputs, inits, dims, windowOf(op, dims, strides, pad, base, win));
    }

    static void verifyReduceWindow(Operation op) {
        ReduceWindowParts p = reduceWindowParts(op);
        Block body = entry(op.region(0));
        if (p == null || body == null) return;
        verifyReducerShape(op, body, p.inputs, p.inits, p.dims);
    }

    public static List<Type> inferReduceWindow(Operation op) {
        ReduceWindowParts p = reduceWindowParts(op);
        if (p == null) return null;
        List<Type> elements = accumulatorElementTypes(op.region(0), p.inputs);
        if (elements == null) return null;
        List<Type> out = new ArrayList<>();
        for (int i = 0; i < p.inputs.size(); i++) {
            RankedTensorType t = (RankedTensorType) p.inputs.get(i);
            long[] shape = windowOutputShape(t.shape(), p.window);
            List<Long> bounds = TypeCompat.bounds(t);
            Attribute encoding = null;
            if (bounds != null && bounds.size() == t.rank()) {
                long[] b = new long[bounds.size()];
                for (int k = 0; k < b.length; k++) b[k] = bounds.get(k);
                List<Long> outBounds = new ArrayList<>();
                for (long x : windowOutputShape(b, p.window)) outBounds.add(x);
                encoding = boundsEncoding(outBounds);
            }
            out.add(new RankedTensorType(shape, elements.get(i), encoding));
        }
        return out;
    }

    static void verifySelectAndScatter(Operation op) {
        if (op.numOperands() != 3) return;
        Type operand = op.operand(0).type();
        Type source = op.operand(1).type();
        Type init = op.operand(2).type();
        Block select = entry(op.region(0));
        Block scatter = entry(op.region(1));
        if (!(operand instanceof RankedTensorType operandType) || !(source instanceof ShapedType sourceType)
                || select == null || scatter == null) {
            return;
        }
        if (select.numArguments() != 2) {
            throw VerificationError.at(op.location(), "expects the select-region to take 2 parameters, but takes "
                    + select.numArguments());
        }
        Type expectedArg = scalar(operandType.elementType());
        for (int i = 0; i < 2; i++) {
            Type arg = select.argument(i).type();
            if (!sameShapeAndElement(expectedArg, arg, true)) {
                throw VerificationError.at(op.location(), "expects the type of select-region's parameter at index "
                        + i + " to be '" + RuleSupport.str(expectedArg) + "', but got '" + RuleSupport.str(arg) + "'");
            }
        }
        if (!returnsOneI1(op, select, "expects select-region to return single value, but got: ",
                "expects the return-type of select-region to be tensor<i1>, but got: ")) {
            return;
        }
        verifyReducerShape(op, scatter, List.of(scalar(sourceType.elementType())), List.of(init), new long[0]);
        long[] dims = optionalLongs(op, "window_dimensions");
        long[] strides = optionalLongs(op, "window_strides");
        if (dims == null || strides == null) return;
        if (operandType.rank() != dims.length) {
            throw VerificationError.at(op.location(), "expects window-dimensions size == operand rank, but got "
                    + "window-dimensions size: " + dims.length + " and operand-type: '" + RuleSupport.str(operand)
                    + "' with rank = " + operandType.rank() + ".");
        }
        long[][] pad = padding(op);
        if (pad == null) return;
        List<WindowDim> window = windowOf(op, dims, strides, pad, new long[0], new long[0]);
        Type windowResult = new RankedTensorType(windowOutputShape(operandType.shape(), window),
                operandType.elementType());
        if (!sameShapeAndElement(windowResult, source, true)) {
            throw VerificationError.at(op.location(), "expects source-type to be '" + RuleSupport.str(windowResult)
                    + "', but got'" + RuleSupport.str(source) + "'");
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // helpers

    /** The operands of group {@code index} of an op whose {@code groups} variadic groups have equal sizes. */
    static List<Value> group(Operation op, int index, int groups) {
        if (groups == 2) {
            int size = op.numOperands() / 2;
            return op.operands().subList(index * size, index * size + size);
        }
        // inputs, one single operand, updates (scatter)
        int size = Math.max(0, (op.numOperands() - 1) / 2);
        int start = index == 0 ? 0 : index == 1 ? size : size + 1;
        int length = index == 1 ? Math.min(1, op.numOperands()) : size;
        return op.operands().subList(start, start + length);
    }

    static List<Type> operandTypes(List<? extends Value> values) {
        List<Type> out = new ArrayList<>(values.size());
        for (Value v : values) out.add(v.type());
        return out;
    }

    static List<Type> argumentTypes(Block b) {
        return operandTypes(b.arguments());
    }

    static boolean allRanked(List<Type> types) {
        for (Type t : types) if (!(t instanceof RankedTensorType)) return false;
        return true;
    }

    static boolean compatibleLists(List<Type> a, List<Type> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (!TypeCompat.compatible(a.get(i), b.get(i))) return false;
        return true;
    }

    static Block entry(Region r) {
        return r.isEmpty() ? null : r.entry();
    }

    static boolean compatibleDims(long a, long b) {
        return a == DYN || b == DYN || a == b;
    }

    static RankedTensorType scalar(Type element) {
        return new RankedTensorType(new long[0], element);
    }

    static boolean isI1Scalar(Type t) {
        return t instanceof RankedTensorType r && r.rank() == 0 && r.elementType() instanceof IntegerType it
                && it.width() == 1;
    }

    /** A bounds encoding, or none when no bound is static. */
    static Attribute boundsEncoding(List<Long> bounds) {
        long[] b = RuleSupport.longs(bounds);
        return b.length == 0 ? null : TypeInference.boundsToEncoding(null, b);
    }

    static long[] longs(Attribute a) {
        if (!(a instanceof DenseArrayAttr d)) return null;
        long[] out = new long[d.size()];
        for (int i = 0; i < out.length; i++) out[i] = d.getLong(i);
        return out;
    }

    /** An optional dense array attribute: absent is empty, malformed is null. */
    static long[] optionalLongs(Operation op, String name) {
        Attribute a = op.properties().get(name);
        return a == null ? new long[0] : longs(a);
    }

    /** The elements of an integer elements attribute (a splat repeated), or null if not integers. */
    static long[] denseLongs(DenseElementsAttr d) {
        if (!(d.type().elementType() instanceof IntegerType it) || !(d.type() instanceof RankedTensorType t)) {
            return null;
        }
        int eb = Math.max(1, (it.width() + 7) / 8);
        long n = t.numElements();
        if (n < 0 || n > 1 << 20) return null;
        long[] out = new long[(int) n];
        for (int i = 0; i < out.length; i++) {
            int base = (d.isSplat() ? 0 : i) * eb;
            if (base + eb > d.length()) return null;
            long v = 0;
            for (int k = eb - 1; k >= 0; k--) v = (v << 8) | (d.byteAt(base + k) & 0xFF);
            if (!it.isUnsigned() && eb < 8) v = (v << (64 - 8 * eb)) >> (64 - 8 * eb);
            out[i] = v;
        }
        return out;
    }

    static boolean sorted(long[] v) {
        for (int i = 1; i < v.length; i++) if (v[i - 1] > v[i]) return false;
        return true;
    }

    static boolean unique(long[] v) {
        Set<Long> seen = new HashSet<>();
        for (long x : v) if (!seen.add(x)) return false;
        return true;
    }

    static boolean contains(long[] v, long x) {
        for (long y : v) if (y == x) return true;
        return false;
    }

    /** Values as MLIR prints an integer list in a diagnostic: comma separated. */
    static String joined(long[] v) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < v.length; i++) sb.append(i > 0 ? ", " : "").append(v[i]);
        return sb.toString();
    }
}
