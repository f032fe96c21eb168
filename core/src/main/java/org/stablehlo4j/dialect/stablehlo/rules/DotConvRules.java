package org.stablehlo4j.dialect.stablehlo.rules;

import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import static org.stablehlo4j.dialect.stablehlo.rules.HloChecks.compatibleDims;
import static org.stablehlo4j.dialect.stablehlo.rules.HloChecks.dimSizes;
import static org.stablehlo4j.dialect.stablehlo.rules.DotConvSupport.ints;
import static org.stablehlo4j.dialect.stablehlo.rules.HloChecks.joined;
import static org.stablehlo4j.dialect.stablehlo.rules.DotConvSupport.q;
import static org.stablehlo4j.dialect.stablehlo.rules.HloChecks.checkDotGeneralConstraints;
import static org.stablehlo4j.dialect.stablehlo.rules.HloChecks.contains;
import static org.stablehlo4j.dialect.stablehlo.rules.HloChecks.verifyPrecisionConfig;

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
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
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

    private static List<Type> components(Components c) {
        return c == null ? null : List.of(c.type());
    }

    // ---- attribute access

    private static RankedTensorType ranked(Value v) {
        return v.type() instanceof RankedTensorType t ? t : null;
    }

    /** A ranked lhs operand as HLO_Tensor admits it (per-axis quantized elements are not), else null. */
    private static RankedTensorType lhsTensor(Value v) {
        RankedTensorType t = ranked(v);
        return t == null || t.elementType() instanceof UniformQuantizedType q && q.isPerAxis() ? null : t;
    }

    private static long[] array(Operation op, String name) {
        long[] v = ints(op.attr(name));
        return v == null ? new long[0] : v;
    }

    private static Long integer(Operation op, String name) {
        return op.attr(name) instanceof IntegerAttr i ? i.longValue() : null;
    }

    /** The structured form of a StableHLO attribute kept as text; the attribute itself when it has none. */
    private static Attribute typed(Attribute a) {
        try {
            return StablehloAsm.parseAttribute(a);
        } catch (IllegalArgumentException malformed) {
            return a; // not the kind a rule looks for; the rule stays silent
        }
    }

    private static String enumCase(Operation op, String name) {
        return typed(op.attr(name)) instanceof EnumAttr e ? e.caseName() : null;
    }

    private static <T> T struct(Operation op, String name, Class<T> kind) {
        Attribute a = op.attr(name);
        if (a == null) return null;
        Attribute parsed = typed(a);
        return kind.isInstance(parsed) ? kind.cast(parsed) : null;
    }

    private static long[] longs(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }

    /** ODS's I64 attribute constraints with a value condition (IntPositive, IntNonNegative). */
    private static void intConstraint(Operation op, String name, boolean positive) {
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
    private static void precisionConstraint(Operation op) {
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

    private static void convolution(Operation op, boolean dynamic) {
        intConstraint(op, "feature_group_count", true);
        intConstraint(op, "batch_group_count", true);
        precisionConstraint(op);
        RankedTensorType lhs = lhsTensor(op.operand(0));
        RankedTensorType rhs = ranked(op.operand(1));
        ConvDimensionNumbersAttr dn = struct(op, "dimension_numbers", ConvDimensionNumbersAttr.class);
        Long featureGroups = integer(op, "feature_group_count");
        Long batchGroups = integer(op, "batch_group_count");
        if (lhs == null || rhs == null || dn == null || featureGroups == null || batchGroups == null) return;
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
        long[] padding = dynamic ? dynamicPadding(op, rank) : paddingAttribute(op);
        if (padding != null) {
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
            // convolution_c25 (dynamic_conv does not compare its inferred shape with its result)
            if (!dynamic) inferredShapeMatches(op, shape);
        }
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

    /** Upstream's verifyConvolutionAttributes: dimension numbers, group counts, precision config. */
    private static void convolutionAttributes(Operation op, RankedTensorType lhs, RankedTensorType rhs,
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

    private static long[] layout(long first, long second, List<Long> spatial) {
        long[] out = new long[spatial.size() + 2];
        out[0] = first;
        out[1] = second;
        for (int i = 0; i < spatial.size(); i++) out[i + 2] = spatial.get(i);
        return out;
    }

    private static boolean inRange(long[] dims, int rank) {
        for (long d : dims) if (d < 0 || d >= rank) return false;
        return true;
    }

    private static void unique(Location loc, long[] dims, String what) {
        Set<Long> seen = new HashSet<>();
        for (long d : dims) {
            if (!seen.add(d)) {
                throw VerificationError.at(loc, "expects " + what + " dimension-numbers to be unique, got {"
                        + joined(dims) + "}.");
            }
        }
    }

    /** convolution's padding attribute as flattened low/high pairs (empty when absent). */
    private static long[] paddingAttribute(Operation op) {
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
    private static long[] dynamicPadding(Operation op, int rank) {
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
    private static void inferredShapeMatches(Operation op, long[] shape) {
        Type result = op.result(0).type();
        if (!(result instanceof RankedTensorType r)) return;
        if (!compatibleDims(shape, r.shape())) {
            throw VerificationError.at(op.location(), "inferred shape '" + dimSizes(shape) + "' is incompatible "
                    + "with return type of operation " + q(result));
        }
    }

    private static boolean anyQuantized(Type... types) {
        for (Type t : types) if (TypeCompat.elementType(t) instanceof UniformQuantizedType) return true;
        return false;
    }

    /** convolution_c28, c31..c34 and dot_general_c14, c17..c20. */
    private static void commonQuantization(Location loc, Type lhs, Type rhs, Type result) {
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

    private static Attribute firstEncoding(RankedTensorType a, RankedTensorType b) {
        return a.encoding() != null ? a.encoding() : b.encoding();
    }

    public static void dot(Operation op) {
        precisionConstraint(op);
        Components c = dotShape(op, true);
        if (c != null) inferredShapeMatches(op, longs(c.dims()));
    }

    /** upstream's inferDotOp; the verifier also checks the precision config's size. Null for unsuited operands. */
    private static Components dotShape(Operation op, boolean checkPrecision) {
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
    private static Components dotGeneralShape(Operation op, boolean checkPrecision) {
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
    private static RankedTensorType dimAt(RankedTensorType t, int dim, int at) {
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

    private static void freeDims(RankedTensorType t, long[] batching, long[] contracting, Components out) {
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

    // ---- inference

    public static List<Type> cholesky(Operation op) {
        RankedTensorType a = ranked(op.operand(0));
        if (a == null) return null;
        int rank = a.rank();
        if (rank < 2) {
            throw VerificationError.at(op.location(), "argument 'a' must have rank >= 2, got shape "
                    + joined(a.shape()) + ".");
        }
        if (!compatibleDims(a.dim(rank - 2), a.dim(rank - 1))) {
            throw VerificationError.at(op.location(), "minor dimensions of 'a' must have equal size, got shape "
                    + joined(a.shape()) + ".");
        }
        return List.of(a);
    }

    public static List<Type> triangularSolve(Operation op) {
        RankedTensorType a = ranked(op.operand(0));
        RankedTensorType b = ranked(op.operand(1));
        if (a == null || b == null || !(op.attr("left_side") instanceof BoolAttr leftSide)) return null;
        Location loc = op.location();
        int rank = a.rank();
        if (rank < 2) {
            throw VerificationError.at(loc, "operand 'a' must have rank >= 2, but got " + q(a));
        }
        if (!compatibleDims(a.dim(rank - 2), a.dim(rank - 1))) {
            throw VerificationError.at(loc, "two minor dimensions of operand 'a' must be compatible, but got " + q(a));
        }
        if (rank != b.rank()) {
            throw VerificationError.at(loc, "operands must have equal rank, but got " + q(a) + " and " + q(b));
        }
        if (!compatibleDims(a.dim(rank - 1), b.dim(rank - (leftSide.value() ? 2 : 1)))) {
            throw VerificationError.at(loc, "shared dimension of operands 'a' and 'b' must be compatible, but got "
                    + q(a) + " and " + q(b));
        }
        if (!compatibleDims(Arrays.copyOf(a.shape(), rank - 2), Arrays.copyOf(b.shape(), rank - 2))) {
            throw VerificationError.at(loc, "batch dimensions of the operands must be compatible, but got " + q(a)
                    + " and " + q(b));
        }
        if ("TRANSPOSE_INVALID".equals(enumCase(op, "transpose_a"))) {
            throw VerificationError.at(loc, "Invalid transpose option value for triangular solve");
        }
        return List.of(b);
    }

    public static List<Type> fft(Operation op) {
        String type = enumCase(op, "fft_type");
        long[] length = ints(op.attr("fft_length"));
        if (type == null || length == null || !(op.operand(0).type() instanceof ShapedType operandType)) return null;
        Location loc = op.location();
        boolean rfft = type.equals("RFFT");
        boolean irfft = type.equals("IRFFT");
        int fftRank = length.length;
        if (fftRank > 3 || fftRank < 1) {
            throw VerificationError.at(loc, "rank must be between 1 and 3, but got " + fftRank + ".");
        }
        Type element = operandType.elementType();
        if (rfft) {
            if (!element.equals(FloatType.F32) && !element.equals(FloatType.F64)) {
                throw VerificationError.at(loc, "RFFT requires f32 or f64 input type, but is given " + q(element)
                        + ".");
            }
        } else if (!(element instanceof ComplexType)) {
            throw VerificationError.at(loc, "FFT/IFFT/IRFFT take a complex tensor as input, but is given "
                    + q(operandType) + ".");
        }
        Type resultElement = rfft ? new ComplexType(element) : irfft ? ((ComplexType) element).elementType()
                : element;
        if (!(operandType instanceof RankedTensorType ranked)) return null;
        long[] shape = ranked.shape();
        int rank = shape.length;
        if (rank < fftRank) {
            throw VerificationError.at(loc, "operand rank must not be less than fft rank of " + fftRank
                    + " for operand of type " + q(ranked) + ".");
        }
        long[] result = shape.clone();
        if (rfft) {
            for (int i = 0; i < fftRank; i++) {
                if (!compatibleDims(shape[rank - fftRank + i], length[i])) {
                    throw VerificationError.at(loc, "RFFT requires innermost dimensions to be compatible with "
                            + "fft_length. Got: " + joined(shape) + " but wanted " + joined(length) + ".");
                }
            }
            if (length[fftRank - 1] != 0) result[rank - 1] = length[fftRank - 1] / 2 + 1;
        }
        if (irfft) {
            for (int i = 0; i < fftRank - 1; i++) {
                long dim = shape[rank - fftRank + i];
                if (!compatibleDims(dim, length[i])) {
                    throw VerificationError.at(loc, "IRFFT requires non-final dimensions to be compatible with "
                            + "fft_length. Got: " + joined(shape) + " but wanted " + joined(length) + ", and " + dim
                            + " != " + length[i] + ".");
                }
            }
            long last = shape[rank - 1];
            long lastLength = length[fftRank - 1];
            if ((!compatibleDims(last, 0) || lastLength != 0) && !compatibleDims(last, lastLength / 2 + 1)) {
                throw VerificationError.at(loc, "IRFFT requires innermost dimension to be compatible with "
                        + "fft_length[-1]/2+1. Got: " + last + " but fft_length is " + joined(length) + ".");
            }
            result[rank - 1] = lastLength;
        }
        long[] bounds = boundsOf(ranked);
        if (bounds != null && (rfft || irfft) && bounds.length > 0) bounds[bounds.length - 1] = ShapedType.DYNAMIC;
        return List.of(new RankedTensorType(result, resultElement,
                TypeInference.boundsToEncoding(ranked.encoding(), bounds)));
    }

    private static long[] boundsOf(RankedTensorType t) {
        List<Long> b = TypeCompat.bounds(t);
        return b == null ? null : longs(b);
    }

    /** batch_norm_*: operands listed by index as multi-dimensional (operand-like) and 1-D (scale-like). */
    private static List<Type> batchNorm(Operation op, List<Integer> multi, List<Integer> single, boolean inference) {
        Long featureIndex = integer(op, "feature_index");
        if (featureIndex == null || featureIndex < 0) return null; // the attribute constraint reports it
        List<Type> multiTypes = new ArrayList<>();
        for (int i : multi) multiTypes.add(op.operand(i).type());
        List<Type> singleTypes = new ArrayList<>();
        for (int i : single) singleTypes.add(op.operand(i).type());
        if (!(multiTypes.get(0) instanceof RankedTensorType operand)
                || !(singleTypes.get(0) instanceof RankedTensorType scale) || scale.rank() != 1) {
            return null;
        }
        Location loc = op.location();
        if (!TypeCompat.compatibleShapes(multiTypes)) {
            throw VerificationError.at(loc, "expects multi-dimensional operands to have compatible shapes.");
        }
        if (!TypeCompat.compatibleShapes(singleTypes)) {
            throw VerificationError.at(loc, "expects single-dimensional operands to have compatible shapes.");
        }
        if (featureIndex >= operand.rank()) {
            throw VerificationError.at(loc, "expects featureIndex to be smaller than the rank of multi-dimensional "
                    + "operands; got featureIndex " + featureIndex + ", and rank " + operand.rank() + ".");
        }
        int feature = featureIndex.intValue();
        long featureCount = operand.dim(feature);
        if (!compatibleDims(scale.dim(0), featureCount)) {
            throw VerificationError.at(loc, "expects the size of single-dimensional operands to be compatible with "
                    + "feature count, but the size of single-dimensional operands is " + dimSize(scale.dim(0))
                    + " and the feature count is " + dimSize(featureCount) + ".");
        }
        RankedTensorType out = new RankedTensorType(operand.shape(), operand.elementType(), operand.encoding());
        if (inference) return List.of(out);
        long[] bounds = boundsOf(operand);
        long[] singleBounds = bounds == null || bounds.length <= feature ? null : new long[] {bounds[feature]};
        RankedTensorType stats = new RankedTensorType(new long[] {featureCount}, operand.elementType(),
                singleBounds == null ? null : TypeInference.boundsToEncoding(operand.encoding(), singleBounds));
        return List.of(out, stats, stats);
    }

    private static boolean predIntOrFloat(Type t) {
        return t instanceof IntegerType || t instanceof FloatType;
    }

    private static String dimSize(long d) {
        return d == ShapedType.DYNAMIC ? "?" : Long.toString(d);
    }

    public static List<Type> rng(Operation op) {
        if (!(op.operand(0).type() instanceof RankedTensorType a)
                || !(op.operand(1).type() instanceof RankedTensorType b)
                || !(op.operand(2).type() instanceof RankedTensorType shapeType) || shapeType.rank() != 1
                || a.rank() != 0 || b.rank() != 0 || !predIntOrFloat(a.elementType())
                || !predIntOrFloat(b.elementType())) {
            return null; // operand types the op's definition rejects
        }
        if ("NORMAL".equals(enumCase(op, "rng_distribution"))
                && (!(a.elementType() instanceof FloatType) || !(b.elementType() instanceof FloatType))) {
            throw VerificationError.at(op.location(), "mu and sigma must be floats");
        }
        long[] shape = DotConvSupport.constantInts(op.operand(2));
        if (shape == null) {
            long n = shapeType.dim(0);
            if (n < 0 || n > 1 << 16) return null;
            shape = new long[(int) n];
            Arrays.fill(shape, ShapedType.DYNAMIC);
        }
        return List.of(new RankedTensorType(shape, b.elementType()));
    }
}
