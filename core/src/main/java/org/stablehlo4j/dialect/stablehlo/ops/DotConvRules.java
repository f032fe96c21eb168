package org.stablehlo4j.dialect.stablehlo.ops;

import static org.stablehlo4j.dialect.stablehlo.ops.RuleSupport.longs;
import static org.stablehlo4j.dialect.stablehlo.ops.LinalgRules.*;
import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.compatibleDims;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.dimSizes;
import static org.stablehlo4j.dialect.stablehlo.ops.DotConvSupport.ints;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.joined;
import static org.stablehlo4j.dialect.stablehlo.ops.DotConvSupport.q;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.checkDotGeneralConstraints;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.contains;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.verifyPrecisionConfig;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.DotAlgorithmAttr;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloAsm;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.Value;

/**
 * Verification and type inference rules of: convolution, dynamic_conv, dot, dot_general, einsum, unary_einsum, fft,
 * triangular_solve, cholesky, batch_norm_*, rng, rng_bit_generator, torch_index_select.
 *
 * <p>The op table's type constraints are not checked before these rules run, so every rule first makes sure the
 * operands have the kinds of types upstream's definitions guarantee and otherwise stays silent.
 */
public final class DotConvRules {
    private DotConvRules() {}

    /** stablehlo.convolution's verifier. */
    public static void verifyConvolution(Operation op) {
        convolution(op, false);
    }

    /** stablehlo.dynamic_conv's verifier. */
    public static void verifyDynamicConv(Operation op) {
        convolution(op, true);
    }

    /** batch_norm_grad's inference. */
    public static List<Type> inferBatchNormGrad(Operation op) {
        return batchNorm(op, List.of(0, 4), List.of(1, 2, 3), false);
    }

    /** batch_norm_inference's inference. */
    public static List<Type> inferBatchNormInference(Operation op) {
        return batchNorm(op, List.of(0), List.of(1, 2, 3, 4), true);
    }

    /** batch_norm_training's inference. */
    public static List<Type> inferBatchNormTraining(Operation op) {
        return batchNorm(op, List.of(0), List.of(1, 2), false);
    }

    /**
     * dot's inference. dot and dot_general only infer shapes (upstream's InferShapedTypeOpInterface, which the
     * verifier does not compare): their types hold {@code index} for the unknown element type, as upstream's test
     * pass prints them.
     */
    public static List<Type> inferDot(Operation op) {
        return components(dotShape(op, false));
    }

    /** dot_general's inference; see {@link #inferDot}. */
    public static List<Type> inferDotGeneral(Operation op) {
        return components(dotGeneralShape(op, false));
    }

    static List<Type> components(Components c) {
        return c == null ? null : List.of(c.type());
    }

    // ---- attribute access

    static RankedTensorType ranked(Value v) {
        return v.type() instanceof RankedTensorType t ? t : null;
    }

    /** A ranked lhs operand as HLO_Tensor admits it (per-axis quantized elements are not), else null. */
    static RankedTensorType lhsTensor(Value v) {
        RankedTensorType t = ranked(v);
        return t == null || t.elementType() instanceof UniformQuantizedType q && q.isPerAxis() ? null : t;
    }

    static long[] array(Operation op, String name) {
        long[] v = ints(op.attr(name));
        return v == null ? new long[0] : v;
    }

    static Long integer(Operation op, String name) {
        return op.attr(name) instanceof IntegerAttr i ? i.longValue() : null;
    }

    /** The structured form of a StableHLO attribute kept as text; the attribute itself when it has none. */
    static Attribute typed(Attribute a) {
        try {
            return StablehloAsm.parseAttribute(a);
        } catch (IllegalArgumentException malformed) {
            return a; // not the kind a rule looks for; the rule stays silent
        }
    }

    static String enumCase(Operation op, String name) {
        return typed(op.attr(name)) instanceof EnumAttr e ? e.caseName() : null;
    }

    static <T> T struct(Operation op, String name, Class<T> kind) {
        Attribute a = op.attr(name);
        if (a == null) return null;
        Attribute parsed = typed(a);
        return kind.isInstance(parsed) ? kind.cast(parsed) : null;
    }

