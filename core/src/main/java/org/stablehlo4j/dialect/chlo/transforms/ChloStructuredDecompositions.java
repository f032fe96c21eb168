package org.stablehlo4j.dialect.chlo.transforms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.stablehlo4j.dialect.chlo.ChloRules.RaggedDotDimensionNumbers;
import org.stablehlo4j.dialect.chlo.RaggedDotOp;
import org.stablehlo4j.dialect.chlo.ScanOp;
import org.stablehlo4j.dialect.chlo.TopKOp;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotGeneralOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicIotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicUpdateSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.IotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealDynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.SortOp;
import org.stablehlo4j.dialect.stablehlo.ops.WhileOp;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IRMapping;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The CHLO ops whose decomposition depends on shapes (upstream's {@code ConvertTopKOp}, {@code ConvertRaggedDotOp}
 * and {@code ConvertScanOp}), one pattern per op:
 * <ul>
 * <li>{@code chlo.top_k}: an iota of indices along the last dimension, a stable {@code stablehlo.sort} of the
 * operand and the indices (descending, {@code TOTALORDER} for floats), and a slice of the first k; with dynamic
 * shapes the shapes are computed ({@code get_dimension_size}, {@code concatenate}) and the slices are
 * {@code real_dynamic_slice}s.</li>
 * <li>{@code chlo.ragged_dot}: one masked {@code dot_general} per group (the ragged dimension masked by an iota
 * compared with the running group offsets), summed (ragged non-contracting dimension), stacked (ragged
 * contracting dimension), or a plain batch {@code dot_general} (ragged batch dimension).</li>
 * <li>{@code chlo.scan}: a {@code stablehlo.while} over the scan dimension that slices the inputs, runs the body
 * and writes the outputs with {@code dynamic_update_slice}.</li>
 * </ul>
 * Runtime shapes that a broadcast needs (a dynamically shaped ragged_dot lhs or group sizes batch, a dynamically
 * shaped scan output) are read with {@code shape.shape_of}, as upstream does.
 */
public final class ChloStructuredDecompositions {
    private ChloStructuredDecompositions() {}

    /**
     * Adds the patterns of this class: top_k, ragged_dot, scan.
     *
     * @param patterns the set to add to
     */
    public static void addPatterns(PatternSet patterns) {
        patterns.add(RewritePattern.of(TopKOp.NAME, 1, ChloStructuredDecompositions::topK));
        patterns.add(RewritePattern.of(RaggedDotOp.NAME, 1, ChloStructuredDecompositions::raggedDot));
        patterns.add(RewritePattern.of(ScanOp.NAME, 1, ChloStructuredDecompositions::scan));
    }

    private static final IntegerType I32 = IntegerType.I32;
    private static final IntegerType I64 = IntegerType.I64;

    private static long[] filled(int n, long v) {
        long[] a = new long[n];
        Arrays.fill(a, v);
        return a;
    }

    private static long[] range(long from, long to) {
        long[] a = new long[(int) Math.max(0, to - from)];
        for (int i = 0; i < a.length; i++) a[i] = from + i;
        return a;
    }

    // ---- top_k

