package org.stablehlo4j.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpDefinition.Arity;
import org.stablehlo4j.ir.OpDefinition.ValueSpec;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.testing.TestContexts;

/**
 * The result names ODS generates for ops with several named result groups ({@link OdsResultNames}), printed like
 * upstream's stablehlo-opt also in the generic form, and not with {@code --mlir-print-op-generic}.
 */
class OdsResultNamesPrintTest {
    private static final String BATCH_NORM = """
            func.func @f(%x: tensor<2x2xf32>, %s: tensor<2xf32>) -> (tensor<2xf32>, tensor<2x2xf32>) {
              %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.001 : f32, feature_index = 0 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
              %1:3 = "stablehlo.batch_norm_training"(%0#0, %s, %0#2) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
              %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %1#0) {epsilon = 0.001 : f32, feature_index = 0 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
              %3 = stablehlo.add %2#0, %x : tensor<2x2xf32>
              func.return %2#1, %3 : tensor<2xf32>, tensor<2x2xf32>
            }
            """;

    private static String print(String text, PrintOptions options) throws Exception {
        Context context = TestContexts.standard();
        ModuleOp m = AsmParser.parse(context, text, ParseOptions.of("names.mlir"));
        return AsmPrinter.print(context, m, options);
    }

    @Test
    void genericFormOpsGetTheirResultGroupNames() throws Exception {
        String printed = print(BATCH_NORM, PrintOptions.DEFAULT);
        assertTrue(printed.contains("%grad_operand, %grad_scale, %grad_offset = \"stablehlo.batch_norm_grad\"(%arg0, "
                + "%arg1, %arg1, %arg1, %arg0)"), printed);
        assertTrue(printed.contains("%output, %batch_mean, %batch_var = \"stablehlo.batch_norm_training\"("
                + "%grad_operand, %arg1, %grad_offset)"), printed);
        // Names are unique in the function (MLIR's conflict counter); named results take no number.
        assertTrue(printed.contains("%grad_operand_0, %grad_scale_1, %grad_offset_2 = \"stablehlo.batch_norm_grad\"("
                + "%arg0, %arg1, %arg1, %arg1, %output)"), printed);
        assertTrue(printed.contains("%0 = stablehlo.add %grad_operand_0, %arg0"), printed);
        assertTrue(printed.contains("return %grad_scale_1, %0"), printed);
        // It parses back to the same text.
        assertEquals(printed, print(printed, PrintOptions.DEFAULT));
    }

    @Test
    void printOpGenericKeepsNumbers() throws Exception {
        String printed = print(BATCH_NORM, new PrintOptions(true, false, false));
        assertTrue(printed.contains("%0:3 = \"stablehlo.batch_norm_grad\""), printed);
        assertTrue(printed.contains("%2:3 = \"stablehlo.batch_norm_grad\""), printed);
        assertTrue(!printed.contains("%grad_operand"), printed);
    }

    @Test
    void otherDialectsToo() throws Exception {
        String printed = print("""
                func.func @f(%s: !shape.shape, %i: index) -> !shape.shape {
                  %0:2 = "shape.split_at"(%s, %i) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
                  func.return %0#1 : !shape.shape
                }
                """, PrintOptions.DEFAULT);
        assertTrue(printed.contains("%head, %tail = \"shape.split_at\""), printed);
        assertTrue(printed.contains("return %tail"), printed);
    }

    /** The names {@code suggest} gives {@code op} by a made-up row: "index=name" per call. */
    private static List<String> suggested(List<ValueSpec> results, int numResults) throws Exception {
        StringBuilder types = new StringBuilder();
        for (int i = 0; i < numResults; i++) types.append(i > 0 ? ", " : "").append("i32");
        String text = "%0:" + numResults + " = \"test.op\"() : () -> (" + types + ")";
        if (numResults == 1) text = "%0 = \"test.op\"() : () -> i32";
        ModuleOp m = AsmParser.parse(TestContexts.allowingUnregistered(), text, ParseOptions.of("t.mlir"));
        Operation op = m.op().region(0).entry().first();
        OpDefinition row = new OpDefinition("test.op", List.of(), List.of(), results, List.of(), 0, Set.of(), null,
                false, null, null, null, null, java.util.Map.of());
        List<String> calls = new ArrayList<>();
        OdsResultNames.suggest(row, op, (v, name) -> calls.add(((OpResult) v).index() + "=" + name));
        return calls;
    }

    @Test
    void eachNonEmptyGroupNamesItsFirstValue() throws Exception {
        List<ValueSpec> groups = List.of(new ValueSpec("outs", Arity.VARIADIC, ""), new ValueSpec("", Arity.SINGLE, ""),
                new ValueSpec("last", Arity.SINGLE, ""));
        assertEquals(List.of("0=outs", "2=", "3=last"), suggested(groups, 4));
        // An empty variadic group names nothing.
        assertEquals(List.of("0=", "1=last"), suggested(groups, 2));
        // Counts the row cannot hold: no names.
        assertEquals(List.of(), suggested(groups, 1));
        List<ValueSpec> singles = List.of(new ValueSpec("a", Arity.SINGLE, ""), new ValueSpec("b", Arity.SINGLE, ""));
        assertEquals(List.of("0=a", "1=b"), suggested(singles, 2));
        assertEquals(List.of(), suggested(singles, 3));
        // One group, or no named group: ODS generates nothing.
        assertEquals(List.of(), suggested(List.of(new ValueSpec("a", Arity.VARIADIC, "")), 2));
        assertEquals(List.of(), suggested(List.of(new ValueSpec("", Arity.SINGLE, ""), new ValueSpec("", Arity.SINGLE,
                "")), 2));
    }
}