    /** ODS's I64 attribute constraints with a value condition (IntPositive, IntNonNegative). */
    static void intConstraint(Operation op, String name, boolean positive) {
        Attribute a = op.attr(name);
        if (a == null) return; // a required attribute's absence is reported before
        boolean ok = a instanceof IntegerAttr i && i.type().equals(IntegerType.I64)
                && (positive ? i.value().signum() > 0 : i.value().signum() >= 0);
        if (!ok) {
            throw VerificationError.op(op, "attribute '" + name + "' failed to satisfy constraint: 64-bit signless "
                    + "integer attribute whose value is " + (positive ? "positive" : "non-negative"));
        }
    }

    public static void featureIndexConstraint(Operation op) {
        intConstraint(op, "feature_index", false);
    }

    /** ODS's StableHLO_PrecisionConfigAttr: an array of precision enums. */
    static void precisionConstraint(Operation op) {
        Attribute a = op.attr("precision_config");
        if (a == null) return;
        boolean ok = a instanceof ArrayAttr arr;
        if (ok) {
            for (Attribute e : ((ArrayAttr) a).elements()) {
                ok &= typed(e) instanceof EnumAttr en
                        && en.kind() == StablehloEnum.PRECISION;
            }
        }
        if (!ok) {
            throw VerificationError.op(op, "attribute 'precision_config' failed to satisfy constraint: Precision "
                    + "Config attribute");
        }
    }

    // ---- convolution and dynamic_conv

    static void convolution(Operation op, boolean dynamic) {
        long[] shape = convolutionShape(op, dynamic ? null : new long[0], dynamic);
        if (shape == NOT_APPLICABLE) return;
        // convolution_c25 (dynamic_conv does not compare its inferred shape with its result)
        if (shape != null && !dynamic) inferredShapeMatches(op, shape);
        RankedTensorType lhs = lhsTensor(op.operand(0));
        RankedTensorType rhs = ranked(op.operand(1));
        ConvDimensionNumbersAttr dn = struct(op, "dimension_numbers", ConvDimensionNumbersAttr.class);
        Location loc = op.location();
        Type result = op.result(0).type();
        if (anyQuantized(lhs, rhs, result)) {
            Type rhsElement = rhs.elementType();
            Type resultElement = TypeCompat.elementType(result);
            if (rhsElement instanceof UniformQuantizedType qr && qr.isPerAxis()
                    && qr.quantizedDimension() != dn.kernelOutputFeatureDimension()) {
                throw VerificationError.at(loc, "quantization dimension of rhs should be same with "
                        + "kernel_output_feature_dimension");
            }
            if (resultElement instanceof UniformQuantizedType qr && qr.isPerAxis()
                    && qr.quantizedDimension() != dn.outputFeatureDimension()) {
                throw VerificationError.at(loc, "quantization dimension of result should be same with "
                        + "output_feature_dimension");
            }
            commonQuantization(loc, lhs.elementType(), rhsElement, resultElement);
        }
    }

    /** Marks a convolution whose operands or attributes are not of the kinds the rules judge. */
    private static final long[] NOT_APPLICABLE = new long[0];

    /**
     * The result shape of a {@code stablehlo.convolution} or {@code stablehlo.dynamic_conv} (upstream's
     * {@code inferConvolutionOp}): the dimension numbers, group counts and window are checked first, as the
     * verifier does.
     *
     * @param op the convolution
     * @param padding the low/high padding pairs flattened (empty: none); null reads dynamic_conv's constant
     *                padding operand
     * @return the shape (dynamic where an input dimension is), or null when the padding is not known
     * @throws VerificationError when the operands or attributes admit no result (upstream's diagnostic)
     */
    public static long[] inferConvolutionShape(Operation op, long[] padding) {
        long[] shape = convolutionShape(op, padding, padding == null);
        return shape == NOT_APPLICABLE ? null : shape;
    }

