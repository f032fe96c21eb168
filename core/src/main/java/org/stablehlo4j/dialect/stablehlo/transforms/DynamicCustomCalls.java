package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.SymbolTable;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.Value;

/**
 * The {@code stablehlo.dynamic_*} custom calls JAX emits for ops whose attributes depend on shapes (XLA's
 * {@code stablehlo_ext} adaptors): {@code stablehlo.dynamic_reduce_window} (inputs, init values, then
 * window_dimensions, window_strides, base_dilations, window_dilations and padding as tensors; the body as
 * {@code called_computations}), {@code stablehlo.dynamic_rng_bit_generator} (initial state and output shape;
 * {@code rng_algorithm}), {@code stablehlo.dynamic_top_k} (operand and k) and
 * {@code stablehlo.dynamic_approx_top_k} (inputs, init values and k; the comparator as
 * {@code called_computations}, the rest in {@code mhlo.backend_config}). Each {@code verify} checks the
 * adaptor's constraints and returns the error (as upstream emits it at the op) or null.
 */
final class DynamicCustomCalls {
    private DynamicCustomCalls() {}

    static final String REDUCE_WINDOW = "stablehlo.dynamic_reduce_window";
    static final String RNG_BIT_GENERATOR = "stablehlo.dynamic_rng_bit_generator";
    static final String TOP_K = "stablehlo.dynamic_top_k";
    static final String APPROX_TOP_K = "stablehlo.dynamic_approx_top_k";

    /** The custom call's target, or null when {@code op} is not a custom call. */
    static String target(Operation op) {
        CustomCallOp c = CustomCallOp.match(op);
        return c == null || c.callTargetName() == null ? null : c.callTargetName().value();
    }

    private static boolean emptyBackendConfig(Operation op) {
        Attribute a = op.attr("backend_config");
        return a == null || a instanceof StringAttr s && s.value().isEmpty()
                || a instanceof DictionaryAttr d && d.isEmpty();
    }

    /** The first attribute of {@code op} not among {@code allowed}, or null. */
    private static String unsupportedAttribute(Operation op, Set<String> allowed) {
        for (NamedAttribute a : op.properties().entries()) if (!allowed.contains(a.name())) return a.name();
        for (NamedAttribute a : op.attributes().entries()) if (!allowed.contains(a.name())) return a.name();
        return null;
    }

    private static boolean intOrIndex(Type t) {
        return t instanceof IntegerType || t instanceof IndexType;
    }

    private static boolean intOrFloat(Type t) {
        return t instanceof IntegerType || t instanceof FloatType;
    }