    private static boolean topK(Operation operation, PatternRewriter rewriter) {
        TopKOp op = TopKOp.cast(operation);
        if (!(op.operand().type() instanceof RankedTensorType operandType) || operandType.rank() < 1) {
            return rewriter.notifyMatchFailure(operation, "unranked operand");
        }
        Hlo b = new Hlo(rewriter, operation.location());
        Value operand = op.operand();
        int rank = operandType.rank();
        int last = rank - 1;
        long lastDimSize = operandType.dim(last);
        long k = op.k().longValue();
        long lastDimResultSize = lastDimSize == ShapedType.DYNAMIC ? k : Math.min(k, lastDimSize);
        boolean isDynamic = !operandType.hasStaticShape();
        Value opShape = null;
        Value resultShape = null;
        if (isDynamic) {
            List<Value> sizes = new ArrayList<>();
            for (int i = 0; i < rank; i++) {
                sizes.add(operandType.dim(i) == ShapedType.DYNAMIC ? b.dimSizeI64x1(operand, i)
                        : b.reshape(Hlo.vectorType(1, I64), b.constI64(operandType.dim(i))));
            }
            opShape = b.concatenate(sizes, 0);
            sizes.set(last, b.reshape(Hlo.vectorType(1, I64), b.constI64(lastDimResultSize)));
            resultShape = b.concatenate(sizes, 0);
        }
        RankedTensorType iotaType = new RankedTensorType(operandType.shape(), I32);
        Value iota = isDynamic ? Hlo.v(DynamicIotaOp.create(rewriter, b.loc, iotaType, opShape, Hlo.i64(last)))
                : Hlo.v(IotaOp.create(rewriter, b.loc, iotaType, Hlo.i64(last)));
        boolean stable = op.isStable() == null || op.isStable().value();
        Operation sort = sortDescending(b, List.of(operand, iota), last, stable);
        Value values;
        Value indices;
        if (isDynamic) {
            Value start = b.constI64s(filled(rank, 0));
            Value strides = b.constI64s(filled(rank, 1));
            values = Hlo.v(RealDynamicSliceOp.create(rewriter, b.loc, op.values().type(), sort.result(0), start,
                    resultShape, strides));
            indices = Hlo.v(RealDynamicSliceOp.create(rewriter, b.loc, op.indices().type(), sort.result(1), start,
                    resultShape, strides));
        } else {
            long[] end = operandType.shape();
            end[last] = lastDimResultSize;
            DenseArrayAttr begin = DenseArrayAttr.ofLongs(filled(rank, 0));
            DenseArrayAttr limit = DenseArrayAttr.ofLongs(end);
            DenseArrayAttr strides = DenseArrayAttr.ofLongs(filled(rank, 1));
            values = Hlo.v(SliceOp.create(rewriter, b.loc, sort.result(0), begin, limit, strides));
            indices = Hlo.v(SliceOp.create(rewriter, b.loc, sort.result(1), begin, limit, strides));
        }
        rewriter.replaceOp(operation, List.of(values, indices));
        return true;
    }

    /**
     * Upstream's {@code createSortOp} with direction GT: a {@code stablehlo.sort} of {@code inputs} along
     * {@code dimension} whose comparator compares the first input's pair ({@code TOTALORDER} when an input has
     * float elements).
     */
    static Operation sortDescending(Hlo b, List<Value> inputs, long dimension, boolean stable) {
        List<Type> types = new ArrayList<>();
        List<Type> scalarTypes = new ArrayList<>();
        boolean anyFloat = false;
        for (Value v : inputs) {
            types.add(v.type());
            Type e = Hlo.elementType(v);
            anyFloat |= e instanceof FloatType;
            scalarTypes.add(Hlo.scalarType(e));
            scalarTypes.add(Hlo.scalarType(e));
        }
        Operation sort = SortOp.createWithTypes(b.r, b.loc, types, inputs, Hlo.i64(dimension), BoolAttr.of(stable))
                .operation();
        OpBuilder.InsertPoint ip = b.r.saveInsertionPoint();
        Block block = b.r.createBlock(sort.region(0), scalarTypes, null);
        EnumAttr type = anyFloat ? EnumAttr.of(StablehloEnum.COMPARISON_TYPE, "TOTALORDER") : null;
        Value cmp = Hlo.v(CompareOp.create(b.r, b.loc, block.argument(0), block.argument(1), Hlo.direction("GT"), type));
        ReturnOp.create(b.r, b.loc, List.of(cmp));
        b.r.restoreInsertionPoint(ip);
        return sort;
    }

    // ---- ragged_dot

    private static boolean raggedDot(Operation operation, PatternRewriter rewriter) {
        RaggedDotOp op = RaggedDotOp.cast(operation);
        RaggedDotDimensionNumbers dn = RaggedDotDimensionNumbers.of(op.raggedDotDimensionNumbers());
        if (dn == null || !(op.lhs().type() instanceof RankedTensorType lhsTy)
                || !(op.rhs().type() instanceof RankedTensorType rhsTy)
                || !(op.groupSizes().type() instanceof RankedTensorType groupSizesTy)
                || !(op.result().type() instanceof RankedTensorType resultTy)) {
            return rewriter.notifyMatchFailure(operation, "unranked operands or unreadable dimension numbers");
        }
        Hlo b = new Hlo(rewriter, operation.location());
        ArrayAttr precision = precisionConfig(op.precisionConfig());
        RaggedDot r = new RaggedDot(b, op, dn, lhsTy, rhsTy, groupSizesTy, resultTy, precision);
        String failure = lhsTy.rank() < rhsTy.rank() ? r.mode1()
                : lhsTy.rank() < resultTy.rank() ? r.mode2() : r.mode3();
        return failure == null || rewriter.notifyMatchFailure(operation, failure);
    }