    private static long[] convolutionShape(Operation op, long[] paddingOverride, boolean dynamic) {
        intConstraint(op, "feature_group_count", true);
        intConstraint(op, "batch_group_count", true);
        precisionConstraint(op);
        RankedTensorType lhs = lhsTensor(op.operand(0));
        RankedTensorType rhs = ranked(op.operand(1));
        ConvDimensionNumbersAttr dn = struct(op, "dimension_numbers", ConvDimensionNumbersAttr.class);
        Long featureGroups = integer(op, "feature_group_count");
        Long batchGroups = integer(op, "batch_group_count");
        if (lhs == null || rhs == null || dn == null || featureGroups == null || batchGroups == null) {
            return NOT_APPLICABLE;
        }
        Location loc = op.location();
        int rank = lhs.rank();
        if (rank < 2) {
            throw VerificationError.at(loc, "expects convolution arguments to have >= 2 dimensions. Got: " + q(lhs)
                    + " and " + q(rhs) + ".");
        }
        if (rank != rhs.rank()) {
            throw VerificationError.at(loc, "expects convolution arguments to have same number of dimensions. Got: "
                    + q(lhs) + " and " + q(rhs) + ".");
        }
        if (!anyQuantized(lhs, rhs) && !TypeCompat.compatible(lhs.elementType(), rhs.elementType())) {
            throw VerificationError.at(loc, "expects lhs and rhs to have compatible element type. Got: "
                    + q(lhs.elementType()) + " and " + q(rhs.elementType()));
        }
        convolutionAttributes(op, lhs, rhs, dn, featureGroups, batchGroups);
        int spatial = dn.inputSpatialDimensions().size();
        if (rank != spatial + 2) {
            throw VerificationError.at(loc, "expects convolution arguments to have " + (spatial + 2)
                    + " dimensions. Got: " + rank);
        }
        long[] windowSizes = new long[dn.kernelSpatialDimensions().size()];
        for (int i = 0; i < windowSizes.length; i++) {
            windowSizes[i] = rhs.dim(dn.kernelSpatialDimensions().get(i).intValue());
        }
        long[] padding = paddingOverride != null && paddingOverride.length > 0 ? paddingOverride
                : dynamic ? dynamicPadding(op, rank) : paddingAttribute(op);
        if (padding == null) return null;
        List<DotConvSupport.WindowDim> window = DotConvSupport.window(loc, windowSizes,
                array(op, "window_strides"), padding, array(op, "lhs_dilation"), array(op, "rhs_dilation"),
                array(op, "window_reversal").length);
        long[] base = new long[spatial];
        for (int i = 0; i < spatial; i++) base[i] = lhs.dim(dn.inputSpatialDimensions().get(i).intValue());
        long[] windowOut = DotConvSupport.windowOutputShape(base, window);
        long[] shape = new long[rank];
        Arrays.fill(shape, ShapedType.DYNAMIC);
        for (int i = 0; i < windowOut.length; i++) {
            shape[dn.outputSpatialDimensions().get(i).intValue()] = windowOut[i];
        }
        long batch = lhs.dim((int) dn.inputBatchDimension());
        shape[(int) dn.outputBatchDimension()] = batch == ShapedType.DYNAMIC ? batch : batch / batchGroups;
        shape[(int) dn.outputFeatureDimension()] = rhs.dim((int) dn.kernelOutputFeatureDimension());
        return shape;
    }

    /**
     * The output shape of a window over a base (upstream's {@code inferWindowOutputShape} after
     * {@code verifyWindowAttributesAndInferWindowDimensions}), as reduce_window computes it.
     *
     * @param loc where errors are reported
     * @param base the base's dimension sizes (dynamic ones stay dynamic)
     * @param sizes the window dimensions
     * @param strides the window strides (empty: 1)
     * @param padding the low/high padding pairs flattened (empty: none)
     * @param baseDilations the base dilations (empty: 1)
     * @param windowDilations the window dilations (empty: 1)
     * @return the output dimension sizes
     * @throws VerificationError when the window attributes are invalid
     */
    public static long[] windowOutputShape(Location loc, long[] base, long[] sizes, long[] strides, long[] padding,
                                           long[] baseDilations, long[] windowDilations) {
        List<DotConvSupport.WindowDim> window = DotConvSupport.window(loc, sizes, strides, padding, baseDilations,
                windowDilations, 0);
        return DotConvSupport.windowOutputShape(base, window);
    }

