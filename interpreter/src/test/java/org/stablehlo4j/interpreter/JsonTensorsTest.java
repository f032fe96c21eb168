package org.stablehlo4j.interpreter;

import org.stablehlo4j.testing.TestContexts;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JSON tensor reader/writer of {@code --args-json}/{@code --results-json} and the driver's input checks. */
class JsonTensorsTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static List<Tensor> read(String json) throws JsonTensors.JsonException {
        return JsonTensors.read(bytes(json), "inputs");
    }

    /** Reading {@code json} fails at {@code offset} with a message containing {@code text}. */
    private static void fails(String json, int offset, String text) {
        JsonTensors.JsonException e = assertThrows(JsonTensors.JsonException.class, () -> read(json), json);
        assertEquals(offset, e.offset(), e.getMessage());
        assertTrue(e.getMessage().startsWith("byte offset " + offset + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(text), e.getMessage());
    }

    // ---- writer: Python's repr of floats

    @Test
    void floatsAreWrittenAsPythonReprWritesThem() {
        // bit pattern -> json.dumps(float) of CPython 3
        Object[][] cases = {
            {0L, "0.0"}, {-9223372036854775808L, "-0.0"}, {4607182418800017408L, "1.0"},
            {-4616189618054758400L, "-1.0"}, {4591870180066957722L, "0.1"},
            {4599676419421066581L, "0.3333333333333333"}, {4604180019048437077L, "0.6666666666666666"},
            {4846369599423283200L, "1e+16"}, {4831355200913801216L, "1000000000000000.0"},
            {4862596447618666293L, "1.2345678901234568e+17"}, {4547007122018943789L, "0.0001"},
            {4532020583610935537L, "1e-05"}, {4504762867522569078L, "1.5e-07"}, {1L, "5e-324"},
            {9218868437227405311L, "1.7976931348623157e+308"}, {4503599627370496L, "2.2250738585072014e-308"},
            {4636737291354636288L, "100.0"}, {4936209963552724370L, "1e+22"}, {4950912855330343670L, "1e+23"},
            {4955416454957714166L, "2e+23"}, {4868223978707957653L, "2.82879384806159e+17"},
            {4985498333998215343L, "1.9400994884341945e+25"}, {9221120237041090560L, "NaN"},
            {9218868437227405312L, "Infinity"}, {-4503599627370496L, "-Infinity"},
            {4668012722585352536L, "12345.678"}, {4845873199050653696L, "9007199254740992.0"},
            {4591870180174331904L, "0.10000000149011612"}, {5183643170566569984L, "3.4028234663852886e+38"},
            {3936146074321813504L, "1.401298464324817e-45"}, {4623613520565501952L, "13.1875"},
            {-4616024141554778112L, "-1.0367431640625"}, {4541544291699740396L, "4.35e-05"},
            {4562254508917369340L, "0.001"},
        };
        for (Object[] c : cases) {
            double v = Double.longBitsToDouble((Long) c[0]);
            assertEquals(c[1], JsonTensors.formatDouble(v), "bits " + c[0]);
        }
    }

    @Test
    void writtenFloatsRoundTripAndAreNoLongerThanJavas() {
        Random random = new Random(42);
        for (int i = 0; i < 20000; i++) {
            double v = i % 2 == 0 ? Double.longBitsToDouble(random.nextLong())
                    : (double) Float.intBitsToFloat(random.nextInt());
            if (Double.isNaN(v) || Double.isInfinite(v)) continue;
            String s = JsonTensors.formatDouble(v);
            assertEquals(v, Double.parseDouble(s), s);
            assertTrue(digits(s) <= digits(Double.toString(v)), s + " vs " + Double.toString(v));
        }
    }

    private static int digits(String s) {
        String m = s.replaceAll("[eE].*", "").replace("-", "").replace(".", "").replaceAll("^0+", "");
        return m.replaceAll("0+$", "").length();
    }

    // ---- reading every dtype, and writing back

    @Test
    void readsAndWritesEveryDtypeOfTheJaxSamples() throws Exception {
        String doc = "{\"inputs\": [{\"shape\": [2, 2], \"dtype\": \"float32\", \"data\": [1.0, -0.5, 0.1, 1e-05]}, "
                + "{\"shape\": [3], \"dtype\": \"float32\", \"data\": [NaN, Infinity, -Infinity]}, "
                + "{\"shape\": [2], \"dtype\": \"complex64\", \"data\": [[1.0, 2.0], [-0.0, 0.5]]}, "
                + "{\"shape\": [], \"dtype\": \"int32\", \"data\": [-2147483648]}, "
                + "{\"shape\": [3], \"dtype\": \"uint32\", \"data\": [0, 2, 4294967295]}, "
                + "{\"shape\": [1], \"dtype\": \"uint64\", \"data\": [18446744073709551615]}, "
                + "{\"shape\": [2], \"dtype\": \"int8\", \"data\": [-128, 127]}, "
                + "{\"shape\": [2], \"dtype\": \"uint16\", \"data\": [0, 65535]}, "
                + "{\"shape\": [3], \"dtype\": \"bool\", \"data\": [true, false, true]}, "
                + "{\"shape\": [2], \"dtype\": \"float16\", \"data\": [-1.025390625, 0.48095703125]}, "
                + "{\"shape\": [1], \"dtype\": \"bfloat16\", \"data\": [-1.0390625]}, "
                + "{\"shape\": [0, 3], \"dtype\": \"float64\", \"data\": []}]}";
        List<Tensor> ts = read(doc);
        assertEquals(12, ts.size());
        assertEquals("tensor<2x2xf32>", org.stablehlo4j.asm.AsmPrinter.printType(ts.get(0).type()));
        assertEquals((float) 0.1, ts.get(0).reals[2]);
        assertEquals("tensor<2xcomplex<f32>>", org.stablehlo4j.asm.AsmPrinter.printType(ts.get(2).type()));
        assertEquals(-1L, ts.get(5).ints[0]); // 2^64 - 1 as unsigned bits
        assertEquals("tensor<3xi1>", org.stablehlo4j.asm.AsmPrinter.printType(ts.get(8).type()));
        assertEquals("tensor<2xf16>", org.stablehlo4j.asm.AsmPrinter.printType(ts.get(9).type()));
        // Written back: the same document, as Python's json.dumps writes it (f32 0.1 is the float32 nearest 0.1).
        String expected = doc.replace("{\"inputs\"", "{\"outputs\"").replace("0.1, 1e-05", "0.10000000149011612, "
                + "9.999999747378752e-06");
        assertEquals(expected, JsonTensors.write("outputs", ts));
    }

    @Test
    void floatInputsAreRoundedToTheirFormat() throws Exception {
        List<Tensor> ts = read("{\"inputs\": [{\"shape\": [2], \"dtype\": \"bfloat16\", \"data\": [1.00390625, 3.3]},"
                + " {\"shape\": [1], \"dtype\": \"float32\", \"data\": [0.1]}]}");
        assertArrayEquals(new double[] {1.0, 3.296875}, ts.get(0).reals);
        assertEquals(0.10000000149011612, ts.get(1).reals[0]);
    }

    @Test
    void keysMayComeInAnyOrderAndOtherTopLevelKeysAreSkipped() throws Exception {
        List<Tensor> ts = read("  {\"outputs\": [{\"x\": [1, {\"y\": null}]}], \"inputs\":[{\"data\":[7],"
                + "\"dtype\":\"int64\",\"shape\":[]}] , \"z\": \"\\u00e9\\n\"}\n");
        assertEquals(7L, ts.get(0).ints[0]);
    }

    // ---- malformed documents: every error names its byte offset

    @Test
    void malformedJsonIsRejectedWithItsByteOffset() {
        fails("", 0, "expected '{' at the start of the document, found the end of the document");
        fails("[]", 0, "expected '{'");
        fails("{\"inputs\": []", 13, "expected ',' or '}'");
        fails("{\"inputs\": []} x", 15, "unexpected data after the JSON document");
        fails("{\"inputs\": [],}", 14, "expected a string key");
        fails("{\"inputs\" []}", 10, "expected ':' after a key");
        fails("{\"other\": 1}", 0, "the document has no \"inputs\" list");
        fails("{\"inputs\": [], \"inputs\": []}", 15, "duplicate key \"inputs\"");
        fails("{\"inputs\": [{\"shape\": [], \"dtype\": \"int32\", \"data\": [4,]}]}", 55, "expected a value");
        fails("{\"inputs\": [{\"shape\": [], \"dtype\": \"int32\", \"data\": [04]}]}", 54, "expected ',' or ']'");
        fails("{\"inputs\": [{\"shape\": [], \"dtype\": \"int32\", \"data\": [1.]}]}", 55, "expected a digit after '.'");
        fails("{\"a\": \"x\ty\", \"inputs\": []}", 8, "control character");
        fails("{\"a\": \"xy, \"inputs\": []}", 12, "expected ',' or '}', found 'i'");
        fails("{\"a\": \"abc", 6, "unterminated string");
        fails("{\"a\": \"\\x\"}", 7, "invalid escape");
        fails("{\"a\": tru}", 6, "expected a value");
        fails("{\"a\": " + "[".repeat(300) + "]".repeat(300) + "}", 262, "nesting deeper than 256");
        fails("{\"a\": \"\u00e9\"}".replace("\u00e9", "\\u00zz"), 7, "invalid \\u escape");
    }

    @Test
    void badInvalidUtf8IsRejected() {
        byte[] doc = {'{', '"', (byte) 0xC3, '"', ':', '1', '}'};
        JsonTensors.JsonException e = assertThrows(JsonTensors.JsonException.class,
                () -> JsonTensors.read(doc, "inputs"));
        assertEquals("byte offset 2: invalid UTF-8 in a string", e.getMessage());
    }

    @Test
    void entriesMustHaveShapeDtypeAndDataOnly() {
        fails("{\"inputs\": [{\"shape\": [], \"dtype\": \"int32\"}]}", 12, "the array has no \"data\"");
        fails("{\"inputs\": [{\"dtype\": \"int32\", \"data\": [1]}]}", 12, "the array has no \"shape\"");
        fails("{\"inputs\": [{\"shape\": [], \"data\": [1]}]}", 12, "the array has no \"dtype\"");
        fails("{\"inputs\": [{\"shape\": [], \"shape\": [], \"dtype\": \"int32\", \"data\": [1]}]}", 26,
                "duplicate key \"shape\"");
        fails("{\"inputs\": [{\"shape\": [], \"dtype\": \"int32\", \"data\": [1], \"name\": \"x\"}]}", 57,
                "unexpected key \"name\"");
        fails("{\"inputs\": [{\"shape\": [], \"dtype\": \"float31\", \"data\": [1]}]}", 35, "unknown dtype \"float31\"");
        fails("{\"inputs\": [{\"shape\": [-1], \"dtype\": \"int32\", \"data\": []}]}", 23,
                "a dimension must be a non-negative integer");
        fails("{\"inputs\": [{\"shape\": [2.0], \"dtype\": \"int32\", \"data\": []}]}", 23,
                "a dimension must be a non-negative integer");
        fails("{\"inputs\": [{\"shape\": [], \"dtype\": \"int32\", \"data\": 1}]}", 52, "expected '[' for \"data\"");
        fails("{\"inputs\": [1]}", 12, "expected '{' (an array");
        fails("{\"inputs\": {}}", 11, "expected '[' (a list of arrays)");
    }

    @Test
    void dataMustFitTheDtypeAndTheShape() {
        String head = "{\"inputs\": [{\"shape\": [2], \"dtype\": ";
        int at = head.length();
        fails(head + "\"int32\", \"data\": [1]}]}", at + 19, "\"data\" has 1 elements, shape [2] needs 2");
        fails(head + "\"int32\", \"data\": [1, 2, 3]}]}", at + 24, "\"data\" has more than the 2 elements of shape [2]");
        fails(head + "\"int32\", \"data\": [1, 2.5]}]}", at + 21, "expected an integer (dtype int32)");
        fails(head + "\"int32\", \"data\": [1, \"2\"]}]}", at + 21, "expected an integer (dtype int32)");
        fails(head + "\"int8\", \"data\": [1, 128]}]}", at + 20, "128 is out of range for dtype int8");
        fails(head + "\"uint32\", \"data\": [1, -1]}]}", at + 22, "-1 is out of range for dtype uint32");
        fails(head + "\"uint64\", \"data\": [1, 18446744073709551616]}]}", at + 22, "out of range for dtype uint64");
        fails(head + "\"bool\", \"data\": [true, 1]}]}", at + 23, "expected true or false (dtype bool)");
        fails(head + "\"float32\", \"data\": [1.0, true]}]}", at + 25, "expected a number (dtype float32)");
        fails(head + "\"complex64\", \"data\": [[1.0, 2.0], 3.0]}]}", at + 34, "expected [re, im] (dtype complex64)");
        fails(head + "\"complex64\", \"data\": [[1.0, 2.0], [3.0]]}]}", at + 38, "expected ',' in [re, im]");
        fails(head + "\"float32\", \"data\": [[1.0], [2.0]]}]}", at + 20, "expected a number (dtype float32)");
    }

    // ---- the driver: inputs checked against @main's signature

    private static ModuleOp module(String text) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("m.mlir", 1, false));
    }

    private static final String ADD = "func.func @main(%a: tensor<2xf32>, %b: tensor<i32>) -> (tensor<2xf32>, tensor<i32>) {\n"
            + "  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0, %b : tensor<2xf32>, tensor<i32>\n}\n";

    private static String runJson(String text, String json) throws Exception {
        return InterpreterDriver.interpretJson(TestContexts.standard(), module(text), "", bytes(json), null).json();
    }

    @Test
    void theDriverRunsMainOnJsonInputs() throws Exception {
        assertEquals("{\"outputs\": [{\"shape\": [2], \"dtype\": \"float32\", \"data\": [0.20000000298023224, -3.0]}, "
                + "{\"shape\": [], \"dtype\": \"int32\", \"data\": [7]}]}\n",
                runJson(ADD, "{\"inputs\": [{\"shape\": [2], \"dtype\": \"float32\", \"data\": [0.1, -1.5]}, "
                        + "{\"shape\": [], \"dtype\": \"int32\", \"data\": [7]}]}"));
        // without a JSON file: the --args text, results as JSON
        assertEquals("{\"outputs\": [{\"shape\": [2], \"dtype\": \"float32\", \"data\": [2.0, 4.0]}, "
                + "{\"shape\": [], \"dtype\": \"int32\", \"data\": [3]}]}\n",
                InterpreterDriver.interpretJson(TestContexts.standard(), module(ADD), "[dense<[1.0, 2.0]> : tensor<2xf32>, dense<3> : tensor<i32>]",
                        null, null).json());
    }

    private static void mismatch(String json, int offset, String message) {
        JsonTensors.JsonException e = assertThrows(JsonTensors.JsonException.class, () -> runJson(ADD, json));
        assertEquals("byte offset " + offset + ": " + message, e.getMessage());
    }

    @Test
    void inputsMustMatchMainsSignature() {
        String f32 = "{\"shape\": [2], \"dtype\": \"float32\", \"data\": [1, 2]}";
        String i32 = "{\"shape\": [], \"dtype\": \"int32\", \"data\": [7]}";
        mismatch("{\"inputs\": [" + f32 + "]}", 11, "\"inputs\" has 1 array, @main takes 2 arguments");
        mismatch("{\"inputs\": [" + f32 + ", " + i32 + ", " + i32 + "]}", 11,
                "\"inputs\" has 3 arrays, @main takes 2 arguments");
        mismatch("{\"inputs\": [" + f32.replace("[2]", "[]").replace("1, 2", "1") + ", " + i32 + "]}", 12,
                "input 0 of @main has shape [2] (tensor<2xf32>), the file gives []");
        mismatch("{\"inputs\": [" + f32 + ", " + f32.replace("float32", "int64") + "]}", 88,
                "input 1 of @main has dtype int32 (tensor<i32>), the file gives int64");
    }

    @Test
    void resultsWithoutADtypeAreAnError() throws Exception {
        String text = "func.func @main() -> !stablehlo.token {\n  %0 = stablehlo.create_token : !stablehlo.token\n"
                + "  return %0 : !stablehlo.token\n}\n";
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> runJson(text, "{\"inputs\": []}"));
        assertTrue(e.diagnostics().get(0).message().contains("result 0 of @main (!stablehlo.token) cannot be written as JSON"),
                e.diagnostics().get(0).message());
    }
}
