package org.stablehlo4j.dialect.mlir;

import java.util.List;
import java.util.function.LongBinaryOperator;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DenseStringElementsAttr;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpHooks;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;

/**
 * The code of the arith and tensor ops of {@link MlirOps} (upstream {@code ArithOps.cpp}, {@code TensorOps.cpp}):
 * verifiers, result type inference and folders. {@link #ARITH} and {@link #TENSOR} are what the dialects register
 * and what the typed op classes compare with.
 */
public final class MlirOpHooks {
    /** The arith rows with their code. */
    public static final DialectOpTable ARITH = MlirOps.ARITH_SIGNATURES.withHooks(MlirOpHooks::arith);
    /** The tensor rows with their code. */
    public static final DialectOpTable TENSOR = MlirOps.TENSOR_SIGNATURES.withHooks(MlirOpHooks::tensor);

    /** {@code arith.cmpi}'s predicates, by their {@code CmpIPredicate} value. */
    static final List<String> CMPI_PREDICATES = List.of("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt",
            "uge");

    private MlirOpHooks() {}

    private static void arith(OpHooks h) {
        h.op("constant").verifier(MlirOpHooks::verifyConstant).inferTypes(op -> List.of(constantType(op)))
                .folder((op, operands) -> op.attr("value") == null ? null : List.of(op.attr("value")));
        h.op("addi").verifier(MlirOpHooks::verifySameOperandsAndResultType).inferTypes(MlirOpHooks::lhsType)
                .folder((op, c) -> {
                    if (isInt(c[1], 0)) return List.of(op.operand(0));
                    if (isInt(c[0], 0)) return List.of(op.operand(1));
                    return binary(op, c, (a, b) -> a + b);
                });
        h.op("addf").verifier(MlirOpHooks::verifySameOperandsAndResultType).inferTypes(MlirOpHooks::lhsType);
        h.op("subi").verifier(MlirOpHooks::verifySameOperandsAndResultType).inferTypes(MlirOpHooks::lhsType)
                .folder((op, c) -> {
                    // x - x is zero (for tensors only of a static shape)
                    if (op.operand(0) == op.operand(1)) {
                        Type t = op.result(0).type();
                        if (IntElements.width(t) > 0) return List.of(IntElements.scalar(t, 0));
                        if (t instanceof RankedTensorType rt && rt.hasStaticShape()
                                && rt.numElements() <= IntElements.MAX_ELEMENTS) {
                            return List.of(IntElements.of(rt, new long[(int) rt.numElements()]));
                        }
                    }
                    if (isInt(c[1], 0)) return List.of(op.operand(0));
                    return binary(op, c, (a, b) -> a - b);
                });
        h.op("muli").verifier(MlirOpHooks::verifySameOperandsAndResultType).inferTypes(MlirOpHooks::lhsType)
                .folder((op, c) -> {
                    if (isInt(c[1], 1)) return List.of(op.operand(0));
                    if (isInt(c[0], 1)) return List.of(op.operand(1));
                    if (isInt(c[1], 0) && c[1] instanceof IntegerAttr) return List.of(c[1]);
                    if (isInt(c[0], 0) && c[0] instanceof IntegerAttr) return List.of(c[0]);
                    return binary(op, c, (a, b) -> a * b);
                });
        h.op("divsi").verifier(MlirOpHooks::verifySameOperandsAndResultType).inferTypes(MlirOpHooks::lhsType)
                .folder((op, c) -> {
                    if (isInt(c[1], 1)) return List.of(op.operand(0));
                    // division by zero and the overflowing MIN / -1 do not fold
                    return binary(op, c, (a, b) -> b == 0 || a == Long.MIN_VALUE && b == -1 ? NO_FOLD : a / b);
                });
        h.op("maxsi").verifier(MlirOpHooks::verifySameOperandsAndResultType).inferTypes(MlirOpHooks::lhsType)
                .folder((op, c) -> op.operand(0) == op.operand(1) ? List.of(op.operand(0))
                        : binary(op, c, Math::max));
        h.op("minsi").verifier(MlirOpHooks::verifySameOperandsAndResultType).inferTypes(MlirOpHooks::lhsType)
                .folder((op, c) -> op.operand(0) == op.operand(1) ? List.of(op.operand(0))
                        : binary(op, c, Math::min));
        h.op("cmpi").verifier(MlirOpHooks::verifyCmpi).inferTypes(op -> List.of(boolLike(op.operand(0).type())))
                .folder(MlirOpHooks::foldCmpi);
        h.op("select").verifier(MlirOpHooks::verifySelect).inferTypes(op -> List.of(op.operand(1).type()))
                .folder(MlirOpHooks::foldSelect);
        h.op("index_cast").verifier(MlirOpHooks::verifyIndexCast).folder(MlirOpHooks::foldIndexCast);
    }