    /** Upstream's verifyConvolutionAttributes: dimension numbers, group counts, precision config. */
    static void convolutionAttributes(Operation op, RankedTensorType lhs, RankedTensorType rhs,
                                              ConvDimensionNumbersAttr dn, long featureGroups, long batchGroups) {
        Location loc = op.location();
        int spatial = dn.inputSpatialDimensions().size();
        if (spatial != dn.kernelSpatialDimensions().size() || spatial != dn.outputSpatialDimensions().size()) {
            throw VerificationError.at(loc, "expects the same size for input, kernel and output spatial-dimensions, "
                    + "but got " + spatial + ", " + dn.kernelSpatialDimensions().size() + ", and "
                    + dn.outputSpatialDimensions().size() + " resp.");
        }
        long[] input = layout(dn.inputBatchDimension(), dn.inputFeatureDimension(), dn.inputSpatialDimensions());
        long[] kernel = layout(dn.kernelInputFeatureDimension(), dn.kernelOutputFeatureDimension(),
                dn.kernelSpatialDimensions());
        long[] output = layout(dn.outputBatchDimension(), dn.outputFeatureDimension(),
                dn.outputSpatialDimensions());
        int rank = lhs.rank();
        if (!inRange(input, rank) || !inRange(kernel, rank) || !inRange(output, rank)) {
            throw VerificationError.at(loc, "expects input, kernel, and output dimension-numbers to be in-range [0, "
                    + rank + ").");
        }
        unique(loc, input, "input");
        unique(loc, kernel, "kernel");
        unique(loc, output, "output");
        if (batchGroups > 1 && featureGroups > 1) {
            throw VerificationError.at(loc, "expects batch_group_count and feature_group_count not to be both "
                    + "greater than 1. Got " + batchGroups + " and " + featureGroups + " resp.");
        }
        long inputFeatures = lhs.dim((int) dn.inputFeatureDimension());
        long inputBatch = lhs.dim((int) dn.inputBatchDimension());
        long kernelInputFeatures = rhs.dim((int) dn.kernelInputFeatureDimension());
        long kernelOutputFeatures = rhs.dim((int) dn.kernelOutputFeatureDimension());
        if (inputBatch != ShapedType.DYNAMIC && inputBatch % batchGroups != 0) {
            throw VerificationError.at(loc, "expects input batch dimension (" + inputBatch + ") to be divisible by "
                    + "batch_group_count. Got batch_group_count = " + batchGroups + ".");
        }
        if (inputFeatures != ShapedType.DYNAMIC) {
            if (inputFeatures % featureGroups != 0) {
                throw VerificationError.at(loc, "expects input feature dimension (" + inputFeatures + ") to be a "
                        + "multiple of feature_group_count. Got feature_group_count = " + featureGroups + ".");
            }
            if (kernelInputFeatures != ShapedType.DYNAMIC && inputFeatures / featureGroups != kernelInputFeatures) {
                throw VerificationError.at(loc, "expects input feature dimension (" + inputFeatures + ") / "
                        + "feature_group_count = kernel input feature dimension (" + kernelInputFeatures
                        + "). Got feature_group_count = " + featureGroups + ".");
            }
        }
        if (kernelOutputFeatures != ShapedType.DYNAMIC) {
            if (kernelOutputFeatures % batchGroups != 0) {
                throw VerificationError.at(loc, "expects output feature dimension size (" + kernelOutputFeatures
                        + ") to be a multiple of batch_group_count. Got batch_group_count = " + batchGroups + ".");
            }
            if (kernelOutputFeatures % featureGroups != 0) {
                throw VerificationError.at(loc, "expects kernel output feature dimension (" + kernelOutputFeatures
                        + ") to be divisible by feature_group_count. For feature_group_count = " + featureGroups
                        + ".");
            }
        }
        verifyPrecisionConfig(op.location(), op.attr("precision_config"));
    }

