package org.stablehlo4j.dialect.mlir;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTable;

/**
 * The few ops of upstream MLIR dialects (arith, tensor, cf) whose pretty forms StableHLO's tests use. Only these ops
 * are registered; the rest of those dialects stays provisionally accepted in the generic form.
 */
public final class MlirOps {
    public static final DialectOpTable ARITH = OpTable.define("arith", MlirOps::arith);
    /** The full name of {@code arith.constant}. */
    public static final String ARITH_CONSTANT = "arith.constant";
    public static final DialectOpTable TENSOR = OpTable.define("tensor", MlirOps::tensor);
    /** The full name of {@code tensor.dim}. */
    public static final String TENSOR_DIM = "tensor.dim";
    /** The control-flow ops ({@code cf.br}). */
    public static final DialectOpTable CF = OpTable.define("cf", MlirOps::cf);
    /** The full name of {@code cf.br}. */
    public static final String CF_BR = "cf.br";

    private MlirOps() {}

    private static void arith(OpTable t) {
        t.op("constant")
                .attr("value", ANY)
                .out("result", "AnyType")
                .traits(NO_MEMORY_EFFECT)
                .custom();
    }

    private static void tensor(OpTable t) {
        t.op("cast")
                .in("source", "AnyTensor")
                .out("dest", "AnyTensor")
                .traits(NO_MEMORY_EFFECT)
                .format("$source attr-dict `:` type($source) `to` type($dest)");
        // attr-dict $source `,` $index `:` type($source), the index operand and the result of type index
        t.op("dim")
                .in("source", "AnyNonZeroRankedOrUnrankedTensor")
                .in("index", "Index")
                .out("result", "Index")
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

    /** Every row. */
    public static List<OpDefinition> all() {
        List<OpDefinition> out = new ArrayList<>(ARITH.all());
        out.addAll(TENSOR.all());
        out.addAll(CF.all());
        return out;
    }

}
