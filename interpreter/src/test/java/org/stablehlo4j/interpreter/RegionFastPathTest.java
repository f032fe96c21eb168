package org.stablehlo4j.interpreter;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Bodies that are one op of their arguments (a reduce_window / scatter / select_and_scatter body of one
 * element-wise op, a sort / select comparator of one compare, a map of one element-wise op) are computed in place;
 * each must give exactly what running the body per element gives. A body with an extra unused op takes the
 * general path and is the reference.
 */
class RegionFastPathTest {
    /** A body {@code ^bb0(args): [unused op] %y = OP(operands); return %y}. */
    private static String body(String args, String op, String operands, String type, String resultType, boolean fast,
                               String attrs) {
        String first = args.substring(0, args.indexOf(':'));
        String unused = fast ? "" : "      " + op2("add", "%unused", first, first, type);
        return "({\n    ^bb0(" + args + "):\n" + unused
                + "      %y = \"stablehlo." + op + "\"(" + operands + ")" + attrs + " : (" + type
                + (operands.contains(",") ? ", " + type : "") + ") -> " + resultType + "\n"
                + "      \"stablehlo.return\"(%y) : (" + resultType + ") -> ()\n    })";
    }

    private static String op2(String op, String r, String a, String b, String type) {
        return r + " = \"stablehlo." + op + "\"(" + a + ", " + b + ") : (" + type + ", " + type + ") -> " + type + "\n";
    }

    /** Values {@code (i * M) mod 61 - 30} (as floats for a float type), with ties and negative numbers; M per name. */
    private static String input(String name, String shape, String et) {
        String t = "tensor<" + shape + "x" + et + ">";
        String it = "tensor<" + shape + "xi32>";
        String n = "%" + name;
        int last = shape.split("x").length - 1;
        return InterpreterTest.cst(name + "m", "dense<" + (name.equals("x") ? 7919 : 104729) + ">", it)
                + InterpreterTest.cst(name + "n", "dense<61>", it) + InterpreterTest.cst(name + "o", "dense<30>", it)
                + "  " + n + "i = \"stablehlo.iota\"() <{iota_dimension = 0 : i64}> : () -> " + it + "\n"
                + "  " + n + "j = \"stablehlo.iota\"() <{iota_dimension = " + last + " : i64}> : () -> " + it + "\n"
                + "  " + op2("add", n + "k", n + "i", n + "j", it)
                + "  " + op2("multiply", n + "p", n + "k", n + "m", it)
                + "  " + op2("remainder", n + "q", n + "p", n + "n", it)
                + "  " + op2("subtract", n + "r", n + "q", n + "o", it)
                + "  " + n + " = \"stablehlo.convert\"(" + n + "r) : (" + it + ") -> " + t + "\n";
    }

    private static void same(java.util.function.Function<Boolean, String> program, String resultType) throws Exception {
        String fast = InterpreterTest.run(program.apply(true), resultType);
        String general = InterpreterTest.run(program.apply(false), resultType);
        assertEquals(general, fast);
        assertFalse(InterpreterTest.values(fast).replaceAll("e[-+][0-9]+|[^1-9]", "").isEmpty(), "not all zeros");
    }

    @ParameterizedTest(name = "reduce_window {1} of {0}")
    @CsvSource(delimiter = '|', textBlock = """
            f32  | maximum
            f32  | add
            bf16 | add
            i8   | add
            i32  | minimum
            f64  | multiply
            """)
    void reduceWindow(String et, String op) throws Exception {
        String t = "tensor<9x10x" + et + ">";
        String s = "tensor<" + et + ">";
        String r = "tensor<5x4x" + et + ">";
        String init = InterpreterTest.cst("z", "dense<" + (op.equals("multiply") ? 1 : 0) + ">", s);
        same(fast -> input("x", "9x10", et) + init
                + "  %r = \"stablehlo.reduce_window\"(%x, %z) <{window_dimensions = array<i64: 3, 3>,"
                + " window_strides = array<i64: 2, 3>, base_dilations = array<i64: 1, 2>,"
                + " window_dilations = array<i64: 2, 1>, padding = dense<[[1, 1], [2, 0]]> : tensor<2x2xi64>}> "
                + body("%a: " + s + ", %b: " + s, op, "%a, %b", s, s, fast, "")
                + " : (" + t + ", " + s + ") -> " + r + "\n  return %r : " + r, r);
    }

