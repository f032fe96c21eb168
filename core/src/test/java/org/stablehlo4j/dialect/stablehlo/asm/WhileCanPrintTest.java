package org.stablehlo4j.dialect.stablehlo.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.dialect.stablehlo.ops.WhileOp;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.testing.LossyPrettyForms;
import org.stablehlo4j.testing.SharedCorpus;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

/**
 * Which whiles get the pretty form: upstream prints it for every while that verifies (hlo::printWhileOp), also
 * when results or region arguments have types only compatible with the operand types.
 */
class WhileCanPrintTest {
    /** The rule as stated: results and both regions' entry arguments are compatible with the operand types. */
    private static boolean byLists(Operation op) {
        if (op.numRegions() != 2) return false;
        List<Type> types = WhileReduceForms.types(op.operands());
        if (!compatible(types, WhileReduceForms.types(op.results()))) return false;
        for (Region r : op.regions()) {
            if (r.entry() == null || !compatible(types, WhileReduceForms.types(r.entry().arguments()))) return false;
        }
        return true;
    }

    private static boolean compatible(List<Type> a, List<Type> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (!TypeCompat.compatible(a.get(i), b.get(i))) return false;
        return true;
    }

    @Test
    void agreesWithTheListsOnEveryUpstreamWhileAndPrintsEveryVerifiedOne() throws Exception {
        Context context = TestContexts.standard();
        int[] counts = new int[3];
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
                boolean verified;
                try {
                    Verifier.verify(context, module);
                    verified = true;
                } catch (DiagnosticException e) {
                    verified = false;
                }
                boolean moduleVerified = verified;
                module.op().walk((Operation op) -> {
                    if (!WhileOp.is(op)) return;
                    boolean expected = byLists(op);
                    counts[expected ? 1 : 0]++;
                    if (expected && LossyPrettyForms.isLossy(op)) counts[2]++;
                    boolean canPrint = WhileReduceForms.WHILE.canPrint(op);
                    if (canPrint != expected) mismatches.add(f.getFileName() + ": disagrees with the lists");
                    if (moduleVerified && !canPrint) mismatches.add(f.getFileName() + ": verified but generic");
                });
            }
        }
        assertEquals(List.of(), mismatches);
        assertTrue(counts[1] > 20, "printable whiles: " + counts[1]);
        assertTrue(counts[0] > 0, "whiles that are not: " + counts[0]);
        assertTrue(counts[2] >= 4, "printable whiles with only compatible types: " + counts[2]);
    }

    @Test
    void compatibleTypesPrintThePrettyFormWithTheOperandTypes() throws Exception {
        String text = """
                func.func @f(%arg0: tensor<4xf32>) -> tensor<?xf32> {
                  %0 = "stablehlo.while"(%arg0) ({
                  ^bb0(%arg1: tensor<?xf32>):
                    %1 = stablehlo.constant dense<true> : tensor<i1>
                    stablehlo.return %1 : tensor<i1>
                  }, {
                  ^bb0(%arg1: tensor<?xf32>):
                    stablehlo.return %arg1 : tensor<?xf32>
                  }) : (tensor<4xf32>) -> tensor<?xf32>
                  func.return %0 : tensor<?xf32>
                }
                """;
        Context context = TestContexts.standard();
        ModuleOp module = AsmParser.parse(context, text, ParseOptions.of("while.mlir"));
        Verifier.verify(context, module);
        String printed = AsmPrinter.print(context, module, PrintOptions.DEFAULT);
        assertTrue(printed.contains("%0 = stablehlo.while(%iterArg = %arg0) : tensor<4xf32>\n"), printed);
        assertTrue(printed.contains("stablehlo.return %iterArg : tensor<?xf32>"), printed);
        assertTrue(LossyPrettyForms.contains(module.op()));
        // Incompatible types (an op that cannot verify) keep the generic form, which says everything.
        String bad = text.replace("^bb0(%arg1: tensor<?xf32>):\n    %1", "^bb0(%arg1: tensor<3xf32>):\n    %1");
        ModuleOp unverified = AsmParser.parse(context, bad, ParseOptions.of("while.mlir"));
        String generic = AsmPrinter.print(context, unverified, PrintOptions.DEFAULT);
        assertTrue(generic.contains("\"stablehlo.while\"(%arg0)"), generic);
    }

    @Test
    void equalTypesAreNotLossy() throws Exception {
        String text = """
                func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
                  %0 = stablehlo.while(%iterArg = %arg0) : tensor<4xf32>
                  cond {
                    %1 = stablehlo.constant dense<true> : tensor<i1>
                    stablehlo.return %1 : tensor<i1>
                  } do {
                    stablehlo.return %iterArg : tensor<4xf32>
                  }
                  func.return %0 : tensor<4xf32>
                }
                """;
        ModuleOp module = AsmParser.parse(TestContexts.standard(), text, ParseOptions.of("while.mlir"));
        assertTrue(!LossyPrettyForms.contains(module.op()));
    }
}
