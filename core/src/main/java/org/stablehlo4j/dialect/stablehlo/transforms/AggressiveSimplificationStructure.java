package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationPatterns.pattern;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationShapes.rules;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationSupport.longs;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationSupport.mergeDiscardableAttributes;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.GatherDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.dialect.stablehlo.ops.GatherOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetTupleElementOp;
import org.stablehlo4j.dialect.stablehlo.ops.NotOp;
import org.stablehlo4j.dialect.stablehlo.ops.PadOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.SortOp;
import org.stablehlo4j.dialect.stablehlo.ops.StablehloDialect;
import org.stablehlo4j.dialect.stablehlo.ops.TupleOp;
import org.stablehlo4j.dialect.stablehlo.ops.WhileOp;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IRMapping;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The simplification patterns of ops with regions (reduce, sort, while), of compare and select, tuples,
 * concatenates, slices of concatenates, gathers at constant indices, pads of empty tensors, the custom calls'
 * unregistered backend config, and the generic one replacing zero-extent tensors by empty constants.
 */
final class AggressiveSimplificationStructure {
    private AggressiveSimplificationStructure() {}

    /** Adds upstream's DRR patterns of these ops. */
    static void addDrr(PatternSet p) {
        p.add(pattern(GetTupleElementOp.NAME, 2, (op, r) -> {
            Operation tuple = op.operand(0).definingOp();
            long index = GetTupleElementOp.cast(op).index().longValue();
            if (tuple == null || !TupleOp.is(tuple) || index < 0 || index >= tuple.numOperands()) return false;
            r.replaceOp(op, List.of(tuple.operand((int) index)));
            return true;
        }));
        p.add(pattern(ReduceOp.NAME, 1, (op, r) -> {
            ReduceOp reduce = ReduceOp.cast(op);
            if (reduce.dimensions().size() != 0) return false;
            r.replaceOp(op, reduce.inputs());
            return true;
        }));
        p.add(pattern(SelectOp.NAME, 3, AggressiveSimplificationStructure::selectOfBroadcastNot));
        p.add(pattern(SelectOp.NAME, 2, (op, r) -> {
            Operation not = op.operand(0).definingOp();
            if (not == null || !NotOp.is(not)) return false;
            Operation select = SelectOp.createWithTypes(r, op.location(), List.of(op.result(0).type()),
                    not.operand(0), op.operand(2), op.operand(1)).operation();
            mergeDiscardableAttributes(op, select);
            r.replaceOp(op, select);
            return true;
        }));
    }

    /** Adds upstream's C++ patterns of these ops, in its order, and the zero-extent one. */
    static void addNative(PatternSet p, Context ctx, AggressiveSimplificationOptions options) {
        rules(p, CompareOp.NAME, new int[] {1}, (o, r) -> compare(o, r));
        rules(p, ConcatenateOp.NAME, new int[] {1, 1, 1}, (o, r) -> concatenateFlatten(o, r), (o, r) -> {
            if (o.numOperands() != 1 || !o.operand(0).type().equals(o.result(0).type())) return false;
            r.replaceOp(o, List.of(o.operand(0)));
            return true;
        }, (o, r) -> concatenateRemoveEmpty(o, r));
        rules(p, CustomCallOp.NAME, new int[] {1}, (o, r) -> backendConfigToFfi(o, r));
        rules(p, GatherOp.NAME, new int[] {1}, (o, r) -> gatherToSlice(o, r));
        rules(p, PadOp.NAME, new int[] {1}, (o, r) -> padOfEmpty(o, r));
        rules(p, ReduceOp.NAME, new int[] {1, 1, 1}, (o, r) -> reduceOfEmpty(o, r),
                (o, r) -> reduceReturningOuterValues(o, r), (o, r) -> reduceUnusedResults(o, r));
        rules(p, SelectOp.NAME, new int[] {1}, (o, r) -> select(o, r, options));
        rules(p, SliceOp.NAME, new int[] {1}, (o, r) -> sliceOfConcatenate(o, r));
        rules(p, SortOp.NAME, new int[] {1, 1}, (o, r) -> sortDropUnused(o, r), (o, r) -> sortSetDimension(o, r));
        rules(p, TupleOp.NAME, new int[] {1}, (o, r) -> tupleIsRepacking(o, r));
        rules(p, WhileOp.NAME, new int[] {1}, (o, r) -> whileImplicitCapture(o, r));
        p.add(new ZeroExtentToEmptyConstant());
    }

