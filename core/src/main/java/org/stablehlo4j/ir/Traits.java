package org.stablehlo4j.ir;

import java.util.List;
import java.util.function.BiPredicate;

/**
 * Making traits, and the bodies of the generic MLIR traits of {@link OpTrait} (IsTerminator,
 * SameOperandsAndResultShape, Elementwise, ...): each throws the diagnostic MLIR's {@code verifyTrait} emits, as a
 * {@link VerificationError}. Dialects make their own traits with {@link #rule} and hand them over with
 * {@link Dialect#implementTrait}.
 */
public final class Traits {
    private Traits() {}

    /**
     * A trait whose verification is {@code rule}.
     *
     * @param name upstream's name
     * @param rule the check, throwing a {@link VerificationError}
     * @param implied the traits it brings along ({@link OpTrait#implied})
     * @return the trait
     */
    public static OpTrait rule(String name, OpVerifier rule, OpTrait... implied) {
        return new Rule(name, rule, List.of(implied));
    }

    /**
     * A trait without rules of its own (effects, speculation, interfaces).
     *
     * @param name upstream's name
     * @return the trait
     */
    public static OpTrait marker(String name) {
        return new Rule(name, null, List.of());
    }

    /**
     * A trait the op rows name whose body a dialect supplies ({@link Dialect#implementTrait}; MLIR's promised
     * interfaces). Verifying it without the body is a programming error.
     *
     * @param name upstream's name
     * @return the trait
     */
    public static OpTrait promised(String name) {
        return new Rule(name, op -> {
            throw new IllegalStateException("trait " + name + " of '" + op.name()
                    + "' was promised but its dialect does not implement it");
        }, List.of());
    }

    /** The one implementation of the factories above. */
    private static final class Rule implements OpTrait {
        private final String name;
        private final OpVerifier rule;
        private final List<OpTrait> implied;

        Rule(String name, OpVerifier rule, List<OpTrait> implied) {
            this.name = name;
            this.rule = rule;
            this.implied = implied;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void verify(Operation op) {
            if (rule != null) rule.verify(op);
        }

        @Override
        public boolean hasVerifier() {
            return rule != null;
        }

        @Override
        public List<OpTrait> implied() {
            return implied;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The type of operand {@code i}, then of the results: {@code i} runs over operands and results together. */
    private static Type typeAt(Operation op, int i, int numOperands) {
        return i < numOperands ? op.operand(i).type() : op.result(i - numOperands).type();
    }

    /**
     * ODS's {@code AtLeastNOperands}: "expected n or more operands, but found m".
     *
     * @param op the op
     * @param n the least number of operands
     */
    public static void atLeastOperands(Operation op, int n) {
        if (op.numOperands() < n) {
            throw VerificationError.op(op, "expected " + n + " or more operands, but found " + op.numOperands());
        }
    }

    /**
     * ODS's {@code AtLeastNResults}: "expected n or more results, but found m".
     *
     * @param op the op
     * @param n the least number of results
     */
    public static void atLeastResults(Operation op, int n) {
        if (op.numResults() < n) {
            throw VerificationError.op(op, "expected " + n + " or more results, but found " + op.numResults());
        }
    }

    static void verifyTerminator(Operation op) {
        Block b = op.parent();
        if (b == null || b.terminator() != op) {
            throw VerificationError.op(op, "must be the last operation in the parent block");
        }
    }

    /**
     * The check of the "same/compatible ... for all operands (and results)" traits: {@code test(type, expected)}
     * holds for the type of each operand and, if {@code withResults}, of each result of {@code op}.
     *
     * @param op the op
     * @param withResults whether the results' types are checked too
     * @param expected what each type is held against
     * @param test the check of one type against {@code expected}
     * @param message the error when a type fails it
     * @throws VerificationError with {@code message} at the first type that fails
     */
    public static void requireAll(Operation op, boolean withResults, Type expected, BiPredicate<Type, Type> test,
                                  String message) {
        int nOperands = op.numOperands();
        int all = withResults ? nOperands + op.numResults() : nOperands;
        for (int i = 0; i < all; i++) {
            if (!test.test(typeAt(op, i, nOperands), expected)) throw VerificationError.op(op, message);
        }
    }

    /** Whether {@code type}'s element type is {@code element}. */
    private static boolean hasElementType(Type type, Type element) {
        return TypeCompat.elementType(type).equals(element);
    }

    static void verifySameOperandsAndResultShape(Operation op) {
        atLeastOperands(op, 1);
        atLeastResults(op, 1);
        requireAll(op, true, op.operand(0).type(), TypeCompat::compatibleShape,
                "requires the same shape for all operands and results");
    }

    static void verifySameOperandsAndResultElementType(Operation op) {
        atLeastOperands(op, 1);
        atLeastResults(op, 1);
        requireAll(op, true, TypeCompat.elementType(op.result(0).type()), Traits::hasElementType,
                "requires the same element type for all operands and results");
    }

    static void verifySameOperandsElementType(Operation op) {
        atLeastOperands(op, 1);
        requireAll(op, false, TypeCompat.elementType(op.operand(0).type()), Traits::hasElementType,
                "requires the same element type for all operands");
    }

    static void verifySameTypeOperands(Operation op) {
        if (op.numOperands() == 0) return;
        requireAll(op, false, op.operand(0).type(), Object::equals, "requires all operands to have the same type");
    }

    /** MLIR's Elementwise trait: non-scalar operands and results share one shape and kind of tensor. */
    static void verifyElementwise(Operation op) {
        int nOperands = op.numOperands();
        int nResults = op.numResults();
        int tensorOperands = 0;
        int tensorResults = 0;
        Type first = null;
        for (int i = 0; i < nOperands + nResults; i++) {
            Type t = typeAt(op, i, nOperands);
            if (!isTensor(t)) continue;
            if (i < nOperands) tensorOperands++;
            else tensorResults++;
            if (first == null) first = t;
        }
        if (tensorOperands == 0 && tensorResults == 0) return;
        if (tensorOperands == 0) {
            throw VerificationError.op(op, "if a result is non-scalar, then at least one operand must be non-scalar");
        }
        if (tensorResults == 0) {
            throw VerificationError.op(op,
                    "if an operand is non-scalar, then there must be at least one non-scalar result");
        }
        if (tensorResults != nResults) {
            throw VerificationError.op(op, "if an operand is non-scalar, then all results must be non-scalar");
        }
        Class<?> kind = first.getClass();
        int all = nOperands + nResults;
        for (int i = 0; i < all; i++) {
            Type t = typeAt(op, i, nOperands);
            if (isTensor(t) && t.getClass() != kind) {
                throw VerificationError.op(op, "all non-scalar operands/results must have the same shape and base type");
            }
        }
        // TypeCompat.compatibleShapes over the non-scalar types: each unordered pair once.
        for (int i = 0; i < all; i++) {
            Type a = typeAt(op, i, nOperands);
            if (!isTensor(a)) continue;
            for (int j = i + 1; j < all; j++) {
                Type b = typeAt(op, j, nOperands);
                if (isTensor(b) && !TypeCompat.compatibleShape(a, b)) {
                    throw VerificationError.op(op,
                            "all non-scalar operands/results must have the same shape and base type");
                }
            }
        }
    }

    private static boolean isTensor(Type t) {
        return t instanceof RankedTensorType || t instanceof UnrankedTensorType;
    }
}
