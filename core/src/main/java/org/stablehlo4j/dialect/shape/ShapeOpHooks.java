package org.stablehlo4j.dialect.shape;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.dialect.mlir.IntElements;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OpHooks;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ReturnTypeCompatibility;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The code of the shape ops (beside {@link ShapeOps}' signatures, upstream's {@code Shape.cpp}): verifiers, result
 * type inference with its compatibility rules, and the folders of the constants and of shape computations on
 * constants. {@link #TABLE} is what the dialect registers and what the typed classes compare with.
 */
public final class ShapeOpHooks {
    /** A size and an index are compatible results (declared before {@link #TABLE}, which reads it). */
    private static final ReturnTypeCompatibility SIZE_OR_INDEX = ShapeRules::sizeOrIndexCompatible;

    /** The shape rows with their code. */
    public static final DialectOpTable TABLE = ShapeOps.SIGNATURES.withHooks(ShapeOpHooks::hooks);

    private ShapeOpHooks() {}

    private static void hooks(OpHooks h) {
        h.op("add").verifier(ShapeRules::verifySizeOrIndex).inferTypes(ShapeRules::sizeIfAnySize)
                .ext(ReturnTypeCompatibility.class, SIZE_OR_INDEX)
                .folder((op, c) -> {
                    if (isIndex(c[1], 0)) return List.of(op.operand(0));
                    Long a = IntElements.scalar(c[0]);
                    Long b = IntElements.scalar(c[1]);
                    return a == null || b == null ? null : List.of(index(a + b));
                });
        h.op("broadcast").verifier(ShapeRules::verifyShapeOrExtentTensor).folder(ShapeOpHooks::foldBroadcast)
                .canonicalization(ShapeBroadcastCanonicalization.BROADCAST);
        h.op("const_shape").verifier(ShapeRules::verifyConstShape).inferTypes(ShapeRules::constShape)
                .ext(ReturnTypeCompatibility.class, ShapeRules::constShapeCompatible)
                .folder((op, c) -> op.attr("shape") == null ? null : List.of(op.attr("shape")));
        h.op("const_size").verifier(ShapeRules::verifyConstSize).folder((op, c) -> op.attr("value") == null ? null : List.of(op.attr("value")));
        h.op("div").verifier(ShapeRules::verifySizeOrIndex).inferTypes(ShapeRules::sizeIfAnySize)
                .ext(ReturnTypeCompatibility.class, SIZE_OR_INDEX)
                .folder((op, c) -> {
                    Long a = IntElements.scalar(c[0]);
                    Long b = IntElements.scalar(c[1]);
                    // rounds toward negative infinity
                    return a == null || b == null || b == 0 ? null : List.of(index(Math.floorDiv(a, b)));
                });
        h.op("rank").verifier(ShapeRules::verifySizeOrIndex).inferTypes(ShapeRules::sizeIfShape)
                .ext(ReturnTypeCompatibility.class, SIZE_OR_INDEX)
                .folder((op, c) -> {
                    long[] shape = ShapeRules.constantExtents(c[0]);
                    return shape == null ? null : List.of(index(shape.length));
                });
        h.op("to_extent_tensor").folder((op, c) -> {
            long[] shape = ShapeRules.constantExtents(c[0]);
            return shape == null ? null : List.of(IntElements.of(ShapeTypes.extentTensor(shape.length), shape));
        });
        h.op("dim").inferTypes(op -> List.of(op.operand(1).type()))
                .ext(ReturnTypeCompatibility.class, SIZE_OR_INDEX)
                .folder((op, c) -> {
                    Long index = IntElements.scalar(c[1]);
                    if (index == null || !(op.operand(0).type() instanceof RankedTensorType t)) return null;
                    if (index < 0 || index >= t.rank() || t.dim(index.intValue()) < 0) return null;
                    return List.of(index(t.dim(index.intValue())));
                });
        h.op("get_extent").verifier(ShapeRules::verifySizeOrIndex).inferTypes(op -> List.of(IndexType.INSTANCE))
                .ext(ReturnTypeCompatibility.class, SIZE_OR_INDEX)
                .folder((op, c) -> {
                    long[] shape = ShapeRules.constantExtents(c[0]);
                    Long dim = ShapeRules.constantInt(op.operand(1));
                    if (shape == null || dim == null || dim < 0 || dim >= shape.length) return null;
                    return List.of(index(shape[dim.intValue()]));
                });
        h.op("index_to_size").folder((op, c) -> c[0] instanceof IntegerAttr ? List.of(c[0]) : null);
        h.op("max").inferTypes(ShapeRules::sameOrSize).ext(ReturnTypeCompatibility.class,
                ShapeRules::bothShapesOrSizes).folder((op, c) -> op.operand(0) == op.operand(1)
                        ? List.of(op.operand(0)) : null);
        h.op("meet").inferTypes(ShapeRules::meet).ext(ReturnTypeCompatibility.class, ShapeRules::meetCompatible);
        h.op("min").inferTypes(ShapeRules::sameOrSize).ext(ReturnTypeCompatibility.class,
                ShapeRules::bothShapesOrSizes).folder((op, c) -> op.operand(0) == op.operand(1)
                        ? List.of(op.operand(0)) : null);
        h.op("mul").verifier(ShapeRules::verifySizeOrIndex).inferTypes(ShapeRules::sizeIfAnySize)
                .ext(ReturnTypeCompatibility.class, SIZE_OR_INDEX)
                .folder((op, c) -> {
                    Long a = IntElements.scalar(c[0]);
                    Long b = IntElements.scalar(c[1]);
                    return a == null || b == null ? null : List.of(index(a * b));
                });
        h.op("num_elements").verifier(ShapeRules::verifySizeOrIndex).inferTypes(ShapeRules::sizeIfShape)
                .ext(ReturnTypeCompatibility.class, SIZE_OR_INDEX)
                .folder((op, c) -> {
                    long[] shape = ShapeRules.constantExtents(c[0]);
                    if (shape == null) return null;
                    long product = 1;
                    for (long e : shape) product *= e;
                    return List.of(index(product));
                });
        h.op("shape_of").verifier(ShapeRules::verifyShapeOrExtentTensor).inferTypes(ShapeRules::shapeOf)
                .ext(ReturnTypeCompatibility.class, ShapeRules::shapeOfCompatible)
                .canonicalization(ShapeBroadcastCanonicalization.STATIC_SHAPE_OF);
        h.op("size_to_index").folder((op, c) -> c[0] instanceof IntegerAttr ? List.of(c[0]) : null);
        h.op("concat").folder((op, c) -> {
            long[] lhs = ShapeRules.constantExtents(c[0]);
            long[] rhs = ShapeRules.constantExtents(c[1]);
            if (lhs == null || rhs == null) return null;
            long[] all = new long[lhs.length + rhs.length];
            System.arraycopy(lhs, 0, all, 0, lhs.length);
            System.arraycopy(rhs, 0, all, lhs.length, rhs.length);
            return List.of(IntElements.of(ShapeTypes.extentTensor(all.length), all));
        });
        h.op("assuming_all").verifier(ShapeRules::verifyAssumingAll);
        h.op("assuming").regionVerifier(ShapeRules::verifyAssuming)
                .canonicalization(ShapeCanonicalization.ASSUMING_WITH_TRUE);
        h.op("assuming_yield").verifier(ShapeRules::verifyAssumingYield);
        h.op("cstr_broadcastable").verifier(ShapeRules::verifyCstrBroadcastable)
                .folder(ShapeOpHooks::foldCstrBroadcastable)
                .canonicalization(ShapeBroadcastCanonicalization.CSTR_BROADCASTABLE);
        h.op("cstr_eq").folder((op, c) -> {
            for (Attribute a : c) if (a == null || !a.equals(c[0])) return null;
            return List.of(BoolAttr.TRUE);
        });
        h.op("const_witness").folder((op, c) -> op.attr("passing") == null ? null : List.of(op.attr("passing")));
        h.op("cstr_require").folder((op, c) -> {
            Long pred = IntElements.scalar(c[0]);
            return pred == null ? null : List.of(BoolAttr.of(pred != 0));
        });
    }

    private static IntegerAttr index(long v) {
        return IntElements.scalar(IndexType.INSTANCE, v);
    }

    private static boolean isIndex(Attribute a, long v) {
        Long s = IntElements.scalar(a);
        return s != null && s == v;
    }

    /** One operand of the result's type is the result; two constant shapes broadcast to a constant. */
    private static List<Object> foldBroadcast(Operation op, Attribute[] c) {
        if (op.numOperands() == 1) {
            return op.operand(0).type().equals(op.result(0).type()) ? List.of(op.operand(0)) : null;
        }
        if (op.numOperands() != 2) return null;
        long[] lhs = ShapeRules.constantExtents(c[0]);
        long[] rhs = ShapeRules.constantExtents(c[1]);
        if (lhs == null || rhs == null) return null;
        long[] result = broadcastedShape(lhs, rhs);
        return result == null ? null : List.of(IntElements.of(ShapeTypes.extentTensor(result.length), result));
    }

    /**
     * MLIR's {@code getBroadcastedShape} of two static shapes (also CHLO's shape reification folds with it).
     *
     * @param a one shape
     * @param b the other
     * @return the broadcast shape, or null when they do not broadcast
     */
    public static long[] broadcastedShape(long[] a, long[] b) {
        long[] out = (a.length >= b.length ? a : b).clone();
        for (int i = 1; i <= Math.min(a.length, b.length); i++) {
            long x = a[a.length - i];
            long y = b[b.length - i];
            if (x == y || y == 1) out[out.length - i] = x;
            else if (x == 1) out[out.length - i] = y;
            else return null;
        }
        return out;
    }

    /**
     * {@code cstr_broadcastable} holds when all operands but one are scalars, or when the constant or statically
     * known shapes broadcast; a failing one does not fold (it stands for an assertion).
     */
    private static List<Object> foldCstrBroadcastable(Operation op, Attribute[] c) {
        boolean nonScalarSeen = false;
        boolean atMostOne = true;
        for (Attribute a : c) {
            long[] shape = ShapeRules.constantExtents(a);
            if (shape == null || shape.length != 0) {
                if (nonScalarSeen) {
                    atMostOne = false;
                    break;
                }
                nonScalarSeen = true;
            }
        }
        if (atMostOne) return List.of(BoolAttr.TRUE);
        List<long[]> constants = new ArrayList<>();
        for (Attribute a : c) constants.add(ShapeRules.constantExtents(a));
        if (!constants.contains(null) && staticallyKnownBroadcastable(constants)) return List.of(BoolAttr.TRUE);
        List<long[]> known = new ArrayList<>();
        for (Value v : op.operands()) {
            long[] shape = knownShape(v);
            if (shape == null) return null;
            known.add(shape);
        }
        return staticallyKnownBroadcastable(known) ? List.of(BoolAttr.TRUE) : null;
    }

    /** The extents of {@code v} when a {@code shape_of} of a ranked value or a constant defines it ({@code getShapeVec}). */
    private static long[] knownShape(Value v) {
        Operation def = v.definingOp();
        if (def == null) return null;
        if (ShapeOfOp.is(def)) {
            return def.operand(0).type() instanceof RankedTensorType t ? t.shape() : null;
        }
        return ShapeRules.constantExtents(org.stablehlo4j.ir.Folder.constantValue(def));
    }

    /**
     * MLIR's {@code staticallyKnownBroadcastable}: in every column (from the right) the extents other than 1 are one
     * dynamic extent alone or all the same static one.
     */
    static boolean staticallyKnownBroadcastable(List<long[]> shapes) {
        int maxRank = 0;
        for (long[] s : shapes) maxRank = Math.max(maxRank, s.length);
        for (int i = 0; i < maxRank; i++) {
            boolean seenDynamic = false;
            Long nonOne = null;
            for (long[] s : shapes) {
                long dim = i >= s.length ? 1 : s[s.length - i - 1];
                if (dim == 1) continue;
                if (dim < 0) {
                    if (seenDynamic || nonOne != null) return false;
                    seenDynamic = true;
                }
                if (nonOne != null && dim != nonOne) return false;
                nonOne = dim;
            }
        }
        return true;
    }

    /**
     * The shape dialect's constants (MLIR's {@code ShapeDialect::materializeConstant}): a {@code shape.const_shape}
     * for a shape or an extent tensor of the value's length, a {@code shape.const_size} for a size, a
     * {@code shape.const_witness} for a witness, else an {@code arith.constant}.
     */
    static Operation materializeConstant(OpBuilder builder, Attribute value, Type type, Location loc) {
        if (ShapeTypes.SHAPE.equals(type) || ShapeTypes.isExtentTensor(type)) {
            if (!(value instanceof DenseElementsAttr d) || !(d.type().elementType() instanceof IndexType)) return null;
            // an extent tensor of another length (or of unknown length) is no constant of this type
            if (!ShapeTypes.SHAPE.equals(type) && !d.type().equals(type)) return null;
            return ConstShapeOp.createWithTypes(builder, loc, List.of(type), d).operation();
        }
        if (ShapeTypes.SIZE.equals(type)) {
            return value instanceof IntegerAttr i
                    ? ConstSizeOp.createWithTypes(builder, loc, List.of(type), i).operation() : null;
        }
        if (ShapeTypes.WITNESS.equals(type)) {
            return value instanceof BoolAttr b
                    ? ConstWitnessOp.createWithTypes(builder, loc, List.of(type), b).operation() : null;
        }
        Type valueType = value instanceof IntegerAttr i ? i.type()
                : value instanceof DenseElementsAttr d ? d.type() : null;
        if (valueType == null || !valueType.equals(type)) return null;
        if (!(type instanceof IndexType) && !(type instanceof ShapedType)
                && !(type instanceof org.stablehlo4j.ir.IntegerType)) {
            return null;
        }
        return org.stablehlo4j.dialect.mlir.ConstantOp.create(builder, loc, value).operation();
    }
}