    /** CHLO's precision config as StableHLO's (HIGHEST and HIGH kept, anything else DEFAULT); null when absent. */
    static ArrayAttr precisionConfig(ArrayAttr chlo) {
        if (chlo == null) return null;
        List<Attribute> out = new ArrayList<>();
        for (Attribute a : chlo.elements()) {
            EnumAttr p = ChloBroadcastDecompositions.toStablehlo(a, StablehloEnum.PRECISION);
            String c = p == null ? "DEFAULT" : p.caseName();
            out.add(EnumAttr.of(StablehloEnum.PRECISION, c.equals("HIGHEST") || c.equals("HIGH") ? c : "DEFAULT"));
        }
        return new ArrayAttr(out);
    }

    private static List<Long> boxed(long[] a) {
        List<Long> out = new ArrayList<>(a.length);
        for (long v : a) out.add(v);
        return out;
    }

    /** One ragged_dot rewrite; each mode returns null on success or why it does not apply. */
    private static final class RaggedDot {
        final Hlo b;
        final RaggedDotOp op;
        final RaggedDotDimensionNumbers dn;
        final RankedTensorType lhsTy;
        final RankedTensorType rhsTy;
        final RankedTensorType groupSizesTy;
        final RankedTensorType resultTy;
        final ArrayAttr precision;
        final long[] batchShape;

        RaggedDot(Hlo b, RaggedDotOp op, RaggedDotDimensionNumbers dn, RankedTensorType lhsTy, RankedTensorType rhsTy,
                  RankedTensorType groupSizesTy, RankedTensorType resultTy, ArrayAttr precision) {
            this.b = b;
            this.op = op;
            this.dn = dn;
            this.lhsTy = lhsTy;
            this.rhsTy = rhsTy;
            this.groupSizesTy = groupSizesTy;
            this.resultTy = resultTy;
            this.precision = precision;
            this.batchShape = Arrays.copyOf(groupSizesTy.shape(), Math.max(0, groupSizesTy.rank() - 1));
        }

        private static boolean isStatic(long[] shape) {
            for (long d : shape) if (d == ShapedType.DYNAMIC) return false;
            return true;
        }

        /**
         * The zero offsets of the first group, shaped like the group sizes without their group dimension: a
         * constant, or for a dynamic batch a zero {@code dynamic_broadcast_in_dim}-ed to the leading extents of the
         * group sizes' {@code shape.shape_of}.
         */
        private Value initialStart() {
            RankedTensorType type = new RankedTensorType(batchShape, I64);
            if (!isStatic(batchShape)) {
                int rank = groupSizesTy.rank();
                Value shape = b.shapeOf(op.groupSizes());
                Value batch = Hlo.v(SliceOp.create(b.r, b.loc, shape, DenseArrayAttr.ofLongs(0),
                        DenseArrayAttr.ofLongs(rank - 1), DenseArrayAttr.ofLongs(1)));
                Value zero = b.constI64(0);
                return b.dynamicBroadcastInDim(type, zero, batch);
            }
            return b.constant(Hlo.splat(type, java.math.BigInteger.ZERO));
        }

        /** Zeros shaped like lhs: a constant, or a scalar zero broadcast to lhs's {@code shape.shape_of}. */
        private Value lhsZero() {
            if (lhsTy.hasStaticShape()) return b.constant(Hlo.splat(lhsTy, java.math.BigInteger.ZERO));
            Value scalar = b.constant(Hlo.splat(Hlo.scalarType(lhsTy.elementType()), java.math.BigInteger.ZERO));
            Value shape = b.shapeOf(op.lhs());
            return b.dynamicBroadcastInDim(lhsTy, scalar, shape);
        }

