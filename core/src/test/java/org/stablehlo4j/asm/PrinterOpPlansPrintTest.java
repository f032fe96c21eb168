package org.stablehlo4j.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.testing.SharedCorpus;
import org.stablehlo4j.testing.TestContexts;

/** The printer's per-name {@link PrinterOpPlans.Shape} says what {@code OpDefinition.fits} says, op for op. */
class PrinterOpPlansPrintTest {
    /** Registered ops in the generic form with fewer or more operands, results, regions than their rows allow. */
    private static final String MISSHAPEN = """
            func.func @f(%a: tensor<i32>) {
              %0 = "stablehlo.add"(%a) : (tensor<i32>) -> tensor<i32>
              %1 = "stablehlo.add"(%a, %a, %a) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
              %2:2 = "stablehlo.abs"(%a) : (tensor<i32>) -> (tensor<i32>, tensor<i32>)
              "stablehlo.abs"(%a) : (tensor<i32>) -> ()
              %3 = "stablehlo.compare"(%a, %a) : (tensor<i32>, tensor<i32>) -> tensor<i1>
              %4 = "stablehlo.while"(%a) : (tensor<i32>) -> tensor<i32>
              %5 = "stablehlo.abs"(%a) ({
              }) : (tensor<i32>) -> tensor<i32>
              "func.return"() : () -> ()
            }
            """;

    @Test
    void shapeFitsAsTheRowDoesOnTheUpstreamTests() throws Exception {
        Context context = TestContexts.standard();
        PrinterOpPlans plans = new PrinterOpPlans(context);
        int[] counts = new int[2];
        List<String> mismatches = new ArrayList<>();
        List<Path> files = new ArrayList<>(SharedCorpus.mlirFiles(SharedCorpus.upstream("stablehlo", "tests")));
        files.add(null);
        for (Path f : files) {
            String whole = f == null ? MISSHAPEN : Files.readString(f);
            for (String chunk : whole.split("(?m)^// -----$")) {
                ModuleOp module;
                try {
                    module = AsmParser.parse(context, chunk, new ParseOptions(String.valueOf(f), 1, true));
                } catch (DiagnosticException | RuntimeException e) {
                    continue;
                }
                module.op().walk((Operation op) -> {
                    PrinterOpPlans.Plan p = plans.plan(op.name());
                    if (p.spec() == null) return;
                    boolean expected = p.spec().fits(op, p.completeSignatures());
                    counts[expected ? 1 : 0]++;
                    if (p.shape().fits(op) != expected) mismatches.add(f + ": " + op.name());
                });
            }
        }
        assertEquals(List.of(), mismatches);
        assertTrue(counts[1] > 10_000, "ops that fit: " + counts[1]);
        assertTrue(counts[0] >= 3 + 7, "ops that do not fit: " + counts[0]);
    }
}
