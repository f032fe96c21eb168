package org.stablehlo4j.interpreter;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A reduce whose body is a single element-wise op of (accumulator, element) is folded in place; it must give
 * exactly what running the body per element gives (a body with an extra unused op takes that path).
 */
class ReduceFoldTest {
    private static String program(String type, String op, String dims, String resultShape, boolean folded) {
        String et = type.substring(type.lastIndexOf('x') + 1);
        String t = "tensor<" + type + ">";
        String s = "tensor<" + et + ">";
        String r = "tensor<" + resultShape + et + ">";
        String extra = folded ? "" : "    %unused = stablehlo.subtract %acc, %x : " + s + "\n";
        return "  %i = stablehlo.iota dim = 0 : " + t + "\n"
                + "  %j = stablehlo.iota dim = " + (type.chars().filter(c -> c == 'x').count() - 1) + " : " + t + "\n"
                + "  %k = stablehlo.multiply %i, %j : " + t + "\n"
                + "  %v = stablehlo.subtract %k, %i : " + t + "\n"
                + "  %z = stablehlo.constant dense<" + (op.equals("multiply") ? 1 : 0) + "> : " + s + "\n"
                + "  %r = stablehlo.reduce(%v init: %z) across dimensions = [" + dims + "] : (" + t + ", " + s + ") -> "
                + r + "\n"
                + "   reducer(%acc: " + s + ", %x: " + s + ") {\n" + extra
                + "    %y = stablehlo." + op + " %acc, %x : " + s + "\n"
                + "    stablehlo.return %y : " + s + "\n  }\n"
                + "  return %r : " + r;
    }

    @ParameterizedTest(name = "{1} over {2} of {0}")
    @CsvSource(delimiter = '|', textBlock = """
            3000x7xf32  | add      | 0    | 7x
            3000x7xf32  | add      | 0, 1 | ''
            40x50xbf16  | add      | 1    | 40x
            300x9xi8    | add      | 0    | 9x
            300x9xi32   | xor      | 0    | 9x
            60x9xf64    | maximum  | 1    | 60x
            """)
    void foldedReduceEqualsTheBody(String type, String op, String dims, String resultShape) throws Exception {
        String resultType = "tensor<" + resultShape + type.substring(type.lastIndexOf('x') + 1) + ">";
        String folded = InterpreterTest.run(program(type, op, dims, resultShape, true), resultType);
        String body = InterpreterTest.run(program(type, op, dims, resultShape, false), resultType);
        assertEquals(body, folded);
        assertFalse(InterpreterTest.values(folded).replaceAll("e[-+][0-9]+|[^1-9]", "").isEmpty(), "not all zeros");
    }
}