        /** {@code v} broadcast to lhs's shape in i64 along {@code dims} (to lhs's runtime shape when dynamic). */
        private Value broadcastToLhs(Value v, long[] dims) {
            RankedTensorType i64Like = new RankedTensorType(lhsTy.shape(), I64);
            if (lhsTy.hasStaticShape()) return b.broadcastInDim(i64Like, v, dims);
            Value shape = b.shapeOf(op.lhs());
            return b.dynamicBroadcastInDim(i64Like, v, shape, dims);
        }

        /** An iota along the ragged dimension of lhs, size 1 elsewhere (i64). */
        private Value raggedIota(int raggedDim) {
            long size = lhsTy.dim(raggedDim);
            long[] iotaShape = filled(lhsTy.rank(), 1);
            iotaShape[raggedDim] = size;
            RankedTensorType iotaType = new RankedTensorType(iotaShape, I64);
            if (size != ShapedType.DYNAMIC) return Hlo.v(IotaOp.create(b.r, b.loc, iotaType, Hlo.i64(raggedDim)));
            List<Value> dims = new ArrayList<>();
            for (int d = 0; d < lhsTy.rank(); d++) {
                dims.add(d == raggedDim ? b.dimSizeI64x1(op.lhs(), d) : b.constI64s(1));
            }
            Value shape = Hlo.v(ConcatenateOp.createWithTypes(b.r, b.loc,
                    List.of(Hlo.vectorType(lhsTy.rank(), I64)), dims, Hlo.i64(0)));
            return Hlo.v(DynamicIotaOp.create(b.r, b.loc, iotaType, shape, Hlo.i64(raggedDim)));
        }

        /** The size of group {@code index} for every batch element, as i64. */
        private Value groupSize(long index) {
            Value groupSizes = op.groupSizes();
            int rank = groupSizesTy.rank();
            int groupDim = rank - 1;
            long[] start = filled(rank, 0);
            start[groupDim] = index;
            long[] limit = groupSizesTy.shape();
            limit[groupDim] = index + 1;
            Value slice;
            if (groupSizesTy.hasStaticShape()) {
                slice = Hlo.v(SliceOp.create(b.r, b.loc, groupSizes, DenseArrayAttr.ofLongs(start),
                        DenseArrayAttr.ofLongs(limit), DenseArrayAttr.ofLongs(filled(rank, 1))));
            } else {
                Value startTensor = b.constI64s(start);
                Value stridesTensor = b.constI64s(filled(rank, 1));
                List<Value> limitValues = new ArrayList<>();
                for (int d = 0; d < rank; d++) {
                    if (d == groupDim) {
                        limitValues.add(b.constI64(index + 1));
                    } else {
                        limitValues.add(b.convert(Hlo.scalarType(I64), b.getDimensionSize(groupSizes, d)));
                    }
                }
                List<Value> parts = new ArrayList<>();
                for (Value v : limitValues) parts.add(b.reshape(Hlo.vectorType(1, I64), v));
                Value limitTensor = Hlo.v(ConcatenateOp.createWithTypes(b.r, b.loc,
                        List.of(Hlo.vectorType(rank, I64)), parts, Hlo.i64(0)));
                long[] sliceShape = groupSizesTy.shape();
                sliceShape[groupDim] = 1;
                slice = Hlo.v(RealDynamicSliceOp.create(b.r, b.loc,
                        new RankedTensorType(sliceShape, groupSizesTy.elementType()), groupSizes, startTensor,
                        limitTensor, stridesTensor));
            }
            Value size = b.reshape(new RankedTensorType(batchShape, groupSizesTy.elementType()), slice);
            if (!groupSizesTy.elementType().equals(I64)) size = b.convert(new RankedTensorType(batchShape, I64), size);
            return size;
        }

        /** lhs where the iota lies in [start, limit) (broadcast over the batch), zero elsewhere. */
        private Value mask(Value zero, Value start, Value limit, Value iota) {
            long[] batchDims = range(0, groupSizesTy.rank() - 1);
            Value startB = broadcastToLhs(start, batchDims);
            Value limitB = broadcastToLhs(limit, batchDims);
            Value iotaB = broadcastToLhs(iota, range(0, lhsTy.rank()));
            Value inGroup = b.and(b.compare("GE", iotaB, startB), b.compare("LT", iotaB, limitB));
            return b.select(inGroup, op.lhs(), zero);
        }

