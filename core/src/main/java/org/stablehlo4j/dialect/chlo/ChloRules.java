package org.stablehlo4j.dialect.chlo;

import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.checkDimInBounds;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.checkDimsDistinct;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.checkDotGeneralConstraints;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.compatibleDims;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.contains;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.dimSizes;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.joined;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.verifyPrecisionConfig;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;
import org.stablehlo4j.dialect.stablehlo.ops.TypeInference;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.VerificationError;

/**
 * The CHLO ops' own verifiers ({@code verify()}) and type inference ({@code inferReturnTypes} /
 * {@code inferReturnTypeComponents}), after upstream's stablehlo/dialect/ChloOps.cpp and the helpers it shares
 * with StableHLO (TypeInference.cpp, Base.cpp, StablehloBroadcastLowering.cpp). One function per upstream hook,
 * referenced from the op's row in {@link ChloOps}. Rules throw
 * {@link VerificationError} with upstream's messages.
 */
public final class ChloRules {
    private ChloRules() {}

    /**
     * CHLO_Op's {@code isCompatibleReturnTypes}: isCompatibleForHloTypeInference (every op's default, see
     * {@link ChloOpHooks}).
     */
    static boolean isCompatibleReturnTypes(Operation op, List<Type> inferred, List<Type> declared) {
        if (inferred.size() != declared.size()) return false;
        for (int i = 0; i < inferred.size(); i++) {
            if (!TypeCompat.compatible(inferred.get(i), declared.get(i))) return false;
        }
        return true;
    }

    /** broadcast_select's and scan's {@code isCompatibleReturnTypes}: shapes only (verifyCompatibleShapes). */
    static boolean isCompatibleShapes(Operation op, List<Type> inferred, List<Type> declared) {
        if (inferred.size() != declared.size()) return false;
        for (int i = 0; i < inferred.size(); i++) {
            if (!TypeCompat.compatibleShape(inferred.get(i), declared.get(i))) return false;
        }
        return true;
    }

    // ---- broadcasting binary ops

    /** BROADCAST_BINARY_OP_DEFS' inferReturnTypeComponents: the lhs element type. */
    static List<Type> inferBroadcastBinary(Operation op) {
        return inferBroadcastBinary(op, null);
    }

    /** BroadcastComplexOp::inferReturnTypeComponents: complex of the lhs element type. */
    static List<Type> inferBroadcastComplex(Operation op) {
        return inferBroadcastBinary(op, new ComplexType(elementType(op.operand(0).type())));
    }

    /** BroadcastCompareOp::inferReturnTypeComponents: i1 elements. */
    static List<Type> inferBroadcastCompare(Operation op) {
        return inferBroadcastBinary(op, IntegerType.I1);
    }

    /** InferBroadcastBinaryOpReturnTypeComponents. */
    private static List<Type> inferBroadcastBinary(Operation op, Type elementType) {
        Type lhs = op.operand(0).type();
        Type rhs = op.operand(1).type();
        if (!(lhs instanceof ShapedType) || !(rhs instanceof ShapedType)
                || !TypeCompat.compatibleElementType(lhs, rhs)) {
            throw VerificationError.at(op.location(), "mismatched operand types");
        }
        if (elementType == null) elementType = elementType(lhs);
        return List.of(broadcastTypeWithBroadcastDimensions(lhs, rhs, elementType,
                op.attr("broadcast_dimensions") instanceof DenseArrayAttr d ? longs(d) : null));
    }

    /** BroadcastSelectOp::inferReturnTypeComponents: the numpy broadcast of all three operands. */
    static List<Type> inferBroadcastSelect(Operation op) {
        Type onTrue = elementType(op.operand(1).type());
        Type onFalse = elementType(op.operand(2).type());
        if (!onTrue.equals(onFalse)) throw VerificationError.at(op.location(), "mismatched operand types");
        return List.of(numpyBroadcastType(operandTypes(op), onTrue));
    }

