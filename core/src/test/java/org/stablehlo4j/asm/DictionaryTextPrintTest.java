package org.stablehlo4j.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.testing.TestContexts;

/**
 * A large dictionary object shared by many ops prints its kept text again: the output is the one of a module whose
 * ops hold equal but distinct dictionaries (printed afresh each time), also with aliases inside, with a constant
 * whose hex crosses a streaming flush, and in every printing mode.
 */
class DictionaryTextPrintTest {
    private static String source(boolean bigConstant) {
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 12; i++) big.append("k").append(i).append(" = \"v ").append(i).append("\", ");
        big.append("\"quoted key\" = 7 : i32, t = tuple<");
        for (int i = 0; i < 17; i++) big.append(i == 0 ? "" : ", ").append("i32");
        big.append(">, nested = {a = 1.5 : f32, b = [1, 2]}");
        if (bigConstant) {
            big.append(", d = dense<\"0x");
            for (int i = 0; i < 40_000; i++) big.append(i % 7 == 0 ? "01" : "02");
            big.append("\"> : tensor<40000xi8>");
        }
        StringBuilder src = new StringBuilder("func.func @main(%a: tensor<i32>) -> tensor<i32> attributes {fe = {")
                .append(big).append("}} {\n");
        for (int i = 0; i < 5; i++) {
            src.append("  %x").append(i).append(" = \"stablehlo.abs\"(%a) {fe = {").append(big)
                    .append("}} : (tensor<i32>) -> tensor<i32>\n");
        }
        return src.append("  \"func.return\"(%a) : (tensor<i32>) -> ()\n}\n").toString();
    }

    /** Gives every op's {@code fe} the first op's object ({@code shared}) or a copy of its own. */
    private static void rebuild(ModuleOp module, boolean shared) {
        Object[] first = {null};
        module.op().walk((Operation op) -> {
            if (op.attributes().get("fe") == null) return;
            DictionaryAttr fe = (DictionaryAttr) op.attributes().get("fe");
            if (first[0] == null) first[0] = fe;
            DictionaryAttr value = shared ? (DictionaryAttr) first[0] : DictionaryAttr.of(new ArrayList<>(fe.entries()));
            List<NamedAttribute> attrs = new ArrayList<>();
            for (NamedAttribute na : op.attributes().entries()) {
                attrs.add(na.name().equals("fe") ? new NamedAttribute("fe", value) : na);
            }
            op.setAttributes(DictionaryAttr.of(attrs));
        });
    }

    @Test
    void sharedDictionaryPrintsAsDistinctCopiesDo() throws Exception {
        Context context = TestContexts.standard();
        for (boolean bigConstant : new boolean[] {false, true}) {
            String src = source(bigConstant);
            ModuleOp shared = AsmParser.parse(context, src, new ParseOptions("shared.mlir", 1, false));
            rebuild(shared, true);
            ModuleOp distinct = AsmParser.parse(context, src, new ParseOptions("distinct.mlir", 1, false));
            rebuild(distinct, false);
            for (PrintOptions options : AsmPrinterRoundTripPrintTest.MODES) {
                String expected = AsmPrinter.print(context, distinct, options).replace("distinct.mlir", "F");
                String actual = AsmPrinter.print(context, shared, options).replace("shared.mlir", "F");
                assertEquals(expected, actual);
                ByteArrayOutputStream streamed = new ByteArrayOutputStream();
                AsmPrinter.print(context, shared, options, streamed);
                assertEquals(actual, streamed.toString(StandardCharsets.UTF_8).replace("shared.mlir", "F"));
                if (!options.localScope()) assertTrue(actual.contains("!tuple"), "an alias inside the dictionary");
                if (bigConstant) assertTrue(actual.length() > 6 * 80_000, "the constant is printed each time");
            }
        }
    }
}
