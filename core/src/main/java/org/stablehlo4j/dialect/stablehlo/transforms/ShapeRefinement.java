package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.func.CallOp;
import org.stablehlo4j.dialect.func.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.TypeInference;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;

/**
 * Refining the types of values in place, the core of shape refinement (upstream's {@code refineValues} and
 * {@code refineReturnTypes} of {@code StablehloRefineShapes.cpp}): a value's type becomes the most specific type
 * compatible with its current type and the refinement, when its users allow it. StableHLO, CHLO and Shardy ops
 * accept refined operands as they are; a {@code func.return} gets an {@code unrealized_conversion_cast} back to the
 * old type (removed, with the function type updated, by {@link RefinePatterns#UPDATE_FUNCTION_TYPE}); a
 * {@code func.call} is refined by its own pattern; any other user stops the refinement.
 */
final class ShapeRefinement {
    private ShapeRefinement() {}

    /**
     * A refinement of one (flattened) result: a shape (null for none, i.e. unranked), an element type (null for
     * none) and an encoding (null for none); upstream's {@code ShapedTypeComponents}.
     *
     * @param shape the dimension sizes, or null
     * @param elementType the element type, or null
     * @param encoding the encoding, or null
     */
    record Components(long[] shape, Type elementType, Attribute encoding) {
        /** A refinement of the shape alone. */
        static Components ofShape(long[] shape) {
            return new Components(shape, null, null);
        }

        /** The components of {@code t}: its shape, element type and encoding when ranked. */
        static Components of(Type t) {
            if (t instanceof RankedTensorType r) return new Components(r.shape(), r.elementType(), r.encoding());
            return new Components(null, t instanceof ShapedType s ? s.elementType() : null, null);
        }

        boolean hasRank() {
            return shape != null;
        }
    }

    /** The most specific type compatible with all of {@code types} ({@code hlo::inferMostSpecificType}), or null. */
    static Type mostSpecific(List<Type> types) {
        try {
            return TypeInference.mostSpecific(org.stablehlo4j.ir.Location.UNKNOWN, types);
        } catch (VerificationError e) {
            return null;
        }
    }

    /**
     * Refines {@code values} (of {@code op}, its results or its regions' arguments) to {@code types}. Fails without
     * a change when nothing gets more specific, a type is incompatible or a user does not accept refinement. On
     * success the users of every refined value are re-queued (reported modified).
     *
     * @return whether anything was refined
     */
    static boolean refineValues(PatternRewriter rewriter, Operation op, List<? extends Value> values,
                                List<Type> types) {
        if (values.size() != types.size()) {
            return rewriter.notifyMatchFailure(op, "refineValues failed for " + types + ": expected " + values.size()
                    + " types, got " + types.size());
        }
        List<Type> refined = new ArrayList<>(values.size());
        boolean needed = false;
        for (int i = 0; i < values.size(); i++) {
            Type current = values.get(i).type();
            Type r = mostSpecific(List.of(current, types.get(i)));
            if (r == null) {
                return rewriter.notifyMatchFailure(op, "inferMostSpecificType failed for " + print(current) + " and "
                        + print(types.get(i)));
            }
            refined.add(r);
            needed |= !current.equals(r);
        }
        if (!needed) return rewriter.notifyMatchFailure(op, "doesn't need refinement");
        // Every user of a value about to change must accept it (checked before anything changes).
        for (int i = 0; i < values.size(); i++) {
            Value v = values.get(i);
            if (v.type().equals(refined.get(i))) continue;
            for (Value.Use use : v.uses()) {
                if (!acceptsRefinedOperands(use.user())) {
                    return rewriter.notifyMatchFailure(op, "unsupported refinement: tried to refine " + print(v.type())
                            + " to " + print(refined.get(i)) + " for user " + use.user().name());
                }
            }
        }
        for (int i = 0; i < values.size(); i++) {
            Value v = values.get(i);
            Type unrefined = v.type();
            if (unrefined.equals(refined.get(i))) continue;
            v.setType(refined.get(i));
            List<Operation> users = new ArrayList<>();
            boolean usedByReturn = false;
            for (Value.Use use : v.uses()) {
                if (!users.contains(use.user())) users.add(use.user());
                usedByReturn |= ReturnOp.is(use.user());
            }
            for (Operation user : users) rewriter.modifyOpInPlace(user, () -> { });
            if (!usedByReturn) continue;
            // func.return keeps the function's old result type until UpdateFunctionType updates the signature.
            rewriter.setInsertionPointAfter(op);
            Operation cast = rewriter.create(op.location(), rewriter.opName(BuiltinOps.UNREALIZED_CONVERSION_CAST),
                    List.of(v), List.of(unrefined), DictionaryAttr.EMPTY, DictionaryAttr.EMPTY, 0, List.of());
            rewriter.replaceUsesWithIf(v, cast.result(0), use -> ReturnOp.is(use.user()));
        }
        return true;
    }

