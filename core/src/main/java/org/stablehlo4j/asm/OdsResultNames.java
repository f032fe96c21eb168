package org.stablehlo4j.asm;

import java.util.List;
import java.util.function.BiConsumer;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.TypedOp;
import org.stablehlo4j.ir.Value;

/**
 * The result names MLIR's ODS gives an op that declares several result groups, at least one of them named, and
 * does not implement {@code OpAsmOpInterface} itself: mlir-tblgen ({@code OpEmitter::genOpAsmInterface}) then
 * adds the interface with a {@code getAsmResultNames} that names the first value of each non-empty group after
 * the group (the empty name of an unnamed group meaning the next number). The printer thus writes
 * {@code %head, %tail = "d.split"(...)} even for an op printed in the generic form, and a group of several values
 * as {@code %name:N}.
 *
 * <p>The printer applies this to registered ops without a pretty printer; a pretty printer stands for the op's
 * own assembly hooks ({@link AsmPrinterCustomOp#resultNames}), which call this when the op has no others (the
 * declarative formats do).
 */
public final class OdsResultNames {
    private OdsResultNames() {}

    /**
     * Suggests the ODS-generated result names of {@code op} by its row {@code spec}: nothing when the row declares
     * fewer than two result groups or names none, or when the op's result count does not fit the row's groups.
     *
     * @param spec the op's row
     * @param op the op
     * @param setName receives each group's first result and the group's name (empty for an unnamed group)
     */
    public static void suggest(OpDefinition spec, Operation op, BiConsumer<Value, String> setName) {
        List<OpDefinition.ValueSpec> groups = spec.results();
        int n = groups.size();
        if (n < 2) return;
        boolean named = false;
        for (OpDefinition.ValueSpec g : groups) named |= !g.name().isEmpty();
        if (!named) return;
        int count = op.numResults();
        int[] sizes = TypedOp.groupSizes(groups, count, op.properties().get("resultSegmentSizes"));
        int total = 0;
        for (int i = 0; i < n; i++) {
            if (sizes[i] < 0 || (sizes[i] > 1 && groups.get(i).arity() != OpDefinition.Arity.VARIADIC)) return;
            total += sizes[i];
        }
        if (total != count) return;
        for (int i = 0, start = 0; i < n; start += sizes[i++]) {
            if (sizes[i] > 0) setName.accept(op.result(start), groups.get(i).name());
        }
    }
}