    private static void tensor(OpHooks h) {
        h.op("cast").folder(TensorCastCanonicalization::fold)
                .canonicalization(TensorCastCanonicalization.CHAINED_CASTS);
        h.op("dim").inferTypes(op -> List.of(IndexType.INSTANCE)).folder(MlirOpHooks::foldDim);
        h.op("extract").verifier(MlirOpHooks::verifyExtract).inferTypes(MlirOpHooks::extractType)
                .folder(MlirOpHooks::foldExtract);
        h.op("insert").inferTypes(op -> List.of(op.operand(1).type()));
        h.op("from_elements").verifier(MlirOpHooks::verifyFromElements).folder(MlirOpHooks::foldFromElements);
    }

    // ============================================================================================ types

    /** The type of a constant's value: integer, float, bool or elements attributes; else an error. */
    static Type constantType(Operation op) {
        Attribute v = op.attr("value");
        if (v instanceof IntegerAttr i) return i.type();
        if (v instanceof FloatAttr f) return f.type();
        if (v instanceof BoolAttr) return IntegerType.I1;
        if (v instanceof DenseElementsAttr d) return d.type();
        if (v instanceof DenseResourceElementsAttr d) return d.type();
        if (v instanceof DenseStringElementsAttr d) return d.type();
        throw VerificationError.op(op, "value must be an integer, float, or elements attribute");
    }

    private static List<Type> lhsType(Operation op) {
        return List.of(op.operand(0).type());
    }

    /** {@code i1} in the shape of {@code t} (MLIR's {@code getI1SameShape}). */
    static Type boolLike(Type t) {
        if (t instanceof RankedTensorType r) return new RankedTensorType(r.shape(), IntegerType.I1, r.encoding());
        if (t instanceof UnrankedTensorType) return new UnrankedTensorType(IntegerType.I1);
        return IntegerType.I1;
    }

    private static List<Type> extractType(Operation op) {
        if (!(op.operand(0).type() instanceof ShapedType s)) {
            throw VerificationError.op(op, "operand #0 must be ranked tensor of any type values");
        }
        return List.of(s.elementType());
    }

    // ============================================================================================ verifiers

    private static void verifyConstant(Operation op) {
        Type declared = op.result(0).type();
        if (declared instanceof IntegerType it && !it.isSignless()) {
            throw VerificationError.op(op, "integer return type must be signless");
        }
        Type value = constantType(op);
        if (!value.equals(declared)) {
            throw VerificationError.op(op, "failed to verify that all of {value, result} have same type");
        }
    }

    private static void verifySameOperandsAndResultType(Operation op) {
        Type t = op.result(0).type();
        for (Value v : op.operands()) {
            if (!v.type().equals(t)) throw VerificationError.op(op, "requires the same type for all operands and results");
        }
    }

    private static void verifyCmpi(Operation op) {
        if (!op.operand(0).type().equals(op.operand(1).type())) {
            throw VerificationError.op(op, "failed to verify that all of {lhs, rhs} have same type");
        }
        if (!(op.attr("predicate") instanceof IntegerAttr p) || p.value().signum() < 0
                || p.value().compareTo(java.math.BigInteger.valueOf(CMPI_PREDICATES.size())) >= 0) {
            throw VerificationError.op(op, "attribute 'predicate' failed to satisfy constraint: allowed 64-bit "
                    + "signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9");
        }
        if (!op.result(0).type().equals(boolLike(op.operand(0).type()))) {
            throw VerificationError.op(op, "failed to verify that result type has i1 element type and same shape "
                    + "as operands");
        }
    }

    private static void verifySelect(Operation op) {
        Type t = op.result(0).type();
        if (!op.operand(1).type().equals(t) || !op.operand(2).type().equals(t)) {
            throw VerificationError.op(op, "failed to verify that all of {true_value, false_value, result} have "
                    + "same type");
        }
        Type cond = op.operand(0).type();
        if (cond.equals(IntegerType.I1)) return;
        if (!(cond instanceof ShapedType) || !cond.equals(boolLike(t))) {
            throw VerificationError.op(op, "expected condition type to have the same shape as the result type, "
                    + "expected '" + boolLike(t) + "', but got '" + cond + "'");
        }
    }

    private static void verifyIndexCast(Operation op) {
        Type in = op.operand(0).type();
        Type out = op.result(0).type();
        Type ie = in instanceof ShapedType s ? s.elementType() : in;
        Type oe = out instanceof ShapedType s ? s.elementType() : out;
        boolean shapes = in instanceof ShapedType == out instanceof ShapedType
                && (!(in instanceof RankedTensorType a) || !(out instanceof RankedTensorType b)
                        || java.util.Arrays.equals(a.shape(), b.shape()));
        boolean elements = ie instanceof IndexType && oe instanceof IntegerType oi && oi.isSignless()
                || oe instanceof IndexType && ie instanceof IntegerType ii && ii.isSignless();
        if (!shapes || !elements) {
            throw VerificationError.op(op, "operand type '" + in + "' and result type '" + out
                    + "' are cast incompatible");
        }
    }

