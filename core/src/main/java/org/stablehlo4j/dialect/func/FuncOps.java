package org.stablehlo4j.dialect.func;

import org.stablehlo4j.ir.AttrKind;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpTable;

/**
 * The func dialect's op signatures: {@code func.func}, {@code func.return}, {@code func.call}, {@code func.constant}
 * and {@code func.call_indirect}. Their code (verifiers, symbol-use rules) is attached by {@link FuncOpHooks}, whose
 * table the dialect registers; the typed classes of this package ({@code FuncOp}, {@code ReturnOp}, {@code CallOp},
 * {@code ConstantOp}, {@code CallIndirectOp}) are generated from these rows at build time.
 */
public final class FuncOps {
    public static final String DIALECT = "func";

    /** The rows without their code: what the typed op classes are generated from. */
    public static final DialectOpTable SIGNATURES = OpTable.define(DIALECT, FuncOps::rows);

    private FuncOps() {}

    private static void rows(OpTable t) {
        t.op("func").attr("sym_name", AttrKind.STRING).attr("function_type", AttrKind.ANY)
                .optAttr("sym_visibility", AttrKind.STRING).optAttr("arg_attrs", AttrKind.ARRAY)
                .optAttr("res_attrs", AttrKind.ARRAY).optAttr("no_inline", AttrKind.UNIT).region("body")
                .traits(org.stablehlo4j.ir.OpTrait.FUNCTION_LIKE, org.stablehlo4j.ir.OpTrait.ISOLATED_FROM_ABOVE).custom();
        t.op("return").varIn("operands", "AnyType").traits(org.stablehlo4j.ir.OpTrait.TERMINATOR).custom();
        t.op("call").varIn("operands", "AnyType").varOut("results", "AnyType")
                .attr("callee", AttrKind.FLAT_SYMBOL_REF).optAttr("arg_attrs", AttrKind.ARRAY)
                .optAttr("res_attrs", AttrKind.ARRAY).optAttr("no_inline", AttrKind.UNIT)
                .traits(org.stablehlo4j.ir.OpTrait.CALL_LIKE).custom();
        // func.constant @f : (...) -> (...): a function as a value (MLIR's FuncOps.td), used by call_indirect
        t.op("constant").attr("value", AttrKind.FLAT_SYMBOL_REF).out("", "AnyType")
                .traits(org.stablehlo4j.ir.OpTrait.PURE).custom();
        // func.call_indirect %f(operands) : (...) -> (...): a call of a function value; the callee is unknown
        t.op("call_indirect").in("callee", "FunctionType").varIn("callee_operands", "AnyType")
                .optAttr("arg_attrs", AttrKind.ARRAY).optAttr("res_attrs", AttrKind.ARRAY)
                .varOut("results", "AnyType").custom();
    }
}
