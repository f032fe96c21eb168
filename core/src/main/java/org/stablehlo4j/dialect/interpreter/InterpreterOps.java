package org.stablehlo4j.dialect.interpreter;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpTable;

/**
 * The {@code interpreter} dialect of StableHLO's reference interpreter (upstream stablehlo/reference/
 * InterpreterOps.td): run_parallel, print and probe, one table row each.
 */
public final class InterpreterOps {
    /** The rows without their code (run_parallel's verifier is attached by {@link InterpreterOpHooks}). */
    public static final DialectOpTable SIGNATURES = OpTable.define("interpreter", InterpreterOps::rows);

    private InterpreterOps() {}

    private static void rows(OpTable t) {
        t.op("run_parallel")
                .varIn("inputs", "HLO_TensorOrToken")
                .optAttr("infeed", FLAT_SYMBOL_REF_ARRAY)
                .attr("programs", ARRAY)
                .varOut("results", "HLO_TensorOrToken");
        t.op("print")
                .in("operand", "HLO_Tensor")
                .format("$operand attr-dict `:` type($operand)");
        // SameOperandsAndResultType; with one operand and one result that is the pairwise match.
        t.op("probe")
                .in("operand", "HLO_Tensor")
                .attr("probe_id", STRING)
                .out("result", "HLO_Tensor")
                .traits(PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE)
                .format("$operand `,` `probe_id` `=` $probe_id attr-dict `:` type($result)");
    }
}