    @ParameterizedTest(name = "sort {1} {2} of {0}")
    @CsvSource(delimiter = '|', textBlock = """
            f32 | LT | %a, %b
            f32 | GT | %a, %b
            f32 | LT | %b, %a
            i16 | GE | %a, %b
            ui8 | LT | %a, %b
            f64 | LT | %a, %b
            """)
    void sort(String et, String direction, String operands) throws Exception {
        String t = "tensor<7x12x" + et + ">";
        String s = "tensor<" + et + ">";
        String it = "tensor<7x12xi32>";
        String i = "tensor<i32>";
        String attrs = " <{comparison_direction = #stablehlo<comparison_direction " + direction + ">}>";
        same(fast -> input("x", "7x12", et)
                + "  %idx = \"stablehlo.iota\"() <{iota_dimension = 1 : i64}> : () -> " + it + "\n"
                + "  %r:2 = \"stablehlo.sort\"(%x, %idx) <{dimension = 1 : i64, is_stable = true}> "
                + body("%a: " + s + ", %b: " + s + ", %c: " + i + ", %d: " + i, "compare", operands, s, "tensor<i1>",
                        fast, attrs)
                + " : (" + t + ", " + it + ") -> (" + t + ", " + it + ")\n  return %r#1 : " + it, it);
    }

    @ParameterizedTest(name = "select_and_scatter {1} / {2} of {0}")
    @CsvSource(delimiter = '|', textBlock = """
            f32 | GE | add
            f32 | LE | add
            i32 | GT | maximum
            bf16 | GE | add
            """)
    void selectAndScatter(String et, String direction, String op) throws Exception {
        String t = "tensor<8x9x" + et + ">";
        String src = "tensor<4x3x" + et + ">";
        String s = "tensor<" + et + ">";
        String attrs = " <{comparison_direction = #stablehlo<comparison_direction " + direction + ">}>";
        same(fast -> input("x", "8x9", et) + input("v", "4x3", et) + InterpreterTest.cst("z", "dense<0>", s)
                + "  %r = \"stablehlo.select_and_scatter\"(%x, %v, %z) <{window_dimensions = array<i64: 3, 3>,"
                + " window_strides = array<i64: 2, 3>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>}> "
                + body("%a: " + s + ", %b: " + s, "compare", "%a, %b", s, "tensor<i1>", fast, attrs)
                        .replace("})", "}, {\n"
                + body("%a: " + s + ", %b: " + s, op, "%a, %b", s, s, fast, "").substring(3))
                + " : (" + t + ", " + src + ", " + s + ") -> " + t + "\n  return %r : " + t, t);
    }

    @ParameterizedTest(name = "scatter {1} of {0}")
    @CsvSource(delimiter = '|', textBlock = """
            f32 | add
            i32 | maximum
            bf16 | multiply
            """)
    void scatter(String et, String op) throws Exception {
        // operand 6x5, updates 10x5 (rows 0, 3, 5, 3, 1, 0, 0, then out of bounds 6 and -1, then 2)
        String t = "tensor<6x5x" + et + ">", u = "tensor<10x5x" + et + ">";
        String s = "tensor<" + et + ">", idx = "tensor<10x1xi32>";
        same(fast -> input("x", "6x5", et) + input("v", "10x5", et)
                + InterpreterTest.cst("ix", "dense<[[0], [3], [5], [3], [1], [0], [0], [6], [-1], [2]]>", idx)
                + "  %r = \"stablehlo.scatter\"(%x, %ix, %v) <{scatter_dimension_numbers = #stablehlo.scatter<"
                + "update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],"
                + " index_vector_dim = 1>}> "
                + body("%a: " + s + ", %b: " + s, op, "%a, %b", s, s, fast, "")
                + " : (" + t + ", " + idx + ", " + u + ") -> " + t + "\n  return %r : " + t, t);
    }

    @ParameterizedTest(name = "map {1} of {0}")
    @CsvSource(delimiter = '|', textBlock = """
            f32 | add | %a, %b
            bf16 | multiply | %a, %b
            i8 | subtract | %a, %b
            f32 | negate | %a
            f64 | sine | %a
            """)
    void map(String et, String op, String operands) throws Exception {
        String t = "tensor<5x6x" + et + ">";
        String s = "tensor<" + et + ">";
        boolean binary = operands.contains(",");
        same(fast -> input("x", "5x6", et) + input("w", "5x6", et)
                + "  %r = \"stablehlo.map\"(%x" + (binary ? ", %w" : "") + ") <{dimensions = array<i64: 0, 1>}> "
                + body("%a: " + s + (binary ? ", %b: " + s : ""), op, operands, s, s, fast, "")
                + " : (" + t + (binary ? ", " + t : "") + ") -> " + t + "\n  return %r : " + t, t);
    }
}