    static long[] layout(long first, long second, List<Long> spatial) {
        long[] out = new long[spatial.size() + 2];
        out[0] = first;
        out[1] = second;
        for (int i = 0; i < spatial.size(); i++) out[i + 2] = spatial.get(i);
        return out;
    }

    static boolean inRange(long[] dims, int rank) {
        for (long d : dims) if (d < 0 || d >= rank) return false;
        return true;
    }

    static void unique(Location loc, long[] dims, String what) {
        Set<Long> seen = new HashSet<>();
        for (long d : dims) {
            if (!seen.add(d)) {
                throw VerificationError.at(loc, "expects " + what + " dimension-numbers to be unique, got {"
                        + joined(dims) + "}.");
            }
        }
    }

    /** convolution's padding attribute as flattened low/high pairs (empty when absent). */
    static long[] paddingAttribute(Operation op) {
        Attribute a = op.attr("padding");
        if (a == null) return new long[0];
        if (!(a instanceof DenseElementsAttr d) || !(d.type() instanceof RankedTensorType t)) return null;
        if (t.rank() != 2 || t.dim(1) != 2) {
            throw VerificationError.at(op.location(), "expects the shape of padding-attribute to be {N, 2}, but got {"
                    + joined(t.shape()) + "}.");
        }
        return ints(a);
    }

    /** dynamic_conv's padding operand: its shape is checked; its values when it is a constant, else null. */
    static long[] dynamicPadding(Operation op, int rank) {
        RankedTensorType t = ranked(op.operand(2));
        if (t == null) return null;
        if (t.rank() != 2) {
            throw VerificationError.at(op.location(), "expects padding to be of rank 2 but got " + t.rank());
        }
        if (t.dim(0) != rank - 2 || t.dim(1) != 2) {
            throw VerificationError.at(op.location(), "expects padding to be of shape [" + (rank - 2) + ", 2], but "
                    + "got [" + t.dim(0) + ", " + t.dim(1) + "]");
        }
        return DotConvSupport.constantInts(op.operand(2));
    }

    /** The shape inferred by the op's verifier must be compatible with its result's (emitted as is). */
    static void inferredShapeMatches(Operation op, long[] shape) {
        Type result = op.result(0).type();
        if (!(result instanceof RankedTensorType r)) return;
        if (!compatibleDims(shape, r.shape())) {
            throw VerificationError.at(op.location(), "inferred shape '" + dimSizes(shape) + "' is incompatible "
                    + "with return type of operation " + q(result));
        }
    }

    static boolean anyQuantized(Type... types) {
        for (Type t : types) if (TypeCompat.elementType(t) instanceof UniformQuantizedType) return true;
        return false;
    }

    /** convolution_c28, c31..c34 and dot_general_c14, c17..c20. */
    static void commonQuantization(Location loc, Type lhs, Type rhs, Type result) {
        if (!(rhs instanceof UniformQuantizedType qr)
                || (lhs instanceof UniformQuantizedType) != (result instanceof UniformQuantizedType)) {
            throw VerificationError.at(loc, "rhs should be quantized for quantized operations and "
                    + "is_quantized(lhs)=is_quantized(result) should hold");
        }
        if (lhs instanceof UniformQuantizedType ql) {
            UniformQuantizedType qres = (UniformQuantizedType) result;
            if (ql.storageType().width() != qr.storageType().width()) {
                throw VerificationError.at(loc, "mismatched lhs and rhs quantization storage types");
            }
            if (!ql.expressedType().equals(qr.expressedType()) || !ql.expressedType().equals(qres.expressedType())) {
                throw VerificationError.at(loc, "mismatched lhs, rhs and result quantization expressed types");
            }
            if (!qr.isPerAxis() && qres.isPerAxis()) {
                throw VerificationError.at(loc, "mismatched rhs and result quantization granularity");
            }
        } else if (!lhs.equals(qr.expressedType()) || !lhs.equals(result)) {
            throw VerificationError.at(loc, "mismatched rhs quantization expressed type and lhs and result element "
                    + "type");
        }
    }