    private static void verifyExtract(Operation op) {
        if (op.operand(0).type() instanceof RankedTensorType t && t.rank() != op.numOperands() - 1) {
            throw VerificationError.op(op, "incorrect number of indices for extract_element");
        }
    }

    private static void verifyFromElements(Operation op) {
        if (!(op.result(0).type() instanceof RankedTensorType t)) return;
        if (t.numElements() != op.numOperands()) {
            throw VerificationError.op(op, "expected " + t.numElements() + " operands, but found " + op.numOperands());
        }
        for (Value v : op.operands()) {
            if (!v.type().equals(t.elementType())) {
                throw VerificationError.op(op, "failed to verify that operand types match result element type");
            }
        }
    }

    // ============================================================================================ folders

    /** A value the scalar folds below return for "does not fold". */
    private static final long NO_FOLD = Long.MIN_VALUE + 0x5bd1e995L;

    /** Whether {@code a} is an integer constant (scalar, or elements all equal) of value {@code v}. */
    private static boolean isInt(Attribute a, long v) {
        Long s = IntElements.scalar(a);
        if (s != null) return s == v;
        if (a instanceof DenseElementsAttr d) {
            long[] values = IntElements.values(d);
            if (values == null) return false;
            for (long x : values) if (x != v) return false;
            return true;
        }
        return false;
    }

    /**
     * Folds a binary integer op of constant operands elementwise; {@code fn} computes on the sign-extended values
     * (NO_FOLD: does not fold) and the result wraps to the type, as arith's two's-complement arithmetic does.
     */
    private static List<Object> binary(Operation op, Attribute[] c, LongBinaryOperator fn) {
        Type t = op.result(0).type();
        if (c[0] == null || c[1] == null) return null;
        Long a = IntElements.scalar(c[0]);
        Long b = IntElements.scalar(c[1]);
        if (a != null && b != null) {
            if (IntElements.width(t) <= 0) return null;
            long r = fn.applyAsLong(a, b);
            return r == NO_FOLD ? null : List.of(IntElements.scalar(t, r));
        }
        if (c[0] instanceof DenseElementsAttr x && c[1] instanceof DenseElementsAttr y
                && t instanceof RankedTensorType rt) {
            long[] xs = IntElements.values(x);
            long[] ys = IntElements.values(y);
            if (xs == null || ys == null || xs.length != ys.length) return null;
            long[] out = new long[xs.length];
            for (int i = 0; i < xs.length; i++) {
                out[i] = fn.applyAsLong(xs[i], ys[i]);
                if (out[i] == NO_FOLD) return null;
            }
            return List.of(IntElements.of(rt, out));
        }
        return null;
    }

    /** {@code v} as an unsigned number of the type's width, for the unsigned predicates. */
    private static long unsigned(long v, Type t) {
        int w = IntElements.width(t);
        return w <= 0 || w >= 64 ? v : v & ((1L << w) - 1);
    }

    static boolean compare(int predicate, long a, long b, Type t) {
        return switch (predicate) {
            case 0 -> a == b;
            case 1 -> a != b;
            case 2 -> a < b;
            case 3 -> a <= b;
            case 4 -> a > b;
            case 5 -> a >= b;
            case 6 -> Long.compareUnsigned(unsigned(a, t), unsigned(b, t)) < 0;
            case 7 -> Long.compareUnsigned(unsigned(a, t), unsigned(b, t)) <= 0;
            case 8 -> Long.compareUnsigned(unsigned(a, t), unsigned(b, t)) > 0;
            default -> Long.compareUnsigned(unsigned(a, t), unsigned(b, t)) >= 0;
        };
    }