    // ---- compare, select

    private static String direction(Operation compare) {
        return CompareOp.cast(compare).comparisonDirection() instanceof EnumAttr e ? e.caseName() : "";
    }

    private static String inverted(String direction) {
        return switch (direction) {
            case "GE" -> "LE";
            case "GT" -> "LT";
            case "LE" -> "GE";
            case "LT" -> "GT";
            default -> direction;
        };
    }

    /** compare(X, X) -> true/false; compare(cst, X) -> compare(X, cst) inverted; for integer comparisons only. */
    private static boolean compare(Operation op, PatternRewriter r) {
        CompareOp c = CompareOp.cast(op);
        if (!(c.compareType() instanceof EnumAttr type)
                || !(type.caseName().equals("SIGNED") || type.caseName().equals("UNSIGNED"))) {
            return false;
        }
        String dir = direction(op);
        if (c.lhs() == c.rhs()) {
            if (!(op.result(0).type() instanceof RankedTensorType t)) return false;
            boolean value = dir.equals("EQ") || dir.equals("GE") || dir.equals("LE");
            DenseElementsAttr splat = new DenseElementsAttr(t, new byte[] {(byte) (value ? 1 : 0)}, 0, 1, true);
            r.replaceOp(op, Constants.materialize(r, op.location(), splat).operation());
            return true;
        }
        if (Constants.constant(c.lhs()) == null || Constants.constant(c.rhs()) != null) return false;
        Value lhs = c.lhs();
        Value rhs = c.rhs();
        r.modifyOpInPlace(op, () -> {
            op.setProperties(op.properties().with("comparison_direction",
                    EnumAttr.of(StablehloEnum.COMPARISON_DIRECTION, inverted(dir))));
            op.setOperand(0, rhs);
            op.setOperand(1, lhs);
        });
        return true;
    }

    /** select(p, X, X) -> X; select of a constant predicate; an element-wise select of constants folded. */
    private static boolean select(Operation op, PatternRewriter r, AggressiveSimplificationOptions options) {
        Value onTrue = op.operand(1);
        Value onFalse = op.operand(2);
        if (onTrue == onFalse) {
            r.replaceOp(op, List.of(onTrue));
            return true;
        }
        DenseElementsAttr pred = AggressiveSimplificationSupport.anyConstant(op.operand(0));
        if (pred == null || !(pred.type() instanceof RankedTensorType pt)) return false;
        Long splat = AggressiveSimplificationSupport.splatInt(pred);
        if (splat != null) {
            r.replaceOp(op, List.of(splat != 0 ? onTrue : onFalse));
            return true;
        }
        if (pt.numElements() > options.foldOpElementLimit()) return false;
        byte[] t = bytesOf(onTrue);
        byte[] f = bytesOf(onFalse);
        if (t == null || f == null || !(op.result(0).type() instanceof RankedTensorType type) || t.length != f.length) {
            return false;
        }
        int n = (int) pt.numElements();
        byte[] p = Constants.expandedBytes(pred);
        if (p == null || n == 0 || t.length % n != 0) return false;
        int eb = t.length / n;
        byte[] out = new byte[t.length];
        for (int i = 0; i < n; i++) System.arraycopy(p[i] != 0 ? t : f, i * eb, out, i * eb, eb);
        r.replaceOp(op, Constants.materialize(r, op.location(), new DenseElementsAttr(type, out, 0, out.length, false))
                .operation());
        return true;
    }

    private static byte[] bytesOf(Value v) {
        DenseElementsAttr d = AggressiveSimplificationSupport.anyConstant(v);
        return d == null ? null : Constants.expandedBytes(d);
    }