    /** getBroadcastTypeWithBroadcastDimensions; an illegal broadcast gives an unranked type. */
    static Type broadcastTypeWithBroadcastDimensions(Type x, Type y, Type elementType, long[] broadcastDimensions) {
        if (broadcastDimensions == null) return numpyBroadcastType(List.of(x, y), elementType);
        if (!(x instanceof RankedTensorType shapeX) || !(y instanceof RankedTensorType shapeY)) {
            return new UnrankedTensorType(elementType);
        }
        RankedTensorType large = shapeX.rank() > shapeY.rank() ? shapeX : shapeY;
        RankedTensorType small = shapeX.rank() <= shapeY.rank() ? shapeX : shapeY;
        if (broadcastDimensions.length != small.rank()) return new UnrankedTensorType(elementType);
        long[] largeFiltered = new long[small.rank()];
        for (int i = 0; i < broadcastDimensions.length; i++) {
            long dim = broadcastDimensions[i];
            if (dim >= large.rank()) return new UnrankedTensorType(elementType);
            largeFiltered[i] = large.dim((int) dim);
        }
        long[] outFiltered = broadcastedShape(small.shape(), largeFiltered);
        if (outFiltered == null) return new UnrankedTensorType(elementType);
        long[] out = large.shape();
        for (int i = 0; i < broadcastDimensions.length; i++) out[(int) broadcastDimensions[i]] = outFiltered[i];
        return new RankedTensorType(out, elementType);
    }

    /**
     * getNumpyBroadcastType: unranked if any operand is; bounds-aware numpy broadcasting when all operands are
     * static or bounded; otherwise MLIR's lenient broadcast ({@code x . ? => ?}). An illegal broadcast gives an
     * unranked type.
     */
    static Type numpyBroadcastType(List<Type> operands, Type elementType) {
        for (Type t : operands) if (!(t instanceof RankedTensorType)) return new UnrankedTensorType(elementType);
        boolean allStaticOrBounded = true;
        for (Type t : operands) {
            RankedTensorType r = (RankedTensorType) t;
            allStaticOrBounded &= r.hasStaticShape() || r.encoding() instanceof TypeExtensionsAttr;
        }
        if (allStaticOrBounded) {
            // stablehlo::getNumpyBroadcastShape; upstream also emits its error, then signals unranked.
            List<long[]> shape = dimensions((RankedTensorType) operands.get(0));
            for (int i = 1; i < operands.size() && shape != null; i++) {
                shape = numpyBroadcastShapeWithBounds(shape, dimensions((RankedTensorType) operands.get(i)));
            }
            if (shape == null) return new UnrankedTensorType(elementType);
            return rankedTensorType(shape, elementType);
        }
        long[] out = ((RankedTensorType) operands.get(0)).shape();
        for (Type t : operands) {
            out = broadcastedShape(out, ((RankedTensorType) t).shape());
            if (out == null) return new UnrankedTensorType(elementType);
        }
        return new RankedTensorType(out, elementType);
    }