    private static List<Object> foldCmpi(Operation op, Attribute[] c) {
        if (!(op.attr("predicate") instanceof IntegerAttr p)) return null;
        int pred = p.value().intValue();
        if (pred < 0 || pred >= CMPI_PREDICATES.size()) return null;
        Type t = op.operand(0).type();
        if (op.operand(0) == op.operand(1) && op.result(0).type().equals(IntegerType.I1)) {
            // x == x, x <= x, x >= x hold; the strict ones and != do not
            boolean holds = pred == 0 || pred == 3 || pred == 5 || pred == 7 || pred == 9;
            return List.of(IntElements.scalar(IntegerType.I1, holds ? 1 : 0));
        }
        if (c[0] == null || c[1] == null) return null;
        Long a = IntElements.scalar(c[0]);
        Long b = IntElements.scalar(c[1]);
        if (a != null && b != null) return List.of(IntElements.scalar(IntegerType.I1, compare(pred, a, b, t) ? 1 : 0));
        if (c[0] instanceof DenseElementsAttr x && c[1] instanceof DenseElementsAttr y
                && op.result(0).type() instanceof RankedTensorType rt) {
            ShapedType xt = x.type();
            long[] xs = IntElements.values(x);
            long[] ys = IntElements.values(y);
            if (xs == null || ys == null || xs.length != ys.length) return null;
            long[] out = new long[xs.length];
            for (int i = 0; i < xs.length; i++) out[i] = compare(pred, xs[i], ys[i], xt.elementType()) ? 1 : 0;
            return List.of(IntElements.of(rt, out));
        }
        return null;
    }

    private static List<Object> foldSelect(Operation op, Attribute[] c) {
        if (op.operand(1) == op.operand(2)) return List.of(op.operand(1));
        Long cond = IntElements.scalar(c[0]);
        if (cond != null) return List.of(cond != 0 ? op.operand(1) : op.operand(2));
        return null;
    }

    private static List<Object> foldIndexCast(Operation op, Attribute[] c) {
        Type out = op.result(0).type();
        Long v = IntElements.scalar(c[0]);
        if (v != null && IntElements.width(out) > 0) return List.of(IntElements.scalar(out, v));
        if (c[0] instanceof DenseElementsAttr d && out instanceof RankedTensorType rt
                && IntElements.width(rt.elementType()) > 0) {
            long[] values = IntElements.values(d);
            return values == null ? null : List.of(IntElements.of(rt, values));
        }
        return null;
    }

    /** {@code tensor.dim} of a static dimension is that size. */
    private static List<Object> foldDim(Operation op, Attribute[] c) {
        Long index = IntElements.scalar(c[1]);
        if (index == null || !(op.operand(0).type() instanceof RankedTensorType t)) return null;
        if (index < 0 || index >= t.rank() || t.dim(index.intValue()) < 0) return null;
        return List.of(IntElements.scalar(IndexType.INSTANCE, t.dim(index.intValue())));
    }

    /** {@code tensor.extract} at constant indices of a constant tensor, or of a {@code tensor.from_elements}. */
    private static List<Object> foldExtract(Operation op, Attribute[] c) {
        if (!(op.operand(0).type() instanceof RankedTensorType t) || !t.hasStaticShape()) return null;
        long flat = 0;
        for (int i = 1; i < c.length; i++) {
            Long index = IntElements.scalar(c[i]);
            long size = t.dim(i - 1);
            if (index == null || index < 0 || index >= size) return null;
            flat = flat * size + index;
        }
        if (c[0] instanceof DenseElementsAttr d) {
            long[] values = IntElements.values(d);
            return values == null || flat >= values.length ? null
                    : List.of(IntElements.scalar(t.elementType(), values[(int) flat]));
        }
        Operation def = op.operand(0).definingOp();
        if (def != null && FromElementsOp.is(def) && flat < def.numOperands()) {
            return List.of(def.operand((int) flat));
        }
        return null;
    }

    /** {@code tensor.from_elements} of constant integers is a constant tensor. */
    private static List<Object> foldFromElements(Operation op, Attribute[] c) {
        if (!(op.result(0).type() instanceof RankedTensorType t) || IntElements.width(t.elementType()) <= 0
                || t.numElements() != c.length) {
            return null;
        }
        long[] values = new long[c.length];
        for (int i = 0; i < c.length; i++) {
            Long v = IntElements.scalar(c[i]);
            if (v == null) return null;
            values[i] = v;
        }
        return List.of(IntElements.of(t, values));
    }

    /**
     * The constant {@code value} of {@code type} as an {@code arith.constant} (MLIR's
     * {@code arith::ConstantOp::materialize}): when the value is a typed attribute of exactly that type.
     *
     * @param builder where to create it
     * @param value the value
     * @param type the result type
     * @param loc the location
     * @return the constant op, or null
     */
    static Operation materializeConstant(org.stablehlo4j.ir.OpBuilder builder, Attribute value, Type type,
                                         org.stablehlo4j.ir.Location loc) {
        Type valueType;
        if (value instanceof IntegerAttr i) valueType = i.type();
        else if (value instanceof FloatAttr f) valueType = f.type();
        else if (value instanceof BoolAttr) valueType = IntegerType.I1;
        else if (value instanceof DenseElementsAttr d) valueType = d.type();
        else return null;
        if (!valueType.equals(type) || type instanceof IntegerType it && !it.isSignless()) return null;
        return ConstantOp.create(builder, loc, value).operation();
    }
}
