package org.stablehlo4j.bench;

import static org.stablehlo4j.bench.Fixtures.binary;
import static org.stablehlo4j.bench.Fixtures.constant;
import static org.stablehlo4j.bench.Fixtures.t;

/**
 * Interpreter fixtures whose time goes into running regions (generic op form, like {@link Fixtures}):
 * {@code maxpool N} (a 3x3 stride-2 max-pool of a 1xNxNx8 f32 image by reduce_window, and its gradient by
 * select_and_scatter), {@code while N} (a loop of N iterations over a counter and a small f32 tensor),
 * {@code sort N} (16 rows of N f32 keys sorted with their indices), {@code map N} (a two-op map body over NxN)
 * and {@code argmax N} (JAX's argmax of 64 rows of N: a two-input reduce with a compare/select body).
 */
final class RegionFixtures {
    private RegionFixtures() {}

    private static String scalarBody(String op, String type) {
        return "({\n  ^bb0(%pa: " + type + ", %pb: " + type + "):\n"
                + "    %pr = \"stablehlo." + op + "\"(%pa, %pb) : (" + type + ", " + type + ") -> " + type + "\n"
                + "    \"stablehlo.return\"(%pr) : (" + type + ") -> ()\n  })";
    }

    private static String compareBody(String direction, String type, String extraArgs) {
        return "({\n  ^bb0(%ca: " + type + ", %cb: " + type + extraArgs + "):\n"
                + "    %cr = \"stablehlo.compare\"(%ca, %cb) <{comparison_direction = #stablehlo<comparison_direction "
                + direction + ">}> : (" + type + ", " + type + ") -> tensor<i1>\n"
                + "    \"stablehlo.return\"(%cr) : (tensor<i1>) -> ()\n  })";
    }

    /** {@code %NAME}: values (i*7919 + j*104729) mod 61 over {@code shape} (f32), from iotas. */
    private static String pseudoRandom(String name, String shape) {
        String it = t(shape + "xi32");
        String ft = t(shape + "xf32");
        int rank = shape.split("x").length;
        return "  %" + name + "i = \"stablehlo.iota\"() <{iota_dimension = " + (rank - 2) + " : i64}> : () -> " + it + "\n"
                + "  %" + name + "j = \"stablehlo.iota\"() <{iota_dimension = " + (rank - 1) + " : i64}> : () -> " + it + "\n"
                + constant("%" + name + "m", "dense<7919>", it) + constant("%" + name + "n", "dense<104729>", it)
                + constant("%" + name + "q", "dense<61>", it)
                + binary("multiply", "%" + name + "a", "%" + name + "i", "%" + name + "m", it)
                + binary("multiply", "%" + name + "b", "%" + name + "j", "%" + name + "n", it)
                + binary("add", "%" + name + "c", "%" + name + "a", "%" + name + "b", it)
                + binary("remainder", "%" + name + "d", "%" + name + "c", "%" + name + "q", it)
                + "  %" + name + " = \"stablehlo.convert\"(%" + name + "d) : (" + it + ") -> " + ft + "\n";
    }

    static String maxpool(int n) {
        int m = (n - 3) / 2 + 1;
        String in = t("1x" + n + "x" + n + "x8xf32");
        String out = t("1x" + m + "x" + m + "x8xf32");
        String s = t("f32");
        String window = "window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>";
        return "func.func @main() -> " + in + " {\n"
                + pseudoRandom("x", "1x" + n + "x" + n + "x8")
                + pseudoRandom("g", "1x" + m + "x" + m + "x8")
                + constant("%ninf", "dense<0xFF800000>", s) + constant("%zero", "dense<0.000000e+00>", s)
                + "  %pool = \"stablehlo.reduce_window\"(%x, %ninf) <{" + window + "}> " + scalarBody("maximum", s)
                + " : (" + in + ", " + s + ") -> " + out + "\n"
                + binary("add", "%grad", "%pool", "%g", out)
                + "  %back = \"stablehlo.select_and_scatter\"(%x, %grad, %zero) <{" + window + "}> "
                + compareBody("GE", s, "").replace("})", "}, {\n") + scalarBody("add", s).substring(3)
                + " : (" + in + ", " + out + ", " + s + ") -> " + in + "\n"
                + "  \"func.return\"(%back) : (" + in + ") -> ()\n}\n";
    }