    /** StablehloBroadcastLowering's getDimensions: per dimension {size or bound, 1 if bounded}. */
    private static List<long[]> dimensions(RankedTensorType t) {
        List<Long> bounds = TypeCompat.bounds(t);
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < t.rank(); i++) {
            if (bounds == null || t.dim(i) != ShapedType.DYNAMIC) {
                out.add(new long[] {t.dim(i), 0});
            } else {
                out.add(new long[] {i < bounds.size() ? bounds.get(i) : ShapedType.DYNAMIC, 1});
            }
        }
        return out;
    }

    /** getNumpyBroadcastShapeWithBounds; null where upstream fails. */
    private static List<long[]> numpyBroadcastShapeWithBounds(List<long[]> a, List<long[]> b) {
        int maxRank = Math.max(a.size(), b.size());
        long[][] result = new long[maxRank][];
        long[] one = {1, 0};
        for (int i = 1; i <= maxRank; i++) {
            long[] dimA = i <= a.size() ? a.get(a.size() - i) : one;
            long[] dimB = i <= b.size() ? b.get(b.size() - i) : one;
            int at = maxRank - i;
            if (dimA[0] == 1) {
                result[at] = dimB;
                continue;
            }
            if (dimB[0] == 1) {
                result[at] = dimA;
                continue;
            }
            if (dimA[0] != dimB[0] || dimA[1] != dimB[1]) return null;
            result[at] = dimA;
        }
        return Arrays.asList(result);
    }

    /** StablehloBroadcastLowering's getRankedTensorType: bounded dimensions become dynamic with a bound. */
    private static RankedTensorType rankedTensorType(List<long[]> dims, Type elementType) {
        long[] shape = new long[dims.size()];
        List<Long> bounds = new ArrayList<>();
        boolean anyBound = false;
        for (int i = 0; i < shape.length; i++) {
            long[] d = dims.get(i);
            shape[i] = d[1] == 1 ? ShapedType.DYNAMIC : d[0];
            bounds.add(d[1] == 1 ? d[0] : ShapedType.DYNAMIC);
            anyBound |= d[1] == 1 && d[0] != ShapedType.DYNAMIC;
        }
        return new RankedTensorType(shape, elementType, anyBound ? new TypeExtensionsAttr(bounds) : null);
    }

    /** mlir::OpTrait::util::getBroadcastedShape; null when the shapes do not broadcast. */
    static long[] broadcastedShape(long[] shape1, long[] shape2) {
        long[] result = (shape1.length > shape2.length ? shape1 : shape2).clone();
        int i1 = shape1.length - 1;
        int i2 = shape2.length - 1;
        int r = result.length - 1;
        for (; i1 >= 0 && i2 >= 0; i1--, i2--, r--) {
            long a = shape1[i1];
            long b = shape2[i2];
            if (a == ShapedType.DYNAMIC || b == ShapedType.DYNAMIC) {
                if (a > 1) result[r] = a;
                else if (b > 1) result[r] = b;
                else if (a == 1) result[r] = b;
                else if (b == 1) result[r] = a;
                else result[r] = ShapedType.DYNAMIC;
            } else if (a == b || b == 1) {
                result[r] = a;
            } else if (a == 1) {
                result[r] = b;
            } else {
                return null;
            }
        }
        return result;
    }

    // ---- is_inf, is_neg_inf, is_pos_inf

    /** IsInfOp/IsNegInfOp/IsPosInfOp::inferReturnTypes: the operand's shape with i1 elements. */
    static List<Type> inferIsInfLike(Operation op) {
        return List.of(withElementType(op.operand(0).type(), IntegerType.I1));
    }

    // ---- constant, constant_like

    /** ConstantOp::inferReturnTypes: the value's type. */
    static List<Type> inferConstant(Operation op) {
        Type type = Attribute.typeOf(op.attr("value"));
        return type == null ? null : List.of(type);
    }

    /** ConstantLikeOp::verify. */
    static void verifyConstantLike(Operation op) {
        Type valueType = Attribute.typeOf(op.attr("value"));
        if (valueType == null || op.numResults() != 1) return;
        if (!valueType.equals(elementType(op.result(0).type()))) {
            throw VerificationError.op(op, "value's type doesn't match element return type");
        }
    }

    /** ConstantLikeOp::inferReturnTypeComponents: the operand's shape and encoding, the value's type. */
    static List<Type> inferConstantLike(Operation op) {
        Type elementType = Attribute.typeOf(op.attr("value"));
        if (elementType == null) return null;
        Type operand = op.operand(0).type();
        if (operand instanceof RankedTensorType r) {
            return List.of(new RankedTensorType(r.shape(), elementType, r.encoding()));
        }
        return List.of(new UnrankedTensorType(elementType));
    }

    // ---- top_k

    /** TopKOp::inferReturnTypeComponents (hlo::inferTopKOp). */
    static List<Type> inferTopK(Operation op) {
        if (!(op.attr("k") instanceof IntegerAttr kAttr)) return null;
        long k = kAttr.longValue();
        Type operand = op.operand(0).type();
        if (!(operand instanceof RankedTensorType t)) {
            return List.of(new UnrankedTensorType(elementType(operand)), new UnrankedTensorType(IntegerType.I32));
        }
        if (t.rank() < 1) throw VerificationError.at(op.location(), "operand's rank must be at least 1");
        int last = t.rank() - 1;
        if (t.dim(last) != ShapedType.DYNAMIC && t.dim(last) < k) {
            throw VerificationError.at(op.location(), "operand's last dimension must be at least " + k);
        }
        long[] shape = t.shape();
        shape[last] = k;
        Attribute encoding = t.encoding();
        List<Long> bounds = TypeCompat.bounds(t);
        if (bounds != null) {
            List<Long> resultBounds = new ArrayList<>(bounds);
            if (last < resultBounds.size()) resultBounds.set(last, ShapedType.DYNAMIC);
            boolean any = false;
            for (long b : resultBounds) any |= b != ShapedType.DYNAMIC;
            encoding = any ? new TypeExtensionsAttr(resultBounds) : null;
        }
        return List.of(new RankedTensorType(shape, t.elementType(), encoding),
                new RankedTensorType(shape, IntegerType.I32, encoding));
    }

    // ---- ragged_dot

    /**
     * The fields of a {@code #chlo.ragged_dot<...>} attribute.
     *
     * @param lhsBatching {@code lhs_batching_dimensions}
     * @param rhsBatching {@code rhs_batching_dimensions}
     * @param lhsContracting {@code lhs_contracting_dimensions}
     * @param rhsContracting {@code rhs_contracting_dimensions}
     * @param lhsRagged {@code lhs_ragged_dimensions}
     * @param rhsGroup {@code rhs_group_dimensions}
     */
    public record RaggedDotDimensionNumbers(long[] lhsBatching, long[] rhsBatching, long[] lhsContracting,
                                     long[] rhsContracting, long[] lhsRagged, long[] rhsGroup) {
        private static final Pattern FIELD = Pattern.compile("([a-z_]+)\\s*=\\s*\\[([^\\]]*)\\]");

        /**
         * Reads the attribute's text; null when it is not a ragged_dot attribute with integer lists.
         *
         * @param a the attribute
         * @return its fields (absent lists empty), or null
         */
        public static RaggedDotDimensionNumbers of(Attribute a) {
            if (!(a instanceof DialectAttr d) || !d.dialect().equals("chlo") || !d.body().startsWith("ragged_dot")) {
                return null;
            }
            java.util.Map<String, long[]> fields = new java.util.HashMap<>();
            Matcher m = FIELD.matcher(d.body());
            while (m.find()) {
                String list = m.group(2).trim();
                long[] dims;
                try {
                    dims = list.isEmpty() ? new long[0]
                            : Arrays.stream(list.split(",")).map(String::trim).mapToLong(Long::parseLong).toArray();
                } catch (NumberFormatException e) {
                    return null; // not dimension numbers this rule can read (the attribute is kept as text)
                }
                fields.put(m.group(1), dims);
            }
            long[] none = new long[0];
            return new RaggedDotDimensionNumbers(fields.getOrDefault("lhs_batching_dimensions", none),
                    fields.getOrDefault("rhs_batching_dimensions", none),
                    fields.getOrDefault("lhs_contracting_dimensions", none),
                    fields.getOrDefault("rhs_contracting_dimensions", none),
                    fields.getOrDefault("lhs_ragged_dimensions", none),
                    fields.getOrDefault("rhs_group_dimensions", none));
        }
    }

    /**
     * A {@code #chlo.ragged_dot<...>} attribute in the form upstream prints it (one line, fields in declaration
     * order, empty ones left out); any other attribute, or one this rule cannot read, as it is.
     *
     * @param a an attribute of the chlo dialect read as text
     * @return the attribute in canonical form
     */
    static Attribute canonicalRaggedDot(DialectAttr a) {
        if (!a.pretty() || !a.body().startsWith("ragged_dot")) return a;
        RaggedDotDimensionNumbers dn = RaggedDotDimensionNumbers.of(a);
        if (dn == null) return a;
        StringBuilder sb = new StringBuilder("ragged_dot<");
        String[] names = {"lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
            "rhs_contracting_dimensions", "lhs_ragged_dimensions", "rhs_group_dimensions"};
        long[][] fields = {dn.lhsBatching(), dn.rhsBatching(), dn.lhsContracting(), dn.rhsContracting(),
            dn.lhsRagged(), dn.rhsGroup()};
        String separator = "";
        for (int i = 0; i < names.length; i++) {
            if (fields[i].length == 0) continue;
            sb.append(separator).append(names[i]).append(" = [");
            for (int k = 0; k < fields[i].length; k++) sb.append(k == 0 ? "" : ", ").append(fields[i][k]);
            sb.append(']');
            separator = ", ";
        }
        return new DialectAttr(a.dialect(), sb.append('>').toString(), true);
    }

    /** RaggedDotOp::verify: inference must succeed and its shape be compatible with the result's. */
    static void verifyRaggedDot(Operation op) {
        long[] inferred = inferRaggedDotShape(op);
        if (inferred == null || !(op.result(0).type() instanceof RankedTensorType result)) return;
        boolean compatible = inferred.length == result.rank();
        for (int i = 0; compatible && i < inferred.length; i++) {
            compatible = inferred[i] == ShapedType.DYNAMIC || result.dim(i) == ShapedType.DYNAMIC
                    || inferred[i] == result.dim(i);
        }
        if (!compatible) {
            throw VerificationError.at(op.location(), "inferred shape '" + dimSizes(inferred) + "' "
                    + "is incompatible with return type of operation " + AsmPrinter.printType(result));
        }
    }

    /**
     * RaggedDotOp::inferReturnTypeComponents (inferRaggedDotOp): the result's dimensions only (no element type).
     * Null for operands it cannot judge (unranked, or an unreadable attribute).
     *
     * @param op the ragged_dot op
     * @return the result's dimension sizes, or null
     */
    public static long[] inferRaggedDotShape(Operation op) {
        RaggedDotDimensionNumbers dn = RaggedDotDimensionNumbers.of(op.attr("ragged_dot_dimension_numbers"));
        if (dn == null || !(op.operand(0).type() instanceof RankedTensorType lhs)
                || !(op.operand(1).type() instanceof RankedTensorType rhs)
                || !(op.operand(2).type() instanceof RankedTensorType groupSizes)) {
            return null;
        }
        Location loc = op.location();
        verifyPrecisionConfig(loc, op.attr("precision_config"));
        checkDotGeneralConstraints(loc, lhs, rhs, dn.lhsBatching(), dn.rhsBatching(), dn.lhsContracting(),
                dn.rhsContracting());
        checkRaggedDotConstraints(loc, lhs, rhs, groupSizes, dn);
        return raggedDotOutputDimensions(lhs, rhs, groupSizes, dn);
    }

    /** checkRaggedDotConstraints. */
    private static void checkRaggedDotConstraints(Location loc, RankedTensorType lhs, RankedTensorType rhs,
                                                  RankedTensorType groupSizes, RaggedDotDimensionNumbers dn) {
        if (dn.lhsRagged().length != 1) {
            throw VerificationError.at(loc, "There must be exactly one ragged dimension in the lhs.");
        }
        long lhsRaggedDim = dn.lhsRagged()[0];
        checkDimInBounds(loc, lhsRaggedDim, lhs.rank(), "lhs_ragged_dim", "lhs_rank");
        enum Mode { NON_CONTRACTING, CONTRACTING, BATCH }
        Mode mode = contains(dn.lhsBatching(), lhsRaggedDim) ? Mode.BATCH
                : contains(dn.lhsContracting(), lhsRaggedDim) ? Mode.CONTRACTING : Mode.NON_CONTRACTING;
        List<Long> prefixDims = new ArrayList<>();
        for (long d : dn.lhsBatching()) prefixDims.add(d);
        switch (mode) {
            case BATCH -> {
                int at = indexOf(dn.lhsBatching(), lhsRaggedDim);
                prefixDims = new ArrayList<>(prefixDims.subList(0, at));
            }
            case CONTRACTING -> {
                int at = indexOf(dn.lhsContracting(), lhsRaggedDim);
                for (int i = 0; i < at; i++) prefixDims.add(dn.lhsContracting()[i]);
            }
            case NON_CONTRACTING -> {
                for (long i = 0; i < lhsRaggedDim; i++) {
                    if (!contains(dn.lhsBatching(), i) && !contains(dn.lhsContracting(), i)) prefixDims.add(i);
                }
            }
        }
        long[] expectedPrefix = new long[prefixDims.size()];
        for (int i = 0; i < expectedPrefix.length; i++) expectedPrefix[i] = lhs.dim((int) (long) prefixDims.get(i));
        if (groupSizes.rank() != 1) {
            if (groupSizes.rank() != expectedPrefix.length + 1) {
                throw VerificationError.at(loc, "expected group_sizes to have rank " + (expectedPrefix.length + 1)
                        + ", got " + groupSizes.rank());
            }
            long[] shape = groupSizes.shape();
            if (!Arrays.equals(expectedPrefix, Arrays.copyOf(shape, expectedPrefix.length))) {
                throw VerificationError.at(loc, "group_sizes is expected to have shape [" + joined(expectedPrefix)
                        + ", " + shape[shape.length - 1] + "], got [" + joined(shape) + "]");
            }
        }
        long numGroups = groupSizes.rank() == 0 ? 0 : groupSizes.dim(groupSizes.rank() - 1);
        for (long rhsGroupDim : dn.rhsGroup()) {
            checkDimInBounds(loc, rhsGroupDim, rhs.rank(), "rhs_group_dim", "rhs_rank");
        }
        checkDimsDistinct(loc, dn.rhsGroup(), dn.rhsBatching(), "rhs_group_dimensions", "rhs_batching_dimensions");
        checkDimsDistinct(loc, dn.rhsGroup(), dn.rhsContracting(), "rhs_group_dimensions",
                "rhs_contracting_dimensions");
        if (mode != Mode.NON_CONTRACTING) {
            if (dn.rhsGroup().length != 0) {
                throw VerificationError.at(loc, "There must be zero group dimensions in the rhs when the ragged "
                        + "dimension is batch or contracting.");
            }
            return;
        }
        if (dn.rhsGroup().length != 1) {
            throw VerificationError.at(loc, "There must be exactly one group dimension in the rhs when the lhs "
                    + "ragged dimension is non-contracting.");
        }
        long groupDimSize = rhs.dim((int) dn.rhsGroup()[0]);
        if (!compatibleDims(numGroups, groupDimSize)) {
            throw VerificationError.at(loc, "rhs group dimension is expected to have size=" + numGroups + ", got "
                    + groupDimSize);
        }
    }

    /** inferRaggedDotOutputDimensions. */
    private static long[] raggedDotOutputDimensions(RankedTensorType lhs, RankedTensorType rhs,
                                                    RankedTensorType groupSizes, RaggedDotDimensionNumbers dn) {
        long lhsRaggedDim = dn.lhsRagged()[0];
        List<Long> dims = new ArrayList<>();
        if (contains(dn.lhsContracting(), lhsRaggedDim)) dims.add(groupSizes.dim(groupSizes.rank() - 1));
        for (long d : dn.lhsBatching()) dims.add(lhs.dim((int) d));
        for (int i = 0; i < lhs.rank(); i++) {
            if (!contains(dn.lhsBatching(), i) && !contains(dn.lhsContracting(), i)) dims.add(lhs.dim(i));
        }
        for (int i = 0; i < rhs.rank(); i++) {
            if (!contains(dn.rhsBatching(), i) && !contains(dn.rhsContracting(), i) && !contains(dn.rhsGroup(), i)) {
                dims.add(rhs.dim(i));
            }
        }
        return dims.stream().mapToLong(Long::longValue).toArray();
    }

    // ---- scan

    /** ScanOp::verify (after ODS's SizedRegion<1> constraint). */
    static void verifyScan(Operation op) {
        if (op.numRegions() != 1 || op.region(0).blocks().size() != 1) {
            throw VerificationError.op(op, "region #0 ('body') failed to verify constraint: region with 1 blocks");
        }
        int[] operandSegments = segments(op, "operandSegmentSizes", op.numOperands());
        int[] resultSegments = segments(op, "resultSegmentSizes", op.numResults());
        if (operandSegments == null || resultSegments == null) return;
        int numInputs = operandSegments[0];
        if (numInputs == 0 && resultSegments[0] == 0) {
            throw VerificationError.op(op, "at least one of inputs or outputs must be present");
        }
        long dim = op.attr("dimension") instanceof IntegerAttr d ? d.longValue() : 0;
        Long dimSize = op.attr("scan_dim_size") instanceof IntegerAttr s ? s.longValue() : null;
        for (int i = 0; i < numInputs; i++) {
            if (!(op.operand(i).type() instanceof RankedTensorType input)) {
                throw VerificationError.op(op, "operand " + i + " is not ranked");
            }
            if (dim >= input.rank()) throw VerificationError.op(op, "scan dimension of operand " + i + " is out of bounds");
            if (input.dim((int) dim) == ShapedType.DYNAMIC) continue;
            long current = input.dim((int) dim);
            if (dimSize != null && dimSize != current) {
                throw VerificationError.op(op, "invalid scan dimension size of operand " + i);
            }
            dimSize = current;
        }
        Block body = op.region(0).blocks().get(0);
        if (body.arguments().size() != op.numOperands()) {
            throw VerificationError.op(op, "expects " + op.numOperands() + " arguments in the body, but got "
                    + body.arguments().size());
        }
        for (int i = 0; i < op.numOperands(); i++) {
            if (!(op.operand(i).type() instanceof RankedTensorType arg)) {
                throw VerificationError.op(op, "operand " + i + " is not ranked");
            }
            Type argType = arg;
            if (i < numInputs) {
                long[] shape = arg.shape();
                long[] erased = new long[shape.length - 1];
                for (int k = 0, j = 0; k < shape.length; k++) if (k != dim) erased[j++] = shape[k];
                argType = new RankedTensorType(erased, arg.elementType(), arg.encoding());
            }
            if (!TypeCompat.compatible(argType, body.arguments().get(i).type())) {
                throw VerificationError.op(op, "operand and body argument " + i + " are incompatible");
            }
        }
    }

    /** ScanOp::inferReturnTypeComponents. */
    static List<Type> inferScan(Operation op) {
        Location loc = op.location();
        if (op.numRegions() == 0 || op.region(0).blocks().isEmpty()) {
            throw VerificationError.at(loc, "ScanOp region is empty");
        }
        int[] operandSegments = segments(op, "operandSegmentSizes", op.numOperands());
        if (operandSegments == null) return null;
        Operation terminator = op.region(0).blocks().get(0).terminator();
        if (terminator == null) return null;
        int numCarries = operandSegments[1];
        if (terminator.numOperands() < numCarries) {
            throw VerificationError.at(loc, "ScanOp body must return at least " + numCarries + " values (carries)");
        }
        int numOutputs = terminator.numOperands() - numCarries;
        long dim = op.attr("dimension") instanceof IntegerAttr d ? d.longValue() : 0;
        long dimSize = op.attr("scan_dim_size") instanceof IntegerAttr s ? s.longValue() : ShapedType.DYNAMIC;
        for (int i = 0; i < operandSegments[0]; i++) {
            if (!(op.operand(i).type() instanceof RankedTensorType input)) {
                throw VerificationError.at(loc, "operand " + i + " is not ranked");
            }
            if (dim >= input.rank()) throw VerificationError.at(loc, "scan dimension of operand " + i + " is out of bounds");
            if (dimSize == ShapedType.DYNAMIC) dimSize = input.dim((int) dim);
        }
        List<Type> out = new ArrayList<>();
        for (int i = 0; i < terminator.numOperands(); i++) {
            if (!(terminator.operand(i).type() instanceof RankedTensorType result)) {
                throw VerificationError.at(loc, "terminator operand " + i + " is not ranked");
            }
            long[] shape = result.shape();
            if (i < numOutputs) {
                long[] inserted = new long[shape.length + 1];
                for (int k = 0, j = 0; k < inserted.length; k++) inserted[k] = k == dim ? dimSize : shape[j++];
                shape = inserted;
            }
            out.add(new RankedTensorType(shape, result.elementType()));
        }
        return out;
    }

    /** The two segment sizes of an op with two variadic groups, or null when they do not add up. */
    private static int[] segments(Operation op, String name, int total) {
        if (!(op.attr(name) instanceof DenseArrayAttr seg) || seg.size() != 2) return null;
        int[] sizes = {(int) seg.getLong(0), (int) seg.getLong(1)};
        return sizes[0] + sizes[1] == total && sizes[0] >= 0 && sizes[1] >= 0 ? sizes : null;
    }

    // ---- helpers

    private static List<Type> operandTypes(Operation op) {
        List<Type> types = new ArrayList<>(op.numOperands());
        for (Value v : op.operands()) types.add(v.type());
        return types;
    }

    private static Type elementType(Type t) {
        return TypeCompat.elementType(t);
    }

    /** hlo::getSameShapeTensorType. */
    private static Type withElementType(Type t, Type elementType) {
        if (t instanceof RankedTensorType r) return new RankedTensorType(r.shape(), elementType, r.encoding());
        return new UnrankedTensorType(elementType);
    }

    private static long[] longs(DenseArrayAttr a) {
        long[] out = new long[a.size()];
        for (int i = 0; i < out.length; i++) out[i] = a.getLong(i);
        return out;
    }

    private static int indexOf(long[] values, long v) {
        for (int i = 0; i < values.length; i++) if (values[i] == v) return i;
        return values.length;
    }

}
