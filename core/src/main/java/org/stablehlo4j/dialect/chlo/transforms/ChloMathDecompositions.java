package org.stablehlo4j.dialect.chlo.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;

/**
 * The decompositions of CHLO's special functions into StableHLO, as upstream's {@code --chlo-legalize-to-stablehlo}
 * makes them (its {@code ChloDecompositionPatternsMath.td} templates and the C++ patterns of
 * {@code ChloLegalizeToStablehlo.cpp}), op for op: the same ops with the same constants in the same order.
 *
 * <ul>
 *   <li>{@link ChloTrigDecompositions}: {@code acos}, {@code acosh}, {@code asin}, {@code asinh}, {@code atan},
 *       {@code atanh} (real and complex), {@code asin_acos_kernel}, {@code cosh}, {@code sinh}, {@code tan},
 *       {@code square};</li>
 *   <li>{@link ChloErfDecompositions}: {@code erf}, {@code erfc}, {@code erf_inv};</li>
 *   <li>{@link ChloGammaDecompositions}: {@code lgamma}, {@code digamma}, {@code zeta}, {@code polygamma};</li>
 *   <li>{@link ChloBesselDecompositions}: {@code bessel_i1e}.</li>
 * </ul>
 *
 * <p>Some decompositions create CHLO ops that other patterns lower in turn ({@code polygamma} makes
 * {@code lgamma}, {@code zeta} and {@code digamma}; {@code lgamma} makes {@code is_inf}; complex {@code asin}
 * makes {@code asin_acos_kernel}), and constants of dynamically shaped values are {@code chlo.constant_like}:
 * the pass runs these patterns with the rest of the CHLO lowering until none is left.
 */
public final class ChloMathDecompositions {
    private ChloMathDecompositions() {}

    /**
     * Adds one pattern per decomposed op.
     *
     * @param patterns the set to add them to
     */
    public static void addPatterns(PatternSet patterns) {
        ChloTrigDecompositions.addPatterns(patterns);
        ChloErfDecompositions.addPatterns(patterns);
        ChloGammaDecompositions.addPatterns(patterns);
        ChloBesselDecompositions.addPatterns(patterns);
    }

    /**
     * What a decomposition builds: the replacement of the op's one result, from its operands.
     *
     * @param <E> the emitter of the decomposition's ops
     */
    @FunctionalInterface
    interface Body<E extends MathEmitter> {
        /**
         * Creates the decomposition with {@code e} (at the rewriter's insertion point, the op's location).
         *
         * @param e the emitter
         * @param operands the op's operands
         * @return the value replacing the op's result
         */
        Value emit(E e, Value[] operands);
    }

    /**
     * Makes the emitter of one rewrite (a decomposition class's constructor).
     *
     * @param <E> the emitter type
     */
    @FunctionalInterface
    interface Emitters<E extends MathEmitter> {
        /**
         * An emitter at the rewriter's insertion point.
         *
         * @param r the rewriter
         * @param loc the op's location
         * @return the emitter
         */
        E at(PatternRewriter r, Location loc);
    }

    /** {@return a body applying a function of one operand to the op's operand} */
    static <E extends MathEmitter> Body<E> unary(BiFunction<E, Value, Value> f) {
        return (e, a) -> f.apply(e, a[0]);
    }

    /** {@return a body computing {@code f} in f32 for floats narrower than f32 ({@link MathEmitter#withUpcast})} */
    static <E extends MathEmitter> Body<E> upcast(Body<E> f) {
        return (e, a) -> e.withUpcast(a, x -> f.emit(e, x));
    }

    /**
     * {@return a body taking {@code f64} for f64 operands and {@code f32} otherwise, computed in f32 for floats
     * narrower than f32 (the Cephes approximations' split)}
     */
    static <E extends MathEmitter> Body<E> f64OrUpcast(Body<E> f64, Body<E> f32) {
        Body<E> narrow = upcast(f32);
        return (e, a) -> isF64(a[0]) ? f64.emit(e, a) : narrow.emit(e, a);
    }

    /** Element types of a real-valued function: floats. */
    static final Predicate<Value> REAL = v -> MathEmitter.elementType(v) instanceof FloatType;

    /** Element types of a complex-valued function: complex numbers of floats. */
    static final Predicate<Value> COMPLEX = v -> MathEmitter.elementType(v) instanceof ComplexType c
            && c.elementType() instanceof FloatType;

    /** Complex values of static shape (a decomposition that makes complex constants, which must be splats). */
    static final Predicate<Value> STATIC_COMPLEX = v -> COMPLEX.test(v)
            && v.type() instanceof RankedTensorType t && t.hasStaticShape();

    /** Floats of the four types upstream's Cephes approximations take: f64 as is, f32, f16 and bf16 in f32. */
    static final Predicate<Value> CEPHES_FLOAT = v -> MathEmitter.elementType(v) instanceof FloatType f
            && (f.kind() == FloatKind.F64 || f.kind() == FloatKind.F32 || f.kind() == FloatKind.F16
            || f.kind() == FloatKind.BF16);

    /** Whether {@code v} is of element type f64. */
    static boolean isF64(Value v) {
        return MathEmitter.elementType(v) instanceof FloatType f && f.kind() == FloatKind.F64;
    }

    /**
     * A pattern replacing an op of kind {@code rootName} by a decomposition when its first operand's type is
     * accepted.
     *
     * @param <E> the emitter of the decomposition
     * @param rootName the op's full name
     * @param accepts whether the first operand's type has a decomposition here
     * @param emitters makes the emitter of one rewrite
     * @param body the decomposition
     * @return the pattern
     */
    static <E extends MathEmitter> RewritePattern pattern(String rootName, Predicate<Value> accepts,
            Emitters<E> emitters, Body<E> body) {
        return new Decomposition<>(rootName, accepts, emitters, body);
    }

    /** One op's decomposition: checks the operand type, builds in place of the op and replaces its result. */
    private static final class Decomposition<E extends MathEmitter> extends RewritePattern {
        private final Predicate<Value> accepts;
        private final Emitters<E> emitters;
        private final Body<E> body;

        Decomposition(String rootName, Predicate<Value> accepts, Emitters<E> emitters, Body<E> body) {
            super(rootName, 1);
            this.accepts = accepts;
            this.emitters = emitters;
            this.body = body;
        }

        @Override
        public String debugName() {
            return "Decompose(" + rootName() + ")";
        }

        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            if (op.numResults() != 1 || op.numOperands() == 0) {
                return rewriter.notifyMatchFailure(op, "expected one result and operands");
            }
            List<Value> operands = new ArrayList<>(op.operands());
            for (Value v : operands) {
                if (!(v.type() instanceof RankedTensorType) && !(v.type() instanceof UnrankedTensorType)) {
                    return rewriter.notifyMatchFailure(op, "operands are not tensors");
                }
            }
            if (!accepts.test(operands.get(0))) return rewriter.notifyMatchFailure(op, "element type not decomposed");
            rewriter.setInsertionPoint(op);
            Value result = body.emit(emitters.at(rewriter, op.location()), operands.toArray(new Value[0]));
            rewriter.replaceOp(op, List.of(result));
            return true;
        }
    }

    /** Whether an element type is a float narrower than f32 (computed in f32 by the upcasting decompositions). */
    static boolean narrowerThanF32(Type elementType) {
        return elementType instanceof FloatType f && f.width() < 32;
    }
}
