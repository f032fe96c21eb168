package org.stablehlo4j.dialect.stablehlo.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.testing.SharedCorpus;
import org.stablehlo4j.testing.TestContexts;

/** The while form's allocation-free {@code canPrint} agrees with comparing the lists of types, op for op. */
class WhileCanPrintTest {
    /** The rule as stated: results and both regions' entry arguments have the operand types. */
    private static boolean byLists(Operation op) {
        if (op.numRegions() != 2) return false;
        List<Type> types = WhileReduceForms.types(op.operands());
        if (!WhileReduceForms.types(op.results()).equals(types)) return false;
        for (Region r : op.regions()) {
            if (r.entry() == null || !WhileReduceForms.types(r.entry().arguments()).equals(types)) return false;
        }
        return true;
    }

    @Test
    void agreesWithTheListsOnEveryUpstreamWhile() throws Exception {
        Context context = TestContexts.standard();
        int[] counts = new int[2];
        List<String> mismatches = new ArrayList<>();
        for (Path f : SharedCorpus.mlirFiles(SharedCorpus.upstream("stablehlo", "tests"))) {
            String whole = Files.readString(f);
            if (!whole.contains("while")) continue;
            for (String chunk : whole.split("(?m)^// -----$")) {
                ModuleOp module;
                try {
                    module = AsmParser.parse(context, chunk, new ParseOptions(f.toString(), 1, true));
                } catch (DiagnosticException | RuntimeException e) {
                    continue;
                }
                module.op().walk((Operation op) -> {
                    if (!op.name().equals("stablehlo.while")) return;
                    boolean expected = byLists(op);
                    counts[expected ? 1 : 0]++;
                    if (WhileReduceForms.WHILE.canPrint(op) != expected) mismatches.add(f.getFileName().toString());
                });
            }
        }
        assertEquals(List.of(), mismatches);
        assertTrue(counts[1] > 20, "printable whiles: " + counts[1]);
        assertTrue(counts[0] > 0, "whiles that are not: " + counts[0]);
    }
}
