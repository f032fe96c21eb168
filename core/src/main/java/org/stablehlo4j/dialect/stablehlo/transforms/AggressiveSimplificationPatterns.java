package org.stablehlo4j.dialect.stablehlo.transforms;

import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationSupport.anyConstant;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationSupport.mergeDiscardableAttributes;
import static org.stablehlo4j.dialect.stablehlo.transforms.AggressiveSimplificationSupport.stablehloConstant;

import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ComplexOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.ImagOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.dialect.stablehlo.ops.XorOp;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Value;

/**
 * The patterns of {@code --stablehlo-aggressive-simplification} (upstream's
 * {@code populateStablehloCanonicalizationPatterns}): {@link #populate} adds them all, for that pass and for
 * passes that combine them with others ({@code --stablehlo-target-independent-optimization}). This class holds
 * the element-wise ones of upstream's DRR file (constants to the right of commutative ops, additive and
 * multiplicative identities, {@code x - x}, {@code x ^ x}, boolean compares, complex/real/imag round trips);
 * {@link AggressiveSimplificationShapes} those of broadcasts, reshapes, transposes and the dynamic ops,
 * {@link AggressiveSimplificationStructure} those of ops with regions, tuples, concatenates, slices, gathers and
 * zero-extent tensors.
 *
 * <p>Benefits are upstream's: a DRR pattern's is the number of ops it matches (plus its {@code addBenefit}), a
 * C++ pattern's is 1.
 */
public final class AggressiveSimplificationPatterns {
    private AggressiveSimplificationPatterns() {}

    /**
     * Adds the simplification patterns to {@code patterns} (upstream's
     * {@code populateStablehloCanonicalizationPatterns}).
     *
     * @param patterns where the patterns go
     * @param ctx the context of the IR they will run on
     * @param options the options the patterns read ({@code fold-op-element-limit})
     * @return {@code patterns}
     */
    public static PatternSet populate(PatternSet patterns, Context ctx, AggressiveSimplificationOptions options) {
        addElementwise(patterns);
        AggressiveSimplificationShapes.addDrr(patterns);
        AggressiveSimplificationStructure.addDrr(patterns);
        AggressiveSimplificationStructure.addNative(patterns, ctx, options);
        AggressiveSimplificationShapes.addNative(patterns);
        AggressiveSimplificationShapes.addRefinements(patterns);
        return patterns;
    }

    /** Adds the element-wise patterns. */
    private static void addElementwise(PatternSet p) {
        for (String name : List.of(AddOp.NAME, AndOp.NAME, MaximumOp.NAME, MinimumOp.NAME, MultiplyOp.NAME, OrOp.NAME,
                XorOp.NAME)) {
            p.add(RewritePattern.of(name, 2, AggressiveSimplificationPatterns::constantToRhs));
        }
        // op(X, c) -> X, the identity merging the op's discardable attributes into X's producer
        p.add(rhsIdentity(AddOp.NAME, 1, false, AggressiveSimplificationSupport::isAnyZero, true));
        p.add(rhsIdentity(AndOp.NAME, 2, true, AggressiveSimplificationSupport::isIntAllOnes, true));
        p.add(rhsIdentity(MultiplyOp.NAME, 2, true, AggressiveSimplificationSupport::isAnyOne, true));
        p.add(rhsIdentity(OrOp.NAME, 2, true, AggressiveSimplificationSupport::isIntZero, true));
        p.add(rhsIdentity(SubtractOp.NAME, 2, true, AggressiveSimplificationSupport::isAnyZero, true));
        p.add(rhsIdentity(XorOp.NAME, 1, false, AggressiveSimplificationSupport::isIntZero, false));
        // op(X, c) -> c, the absorbing element
        p.add(rhsAbsorbing(AndOp.NAME, AggressiveSimplificationSupport::isIntZero, false));
        p.add(rhsAbsorbing(MultiplyOp.NAME, AggressiveSimplificationSupport::isIntZero, true));
        p.add(rhsAbsorbing(OrOp.NAME, AggressiveSimplificationSupport::isIntAllOnes, true));
        // x - x -> 0 (static integer tensors), x ^ x -> 0 (static tensors)
        p.add(RewritePattern.of(SubtractOp.NAME, 1, (op, r) -> sameOperandsToZero(op, r, true)));
        p.add(RewritePattern.of(XorOp.NAME, 1, (op, r) -> sameOperandsToZero(op, r, false)));
        // compare(X, false, NE) -> X and compare(X, true, EQ) -> X on booleans
        p.add(RewritePattern.of(CompareOp.NAME, 2, AggressiveSimplificationPatterns::booleanCompare));
        // convert(X) -> X when the types are equal
        p.add(RewritePattern.of(ConvertOp.NAME, 1, (op, r) -> {
            Value operand = op.operand(0);
            if (!operand.type().equals(op.result(0).type())) return false;
            return replaceMerging(op, r, operand);
        }));
        // complex(real(X), imag(X)) -> X; real(complex(A, B)) -> A; imag(complex(A, B)) -> B
        p.add(RewritePattern.of(ComplexOp.NAME, 3, (op, r) -> {
            Operation re = op.operand(0).definingOp();
            Operation im = op.operand(1).definingOp();
            if (re == null || im == null || !RealOp.is(re) || !ImagOp.is(im) || re.operand(0) != im.operand(0)) {
                return false;
            }
            r.replaceOp(op, List.of(re.operand(0)));
            return true;
        }));
        p.add(RewritePattern.of(RealOp.NAME, 2, (op, r) -> complexPart(op, r, 0)));
        p.add(RewritePattern.of(ImagOp.NAME, 2, (op, r) -> complexPart(op, r, 1)));
    }

