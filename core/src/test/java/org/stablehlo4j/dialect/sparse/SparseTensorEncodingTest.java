package org.stablehlo4j.dialect.sparse;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.bytecode.writer.BytecodeWriterConfig;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.RankedTensorType;

/**
 * {@code #sparse_tensor.encoding}: parsing the dimension-level map syntax, printing exactly as MLIR does
 * (expected texts follow MLIR's test/Dialect/SparseTensor/roundtrip_encoding.mlir and StableHLO's
 * print_stablehlo.mlir), aliases, verification errors with their positions, and bytecode round trips.
 */
class SparseTensorEncodingTest {
    private static ModuleOp parse(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, ParseOptions.of("t.mlir"));
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    /** The encoding printed in local scope, from the body text after {@code #sparse_tensor.encoding<{}. */
    private static String roundTrip(String map) throws DiagnosticException {
        Attribute a = AsmParser.parseAttribute(TestContexts.standard(), "#sparse_tensor.encoding<{ " + map + " }>");
        assertInstanceOf(SparseTensorEncodingAttr.class, a);
        String printed = AsmPrinter.printAttribute(a);
        // Printing is a fixed point: the printed text parses back to an equal attribute.
        assertEquals(a, AsmParser.parseAttribute(TestContexts.standard(), printed));
        return printed;
    }

