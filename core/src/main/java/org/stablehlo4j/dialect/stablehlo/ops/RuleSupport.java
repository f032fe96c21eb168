package org.stablehlo4j.dialect.stablehlo.ops;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.ResultTypeInference;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * What the rule classes share: types as diagnostics print them, an op's types, single-result inference, dimension
 * lists as arrays.
 */
public final class RuleSupport {
    private RuleSupport() {}

    /** A list of longs (a dimension list of an attribute) as an array. */
    static long[] longs(List<Long> values) {
        long[] out = new long[values.size()];
        for (int i = 0; i < out.length; i++) out[i] = values.get(i);
        return out;
    }

    /** Types as MLIR lists them in a diagnostic: each quoted, comma separated. */
    public static String quoted(List<Type> types) {
        StringBuilder sb = new StringBuilder();
        for (Type t : types) {
            if (sb.length() > 0) sb.append(", ");
            sb.append('\'').append(str(t)).append('\'');
        }
        return sb.toString();
    }

    /** Printed like MLIR prints a type inside a diagnostic. */
    public static String str(Type t) {
        return AsmPrinter.printType(t);
    }

    /** The operand types, then the result types. */
    public static List<Type> allTypes(Operation op) {
        List<Type> types = new ArrayList<>(op.numOperands() + op.numResults());
        for (Value v : op.operands()) types.add(v.type());
        for (Value v : op.results()) types.add(v.type());
        return types;
    }

    /** A single-result inference as a row's {@link ResultTypeInference} (null, no inference, stays null). */
    public interface SingleResult extends ResultTypeInference {
        Type inferOne(Operation op);

        @Override
        default List<Type> infer(Operation op) {
            Type t = inferOne(op);
            return t == null ? null : List.of(t);
        }
    }

    /** {@code f} as a row's inference. */
    public static ResultTypeInference single(SingleResult f) {
        return f;
    }
}
