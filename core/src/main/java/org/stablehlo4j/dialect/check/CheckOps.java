package org.stablehlo4j.dialect.check;

import org.stablehlo4j.ir.OpDefinition;

import static org.stablehlo4j.ir.AttrKind.*;
import static org.stablehlo4j.ir.OpTrait.*;

import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpTable;

/**
 * The {@code check} dialect used by StableHLO's interpreter tests (upstream stablehlo/tests/CheckOps.td): one
 * {@link OpDefinition} row per op, in the same table style as the StableHLO dialect.
 */
public final class CheckOps {
    /** The check ops' table. */
    public static final DialectOpTable TABLE = OpTable.define("check", CheckOps::rows);

    private CheckOps() {}

    private static void rows(OpTable t) {
        t.op("expect_almost_eq_const")
                .in("lhs", "TensorOf<[AnyFloat, AnyComplex]>")
                .attr("value", ELEMENTS)
                .defAttr("tolerance", F64, "", "1e-4")
                .traits(NAMED_VALUES_MATCH)
                .format("$lhs `,` $value (`,` `tolerance` `=` $tolerance^)? attr-dict");
        t.op("expect_almost_eq")
                .in("lhs", "TensorOf<[AnyFloat, AnyComplex]>")
                .in("rhs", "TensorOf<[AnyFloat, AnyComplex]>")
                .defAttr("tolerance", F64, "", "1e-4")
                .traits(SAME_TYPE_OPERANDS)
                .format("$lhs `,` $rhs (`,` `tolerance` `=` $tolerance^)? attr-dict `:` type($lhs)");
        t.op("expect_eq_const")
                .in("lhs", "HLO_Tensor")
                .attr("value", ELEMENTS)
                .traits(NAMED_VALUES_MATCH)
                .format("$lhs `,` $value attr-dict");
        t.op("expect_eq")
                .in("lhs", "HLO_Tensor")
                .in("rhs", "HLO_Tensor")
                .traits(SAME_TYPE_OPERANDS)
                .format("$lhs `,` $rhs attr-dict `:` type($lhs)");
        t.op("expect_close")
                .in("actual", "TensorOf<[AnyFloat, AnyComplex]>")
                .in("expected", "TensorOf<[AnyFloat, AnyComplex]>")
                .defAttr("max_ulp_difference", UI64, "", "1")
                .defAttr("min_ulp_difference", UI64, "", "0")
                .traits(NAMED_VALUES_MATCH)
                .format("$actual `,` $expected `,` `max_ulp_difference` `=` $max_ulp_difference (`,` `min_ulp_difference` `=` $min_ulp_difference^)? `:` attr-dict type($actual) `,` type($expected)");
        t.op("expect_serialized_eq")
                .in("expected", "HLO_Tensor")
                .attr("probe_id", STRING)
                .defAttr("iteration", UI32, "", "0")
                .format("$expected `,` `probe_id` `=` $probe_id (`,` `iter` `=` $iteration^)? attr-dict `:` type($expected)");
    }
}
