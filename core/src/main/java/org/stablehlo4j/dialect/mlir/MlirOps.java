package org.stablehlo4j.dialect.mlir;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTable;

/**
 * The few ops of upstream MLIR dialects (arith, tensor) whose pretty forms StableHLO's tests use. Only these ops
 * are registered; the rest of those dialects stays provisionally accepted in the generic form.
 */
public final class MlirOps {
    public static final DialectOpTable ARITH = OpTable.define("arith", MlirOps::arith);
    /** The full name of {@code arith.constant}. */
    public static final String ARITH_CONSTANT = "arith.constant";
    public static final DialectOpTable TENSOR = OpTable.define("tensor", MlirOps::tensor);

    private MlirOps() {}

    private static void arith(OpTable t) {
        // ConstantLike with its value as its fold, so m_Constant (ir.Folder.constantValue) sees it as upstream does
        t.op("constant")
                .attr("value", ANY)
                .out("result", "AnyType")
                .traits(CONSTANT_LIKE, NO_MEMORY_EFFECT)
                .custom()
                .folder((op, operands) -> op.attr("value") == null ? null : List.of(op.attr("value")));
    }

    private static void tensor(OpTable t) {
        t.op("cast")
                .in("source", "AnyTensor")
                .out("dest", "AnyTensor")
                .traits(NO_MEMORY_EFFECT)
                .format("$source attr-dict `:` type($source) `to` type($dest)");
    }

    /** Every row. */
    public static List<OpDefinition> all() {
        List<OpDefinition> out = new ArrayList<>(ARITH.all());
        out.addAll(TENSOR.all());
        return out;
    }

}