    /** select(broadcast_in_dim(not(p)), t, f) -> select(broadcast_in_dim(p), f, t) when the broadcast has one use. */
    private static boolean selectOfBroadcastNot(Operation op, PatternRewriter r) {
        Operation broadcast = op.operand(0).definingOp();
        if (broadcast == null || !BroadcastInDimOp.is(broadcast) || !broadcast.result(0).hasOneUse()) return false;
        Operation not = broadcast.operand(0).definingOp();
        if (not == null || !NotOp.is(not)) return false;
        Value pred = BroadcastInDimOp.create(r, op.location(), broadcast.result(0).type(), not.operand(0),
                BroadcastInDimOp.cast(broadcast).broadcastDimensions()).result();
        r.replaceOp(op, SelectOp.createWithTypes(r, op.location(), List.of(op.result(0).type()), pred, op.operand(2),
                op.operand(1)).operation());
        return true;
    }

    // ---- concatenate, slice, gather, pad

    private static long concatDimension(Operation op) {
        return ConcatenateOp.cast(op).dimension().longValue();
    }

    /** concatenate(concatenate(X, Y), Z) -> concatenate(X, Y, Z) when the inner one has one use and the same axis. */
    private static boolean concatenateFlatten(Operation op, PatternRewriter r) {
        List<Value> flat = new ArrayList<>();
        boolean changed = false;
        for (Value v : op.operands()) {
            Operation def = v.definingOp();
            if (def != null && ConcatenateOp.is(def) && v.hasOneUse() && concatDimension(def) == concatDimension(op)) {
                flat.addAll(def.operands());
                changed = true;
            } else {
                flat.add(v);
            }
        }
        if (!changed) return false;
        withOperands(op, r, flat);
        return true;
    }

    /** Replaces {@code op} by a copy of it with {@code operands} (the operand count may change). */
    private static void withOperands(Operation op, PatternRewriter r, List<Value> operands) {
        r.replaceOp(op, r.create(op.location(), op.opName(), operands,
                AggressiveSimplificationSupport.types(op.results()), op.properties(), op.attributes(), 0, List.of()));
    }

    /** concatenate(X, Y, empty) -> concatenate(X, Y). */
    private static boolean concatenateRemoveEmpty(Operation op, PatternRewriter r) {
        int axis = (int) concatDimension(op);
        List<Value> kept = new ArrayList<>();
        for (Value v : op.operands()) {
            if (!(v.type() instanceof RankedTensorType t) || axis < 0 || axis >= t.rank() || t.dim(axis) != 0) kept.add(v);
        }
        if (kept.isEmpty() || kept.size() == op.numOperands()) return false;
        withOperands(op, r, kept);
        return true;
    }

    /** slice(concatenate(...)) -> slice of the concatenate of only the inputs the slice reads. */
    private static boolean sliceOfConcatenate(Operation op, PatternRewriter r) {
        if (!Constants.isStatic(op.result(0).type())) return false;
        Operation concat = op.operand(0).definingOp();
        if (concat == null || !ConcatenateOp.is(concat)) return false;
        int dim = (int) concatDimension(concat);
        SliceOp slice = SliceOp.cast(op);
        long[] start = longs(slice.startIndices());
        long[] limit = longs(slice.limitIndices());
        if (dim < 0 || dim >= start.length) return false;
        int n = concat.numOperands();
        int first = n;
        int end = n;
        long running = 0;
        long frontOffset = 0;
        for (int i = 0; i < n; i++) {
            if (!(concat.operand(i).type() instanceof RankedTensorType t) || t.dim(dim) == ShapedType.DYNAMIC) {
                return false;
            }
            long size = t.dim(dim);
            if (running + size > start[dim] && first == n) {
                first = i;
                frontOffset = running;
            }
            if (running < limit[dim]) end = i + 1;
            running += size;
        }
        int count = end - first;
        if (count <= 0 || count == n || count > 1 && !concat.result(0).hasOneUse()) return false;
        Value inputs = ConcatenateOp.create(r, concat.location(), new ArrayList<>(concat.operands().subList(first, end)),
                ConcatenateOp.cast(concat).dimension()).result();
        start[dim] -= frontOffset;
        limit[dim] -= frontOffset;
        r.replaceOp(op, SliceOp.create(r, op.location(), inputs, DenseArrayAttr.ofLongs(start),
                DenseArrayAttr.ofLongs(limit), slice.strides()).operation());
        return true;
    }