    private static String shape(long[] dims) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < dims.length; i++) sb.append(i == 0 ? "" : ", ").append(dims[i]);
        return sb.append(']').toString();
    }

    // ---- dynamic_reduce_window

    /** The number of inputs of a dynamic_reduce_window. */
    static int reduceWindowInputs(Operation op) {
        return (op.numOperands() - 5) / 2;
    }

    /**
     * The window of a dynamic_reduce_window: the constant values of its five trailing operands, null where one is
     * not a constant.
     *
     * @param dimensions {@code window_dimensions}
     * @param strides {@code window_strides}
     * @param baseDilations {@code base_dilations}
     * @param windowDilations {@code window_dilations}
     * @param padding {@code padding}, the low and high padding of each dimension
     */
    record ReduceWindowWindow(long[] dimensions, long[] strides, long[] baseDilations, long[] windowDilations,
            long[] padding) {
        /** {@return the window of {@code op}, a verified dynamic_reduce_window} */
        static ReduceWindowWindow of(Operation op) {
            int total = op.numOperands();
            return new ReduceWindowWindow(Constants.ints(op.operand(total - 5)), Constants.ints(op.operand(total - 4)),
                    Constants.ints(op.operand(total - 3)), Constants.ints(op.operand(total - 2)),
                    Constants.ints(op.operand(total - 1)));
        }

        /** {@return the name of the first operand that is not a constant, or null when all are} */
        String notConstant() {
            if (dimensions == null) return "window_dimensions";
            if (strides == null) return "window_strides";
            if (baseDilations == null) return "base_dilations";
            if (windowDilations == null) return "window_dilations";
            return padding == null ? "padding" : null;
        }
    }

    /** The body function of a dynamic_reduce_window (its only called computation), or null. */
    static FuncOp reduceWindowBody(Operation op) {
        if (!(op.attr("called_computations") instanceof ArrayAttr calls) || calls.elements().size() != 1) return null;
        String name = SymbolTable.flatSymbol(calls.elements().get(0));
        Operation f = name == null ? null : SymbolTable.lookupSymbol(op, name);
        return f == null ? null : FuncOp.match(f);
    }

    static String verifyReduceWindow(Operation op) {
        if (op.numOperands() != 2 * op.numResults() + 5) return "expects size(operands) = 2 * size(results) + 5";
        if (op.numResults() == 0) return "expects size(results) > 0";
        String bad = unsupportedAttribute(op, Set.of("api_version", "backend_config", "call_target_name",
                "called_computations"));
        if (bad != null) return bad + " is not a supported attribute";
        if (!emptyBackendConfig(op)) return "expects an empty backend_config";
        int n = reduceWindowInputs(op);
        int total = op.numOperands();
        List<ShapedType> inputs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!(op.operand(i).type() instanceof ShapedType s)) {
                return "expects inputs (e.g. operand #" + i + ") to be tensors";
            }
            inputs.add(s);
        }
        List<Type> initTypes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!(op.operand(n + i).type() instanceof RankedTensorType t) || t.rank() != 0) {
                return "expects init_values (e.g. operand #" + (n + i) + ") to be 0-dimensional tensors";
            }
            initTypes.add(t);
        }
        String[] names = {"window_dimensions", "window_strides", "base_dilations", "window_dilations", "padding"};
        for (int k = 0; k < 5; k++) {
            int rank = k == 4 ? 2 : 1;
            int index = total - 5 + k;
            if (!(op.operand(index).type() instanceof RankedTensorType t) || t.rank() != rank
                    || !intOrIndex(t.elementType())) {
                return "expects " + names[k] + " (operand #" + index + ") to be a " + rank + "-dimensional tensor "
                        + "of integer or index type";
            }
        }
        RankedTensorType padding = (RankedTensorType) op.operand(total - 1).type();
        if (padding.dim(1) != 2) {
            return "expects padding_type (operand #" + (total - 1) + ") to be a 2-dimensional tensor of integer or "
                    + "index type";
        }
        long[] inputShape = null;
        for (ShapedType t : inputs) {
            if (!(t instanceof RankedTensorType r)) continue;
            if (inputShape == null) inputShape = r.shape();
            else if (!TypeCompat.compatibleShape(r, new RankedTensorType(inputShape, r.elementType()))) {
                return "expects all inputs (operands 0.." + n + ") to have compatible shapes";
            }
        }
        for (int i = 0; i < n; i++) {
            if (!inputs.get(i).elementType().equals(((ShapedType) initTypes.get(i)).elementType())) {
                return "expects inputs (operands 0.." + n + ") and init_values (operands " + n + ".." + (2 * n)
                        + ") to have pairwise the same element types";
            }
        }
        if (inputShape != null) {
            long rank = inputShape.length;
            for (int k = 0; k < 5; k++) {
                int index = total - 5 + k;
                long[] expected = k == 4 ? new long[] {rank, 2} : new long[] {rank};
                if (!java.util.Arrays.equals(((RankedTensorType) op.operand(index).type()).shape(), expected)) {
                    return "expects " + names[k] + " (operand #" + index + ") to have shape "
                            + shape(expected);
                }
            }
        }
        if (!(op.attr("called_computations") instanceof ArrayAttr calls) || calls.elements().size() != 1) {
            return "expects called_computations to have 1 element";
        }
        FuncOp body = reduceWindowBody(op);
        if (body == null) {
            return "expects called_computations to refer to a function that exists within a parent module";
        }
        List<Type> bodyInputs = new ArrayList<>(initTypes);
        bodyInputs.addAll(initTypes);
        FunctionType expected = new FunctionType(bodyInputs, initTypes);
        if (!(body.operation().attr("function_type") instanceof org.stablehlo4j.ir.TypeAttr ta)
                || !expected.equals(ta.value())) {
            return "expects body to have type " + ShapeRefinement.print(expected);
        }
        long[] resultShape = null;
        for (int i = 0; i < op.numResults(); i++) {
            if (!(op.result(i).type() instanceof ShapedType s)) return "expects results to be tensors";
            if (!(s instanceof RankedTensorType r)) continue;
            if (resultShape == null) resultShape = r.shape();
            else if (!TypeCompat.compatibleShape(r, new RankedTensorType(resultShape, r.elementType()))) {
                return "expects all results to have compatible shapes";
            }
            if (!s.elementType().equals(((ShapedType) initTypes.get(i)).elementType())) {
                return "expects results and init_values (operands " + n + ".." + (2 * n) + ") to have pairwise the "
                        + "same element types";
            }
        }
        return null;
    }

    // ---- dynamic_rng_bit_generator

    static String verifyRngBitGenerator(Operation op) {
        if (op.numOperands() != 2) return "expects size(operands) = 2";
        if (op.numResults() != 2) return "expects size(results) = 2";
        String bad = unsupportedAttribute(op, Set.of("api_version", "backend_config", "call_target_name",
                "rng_algorithm"));
        if (bad != null) return bad + " is not a supported attribute";
        if (!emptyBackendConfig(op)) return "expects an empty backend_config";
        if (op.attr("rng_algorithm") == null) return "expects an rng_algorithm";
        if (!(op.attr("rng_algorithm") instanceof EnumAttr e) || e.kind() != StablehloEnum.RNG_ALGORITHM) {
            return "expects a #stablehlo<rng_algorithm ...> rng_algorithm";
        }
        if (!(op.operand(0).type() instanceof ShapedType state) || !intOrFloat(state.elementType())) {
            return "expects initial_state (operand #0) to be a tensor of integer or floating-point type";
        }
        if (!(op.operand(1).type() instanceof RankedTensorType shape) || shape.rank() != 1
                || !intOrIndex(shape.elementType())) {
            return "expects output_shape (operand #1) to be a 1-dimensional tensor of integer or index type";
        }
        if (!(op.result(0).type() instanceof ShapedType outState) || !intOrFloat(outState.elementType())) {
            return "expects output_state (result #0) to be a tensor of integer or floating-point type";
        }
        if (!(op.result(1).type() instanceof ShapedType out) || !intOrFloat(out.elementType())) {
            return "expects output (result #1) to be a tensor of integer or floating-point type";
        }
        if (!TypeCompat.compatible(state, outState)) {
            return "expects initial_state (operand #0) and output_state (result #0) to have compatible shapes";
        }
        long[] dims = Constants.ints(op.operand(1));
        if (dims != null && out instanceof RankedTensorType r
                && !TypeCompat.compatibleShape(r, new RankedTensorType(dims, r.elementType()))) {
            return "expects output (result #1) to have shape  compatible with output_shape (operand #2)";
        }
        return null;
    }

    // ---- dynamic_top_k

    static String verifyTopK(Operation op) {
        if (op.numOperands() != 2) return "expects size(operands) = 2";
        if (op.numResults() != 2) return "expects size(results) = 2";
        String bad = unsupportedAttribute(op, Set.of("api_version", "backend_config", "call_target_name"));
        if (bad != null) return bad + " is not a supported attribute";
        if (!emptyBackendConfig(op)) return "expects an empty backend_config";
        if (!(op.operand(0).type() instanceof RankedTensorType operand) || operand.rank() < 1
                || !intOrFloat(operand.elementType())) {
            return "expects operand #0 to be a tensor of integer or floating-point type of rank at least 1";
        }
        if (!(op.operand(1).type() instanceof RankedTensorType k) || k.rank() != 0 || !intOrIndex(k.elementType())) {
            return "expects k (operand #1) to be a 0-dimensional tensor of integer or index type";
        }
        if (!(op.result(0).type() instanceof RankedTensorType values) || values.rank() < 1
                || !intOrFloat(values.elementType())) {
            return "expects values (result #0) to be a tensor of integer or floating-point type of rank at least 1";
        }
        if (!(op.result(1).type() instanceof RankedTensorType indices) || indices.rank() < 1
                || !(indices.elementType() instanceof IntegerType it) || it.width() != 32 || !it.isSignless()) {
            return "expects indices (result #1) to be a tensor of si32 of rank at least 1";
        }
        int last = operand.rank() - 1;
        long[] expected = operand.shape();
        if (values.rank() != operand.rank()) {
            return "expects the values shape to match the operand shape in all but the last dimension";
        }
        expected[last] = values.dim(last);
        if (!TypeCompat.compatibleShape(new RankedTensorType(expected, values.elementType()), values)) {
            return "expects the values shape to match the operand shape in all but the last dimension";
        }
        if (!values.elementType().equals(operand.elementType())) {
            return "expects the values element type to be the same as the operand element type";
        }
        if (operand.dim(last) != ShapedType.DYNAMIC && values.dim(last) != ShapedType.DYNAMIC
                && operand.dim(last) < values.dim(last)) {
            return "expects the values last dimension to have size at least as large as operand last dimension";
        }
        if (!TypeCompat.compatibleShape(indices, values)) return "expects the indices shape to match the values shape";
        return null;
    }

    // ---- dynamic_approx_top_k

    /** The number of inputs of a dynamic_approx_top_k. */
    static int approxTopKInputs(Operation op) {
        return (op.numOperands() - 1) / 2;
    }

    static String verifyApproxTopK(Operation op) {
        String prefix = "'" + op.name() + "' op ";
        String bad = unsupportedAttribute(op, Set.of("call_target_name", "mhlo.backend_config", "backend_config",
                "api_version", "called_computations", "has_side_effect"));
        if (bad != null) return prefix + bad + " is not a supported attribute for DynamicApproxTopK";
        if (!(op.attr("called_computations") instanceof ArrayAttr calls) || calls.elements().size() != 1) {
            return prefix + "DynamicApproxTopK must take 1 called_computations";
        }
        if (!(op.attr("mhlo.backend_config") instanceof DictionaryAttr config)) {
            return prefix + "Missing mhlo.backend_config attribute";
        }
        if (config.get("top_k") != null) return prefix + "mhlo.backend_config attribute contains top_k";
        if (config.get("reduction_dim") == null) {
            return prefix + "mhlo.backend_config attribute does not contain reduction_dim";
        }
        if (!(config.get("reduction_dim") instanceof IntegerAttr rd) || !(rd.type() instanceof IntegerType rt)
                || rt.width() != 64) {
            return prefix + "mhlo.backend_config attribute reduction_dim must be i64";
        }
        long reductionDim = rd.longValue();
        int operands = op.numOperands();
        if (operands < 3 || operands % 2 != 1) return "size(operands) is even or less than 3";
        int n = approxTopKInputs(op);
        if (op.numResults() != n) return "size(results) is not the same as the number of inputs";
        for (int i = 0; i < n; i++) {
            if (!(op.operand(i).type() instanceof RankedTensorType in)) return "input " + i + " is unranked";
            if (!java.util.Arrays.equals(in.shape(), ((RankedTensorType) op.operand(0).type()).shape())) {
                return "input " + i + " shape does not match input 0 shape";
            }
            if (!(op.operand(n + i).type() instanceof RankedTensorType init)) {
                return "initial value " + i + " is unranked";
            }
            if (init.rank() != 0) return "initial value " + i + " does not have rank 0";
            if (!init.elementType().equals(in.elementType())) {
                return "initial value " + i + " element type does not match input type";
            }
            if (!(op.result(i).type() instanceof RankedTensorType out)) return "output " + i + " is unranked";
            if (!(op.result(0).type() instanceof RankedTensorType out0) || !java.util.Arrays.equals(out.shape(), out0.shape())) {
                return "output " + i + " shape does not match output 0 shape";
            }
            if (!out.elementType().equals(in.elementType())) {
                return "output " + i + " element type does not match input type";
            }
        }
        long[] inputShape = ((RankedTensorType) op.operand(0).type()).shape();
        long[] outputShape = ((RankedTensorType) op.result(0).type()).shape();
        if (reductionDim < 0 || reductionDim >= inputShape.length) return "reduction_dim is out of range";
        for (int i = 0; i < inputShape.length; i++) {
            if (i != reductionDim && inputShape[i] != outputShape[i]) {
                return "output values dimension " + i + " has size " + outputShape[i]
                        + " different than operand dimension size " + inputShape[i];
            }
        }
        return null;
    }

    /** Whether {@code a} names a flat symbol (used by callers checking called_computations). */
    static boolean isFlatSymbol(Attribute a) {
        return a instanceof SymbolRefAttr s && s.nested().isEmpty();
    }

    /** The operands of {@code op} from {@code from} (inclusive) to {@code to} (exclusive). */
    static List<Value> operands(Operation op, int from, int to) {
        List<Value> out = new ArrayList<>();
        for (int i = from; i < to; i++) out.add(op.operand(i));
        return out;
    }
}