        private Value dot(Type type, Value lhs, Value rhs, long[] rhsBatching, long[] rhsContracting) {
            DotDimensionNumbersAttr dnums = new DotDimensionNumbersAttr(boxed(dn.lhsBatching()), boxed(rhsBatching),
                    boxed(dn.lhsContracting()), boxed(rhsContracting));
            return Hlo.v(DotGeneralOp.createWithTypes(b.r, b.loc, List.of(type), lhs, rhs, dnums, precision, null));
        }

        /** Ragged non-contracting lhs dimension: lhs [b, m, k], rhs [g, b, k, n], result [b, m, n]. */
        String mode1() {
            if (dn.rhsGroup().length != 1 || dn.lhsRagged().length != 1) return "expected one ragged and one group dimension";
            int rhsGroupDim = (int) dn.rhsGroup()[0];
            int lhsRaggedDim = (int) dn.lhsRagged()[0];
            long g = rhsTy.dim(rhsGroupDim);
            if (g == ShapedType.DYNAMIC) return "dynamic group count not supported";
            Value start = initialStart();
            Value iota = raggedIota(lhsRaggedDim);
            Value zero = lhsZero();
            long[] rhsBatching = new long[dn.rhsBatching().length];
            for (int i = 0; i < rhsBatching.length; i++) rhsBatching[i] = adjust(dn.rhsBatching()[i], rhsGroupDim);
            long[] rhsContracting = new long[dn.rhsContracting().length];
            for (int i = 0; i < rhsContracting.length; i++) rhsContracting[i] = adjust(dn.rhsContracting()[i], rhsGroupDim);
            int rhsRank = rhsTy.rank();
            Value out = null;
            for (long i = 0; i < g; i++) {
                Value limit = b.add(start, groupSize(i));
                Value lhsMasked = mask(zero, start, limit, iota);
                Value rhsReshaped;
                long[] reshapedShape = new long[rhsRank - 1];
                for (int d = 0, j = 0; d < rhsRank; d++) if (d != rhsGroupDim) reshapedShape[j++] = rhsTy.dim(d);
                RankedTensorType reshapedType = new RankedTensorType(reshapedShape, rhsTy.elementType());
                if (rhsTy.hasStaticShape()) {
                    long[] s = filled(rhsRank, 0);
                    s[rhsGroupDim] = i;
                    long[] l = rhsTy.shape();
                    l[rhsGroupDim] = i + 1;
                    Value sliced = Hlo.v(SliceOp.create(b.r, b.loc, op.rhs(), DenseArrayAttr.ofLongs(s),
                            DenseArrayAttr.ofLongs(l), DenseArrayAttr.ofLongs(filled(rhsRank, 1))));
                    rhsReshaped = b.reshape(reshapedType, sliced);
                } else {
                    List<Value> startParts = new ArrayList<>();
                    List<Value> limitParts = new ArrayList<>();
                    for (int d = 0; d < rhsRank; d++) {
                        if (d == rhsGroupDim) {
                            startParts.add(b.constI64s(i));
                            limitParts.add(b.constI64s(i + 1));
                        } else {
                            startParts.add(b.constI64s(0));
                            limitParts.add(b.dimSizeI64x1(op.rhs(), d));
                        }
                    }
                    RankedTensorType vec = Hlo.vectorType(rhsRank, I64);
                    Value startTensor = Hlo.v(ConcatenateOp.createWithTypes(b.r, b.loc, List.of(vec), startParts, Hlo.i64(0)));
                    Value limitTensor = Hlo.v(ConcatenateOp.createWithTypes(b.r, b.loc, List.of(vec), limitParts, Hlo.i64(0)));
                    Value strides = b.constI64s(filled(rhsRank, 1));
                    long[] sliceShape = rhsTy.shape();
                    sliceShape[rhsGroupDim] = 1;
                    Value sliced = Hlo.v(RealDynamicSliceOp.create(b.r, b.loc,
                            new RankedTensorType(sliceShape, rhsTy.elementType()), op.rhs(), startTensor, limitTensor,
                            strides));
                    List<Value> reshapeParts = new ArrayList<>();
                    for (int d = 0; d < rhsRank; d++) if (d != rhsGroupDim) reshapeParts.add(limitParts.get(d));
                    Value newShape = Hlo.v(ConcatenateOp.createWithTypes(b.r, b.loc,
                            List.of(Hlo.vectorType(rhsRank - 1, I64)), reshapeParts, Hlo.i64(0)));
                    rhsReshaped = Hlo.v(DynamicReshapeOp.create(b.r, b.loc, reshapedType, sliced, newShape));
                }
                Value dot = dot(resultTy, lhsMasked, rhsReshaped, rhsBatching, rhsContracting);
                out = out == null ? dot : b.add(out, dot);
                start = limit;
            }
            if (out == null) return "no groups";
            b.r.replaceOp(op.operation(), List.of(out));
            return null;
        }