    // ---- dot and dot_general

    /**
     * A result shape as upstream's shape components describe it: sizes, their bounds (dynamic where unbounded)
     * and the operand encoding the bounds are merged into; no element type.
     */
    private record Components(List<Long> dims, List<Long> bounds, Attribute prototype) {
        Components(Attribute prototype) {
            this(new ArrayList<>(), new ArrayList<>(), prototype);
        }

        void add(long size, long bound) {
            dims.add(size);
            bounds.add(bound);
        }

        /** Dimension {@code dim} of {@code t} with its bound. */
        void add(RankedTensorType t, int dim) {
            long[] b = boundsOf(t);
            add(t.dim(dim), b == null || b.length <= dim ? ShapedType.DYNAMIC : b[dim]);
        }

        /** The components as a tensor type; {@code index} stands for the missing element type. */
        Type type() {
            Attribute encoding = TypeInference.boundsToEncoding(prototype, bounds.isEmpty() ? null : longs(bounds));
            return new RankedTensorType(longs(dims), IndexType.INSTANCE, encoding);
        }
    }

    static Attribute firstEncoding(RankedTensorType a, RankedTensorType b) {
        return a.encoding() != null ? a.encoding() : b.encoding();
    }

    public static void dot(Operation op) {
        precisionConstraint(op);
        Components c = dotShape(op, true);
        if (c != null) inferredShapeMatches(op, longs(c.dims()));
    }

    /** upstream's inferDotOp; the verifier also checks the precision config's size. Null for unsuited operands. */
    static Components dotShape(Operation op, boolean checkPrecision) {
        RankedTensorType lhs = lhsTensor(op.operand(0));
        RankedTensorType rhs = ranked(op.operand(1));
        if (lhs == null || rhs == null) return null;
        if (checkPrecision) verifyPrecisionConfig(op.location(), op.attr("precision_config"));
        Components c = new Components(firstEncoding(lhs, rhs));
        int l = lhs.rank();
        int r = rhs.rank();
        if (l == 1 && r == 1 && compatibleDims(lhs.dim(0), rhs.dim(0))) {
            return c; // vector . vector: a scalar
        } else if (l == 2 && r == 1 && compatibleDims(lhs.dim(1), rhs.dim(0))) {
            c.add(lhs, 0);
        } else if (l == 1 && r == 2 && compatibleDims(lhs.dim(0), rhs.dim(0))) {
            c.add(rhs, 1);
        } else if (l == 2 && r == 2 && compatibleDims(lhs.dim(1), rhs.dim(0))) {
            c.add(lhs, 0);
            c.add(rhs, 1);
        } else {
            throw VerificationError.at(op.location(), "expected both lhs/rhs ranks to be either 1 or 2");
        }
        return c;
    }

    public static void dotGeneral(Operation op) {
        precisionConstraint(op);
        DotAlgorithmAttr algorithm = struct(op, "algorithm", DotAlgorithmAttr.class);
        if (algorithm != null && algorithm.violation() != null) {
            throw VerificationError.at(op.location(), algorithm.violation());
        }
        Components c = dotGeneralShape(op, true);
        if (c == null) return;
        Location loc = op.location();
        inferredShapeMatches(op, longs(c.dims()));
        boolean defaultPrecision = true;
        if (op.attr("precision_config") instanceof ArrayAttr arr) {
            for (Attribute e : arr.elements()) {
                defaultPrecision &= typed(e) instanceof EnumAttr en
                        && en.caseName().equals("DEFAULT");
            }
        }
        if (!defaultPrecision && algorithm != null) {
            throw VerificationError.at(loc, "must specify DEFAULT precision config when algorithm is set.");
        }
        RankedTensorType lhs = ranked(op.operand(0));
        RankedTensorType rhs = ranked(op.operand(1));
        Type result = op.result(0).type();
        if (anyQuantized(lhs, rhs, result)) {
            Type rhsElement = rhs.elementType();
            if (rhsElement instanceof UniformQuantizedType qr) {
                long[] rc = longs(struct(op, "dot_dimension_numbers", DotDimensionNumbersAttr.class)
                        .rhsContractingDimensions());
                boolean zeroPoints = true;
                for (long z : qr.zeroPoints()) zeroPoints &= z == 0;
                if (!qr.isPerAxis() && !zeroPoints) {
                    throw VerificationError.at(loc, "Zero point of rhs should be 0");
                }
                if (qr.isPerAxis() && !zeroPoints) {
                    throw VerificationError.at(loc, "Zero points of rhs should be 0");
                }
                if (qr.isPerAxis() && contains(rc, qr.quantizedDimension())) {
                    throw VerificationError.at(loc, "Quantization dimension of rhs should not be in the contracting "
                            + "dimension of rhs");
                }
            }
            commonQuantization(loc, lhs.elementType(), rhsElement, TypeCompat.elementType(result));
        }
    }

