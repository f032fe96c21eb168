package org.stablehlo4j.dialect.mlir;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTable;

/**
 * The signatures of the ops of upstream MLIR's arith, tensor and cf dialects that StableHLO's tests and passes use
 * (upstream {@code ArithOps.td}, {@code TensorOps.td}): operands, results, attributes and traits in upstream's
 * order, and the declarative formats where the format engine reads them. Plain data: their code (verifiers, type
 * inference, folders) is attached by {@link MlirOpHooks}, whose tables the dialects register, and the typed
 * classes of this package ({@code AddiOp}, {@code DimOp}, ...) are generated from these rows at build time. Ops
 * of these dialects that are not listed here are errors, as in MLIR.
 */
public final class MlirOps {
    /** The arith dialect's namespace. */
    public static final String ARITH_DIALECT = "arith";
    /** The tensor dialect's namespace. */
    public static final String TENSOR_DIALECT = "tensor";

    /** The arith rows without their code. */
    public static final DialectOpTable ARITH_SIGNATURES = OpTable.define(ARITH_DIALECT, MlirOps::arith);
    /** The tensor rows without their code. */
    public static final DialectOpTable TENSOR_SIGNATURES = OpTable.define(TENSOR_DIALECT, MlirOps::tensor);
    /** The control-flow ops ({@code cf.br}); they have no code of their own. */
    public static final DialectOpTable CF = OpTable.define("cf", MlirOps::cf);
    /** The full name of {@code cf.br}. */
    public static final String CF_BR = "cf.br";

    /** The type constraint of arith's integer operands ({@code SignlessIntegerOrIndexLike}). */
    static final String INT_LIKE = "SignlessIntegerOrIndexLike";

    private MlirOps() {}

    /**
     * Upstream's {@code Arith_IntBinaryOp}: {@code lhs} and {@code rhs} of one integer-like type, the result of that
     * type (SameOperandsAndResultType), result types inferred, a custom form; each op adds its traits.
     */
    private static OpTable.Row intBinary(OpTable.Row row) {
        return row.in("lhs", INT_LIKE).in("rhs", INT_LIKE)
                .out("result", INT_LIKE)
                .infers()
                .custom();
    }

    private static void arith(OpTable t) {
        t.op("constant")
                .attr("value", ANY)
                .out("result", "AnyType")
                .traits(CONSTANT_LIKE, NO_MEMORY_EFFECT, INFER_TYPE).infers()
                .custom();
        t.op("addi", "muli").with(MlirOps::intBinary).traits(NO_MEMORY_EFFECT, COMMUTATIVE, INFER_TYPE);
        // Arith_FloatBinaryOp (its fastmath flags are kept as an attribute)
        t.op("addf")
                .in("lhs", "AnyType").in("rhs", "AnyType")
                .out("result", "AnyType")
                .traits(NO_MEMORY_EFFECT, COMMUTATIVE, INFER_TYPE).infers()
                .custom();
        t.op("subi").with(MlirOps::intBinary).traits(NO_MEMORY_EFFECT, INFER_TYPE);
        // division by zero is undefined behavior: only speculatable with a known non-zero divisor
        t.op("divsi").with(MlirOps::intBinary).traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_TYPE);
        t.op("maxsi", "minsi").with(MlirOps::intBinary).traits(NO_MEMORY_EFFECT, COMMUTATIVE, INFER_TYPE);
        t.op("cmpi")
                .attr("predicate", I64, "CmpIPredicate")
                .in("lhs", INT_LIKE).in("rhs", INT_LIKE)
                .out("result", "BoolLike")
                .traits(NO_MEMORY_EFFECT, INFER_TYPE).infers()
                .custom();
        t.op("select")
                .in("condition", "BoolLike").in("true_value", "AnyType").in("false_value", "AnyType")
                .out("result", "AnyType")
                .traits(NO_MEMORY_EFFECT, INFER_TYPE).infers()
                .custom();
        t.op("index_cast")
                .in("in", INT_LIKE)
                .out("out", INT_LIKE)
                .traits(NO_MEMORY_EFFECT)
                .format("$in attr-dict `:` type($in) `to` type($out)");
    }

    private static void tensor(OpTable t) {
        t.op("cast")
                .in("source", "AnyTensor")
                .out("dest", "AnyTensor")
                .traits(NO_MEMORY_EFFECT)
                .format("$source attr-dict `:` type($source) `to` type($dest)");
        t.op("dim")
                .in("source", "AnyTensor").in("index", "Index")
                .out("result", "Index")
                .traits(CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, INFER_TYPE).infers()
                .custom();
        t.op("extract")
                .in("tensor", "AnyRankedTensor").varIn("indices", "Index")
                .out("result", "AnyType")
                .traits(NO_MEMORY_EFFECT, INFER_TYPE).infers()
                .custom();
        t.op("insert")
                .in("scalar", "AnyType").in("dest", "AnyRankedTensor").varIn("indices", "Index")
                .out("result", "AnyRankedTensor")
                .traits(NO_MEMORY_EFFECT, INFER_TYPE).infers()
                .custom();
        // the result type is given (TypesMatchWith derives the operands' types from it)
        t.op("from_elements")
                .varIn("elements", "AnyType")
                .out("result", "AnyStaticShapeTensor")
                .traits(NO_MEMORY_EFFECT)
                .custom();
    }

    private static void cf(OpTable t) {
        // $dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict
        t.op("br")
                .varIn("destOperands", "AnyType")
                .successors(1)
                .traits(PURE, TERMINATOR)
                .custom();
    }

    /** Every signature row, arith's, tensor's then cf's. */
    public static List<OpDefinition> all() {
        List<OpDefinition> out = new ArrayList<>(ARITH_SIGNATURES.all());
        out.addAll(TENSOR_SIGNATURES.all());
        out.addAll(CF.all());
        return out;
    }
}
