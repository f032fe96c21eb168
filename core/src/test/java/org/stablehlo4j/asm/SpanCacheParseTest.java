package org.stablehlo4j.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;

/**
 * The parser's per-parse tables: types and attributes met again by their text, SSA names by their source span,
 * quoted op names, and op locations from the forward line cursor. What they give must be what a fresh parse of
 * the same text gives, and text that depends on aliases must not be taken from them.
 */
class SpanCacheParseTest {
    private static List<Operation> ops(String text) throws DiagnosticException {
        ModuleOp m = AsmParseTest.parse(text);
        return m.body().operations();
    }

    @Test
    void aRepeatedTypeTextGivesTheTypeBuiltTheFirstTime() throws DiagnosticException {
        List<Operation> ops = ops("""
                %a = "tests.x"() : () -> tensor<4x8xf32>
                %b = "tests.y"(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32>
                %c = "tests.y"(%b) : (tensor<4x8xf32>) -> tensor<4x8xf32>
                """);
        assertSame(ops.get(0).result(0).type(), ops.get(1).result(0).type());
        assertSame(ops.get(1).result(0).type(), ops.get(2).result(0).type());
        assertEquals("tensor<4x8xf32>", AsmPrinter.printType(ops.get(2).result(0).type()));
    }

    @Test
    void typesThroughAliasesAreNotTakenFromTheTable() throws DiagnosticException {
        List<Operation> ops = ops("""
                !t = tensor<2xi32>
                %a = "tests.x"() : () -> !t
                %b = "tests.x"() : () -> tensor<2xi32>
                %c = "tests.x"() : () -> tensor<2xi32, #tests.enc>
                %d = "tests.x"() : () -> tensor<2xi32, #tests.enc>
                """);
        assertEquals(ops.get(0).result(0).type(), ops.get(1).result(0).type());
        assertEquals("tensor<2xi32, #tests.enc>", AsmPrinter.printType(ops.get(3).result(0).type()));
        assertNotSame(ops.get(2).result(0).type(), ops.get(3).result(0).type());
    }

    @Test
    void repeatedAttributeTextsShareTheirValueAndAliasesDoNot() throws DiagnosticException {
        List<Operation> ops = ops("""
                #a = dense<1> : tensor<i32>
                "tests.x"() {v = dense<1> : tensor<i32>, w = #tests.thing<x = [1, 2]>} : () -> ()
                "tests.x"() {v = dense<1> : tensor<i32>, w = #tests.thing<x = [1, 2]>} : () -> ()
                "tests.x"() {v = #a} : () -> ()
                """);
        assertSame(ops.get(0).attributes().get("v"), ops.get(1).attributes().get("v"));
        assertSame(ops.get(0).attributes().get("w"), ops.get(1).attributes().get("w"));
        assertEquals(ops.get(0).attributes().get("v"), ops.get(2).attributes().get("v"));
        // `dense<1>` without its type is an error at its first use and at any other
        assertEquals("1:26: expected ':'", AsmParseTest.error(
                "\"tests.x\"() {v = dense<1>} : () -> ()\n\"tests.x\"() {v = dense<1>} : () -> ()"));
    }

    @Test
    void errorsInARepeatedTypeStayWhereTheParserFindsThem() {
        String bad = """
                %a = "tests.x"() : () -> tensor<4xf32>
                %b = "tests.x"() : () -> tensor<4xf32>
                %c = "tests.x"() : () -> tensor<4xf33x>
                """;
        assertEquals("3:35: expected non-function type", AsmParseTest.error(bad));
        // a type taken from the table leaves the lexer right after it
        assertEquals("3:34: expected operation name in quotes", AsmParseTest.error("""
                "tests.y"() : () -> tensor<4xf32>
                "tests.y"() : () -> tensor<4xf32>
                "tests.y"() : () -> tensor<4xf32>>
                """));
    }

    @Test
    void theTypeOfTheLastOpOfANameIsReusedOnlyForTheSameWholeText() throws DiagnosticException {
        List<Operation> ops = ops("""
                %a = "tests.x"() : () -> i32
                %b = "tests.x"() : () -> i32 loc("f":3:4)
                %c = "tests.x"() : () -> i64
                """);
        assertSame(ops.get(0).result(0).type(), ops.get(1).result(0).type());
        assertEquals("i64", AsmPrinter.printType(ops.get(2).result(0).type()));
        // a word that goes on is another type, not the one before with something after it
        assertEquals("2:25: expected non-function type", AsmParseTest.error("""
                %a = "tests.x"() : () -> i32
                %b = "tests.x"() : () -> i32x
                """));
        assertEquals("2:25: expected non-function type", AsmParseTest.error("""
                %a = "tests.x"() : () -> i32
                %b = "tests.x"() : () -> i32.x
                """));
    }

    @Test
    void namesOfANestedRegionAreGoneAfterItAndMayBeDefinedAgain() throws DiagnosticException {
        List<Operation> ops = ops("""
                %x = "tests.r"() ({
                  %i = "tests.x"() : () -> i32
                  "tests.y"(%i) : (i32) -> ()
                }) : () -> i32
                %i = "tests.x"() : () -> i32
                "tests.y"(%i, %x) : (i32, i32) -> ()
                """);
        assertSame(ops.get(1).result(0), ops.get(2).operand(0));
        assertEquals("4:11: use of undeclared SSA value name", AsmParseTest.error("""
                "tests.r"() ({
                  %i = "tests.x"() : () -> i32
                }) : () -> ()
                "tests.y"(%i) : (i32) -> ()
                """));
        assertEquals("2:1: redefinition of SSA value '%v'", AsmParseTest.error("""
                %v = "tests.x"() : () -> i32
                %v = "tests.x"() : () -> i32
                """));
    }

    @Test
    void resultNumbersAndForwardReferencesResolveByName() throws DiagnosticException {
        List<Operation> ops = ops("""
                "tests.r"() ({
                  "tests.y"(%p#1, %q) : (i64, i32) -> ()
                  %p:2 = "tests.x"() : () -> (i32, i64)
                  %q = "tests.x"() : () -> i32
                }) : () -> ()
                """);
        List<Operation> body = ops.get(0).region(0).blocks().get(0).operations();
        assertSame(body.get(1).result(1), body.get(0).operand(0));
        assertSame(body.get(2).result(0), body.get(0).operand(1));
        assertEquals("2:11: reference to invalid result number", AsmParseTest.error("""
                %p:2 = "tests.x"() : () -> (i32, i64)
                "tests.y"(%p#2) : (i64) -> ()
                """));
    }

    @Test
    void opLocationsCountUtf8ColumnsAndComeFromTheStartOfTheOp() throws DiagnosticException {
        List<Operation> ops = ops("\"tests.x\"() {s = \"\u00e9\u00e9\"} : () -> ()   \"tests.x\"() : () -> ()\n"
                + "\"tests.r\"() ({\n  \"tests.x\"() : () -> ()\n}) : () -> ()\n");
        Location.FileLineCol second = (Location.FileLineCol) ops.get(1).location();
        assertEquals(1, second.line());
        assertEquals(39, second.column()); // 36 characters before it, two of them two bytes long
        Location.FileLineCol outer = (Location.FileLineCol) ops.get(2).location();
        assertEquals(2, outer.line());
        assertEquals(1, outer.column());
        Location.FileLineCol inner = (Location.FileLineCol) ops.get(2).region(0).blocks().get(0).operations().get(0)
                .location();
        assertEquals(3, inner.line());
        assertEquals(3, inner.column());
    }
}