    /** upstream's checkDotGeneralConstraints and inferDotGeneralOp. Null for unsuited operands. */
    static Components dotGeneralShape(Operation op, boolean checkPrecision) {
        RankedTensorType lhs = lhsTensor(op.operand(0));
        RankedTensorType rhs = ranked(op.operand(1));
        DotDimensionNumbersAttr dn = struct(op, "dot_dimension_numbers", DotDimensionNumbersAttr.class);
        if (lhs == null || rhs == null || dn == null) return null;
        Location loc = op.location();
        long[] lb = longs(dn.lhsBatchingDimensions());
        long[] rb = longs(dn.rhsBatchingDimensions());
        long[] lc = longs(dn.lhsContractingDimensions());
        long[] rc = longs(dn.rhsContractingDimensions());
        if (checkPrecision) verifyPrecisionConfig(op.location(), op.attr("precision_config"));
        checkDotGeneralConstraints(loc, lhs, rhs, lb, rb, lc, rc);
        Components c = new Components(firstEncoding(lhs, rhs));
        for (int i = 0; i < lb.length; i++) {
            RankedTensorType merged = (RankedTensorType) TypeInference.mostSpecific(loc,
                    List.of(dimAt(lhs, (int) lb[i], i), dimAt(rhs, (int) rb[i], i)));
            long[] bounds = boundsOf(merged);
            c.add(merged.dim(i), bounds == null ? ShapedType.DYNAMIC : bounds[i]);
        }
        freeDims(lhs, lb, lc, c);
        freeDims(rhs, rb, rc, c);
        return c;
    }

    /**
     * Dimension {@code dim} of {@code t} (with its bound) as dimension {@code at} of an otherwise dynamic tensor,
     * so that the shared most-specific merge reports a mismatch at {@code at}.
     */
    static RankedTensorType dimAt(RankedTensorType t, int dim, int at) {
        long[] shape = new long[at + 1];
        long[] bounds = new long[at + 1];
        Arrays.fill(shape, ShapedType.DYNAMIC);
        Arrays.fill(bounds, ShapedType.DYNAMIC);
        Components one = new Components(null);
        one.add(t, dim);
        shape[at] = one.dims().get(0);
        bounds[at] = one.bounds().get(0);
        return new RankedTensorType(shape, t.elementType(), TypeInference.boundsToEncoding(null, bounds));
    }

    static void freeDims(RankedTensorType t, long[] batching, long[] contracting, Components out) {
        for (int i = 0; i < t.rank(); i++) {
            if (!contains(batching, i) && !contains(contracting, i)) out.add(t, i);
        }
    }

    // ---- rng_bit_generator

    public static void rngBitGenerator(Operation op) {
        RankedTensorType initial = ranked(op.operand(0));
        RankedTensorType output = op.numResults() > 0 ? ranked(op.result(0)) : null;
        if (initial == null || output == null) return;
        if (!compatibleDims(initial.shape(), output.shape())) {
            throw VerificationError.at(op.location(), "output state shape must be compatible with initial state "
                    + "shape. Got: " + q(initial) + " and " + q(output));
        }
    }
}