    private static String error(String text) {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> parse(text));
        Location.FileLineCol l = (Location.FileLineCol) e.diagnostics().get(0).location();
        return l.line() + ":" + l.column() + ": " + e.diagnostics().get(0).message();
    }

    @Test
    void printsCanonicalFormsWithRenamedDims() throws DiagnosticException {
        assertEquals("#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>", roundTrip("map = (i) -> (i : compressed)"));
        assertEquals("#sparse_tensor.encoding<{ map = (d0, d1) -> (d1 : dense, d0 : compressed) }>",
                roundTrip("map = (row, col) -> (col : dense, row : compressed), posWidth = 0, crdWidth = 0"));
        assertEquals("#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 64, "
                + "crdWidth = 64 }>", roundTrip("map = (d0, d1) -> (d0 : dense, d1 : compressed),\n posWidth = 64,\n crdWidth = 64"));
        assertEquals("#sparse_tensor.encoding<{ map = (d0, d1) -> (d1 : compressed, d0 : compressed), crdWidth = 64 }>",
                roundTrip("map = (d0, d1) -> (d1 : compressed, d0 : compressed), posWidth = 0, crdWidth = 64"));
    }

    @Test
    void levelPropertiesAndFormats() throws DiagnosticException {
        assertEquals("#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed(nonunique, nonordered), "
                + "d1 : singleton(nonordered)) }>",
                roundTrip("map = (d0, d1) -> (d0 : compressed(nonordered, nonunique), d1 : singleton(nonordered))"));
        assertEquals("#sparse_tensor.encoding<{ map = (d0, d1, d2) -> (d0 : dense, d1 : loose_compressed(nonunique), "
                + "d2 : singleton(soa)) }>",
                roundTrip("map = (d0, d1, d2) -> (d0 : dense, d1 : loose_compressed(nonunique), d2 : singleton(soa))"));
        assertEquals("#sparse_tensor.encoding<{ map = (d0, d1, d2) -> (d0 : batch, d1 : dense, d2 : compressed) }>",
                roundTrip("map = (d0, d1, d2) -> (d0 : batch, d1 : dense, d2 : compressed)"));
        assertEquals("#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 floordiv 4 : dense, "
                + "d1 mod 4 : structured[2, 4]) }>",
                roundTrip("map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])"));
    }

    @Test
    void blockSparsityWithExplicitInverse() throws DiagnosticException {
        String expected = "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 floordiv 2 : dense, d1 floordiv 3 : "
                + "compressed, d0 mod 2 : dense, d1 mod 3 : dense) }>";
        String implicit = roundTrip("map = ( i, j ) ->\n ( i floordiv 2 : dense,\n j floordiv 3 : compressed,\n"
                + " i mod 2 : dense,\n j mod 3 : dense\n )");
        String explicit = roundTrip("map = {il, jl, ii, jj} ( i = il * 2 + ii, j = jl * 3 + jj ) -> "
                + "( il = i floordiv 2 : dense, jl = j floordiv 3 : compressed, ii = i mod 2 : dense, "
                + "jj = j mod 3 : dense )");
        assertEquals(expected, implicit);
        assertEquals(expected, explicit);
        SparseTensorEncodingAttr a = (SparseTensorEncodingAttr) AsmParser.parseAttribute(TestContexts.standard(), implicit);
        // The inferred inverse: d0 = l0 * 2 + l2, d1 = l1 * 3 + l3 (as level variables d<i>).
        assertEquals("[d0 * 2 + d2, d1 * 3 + d3]", a.lvlToDim().stream().map(AffineExpr::print).toList().toString());
        assertEquals("#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>",
                roundTrip("map = {l0, l1} (d0 = l0, d1 = l1) -> (l0 = d0 : dense, l1 = d1 : compressed)"));
    }

    @Test
    void symbolsSlicesAndValues() throws DiagnosticException {
        assertEquals("#sparse_tensor.encoding<{ map = [s0](d0, d1) -> (d0 * (s0 * 4) : dense, d0 : dense, "
                + "d1 : compressed) }>", roundTrip("map = [s0](d0, d1) -> (d0 * (s0 * 4) : dense, d0 : dense, d1 : compressed)"));
        assertEquals("#sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(1, ?, 1)>, d1 : "
                + "#sparse_tensor<slice(?, 4, 2)>) -> (d0 : dense, d1 : compressed) }>",
                roundTrip("map = (d0 : #sparse_tensor<slice(1, ?, 1)>, d1 : #sparse_tensor<slice(?, 4, 2)>) -> "
                        + "(d0 : dense, d1 : compressed)"));
        // A dimension without a slice gets the whole-dimension slice once any dimension has one.
        assertEquals("#sparse_tensor.encoding<{ map = (d0 : #sparse_tensor<slice(2, 3, 1)>, d1 : "
                + "#sparse_tensor<slice(0, ?, 1)>) -> (d0 : dense, d1 : compressed) }>",
                roundTrip("map = (d0 : #sparse_tensor<slice(2, 3, 1)>, d1) -> (d0 : dense, d1 : compressed)"));
        assertEquals("#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), explicitVal = 1.000000e+00 : f32, "
                + "implicitVal = 0.000000e+00 : f32 }>",
                roundTrip("map = (d0) -> (d0 : compressed), explicitVal = 1.0 : f32, implicitVal = 0.0 : f32"));
        assertEquals("#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed), explicitVal = 1 : i64 }>",
                roundTrip("map = (d0) -> (d0 : compressed), explicitVal = 1"));
    }

    @Test
    void affineExpressionsSimplifyAndPrintLikeMlir() throws DiagnosticException {
        String prefix = "#sparse_tensor.encoding<{ map = [s0](d0, d1) -> (";
        assertEquals(prefix + "d0 - d1 : dense, d1 : compressed) }>", roundTrip("map = [s](a, b) -> (a - b : dense, b : compressed)"));
        assertEquals(prefix + "-d0 + s0 : dense, d1 + 5 : compressed) }>",
                roundTrip("map = [s](a, b) -> (s - a : dense, 2 + b + 3 : compressed)"));
        assertEquals(prefix + "(d0 + 1) floordiv 2 : dense, d1 * 6 : compressed) }>",
                roundTrip("map = [s](a, b) -> ((a + 1) floordiv 2 : dense, 2 * (b * 3) : compressed)"));
        assertEquals(prefix + "d0 ceildiv 3 : dense, d1 - d0 * 2 : compressed) }>",
                roundTrip("map = [s](a, b) -> (a ceildiv 3 : dense, b - 2 * a : compressed)"));
        assertEquals(prefix + "d0 mod s0 : dense, d1 * 2 : compressed) }>",
                roundTrip("map = [s](a, b) -> (a mod s : dense, b + b : compressed)"));
        assertEquals(prefix + "d0 mod 4 : dense, d1 floordiv 2 + 3 : compressed) }>",
                roundTrip("map = [s](a, b) -> (a - (a floordiv 4) * 4 : dense, (b + 6) floordiv 2 : compressed)"));
        assertEquals(prefix + "d0 mod 2 : dense, d1 mod s0 : compressed) }>",
                roundTrip("map = [s](a, b) -> ((a mod 8 + b * 4) mod 2 : dense, b - (b floordiv s) * s : compressed)"));
        assertEquals(AffineExpr.constant(0), AffineExpr.mod(AffineExpr.mul(new AffineExpr.Dim(0), AffineExpr.constant(4)),
                AffineExpr.constant(2)));
        assertEquals(AffineExpr.constant(-2), AffineExpr.floorDiv(AffineExpr.constant(-3), AffineExpr.constant(2)));
        assertEquals(AffineExpr.constant(-1), AffineExpr.ceilDiv(AffineExpr.constant(-3), AffineExpr.constant(2)));
        assertEquals(AffineExpr.constant(1), AffineExpr.mod(AffineExpr.constant(-3), AffineExpr.constant(2)));
    }

    @Test
    void aliasesAreNumberedSparseInFirstUseOrder() throws DiagnosticException {
        String text = "#CSR = #sparse_tensor.encoding<{\n  map = (d0, d1) -> (d0 : dense, d1 : compressed)\n}>\n"
                + "#DCSR = #sparse_tensor.encoding<{\n  map = (i, j) -> (i : compressed, j : compressed)\n}>\n"
                + "func.func @f(%a: tensor<2x3xf32, #CSR>, %b: tensor<2x3xf32, #DCSR>) -> tensor<2x3xf32, #CSR> {\n"
                + "  return %a : tensor<2x3xf32, #CSR>\n}\n";
        String out = print(parse(text));
        assertTrue(out.startsWith("#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>\n"
                + "#sparse1 = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : compressed) }>\n"
                + "module {\n"), out);
        assertTrue(out.contains("func.func @f(%arg0: tensor<2x3xf32, #sparse>, %arg1: tensor<2x3xf32, #sparse1>) -> "
                + "tensor<2x3xf32, #sparse>"), out);
        assertEquals(out, print(parse(out)));
    }

    @Test
    void bytecodeKeepsTheEncoding() throws Exception {
        ModuleOp m = parse("func.func @f(%a: tensor<4xf32, #sparse_tensor.encoding<{ map = (i) -> (i : compressed), "
                + "posWidth = 8 }>>) {\n  return\n}\n");
        byte[] bytes = BytecodeWriter.write(TestContexts.standard(), m, BytecodeWriterConfig.current(BytecodeWriterConfig.DEFAULT_PRODUCER));
        ModuleOp back = BytecodeReader.read(TestContexts.standard(), bytes, "t.mlirbc");
        assertEquals(print(m), print(back));
        RankedTensorType t = (RankedTensorType) back.body().operations().get(0).region(0).entry().argument(0).type();
        SparseTensorEncodingAttr enc = assertInstanceOf(SparseTensorEncodingAttr.class, t.encoding());
        assertEquals(8, enc.posWidth());
    }

    @Test
    void otherSparseTensorAttributesStayText() throws DiagnosticException {
        Attribute a = AsmParser.parseAttribute(TestContexts.standard(), "#sparse_tensor<slice(1, 2, 3)>");
        assertInstanceOf(DialectAttr.class, a);
    }

    @Test
    void equalityIgnoresSpellingButNotContent() throws DiagnosticException {
        Attribute a = AsmParser.parseAttribute(TestContexts.standard(), "#sparse_tensor.encoding<{ map = (x, y) -> (x : dense, y : compressed) }>");
        Attribute b = AsmParser.parseAttribute(TestContexts.standard(), "#sparse_tensor.encoding<{map=(d0,d1)->(d0:dense,d1:compressed)}>");
        Attribute c = AsmParser.parseAttribute(TestContexts.standard(), "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), crdWidth = 32 }>");
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, c);
        assertNull(((SparseTensorEncodingAttr) a).explicitVal());
        assertEquals(List.of(LevelType.of(LevelType.Format.DENSE), LevelType.of(LevelType.Format.COMPRESSED)),
                ((SparseTensorEncodingAttr) a).lvlTypes());
    }

    /**
     * Syntax errors point at the offending token (line 2); verifier errors and values of the wrong kind point at
     * the attribute's name ({@code encoding} on line 1, column 21), as upstream reports them.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            2:23: unknown level format: sparse | map = (d0) -> (d0 : sparse)
            2:18: use of undeclared identifier | map = (d0) -> (d1 : dense)
            2:14: redefinition of identifier 'd0' | map = (d0, d0) -> (d0 : dense, d0 : dense)
            2:22: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic | map = (a, b) -> (a * b : dense, b : dense)
            2:33: non-affine expression: right operand of mod has to be either a constant or symbolic | map = (a, b) -> (a : dense, b mod a : dense)
            2:23: invalid level type: level format doesn't support the properties | map = (d0) -> (d0 : dense(nonunique))
            2:34: unknown level property: high | map = (d0) -> (d0 : compressed(high))
            2:23: expected exactly 2 structured sizes | map = (d0) -> (d0 : structured[2])
            2:23: expected n <= m in n_out_of_m | map = (d0) -> (d0 : structured[4, 2])
            2:15: expected SparseTensorDimSliceAttr | map = (d0 : #foo<bar>) -> (d0 : compressed)
            2:36: expect positive value or ? for slice offset/size/stride | map = (d0 : #sparse_tensor<slice(-1, 2, 1)>) -> (d0 : compressed)
            2:18: expected affine expression | map = (d0) -> (: dense)
            1:21: expected a numeric value for explicitVal | map = (d0) -> (d0 : compressed), explicitVal = "one"
            1:21: expected an integral position bitwidth | map = (d0) -> (d0 : compressed), posWidth = 1.5
            1:21: unexpected key: lvlTypes | lvlTypes = ["dense"]
            1:21: unexpected position bitwidth: 7 | map = (d0) -> (d0 : dense), posWidth = 7
            1:21: expected compressed or loose_compressed level before singleton level | map = (d0, d1) -> (d0 : dense, d1 : singleton)
            1:21: failed to infer lvlToDim from dimToLvl | map = (d0, d1) -> (d0 + d1 : dense)
            1:21: expected a non-empty array for lvlTypes | map = () -> ()
            1:21: SoA is only applicable to singleton lvlTypes. | map = (d0) -> (d0 : compressed(soa))
            1:21: Batch lvlType can only be leading levels. | map = (d0, d1) -> (d0 : dense, d1 : batch)
            1:21: expected lvlToDim to be an inverse of dimToLvl | map = {l0, l1} (d0 = l1, d1 = l0) -> (l0 = d0 : dense, l1 = d1 : dense)
            1:21: expected n_out_of_m to be the last level type | map = (d0, d1) -> (d0 : structured[2, 4], d1 : dense)
            """)
    void errorsWithPositions(String expected, String body) {
        assertEquals(expected, error("#X = #sparse_tensor.encoding<{\n  " + body + "\n}>\n"));
    }

    @Test
    void tensorRankMustMatchTheEncoding() {
        String enc = "#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>";
        assertEquals("1:94: dimension-rank mismatch between encoding and tensor shape: 1 != 2",
                error("func.func @f(%a: tensor<2x3xf32, " + enc + ">) {\n  return\n}\n"));
        assertEquals("1:90: expected non-scalar sparse tensor",
                error("func.func @f(%a: tensor<f32, " + enc + ">) {\n  return\n}\n"));
    }

    @Test
    void hostileNestingIsAnErrorNotACrash() {
        String deep = "(".repeat(300) + "d0" + ")".repeat(300);
        String e = error("#X = #sparse_tensor.encoding<{ map = (d0) -> (" + deep + " : dense) }>\n");
        assertTrue(e.contains("nested deeper"), e);
        String longSum = "d0 + d1" + " + d0 + d1".repeat(2000);
        e = error("#X = #sparse_tensor.encoding<{ map = (d0, d1) -> (" + longSum + " : dense) }>\n");
        assertTrue(e.contains("more than 1000 operators"), e);
    }

    /** Random edits of valid encodings give a parsed attribute or a diagnostic, never another exception. */
    @Test
    void mutatedEncodingsNeverCrash() {
        String[] seeds = {
            "map = {il, jl, ii, jj} (i = il * 2 + ii, j = jl * 3 + jj) -> (il = i floordiv 2 : dense, "
                    + "jl = j floordiv 3 : compressed, ii = i mod 2 : dense, jj = j mod 3 : dense)",
            "map = [s0](d0, d1) -> (d0 * (s0 * 4) : dense, d1 ceildiv 2 : compressed(nonunique, nonordered), "
                    + "d1 : singleton(soa)), posWidth = 8, explicitVal = 1.5 : f32",
            "map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]), crdWidth = 16",
            "map = (d0 : #sparse_tensor<slice(1, ?, 1)>, d1) -> (d0 : dense, d1 : compressed)",
        };
        String module = "#X = #sparse_tensor.encoding<{ %s }>\nfunc.func private @f(tensor<?x?xf32, #X>)\n";
        for (String seed : seeds) assertDoesNotThrow(() -> parse(String.format(module, seed)), seed);
        String alphabet = "(){}[]<>:,=-+*?#\"0123456789 dlsijmofloordivceildivmod";
        java.util.Random random = new java.util.Random(42);
        int parsed = 0;
        for (int i = 0; i < 3000; i++) {
            StringBuilder body = new StringBuilder(seeds[i % seeds.length]);
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                int at = random.nextInt(body.length());
                if (random.nextBoolean()) body.deleteCharAt(at);
                else body.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
            }
            try {
                parse(String.format(module, body));
                parsed++;
            } catch (DiagnosticException expected) {
                assertTrue(expected.diagnostics().size() > 0);
            }
        }
        assertTrue(parsed > 0 && parsed < 3000, "parsed " + parsed);
    }
}