        private static long adjust(long dim, long groupDim) {
            return dim > groupDim ? dim - 1 : dim;
        }

        /** Ragged contracting dimension: lhs [b, m, k], rhs [b, k, n], result [g, b, m, n]. */
        String mode2() {
            if (dn.lhsRagged().length != 1) return "expected one ragged dimension";
            int lhsRaggedDim = (int) dn.lhsRagged()[0];
            long g = groupSizesTy.dim(groupSizesTy.rank() - 1);
            if (g == ShapedType.DYNAMIC) return "dynamic group count not supported";
            boolean contracting = false;
            for (int i = 0; i < Math.min(dn.lhsContracting().length, dn.rhsContracting().length); i++) {
                if (dn.lhsContracting()[i] == lhsRaggedDim) contracting = true;
            }
            if (!contracting) return "the ragged dimension is not contracting";
            Value start = initialStart();
            Value iota = raggedIota(lhsRaggedDim);
            Value zero = lhsZero();
            long[] resultShape = Arrays.copyOfRange(resultTy.shape(), 1, resultTy.rank());
            RankedTensorType dotType = new RankedTensorType(resultShape, resultTy.elementType());
            List<Value> results = new ArrayList<>();
            for (long i = 0; i < g; i++) {
                Value limit = b.add(start, groupSize(i));
                Value lhsMasked = mask(zero, start, limit, iota);
                results.add(dot(dotType, lhsMasked, op.rhs(), dn.rhsBatching(), dn.rhsContracting()));
                start = limit;
            }
            List<Value> stacked = new ArrayList<>();
            for (Value res : results) {
                RankedTensorType t = (RankedTensorType) res.type();
                long[] newShape = new long[t.rank() + 1];
                newShape[0] = 1;
                System.arraycopy(t.shape(), 0, newShape, 1, t.rank());
                RankedTensorType newType = new RankedTensorType(newShape, t.elementType());
                if (t.hasStaticShape()) {
                    stacked.add(b.reshape(newType, res));
                } else {
                    List<Value> sizes = new ArrayList<>();
                    sizes.add(b.constI64s(1));
                    for (int d = 0; d < t.rank(); d++) sizes.add(b.dimSizeI64x1(res, d));
                    Value shape = Hlo.v(ConcatenateOp.createWithTypes(b.r, b.loc,
                            List.of(Hlo.vectorType(t.rank() + 1, I64)), sizes, Hlo.i64(0)));
                    stacked.add(Hlo.v(DynamicReshapeOp.create(b.r, b.loc, newType, res, shape)));
                }
            }
            if (stacked.isEmpty()) return "no groups";
            b.r.replaceOp(op.operation(), List.of(b.concatenate(stacked, 0)));
            return null;
        }

        /** Ragged batch dimension: a batch dot_general, the groups being independent. */
        String mode3() {
            Value dot = dot(resultTy, op.lhs(), op.rhs(), dn.rhsBatching(), dn.rhsContracting());
            b.r.replaceOp(op.operation(), List.of(dot));
            return null;
        }
    }

    // ---- scan

