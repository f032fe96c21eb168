package org.stablehlo4j.dialect.sdy;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.testing.TestContexts;

/**
 * The sdy parsers on the shared {@code DialectAsmParser}: errors of {@code #sdy...} bodies read from the file's
 * lexer, of stripped attributes inside op syntax, and of bodies kept as text, with their chained follow-ups.
 */
class SdyAsmParserTest {
    /** The diagnostics of parsing {@code text} as {@code line:col: message}, in order. */
    private static List<String> errors(String text) {
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> AsmParser.parse(TestContexts.standard(), text, ParseOptions.of("t.mlir")));
        List<String> out = new ArrayList<>();
        for (Diagnostic d : e.diagnostics()) {
            Location.FileLineCol l = assertInstanceOf(Location.FileLineCol.class, d.location(), d.message());
            out.add(l.line() + ":" + l.column() + ": " + d.message());
        }
        return out;
    }

    private static String onArgument(String sharding) {
        return "func.func @f(%a: tensor<8x8xf32> {sdy.sharding = " + sharding + "}) {\n  return\n}\n";
    }

    /** Asserts that parsing {@code text} reports {@code messages}, in order, all at {@code marker} on line 1. */
    private static void assertErrorsAt(String text, String marker, String... messages) {
        List<String> expected = new ArrayList<>();
        for (String m : messages) expected.add("1:" + (text.indexOf(marker) + 1) + ": " + m);
        assertEquals(expected, errors(text));
    }

    @Test
    void nestedFailureAddsEachEnclosingParsersError() {
        assertErrorsAt(onArgument("#sdy.sharding<@m, [{\"a\"}, {\"b\"}phigh]>"), "]>",
                "expecting priority in format 'p<number>', got: phigh",
                "failed to parse Sdy_TensorSharding parameter 'dim_shardings' which is to be a "
                        + "`::llvm::ArrayRef<DimensionShardingAttr>`");
    }

    @Test
    void axisNameFailureChainsThroughTheAxisList() {
        assertErrorsAt(onArgument("#sdy.sharding<@m, [{}, {}], replicated={\"a\", 3}>"), "3}", "expected string",
                SdyAttrParser.AXIS_REF_NAME, SdyAttrParser.AXIS_LIST, SdyAttrParser.REPLICATED_AXES);
    }

    @Test
    void laterRuleErrorsAreReportedAtTheirOwnFactor() {
        String z = "z_9223372036854775808";
        String text = "func.func @f(%a: tensor<8xf32>) {\n  %0 = stablehlo.abs %a {sdy.sharding_rule = "
                + "#sdy.op_sharding_rule<([j, " + z + "])->([j]) {i=4, " + z + "=2}>} : tensor<8xf32>\n  return\n}\n";
        String line = text.split("\n")[1];
        String overflow = ": expecting symbol index <=2^63-1. Received: '9223372036854775808'";
        int size = line.indexOf("=2}") + 1;
        assertEquals(List.of(
                "2:" + (line.indexOf("])->") + 1) + overflow,
                "2:" + size + overflow,
                "2:" + size + ": expecting factor indices to be ordered like an iota ([0,1,2,...], e.g. {i=#, j=#, "
                        + "...}). Expecting factor index symbol 'j', received: 'z'"), errors(text));
    }

    @Test
    void strippedAttributeErrorsInOpSyntaxAreTheCustomOps() {
        String text = "sdy.mesh @m = <[\"a\"=2]>\nfunc.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                + "  %0 = sdy.sharding_constraint %a <@m, [{\"a\"}p01]> : tensor<8xf32>\n  return %0 : tensor<8xf32>\n}\n";
        String line = text.split("\n")[2];
        int at = line.indexOf("]>") + 1;
        assertEquals(List.of(
                "3:" + at + ": custom op 'sdy.sharding_constraint' priorities with leading zeros are not allowed, "
                        + "got: p01",
                "3:" + at + ": custom op 'sdy.sharding_constraint' failed to parse Sdy_TensorSharding parameter "
                        + "'dim_shardings' which is to be a `::llvm::ArrayRef<DimensionShardingAttr>`"),
                errors(text));
    }

    @Test
    void meshAxisSizeIsCheckedWhereTheAxisStarts() {
        String text = "sdy.mesh @m = <[\"a\"=0]>\n";
        List<String> errors = errors(text);
        assertEquals(2, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("1:" + (text.indexOf("\"a\"") + 1) + ": custom op 'sdy.mesh' "),
                errors.toString());
        assertTrue(errors.get(1).endsWith("failed to parse Sdy_Mesh parameter 'axes' which is to be a "
                + "`::llvm::ArrayRef<MeshAxisAttr>`"), errors.toString());
    }

    @Test
    void structuredAttributeWithoutBodyAndUnknownMnemonicsFail() {
        String noBody = onArgument("#sdy.sharding");
        assertEquals(List.of("1:" + (noBody.indexOf("#sdy.sharding") + 14) + ": expected '<'"), errors(noBody));
        String unknown = onArgument("#sdy.shardingz<@m, []>");
        assertEquals(List.of("1:" + (unknown.indexOf("#sdy.") + 6) + ": unknown attribute `shardingz` in dialect `sdy`"),
                errors(unknown));
    }

    @Test
    void propagationEdgesAreVerifiedFromTheirText() {
        String edges = "#sdy.propagation_edges<[{step-0 = [{\"a\" = operand-0 -> [result-0]}]}, "
                + "{step-0 = [{\"a\" = operand-0 -> [result-0]}]}]>";
        String text = "func.func @f(%a: tensor<8xf32>) {\n  %0 = stablehlo.abs %a {sdy.edges = " + edges
                + "} : tensor<8xf32>\n  return\n}\n";
        List<String> errors = errors(text);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).endsWith("propagation edges have duplicate step index: 0"), errors.toString());
        String bad = text.replace("{step-0 = [{\"a\" = operand-0 -> [result-0]}]}]>", "{stop-1 = []}]>");
        errors = errors(bad);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).endsWith(": expected 'step'"), errors.toString());
    }
}