    /** Whether {@code user} keeps verifying with a refined operand (or is refined by a pattern of its own). */
    private static boolean acceptsRefinedOperands(Operation user) {
        String dialect = user.dialect();
        return dialect.equals("stablehlo") || dialect.equals("chlo") || dialect.equals("sdy") || ReturnOp.is(user)
                || CallOp.is(user);
    }

    /** Refines {@code op}'s results to {@code types} and re-queues {@code op} and its users. */
    static boolean refineReturnTypes(PatternRewriter rewriter, Operation op, List<Type> types) {
        if (!refineValues(rewriter, op, op.results(), types)) return false;
        rewriter.modifyOpInPlace(op, () -> { });
        return true;
    }

    /**
     * Refines {@code op}'s results (tuples flattened) by shape components: each refinement keeps the result's
     * element type (which it must match when it names one); encodings are not supported.
     */
    static boolean refineReturnComponents(PatternRewriter rewriter, Operation op, List<Components> refinements) {
        List<Type> flat = new ArrayList<>();
        for (Value r : op.results()) flatten(r.type(), flat);
        if (flat.size() != refinements.size()) {
            return rewriter.notifyMatchFailure(op, "refineReturnTypes failed: expected " + flat.size()
                    + " refinements, got " + refinements.size());
        }
        List<Type> refinedFlat = new ArrayList<>();
        for (int i = 0; i < flat.size(); i++) {
            Type current = flat.get(i);
            Components c = refinements.get(i);
            if (!(current instanceof ShapedType shaped)) {
                if (c.hasRank() || c.elementType() != null || c.encoding() != null) {
                    return rewriter.notifyMatchFailure(op, "refineTypes failed: unsupported refinement");
                }
                refinedFlat.add(current);
                continue;
            }
            Type element = shaped.elementType();
            if (c.elementType() != null && !element.equals(c.elementType())) {
                return rewriter.notifyMatchFailure(op, "refineTypes failed: expected compatible element types");
            }
            if (!(current instanceof RankedTensorType) && !c.hasRank()) {
                refinedFlat.add(current);
                continue;
            }
            Attribute encoding = current instanceof RankedTensorType r ? r.encoding() : null;
            if (encoding != null || c.encoding() != null) {
                return rewriter.notifyMatchFailure(op, "refineTypes failed: expected compatible encodings");
            }
            long[] shape = c.hasRank() ? c.shape() : ((RankedTensorType) current).shape();
            RankedTensorType refined = new RankedTensorType(shape, element);
            if (!TypeCompat.compatible(current, refined)) {
                return rewriter.notifyMatchFailure(op, "refineTypes failed: expected compatible shapes");
            }
            refinedFlat.add(refined);
        }
        List<Type> types = new ArrayList<>();
        int[] at = {0};
        for (Value r : op.results()) types.add(unflatten(r.type(), refinedFlat, at));
        return refineReturnTypes(rewriter, op, types);
    }

    /** Refines {@code op}'s only (or every flattened) result to shape {@code shape}. */
    static boolean refineReturnShape(PatternRewriter rewriter, Operation op, long[] shape) {
        return refineReturnComponents(rewriter, op, List.of(Components.ofShape(shape)));
    }

    /** Refines {@code op}'s result to the shape held by the integer constant {@code shapeValue}. */
    static boolean refineReturnShape(PatternRewriter rewriter, Operation op, Value shapeValue) {
        long[] shape = Constants.ints(shapeValue);
        if (shape == null) return rewriter.notifyMatchFailure(op, "expected constant output shape");
        return refineReturnShape(rewriter, op, shape);
    }

    /** Appends the leaves of {@code t} (tuples flattened in order) to {@code out}. */
    static void flatten(Type t, List<Type> out) {
        if (t instanceof TupleType tt) {
            for (Type e : tt.types()) flatten(e, out);
        } else {
            out.add(t);
        }
    }

    private static Type unflatten(Type prototype, List<Type> flat, int[] at) {
        if (prototype instanceof TupleType tt) {
            List<Type> parts = new ArrayList<>();
            for (Type e : tt.types()) parts.add(unflatten(e, flat, at));
            return new TupleType(parts);
        }
        return flat.get(at[0]++);
    }

    /** A type as diagnostics print it. */
    static String print(Type t) {
        return AsmPrinter.printType(t);
    }
}