    static String whileLoop(int n) {
        String i = t("i64");
        String v = t("4xf32");
        String args = "(%i: " + i + ", %x: " + v + ")";
        return "func.func @main() -> " + v + " {\n"
                + constant("%i0", "dense<0>", i) + constant("%x0", "dense<[1.0, 2.0, 3.0, 4.0]>", v)
                + "  %r:2 = \"stablehlo.while\"(%i0, %x0) ({\n  ^bb0" + args + ":\n"
                + constant("%n", "dense<" + n + ">", i)
                + "  %c = \"stablehlo.compare\"(%i, %n) <{comparison_direction = #stablehlo<comparison_direction LT>}> : ("
                + i + ", " + i + ") -> tensor<i1>\n"
                + "  \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n  }, {\n  ^bb0" + args + ":\n"
                + constant("%one", "dense<1>", i) + binary("add", "%i1", "%i", "%one", i)
                + constant("%h", "dense<5.000000e-01>", v)
                + binary("multiply", "%y", "%x", "%h", v) + binary("add", "%z", "%y", "%h", v)
                + "  \"stablehlo.return\"(%i1, %z) : (" + i + ", " + v + ") -> ()\n"
                + "  }) : (" + i + ", " + v + ") -> (" + i + ", " + v + ")\n"
                + "  \"func.return\"(%r#1) : (" + v + ") -> ()\n}\n";
    }

    static String sort(int n) {
        String k = t("16x" + n + "xf32");
        String ix = t("16x" + n + "xi32");
        return "func.func @main() -> " + ix + " {\n" + pseudoRandom("x", "16x" + n)
                + "  %idx = \"stablehlo.iota\"() <{iota_dimension = 1 : i64}> : () -> " + ix + "\n"
                + "  %r:2 = \"stablehlo.sort\"(%x, %idx) <{dimension = 1 : i64, is_stable = true}> "
                + compareBody("LT", t("f32"), ", %cc: tensor<i32>, %cd: tensor<i32>")
                + " : (" + k + ", " + ix + ") -> (" + k + ", " + ix + ")\n"
                + "  \"func.return\"(%r#1) : (" + ix + ") -> ()\n}\n";
    }

    static String map(int n) {
        String m = t(n + "x" + n + "xf32");
        String s = t("f32");
        return "func.func @main() -> " + m + " {\n" + pseudoRandom("x", n + "x" + n)
                + "  %r = \"stablehlo.map\"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({\n"
                + "  ^bb0(%a: " + s + ", %b: " + s + "):\n" + binary("multiply", "%p", "%a", "%b", s)
                + binary("add", "%q", "%p", "%a", s) + "  \"stablehlo.return\"(%q) : (" + s + ") -> ()\n"
                + "  }) : (" + m + ", " + m + ") -> " + m + "\n"
                + "  \"func.return\"(%r) : (" + m + ") -> ()\n}\n";
    }

    static String argmax(int n) {
        String x = t("64x" + n + "xf32");
        String ix = t("64x" + n + "xi32");
        String f = t("f32");
        String i = t("i32");
        String b = "tensor<i1>";
        return "func.func @main() -> " + t("64xi32") + " {\n" + pseudoRandom("x", "64x" + n)
                + "  %idx = \"stablehlo.iota\"() <{iota_dimension = 1 : i64}> : () -> " + ix + "\n"
                + constant("%ninf", "dense<0xFF800000>", f) + constant("%zero", "dense<0>", i)
                + "  %r:2 = \"stablehlo.reduce\"(%x, %idx, %ninf, %zero) <{dimensions = array<i64: 1>}> ({\n"
                + "  ^bb0(%a: " + f + ", %ai: " + i + ", %b: " + f + ", %bi: " + i + "):\n"
                + compare("%gt", "%a", "%b", "GT", f) + compare("%eq", "%a", "%b", "EQ", f)
                + compare("%lt", "%ai", "%bi", "LT", i)
                + binary("and", "%tie", "%eq", "%lt", b) + binary("or", "%pick", "%gt", "%tie", b)
                + select("%v", "%a", "%b", f) + select("%vi", "%ai", "%bi", i)
                + "  \"stablehlo.return\"(%v, %vi) : (" + f + ", " + i + ") -> ()\n"
                + "  }) : (" + x + ", " + ix + ", " + f + ", " + i + ") -> (" + t("64xf32") + ", " + t("64xi32") + ")\n"
                + "  \"func.return\"(%r#1) : (" + t("64xi32") + ") -> ()\n}\n";
    }

    private static String compare(String r, String a, String b, String direction, String type) {
        return "  " + r + " = \"stablehlo.compare\"(" + a + ", " + b + ") <{comparison_direction = "
                + "#stablehlo<comparison_direction " + direction + ">}> : (" + type + ", " + type + ") -> tensor<i1>\n";
    }

    private static String select(String r, String a, String b, String type) {
        return "  " + r + " = \"stablehlo.select\"(%pick, " + a + ", " + b + ") : (tensor<i1>, " + type + ", " + type
                + ") -> " + type + "\n";
    }
}
