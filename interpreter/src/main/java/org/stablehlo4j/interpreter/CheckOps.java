package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.check.ExpectAlmostEqConstOp;
import org.stablehlo4j.dialect.check.ExpectAlmostEqOp;
import org.stablehlo4j.dialect.check.ExpectCloseOp;
import org.stablehlo4j.dialect.check.ExpectEqConstOp;
import org.stablehlo4j.dialect.check.ExpectEqOp;
import org.stablehlo4j.dialect.check.ExpectSerializedEqOp;
import org.stablehlo4j.dialect.interpreter.PrintOp;
import org.stablehlo4j.dialect.interpreter.ProbeOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Value;

import java.util.List;
import java.util.Map;

/**
 * The check dialect ops and the {@code stablehlo.custom_call @check.*} forms that the interpreter driver accepts
 * (as {@code stablehlo-translate --interpret} does: expect_close allows 0..3 ULP, expect_almost_eq a 1e-3
 * tolerance, check.eq compares integers exactly and floats within 1e-4).
 */
final class CheckOps {
    private CheckOps() {}

    static void register(Map<OpDefinition, Interpreter.OpEval> ops) {
        ops.put(ExpectEqOp.DEFINITION, (in, op, a, sc, rt) -> check(op, () -> Checks.expectEq(t(a[0]), t(a[1]))));
        ops.put(ExpectEqConstOp.DEFINITION, (in, op, a, sc, rt) -> check(op, () -> Checks.expectEq(t(a[0]), constant(op))));
        ops.put(ExpectAlmostEqOp.DEFINITION, (in, op, a, sc, rt) ->
                check(op, () -> Checks.expectAlmostEq(t(a[0]), t(a[1]), tolerance(op))));
        ops.put(ExpectAlmostEqConstOp.DEFINITION, (in, op, a, sc, rt) ->
                check(op, () -> Checks.expectAlmostEq(t(a[0]), constant(op), tolerance(op))));
        ops.put(ExpectCloseOp.DEFINITION, (in, op, a, sc, rt) -> check(op, () -> Checks.expectClose(t(a[0]), t(a[1]),
                Interpreter.intAttr(op, "min_ulp_difference", 0), Interpreter.intAttr(op, "max_ulp_difference", 1))));
        ops.put(ExpectSerializedEqOp.DEFINITION, (in, op, a, sc, rt) -> check(op, () -> Probes.expectSerializedEq(in.session,
                t(a[0]), op.attr("probe_id") instanceof StringAttr s ? s.value() : "", Interpreter.intAttr(op, "iteration", 0))));
        ops.put(ProbeOp.DEFINITION, (in, op, a, sc, rt) -> List.of(Probes.probe(in.session, t(a[0]),
                op.attr("probe_id") instanceof StringAttr s ? s.value() : "")));
        ops.put(PrintOp.DEFINITION, (in, op, a, sc, rt) -> {
            in.session.print(valueName(op.operand(0)) + t(a[0]).print() + "\n");
            return List.of();
        });
        ops.put(CustomCallOp.DEFINITION, CheckOps::customCall);
    }

    /**
     * How {@code interpreter.print} names its operand: the start of the defining op as printed on its own
     * ({@code %0 = }, {@code %0:2 = } for several results), or {@code <} for a block argument (whose printed form
     * has no {@code =}).
     */
    private static String valueName(Value v) {
        if (!(v instanceof org.stablehlo4j.ir.OpResult r)) return "<";
        int n = r.owner().numResults();
        return n > 1 ? "%0:" + n + " = " : "%0 = ";
    }

    private static Tensor t(Object v) {
        return Interpreter.tensor(v);
    }

    private static Tensor constant(Operation op) {
        Attribute v = op.attr("value");
        if (v instanceof DenseElementsAttr d) return Tensor.fromAttr(d);
        throw new InterpreterException(op.name() + ": expected a dense 'value' attribute");
    }

    private static double tolerance(Operation op) {
        Attribute t = op.attr("tolerance");
        return t == null ? 1e-4 : Interpreter.floatValue(t);
    }

    private static List<Object> check(Operation op, Runnable body) {
        try {
            body.run();
        } catch (InterpreterException e) {
            throw new InterpreterException(op.name() + " failed: " + e.getMessage());
        }
        return List.of();
    }

    private static List<Object> customCall(Interpreter in, Operation op, Object[] a, Map<Value, Object> sc, RankedTensorType[] rt) {
        Attribute target = op.attr("call_target_name");
        String name = target instanceof StringAttr s ? s.value() : "";
        if (a.length == 2) {
            switch (name) {
                case ExpectCloseOp.NAME:
                    return check(op, () -> Checks.expectClose(t(a[0]), t(a[1]), 0, 3));
                case ExpectEqOp.NAME:
                    return check(op, () -> Checks.expectEq(t(a[0]), t(a[1])));
                case ExpectAlmostEqOp.NAME:
                    return check(op, () -> Checks.expectAlmostEq(t(a[0]), t(a[1]), 1e-3));
                case "check.eq": {
                    boolean ok = true;
                    try {
                        if (t(a[1]).ints != null) Checks.expectEq(t(a[0]), t(a[1]));
                        else Checks.expectAlmostEq(t(a[0]), t(a[1]), 1e-4);
                    } catch (InterpreterException e) {
                        ok = false;
                    }
                    Tensor r = Tensor.zeros(Interpreter.resultType(op, rt, 0));
                    r.ints[0] = ok ? 1 : 0;
                    if (!ok) throw new InterpreterException("stablehlo.custom_call(@check.eq) failed");
                    return List.of(r);
                }
                default:
                    break;
            }
        }
        return CustomCallKernels.forOp(op).eval(op, name, a);
    }
}