    private static boolean scan(Operation operation, PatternRewriter rewriter) {
        ScanOp op = ScanOp.cast(operation);
        Hlo b = new Hlo(rewriter, operation.location());
        int dim = (int) op.dimension().longValue();
        List<Value> inputs = op.inputs();
        List<Value> inits = op.inits();
        int numCarries = inits.size();
        int numOutputs = operation.numResults() - numCarries;
        for (Value v : inputs) {
            if (!(v.type() instanceof RankedTensorType t) || dim >= t.rank()) {
                return rewriter.notifyMatchFailure(operation, "unranked input");
            }
        }
        for (int i = 0; i < numOutputs; i++) {
            if (!(operation.result(i).type() instanceof RankedTensorType t) || dim >= t.rank()) {
                return rewriter.notifyMatchFailure(operation, "unranked output");
            }
            if (!t.hasStaticShape() && inputs.isEmpty()) {
                return rewriter.notifyMatchFailure(operation, "cannot determine dynamic output shape without inputs");
            }
        }
        if (inputs.isEmpty() && (operation.numResults() == 0
                || !(operation.result(0).type() instanceof RankedTensorType t0) || dim >= t0.rank()
                || t0.dim(dim) == ShapedType.DYNAMIC)) {
            return rewriter.notifyMatchFailure(operation,
                    "cannot determine scan dimension size from empty inputs and dynamic result");
        }
        // 1. The scan dimension's size.
        Value scanDimSize;
        if (!inputs.isEmpty()) {
            scanDimSize = b.getDimensionSize(inputs.get(0), dim);
        } else {
            RankedTensorType resType = (RankedTensorType) operation.result(0).type();
            scanDimSize = b.constant(Hlo.splat(Hlo.scalarType(I32), java.math.BigInteger.valueOf((int) resType.dim(dim))));
        }
        scanDimSize = b.convert(Hlo.scalarType(I64), scanDimSize);
        // 2. The loop's initial values: the counter, the carries, and zero-filled outputs.
        List<Value> initial = new ArrayList<>();
        initial.add(b.constI64(0));
        initial.addAll(inits);
        for (int i = 0; i < numOutputs; i++) {
            RankedTensorType t = (RankedTensorType) operation.result(i).type();
            Value zero = b.constant(Hlo.splat(Hlo.scalarType(t.elementType()), java.math.BigInteger.ZERO));
            if (t.hasStaticShape()) {
                initial.add(b.broadcastInDim(t, zero));
            } else {
                // shaped like the input of the same index (the first input past the inputs)
                Value shape = b.shapeOf(inputs.get(i < inputs.size() ? i : 0));
                initial.add(b.dynamicBroadcastInDim(t, zero, shape));
            }
        }
        List<Type> whileTypes = new ArrayList<>();
        for (Value v : initial) whileTypes.add(v.type());
        // 3. The loop.
        Operation loop = WhileOp.createWithTypes(rewriter, b.loc, whileTypes, initial).operation();
        OpBuilder.InsertPoint ip = rewriter.saveInsertionPoint();
        List<org.stablehlo4j.ir.Location> locs = new ArrayList<>();
        for (int i = 0; i < whileTypes.size(); i++) locs.add(b.loc);
        Block cond = rewriter.createBlock(loop.region(0), whileTypes, locs);
        ReturnOp.create(rewriter, b.loc, List.of(b.compare("LT", cond.argument(0), scanDimSize)));
        Block body = rewriter.createBlock(loop.region(1), whileTypes, locs);
        scanBody(b, op, body, inputs, dim, numCarries, numOutputs, scanDimSize,
                op.isReverse() != null && op.isReverse().value());
        rewriter.restoreInsertionPoint(ip);
        // 4. The results: the outputs, then the carries.
        List<Value> replacements = new ArrayList<>();
        for (int i = 0; i < numOutputs; i++) replacements.add(loop.result(1 + numCarries + i));
        for (int i = 0; i < numCarries; i++) replacements.add(loop.result(1 + i));
        rewriter.replaceOp(operation, replacements);
        return true;
    }