    /** gather at one constant index vector -> slice (and reshape away the collapsed dimensions). */
    private static boolean gatherToSlice(Operation op, PatternRewriter r) {
        GatherOp g = GatherOp.cast(op);
        DenseElementsAttr index = AggressiveSimplificationSupport.anyConstant(g.startIndices());
        if (index == null || !(g.dimensionNumbers() instanceof GatherDimensionNumbersAttr dnums)) return false;
        long[] indices = Constants.ints(index);
        if (indices == null || dnums.indexVectorDim() != 0 || ((RankedTensorType) index.type()).rank() > 1
                || indices.length != dnums.startIndexMap().size() || !Constants.isStatic(g.operand().type())) {
            return false;
        }
        RankedTensorType in = (RankedTensorType) g.operand().type();
        long[] end = longs(g.sliceSizes());
        long[] start = new long[end.length];
        for (int i = 0; i < indices.length; i++) {
            int d = dnums.startIndexMap().get(i).intValue();
            if (d < 0 || d >= end.length) return false;
            long offset = Math.max(0, Math.min(indices[i], in.dim(d) - end[d]));
            start[d] += offset;
            end[d] += offset;
        }
        long[] shape = new long[end.length];
        long[] strides = new long[end.length];
        List<Long> kept = new ArrayList<>();
        for (int i = 0; i < end.length; i++) {
            shape[i] = end[i] - start[i];
            strides[i] = 1;
            if (!dnums.collapsedSliceDims().contains((long) i)) kept.add(shape[i]);
        }
        Type element = ((RankedTensorType) op.result(0).type()).elementType();
        Value result = SliceOp.createWithTypes(r, op.location(), List.of(new RankedTensorType(shape, element)),
                g.operand(), DenseArrayAttr.ofLongs(start), DenseArrayAttr.ofLongs(end),
                DenseArrayAttr.ofLongs(strides)).result();
        if (!dnums.collapsedSliceDims().isEmpty()) {
            long[] reshaped = kept.stream().mapToLong(Long::longValue).toArray();
            result = ReshapeOp.create(r, op.location(), new RankedTensorType(reshaped, element), result).result();
        }
        result.setType(op.result(0).type());
        r.replaceOp(op, List.of(result));
        return true;
    }

    /** pad(empty, v) -> broadcast_in_dim(v) (static result shapes only). */
    private static boolean padOfEmpty(Operation op, PatternRewriter r) {
        Type in = op.operand(0).type();
        if (!Constants.isStatic(in) || ((RankedTensorType) in).numElements() != 0) return false;
        if (!Constants.isStatic(op.result(0).type())) return false;
        r.replaceOp(op, BroadcastInDimOp.create(r, op.location(), op.result(0).type(), op.operand(1),
                DenseArrayAttr.ofLongs()).operation());
        return true;
    }

    // ---- custom_call

    private static boolean backendConfigToFfi(Operation op, PatternRewriter r) {
        Attribute version = op.attr("api_version");
        long apiVersion = version == null ? 1 : version instanceof IntegerAttr i ? i.longValue() : -1;
        Attribute config = op.attr("mhlo.backend_config");
        if (apiVersion != 1 || config == null) return false;
        Attribute old = op.attr("backend_config");
        if (old != null && !(old instanceof org.stablehlo4j.ir.StringAttr s && s.value().isEmpty())) return false;
        r.modifyOpInPlace(op, () -> {
            op.setProperties(op.properties().with("backend_config", config)
                    .with("api_version", IntegerAttr.of(IntegerType.I32, 4)));
            op.setAttributes(op.attributes().with("mhlo.backend_config", null));
        });
        return true;
    }