    /** {@code op(cst, X) -> op(X, cst)} for a commutative op whose rhs is not a {@code stablehlo.constant}. */
    private static boolean constantToRhs(Operation op, PatternRewriter r) {
        Value lhs = op.operand(0);
        Value rhs = op.operand(1);
        if (stablehloConstant(lhs) == null || stablehloConstant(rhs) != null) return false;
        if (op.opName().definition() == null || !op.opName().definition().hasTrait(OpTrait.COMMUTATIVE)) return false;
        Operation swapped = r.create(op.location(), op.opName(), List.of(rhs, lhs),
                AggressiveSimplificationSupport.types(op.results()), op.properties());
        mergeDiscardableAttributes(op, swapped);
        r.replaceOp(op, swapped);
        return true;
    }

    /**
     * {@code op(X, c) -> X} when the rhs constant satisfies {@code identity}; {@code stablehloOnly} requires a
     * {@code stablehlo.constant} (else any constant-like op), {@code merge} merges the op's discardable attributes
     * into X's producer.
     */
    private static RewritePattern rhsIdentity(String root, int benefit, boolean stablehloOnly,
            Predicate<DenseElementsAttr> identity, boolean merge) {
        return RewritePattern.of(root, benefit, (op, r) -> {
            Value rhs = op.operand(1);
            if (!identity.test(stablehloOnly ? stablehloConstant(rhs) : anyConstant(rhs))) return false;
            if (merge) mergeDiscardableAttributes(op, op.operand(0));
            r.replaceOp(op, List.of(op.operand(0)));
            return true;
        });
    }

    /** {@code op(X, c) -> c} when the rhs {@code stablehlo.constant} satisfies {@code absorbing}. */
    private static RewritePattern rhsAbsorbing(String root, Predicate<DenseElementsAttr> absorbing, boolean merge) {
        return RewritePattern.of(root, 2, (op, r) -> {
            Value rhs = op.operand(1);
            if (!absorbing.test(stablehloConstant(rhs))) return false;
            if (merge) mergeDiscardableAttributes(op, rhs);
            r.replaceOp(op, List.of(rhs));
            return true;
        });
    }

    /** Replaces {@code op} by {@code with}, merging the op's discardable attributes into {@code with}'s producer. */
    static boolean replaceMerging(Operation op, PatternRewriter r, Value with) {
        mergeDiscardableAttributes(op, with);
        r.replaceOp(op, List.of(with));
        return true;
    }

    /** {@code op(X, X) -> 0} on a static tensor (of integers wider than {@code i1} when {@code intOnly}). */
    private static boolean sameOperandsToZero(Operation op, PatternRewriter r, boolean intOnly) {
        Value x = op.operand(0);
        if (x != op.operand(1) || !Constants.isStatic(x.type())) return false;
        if (intOnly && !(((RankedTensorType) x.type()).elementType() instanceof IntegerType it && it.width() > 1)) {
            return false;
        }
        Value zero = AggressiveSimplificationSupport.zeroLike(r, op.location(), x.type());
        if (zero == null) return false;
        r.replaceOp(op, List.of(zero));
        return true;
    }

    private static boolean booleanCompare(Operation op, PatternRewriter r) {
        DenseElementsAttr cst = stablehloConstant(op.operand(1));
        if (cst == null || !(cst.type().elementType() instanceof IntegerType it) || it.width() != 1) return false;
        if (!(CompareOp.cast(op).comparisonDirection() instanceof EnumAttr dir)) return false;
        boolean matches = dir.caseName().equals("NE") ? AggressiveSimplificationSupport.isIntZero(cst)
                : dir.caseName().equals("EQ") && AggressiveSimplificationSupport.isIntOne(cst);
        if (!matches) return false;
        r.replaceOp(op, List.of(op.operand(0)));
        return true;
    }

    /** {@code real/imag(complex(A, B))} -> A or B. */
    private static boolean complexPart(Operation op, PatternRewriter r, int part) {
        Operation def = op.operand(0).definingOp();
        if (def == null || !ComplexOp.is(def)) return false;
        r.replaceOp(op, List.of(def.operand(part)));
        return true;
    }

    /** A pattern from a function, for the other files of this pass. */
    static RewritePattern pattern(String root, int benefit, BiPredicate<Operation, PatternRewriter> fn) {
        return RewritePattern.of(root, benefit, fn);
    }
}