    /** The loop body: slice the inputs at the position, run the scan's body, write the outputs, count on. */
    private static void scanBody(Hlo b, ScanOp op, Block body, List<Value> inputs, int dim, int numCarries,
                                 int numOutputs, Value scanDimSize, boolean reverse) {
        Value index = body.argument(0);
        // A reverse scan counts 0..N-1 as well but reads and writes position (N-1) - counter.
        Value pos = index;
        if (reverse) pos = b.sub(b.sub(scanDimSize, b.constI64(1)), index);
        List<Value> accs = new ArrayList<>(body.arguments().subList(1, 1 + numCarries));
        List<Value> outputs = new ArrayList<>(body.arguments().subList(1 + numCarries, 1 + numCarries + numOutputs));
        List<Value> sliced = new ArrayList<>();
        for (Value input : inputs) sliced.add(sliceAt(b, input, dim, pos));
        Block scanBlock = op.body().entry();
        IRMapping mapping = new IRMapping();
        for (int i = 0; i < scanBlock.numArguments(); i++) {
            mapping.map(scanBlock.argument(i), i < inputs.size() ? sliced.get(i) : accs.get(i - inputs.size()));
        }
        Operation terminator = scanBlock.terminator();
        for (Operation nested : scanBlock.operations()) {
            if (nested != terminator) b.r.clone(nested, mapping);
        }
        List<Value> results = new ArrayList<>();
        for (Value v : terminator.operands()) results.add(mapping.lookupOrDefault(v));
        List<Value> yield = new ArrayList<>();
        List<Value> updated = new ArrayList<>();
        for (int i = 0; i < numOutputs; i++) {
            Value current = outputs.get(i);
            RankedTensorType outType = (RankedTensorType) current.type();
            long[] elementShape = outType.shape();
            elementShape[dim] = 1;
            Value element = b.reshape(new RankedTensorType(elementShape, outType.elementType()), results.get(i));
            Value zero = b.constI64(0);
            List<Value> starts = new ArrayList<>();
            for (int d = 0; d < outType.rank(); d++) starts.add(d == dim ? pos : zero);
            updated.add(Hlo.v(DynamicUpdateSliceOp.create(b.r, b.loc, current, element, starts)));
        }
        yield.add(b.add(index, b.constI64(1)));
        yield.addAll(results.subList(results.size() - numCarries, results.size()));
        yield.addAll(updated);
        ReturnOp.create(b.r, b.loc, yield);
    }

    /** {@code input}'s slice of size 1 at {@code pos} along {@code dim}, with that dimension dropped. */
    private static Value sliceAt(Hlo b, Value input, int dim, Value pos) {
        RankedTensorType t = (RankedTensorType) input.type();
        int rank = t.rank();
        long[] sliceShape = t.shape();
        sliceShape[dim] = 1;
        Value slice;
        if (t.hasStaticShape()) {
            Value zero = b.constI64(0);
            List<Value> starts = new ArrayList<>();
            for (int d = 0; d < rank; d++) starts.add(d == dim ? pos : zero);
            slice = Hlo.v(DynamicSliceOp.create(b.r, b.loc, input, starts, DenseArrayAttr.ofLongs(sliceShape)));
        } else {
            Value zero = b.constI64(0);
            List<Value> startParts = new ArrayList<>();
            for (int d = 0; d < rank; d++) startParts.add(b.reshape(Hlo.vectorType(1, I64), d == dim ? pos : zero));
            Value startTensor = b.concatenate(startParts, 0);
            List<Value> limits = new ArrayList<>();
            for (int d = 0; d < rank; d++) {
                if (d == dim) {
                    limits.add(b.add(pos, b.constI64(1)));
                } else {
                    Value size = t.dim(d) == ShapedType.DYNAMIC ? b.getDimensionSize(input, d)
                            : b.constant(Hlo.splat(Hlo.scalarType(I32), java.math.BigInteger.valueOf((int) t.dim(d))));
                    limits.add(b.convert(Hlo.scalarType(I64), size));
                }
            }
            List<Value> limitParts = new ArrayList<>();
            for (Value v : limits) limitParts.add(b.reshape(Hlo.vectorType(1, I64), v));
            Value limitTensor = b.concatenate(limitParts, 0);
            Value strides = b.constI64s(filled(rank, 1));
            slice = Hlo.v(RealDynamicSliceOp.create(b.r, b.loc, new RankedTensorType(sliceShape, t.elementType()),
                    input, startTensor, limitTensor, strides));
        }
        long[] resultShape = new long[rank - 1];
        for (int d = 0, j = 0; d < rank; d++) if (d != dim) resultShape[j++] = sliceShape[d];
        return b.reshape(new RankedTensorType(resultShape, t.elementType()), slice);
    }
}