    // ---- reduce

    private static boolean isEmptyStatic(Type t) {
        if (!(t instanceof RankedTensorType r)) return false;
        for (long d : r.shape()) if (d == 0) return true;
        return false;
    }

    /** reduce over empty inputs -> broadcasts of the init values (static shapes only). */
    private static boolean reduceOfEmpty(Operation op, PatternRewriter r) {
        ReduceOp reduce = ReduceOp.cast(op);
        if (reduce.inputs().isEmpty()) return false;
        Type first = reduce.inputs().get(0).type();
        if (!isEmptyStatic(first) || !Constants.isStatic(first)) return false;
        List<Value> results = new ArrayList<>();
        for (int i = 0; i < op.numResults(); i++) {
            results.add(BroadcastInDimOp.create(r, op.location(), op.result(i).type(), reduce.initValues().get(i),
                    DenseArrayAttr.ofLongs()).result());
        }
        r.replaceOp(op, results);
        return true;
    }

    /** A reduce whose body returns values defined outside it -> those values. */
    private static boolean reduceReturningOuterValues(Operation op, PatternRewriter r) {
        Region body = ReduceOp.cast(op).body();
        if (body.isEmpty() || body.entry().terminator() == null || !ReturnOp.is(body.entry().terminator())) return false;
        List<Value> returned = body.entry().terminator().operands();
        for (Value v : returned) if (definedIn(v, body)) return false;
        r.replaceOp(op, new ArrayList<>(returned));
        return true;
    }

    private static boolean definedIn(Value v, Region region) {
        Block block = v instanceof BlockArgument a ? a.owner()
                : v.definingOp() == null ? null : v.definingOp().parent();
        return block != null && block.parent() == region;
    }

    /** reduce(in_1, in_2, init_1, init_2) -> reduce(in_1, init_1) when result 2 and what computes it are unused. */
    private static boolean reduceUnusedResults(Operation op, PatternRewriter r) {
        int pairs = op.numResults();
        List<Integer> used = new ArrayList<>();
        for (int i = 0; i < pairs; i++) if (op.result(i).hasUses()) used.add(i);
        if (used.size() == pairs) return false;
        Region body = ReduceOp.cast(op).body();
        Block block = body.entry();
        if (block == null || op.numOperands() != 2 * pairs || block.numArguments() != 2 * pairs) return false;
        Operation ret = block.terminator();
        if (ret == null || ret.numOperands() != pairs) return false;
        Set<Operation> usedOps = new HashSet<>();
        BitSet usedArgs = new BitSet(2 * pairs);
        ArrayDeque<Value> work = new ArrayDeque<>();
        for (int i : used) {
            if (definedIn(ret.operand(i), body)) work.push(ret.operand(i));
            while (!work.isEmpty()) {
                Value v = work.pop();
                if (v instanceof BlockArgument a) {
                    int pair = a.index() % pairs;
                    usedArgs.set(pair);
                    usedArgs.set(pair + pairs);
                } else if (usedOps.add(v.definingOp())) {
                    for (Value operand : v.definingOp().operands()) if (definedIn(operand, body)) work.push(operand);
                }
            }
        }
        if (usedArgs.cardinality() != 2 * used.size()) {
            return r.notifyMatchFailure(op, "non-conservative case: " + used.size() + " return results should be "
                    + "matched with " + 2 * used.size() + " operands, but got " + usedArgs.cardinality());
        }
        List<Value> inputs = new ArrayList<>();
        List<Value> inits = new ArrayList<>();
        List<Type> resultTypes = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            if (!usedArgs.get(i)) continue;
            inputs.add(op.operand(i));
            inits.add(op.operand(i + pairs));
        }
        for (int i : used) resultTypes.add(op.result(i).type());
        Operation reduce = ReduceOp.createWithTypes(r, op.location(), resultTypes, inputs, inits,
                ReduceOp.cast(op).dimensions()).operation();
        Block newBlock = new Block();
        reduce.region(0).append(newBlock);
        IRMapping mapping = new IRMapping();
        for (BlockArgument a : block.arguments()) {
            if (usedArgs.get(a.index())) mapping.map(a, newBlock.addArgument(a.type(), a.location()));
        }
        org.stablehlo4j.ir.OpBuilder.InsertPoint saved = r.saveInsertionPoint();
        r.setInsertionPointToEnd(newBlock);
        for (Operation o = block.first(); o != null; o = o.next()) if (usedOps.contains(o)) r.clone(o, mapping);
        List<Value> returned = new ArrayList<>();
        for (int i : used) returned.add(mapping.lookupOrDefault(ret.operand(i)));
        ReturnOp.createWithTypes(r, ret.location(), List.of(), returned);
        r.restoreInsertionPoint(saved);
        List<Value> replacements = new ArrayList<>(op.results());
        for (int k = 0; k < used.size(); k++) replacements.set(used.get(k), reduce.result(k));
        r.replaceOp(op, replacements);
        return true;
    }

    // ---- sort

    /** Drops the sort operands whose results are unused and whose comparator arguments are unused. */
    private static boolean sortDropUnused(Operation op, PatternRewriter r) {
        Block block = SortOp.cast(op).comparator().entry();
        int n = op.numOperands();
        if (block == null || block.numArguments() != 2 * n) return false;
        BitSet erased = new BitSet(n);
        for (int i = 0; i < n; i++) {
            if (!op.result(i).hasUses() && !block.argument(2 * i).hasUses() && !block.argument(2 * i + 1).hasUses()) {
                erased.set(i);
            }
        }
        if (erased.isEmpty()) return false;
        List<Value> inputs = new ArrayList<>();
        for (int i = 0; i < n; i++) if (!erased.get(i)) inputs.add(op.operand(i));
        SortOp s = SortOp.cast(op);
        Operation sort = SortOp.createWithTypes(r, op.location(), AggressiveSimplificationSupport.types(inputs), inputs,
                s.dimension(), s.isStable()).operation();
        moveBody(s.comparator(), sort.region(0));
        for (int i = n - 1; i >= 0; i--) {
            if (!erased.get(i)) continue;
            block.eraseArgument(2 * i + 1);
            block.eraseArgument(2 * i);
        }
        List<Value> replacements = new ArrayList<>(op.results());
        for (int i = 0, j = 0; i < n; i++) if (!erased.get(i)) replacements.set(i, sort.result(j++));
        r.replaceOp(op, replacements);
        return true;
    }

    /** A sort with dimension -1 gets the last dimension. */
    private static boolean sortSetDimension(Operation op, PatternRewriter r) {
        SortOp s = SortOp.cast(op);
        if (op.numResults() == 0 || s.dimension() == null || s.dimension().longValue() != -1
                || !(op.result(0).type() instanceof RankedTensorType t)) {
            return false;
        }
        Operation sort = SortOp.createWithTypes(r, op.location(), AggressiveSimplificationSupport.types(op.results()),
                s.inputs(), IntegerAttr.of(IntegerType.I64, t.rank() - 1), s.isStable()).operation();
        moveBody(s.comparator(), sort.region(0));
        r.replaceOp(op, sort);
        return true;
    }

    /** Moves the blocks of {@code from} to the end of {@code to}. */
    private static void moveBody(Region from, Region to) {
        for (Block b : List.copyOf(from.blocks())) {
            from.remove(b);
            to.append(b);
        }
    }

    // ---- tuple, while

    /** tuple(get_tuple_element(X, 0), get_tuple_element(X, 1), ...) -> X. */
    private static boolean tupleIsRepacking(Operation op, PatternRewriter r) {
        if (op.numOperands() == 0) return false;
        Operation first = op.operand(0).definingOp();
        if (first == null || !GetTupleElementOp.is(first)) return false;
        Value source = first.operand(0);
        if (!source.type().equals(op.result(0).type())) return false;
        for (int i = 0; i < op.numOperands(); i++) {
            Operation e = op.operand(i).definingOp();
            if (e == null || !GetTupleElementOp.is(e) || GetTupleElementOp.cast(e).index().longValue() != i
                    || e.operand(0) != source) {
                return false;
            }
        }
        r.replaceOp(op, List.of(source));
        return true;
    }

    /** Values a while loop passes through unchanged become implicit captures of its regions. */
    private static boolean whileImplicitCapture(Operation op, PatternRewriter r) {
        WhileOp w = WhileOp.cast(op);
        Block cond = w.cond().entry();
        Block body = w.body().entry();
        int n = op.numOperands();
        if (cond == null || body == null || cond.numArguments() != n || body.numArguments() != n) return false;
        Operation ret = body.terminator();
        if (ret == null || ret.numOperands() != n) return false;
        BitSet invariant = new BitSet(n);
        for (int i = 0; i < n; i++) {
            Value returned = ret.operand(i);
            if (returned == op.operand(i) || returned == body.argument(i)) invariant.set(i);
        }
        if (invariant.isEmpty()) return false;
        List<Value> operands = new ArrayList<>();
        List<OpResult> kept = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (invariant.get(i)) {
                Value outer = op.operand(i);
                cond.argument(i).replaceAllUsesWith(outer);
                body.argument(i).replaceAllUsesWith(outer);
                r.replaceAllUsesWith(op.result(i), outer);
            } else {
                operands.add(op.operand(i));
                kept.add(op.result(i));
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            if (!invariant.get(i)) continue;
            cond.eraseArgument(i);
            body.eraseArgument(i);
        }
        List<Value> returned = new ArrayList<>();
        for (int i = 0; i < n; i++) if (!invariant.get(i)) returned.add(ret.operand(i));
        r.setInsertionPoint(ret);
        withOperands(ret, r, returned);
        r.setInsertionPoint(op);
        Operation loop = r.create(op.location(), op.opName(), operands, AggressiveSimplificationSupport.types(returned),
                op.properties(), op.attributes(), 2, List.of());
        moveBody(w.cond(), loop.region(0));
        moveBody(w.body(), loop.region(1));
        for (int k = 0; k < kept.size(); k++) r.replaceAllUsesWith(kept.get(k), loop.result(k));
        r.eraseOp(op);
        return true;
    }

    // ---- zero-extent tensors

    /** A static tensor type with no elements, or null. */
    private static RankedTensorType zeroExtent(Type t) {
        return t instanceof RankedTensorType r && r.hasStaticShape() && r.numElements() == 0 ? r : null;
    }

    private static Value emptyConstant(PatternRewriter r, org.stablehlo4j.ir.Location loc, RankedTensorType type) {
        return Constants.materialize(r, loc, new DenseElementsAttr(type, new byte[0], 0, 0, false)).output();
    }

    /**
     * Any StableHLO op without declared effects: its used zero-extent results become empty constants, and so do
     * its zero-extent operands that are not constants already.
     */
    private static final class ZeroExtentToEmptyConstant extends RewritePattern {
        ZeroExtentToEmptyConstant() {
            super(null, 1);
        }

        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter r) {
            if (!(op.opName().dialect() instanceof StablehloDialect) || ConstantOp.is(op)
                    || AggressiveSimplificationSupport.declaresEffect(op)) {
                return false;
            }
            boolean changed = false;
            for (OpResult result : op.results()) {
                RankedTensorType type = zeroExtent(result.type());
                if (type == null || !result.hasUses()) continue;
                r.replaceAllUsesWith(result, emptyConstant(r, op.location(), type));
                changed = true;
            }
            for (int i = 0; i < op.numOperands(); i++) {
                Value operand = op.operand(i);
                RankedTensorType type = zeroExtent(operand.type());
                if (type == null || operand.definingOp() != null && ConstantOp.is(operand.definingOp())) continue;
                Value empty = emptyConstant(r, op.location(), type);
                int index = i;
                r.modifyOpInPlace(op, () -> op.setOperand(index, empty));
                changed = true;
            }
            return changed;
        }
    }
}
