package org.stablehlo4j.api.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link TensorJson}: the CLI's {@code --args-json} layout for {@link TensorValue}s. */
class TensorJsonTest {
    @ParameterizedTest
    @EnumSource(ElementType.class)
    void everyElementTypeWritesAndReadsBack(ElementType type, @TempDir Path tmp) throws IOException {
        TensorValue v = NpyTest.sample(type);
        String json = TensorJson.toJson(v);
        assertEquals(v, TensorJson.parse(json));
        assertEquals(v, TensorJson.read(json.getBytes(StandardCharsets.UTF_8)));
        TensorValue scalar = type.isComplex() ? TensorValue.ofComplex(type, new double[] {-1, 0.5})
                : TensorValue.of(type, new long[] {1});
        List<TensorValue> list = List.of(v, scalar);
        assertEquals(list, TensorJson.parseList(TensorJson.toJson("inputs", list), "inputs"));
        Path one = tmp.resolve("one.json");
        TensorJson.write(one, v);
        assertEquals(json + "\n", Files.readString(one));
        assertEquals(v, TensorJson.read(one));
        Path many = tmp.resolve("many.json");
        TensorJson.writeList(many, "outputs", list);
        assertEquals(list, TensorJson.readList(many, "outputs"));
        assertEquals(list, TensorJson.readList(Files.readAllBytes(many), "outputs"));
    }

    @Test
    void writesThePythonLayout() throws IOException {
        assertEquals("{\"shape\": [2], \"dtype\": \"bfloat16\", \"data\": [1.5, -2.5]}",
                TensorJson.toJson(TensorValue.of(ElementType.BF16, new double[] {1.5, -2.5}, 2)));
        assertEquals("{\"shape\": [1, 2], \"dtype\": \"complex64\", \"data\": [[1.0, -0.5], [0.10000000149011612, NaN]]}",
                TensorJson.toJson(TensorValue.ofComplex(ElementType.COMPLEX64, new double[] {1, -0.5, 0.1, Double.NaN},
                        1, 2)));
        assertEquals("{\"inputs\": [{\"shape\": [], \"dtype\": \"bool\", \"data\": [true]}, "
                + "{\"shape\": [1], \"dtype\": \"uint64\", \"data\": [18446744073709551615]}]}",
                TensorJson.toJson("inputs", List.of(TensorValue.of(new boolean[] {true}),
                        TensorValue.of(ElementType.UI64, new long[] {-1}, 1))));
        assertEquals("{\"a\\\"b\": []}", TensorJson.toJson("a\"b", List.of()));
        assertEquals(List.of(), TensorJson.parseList("{\"a\\\"b\": []}", "a\"b"));
        // a file of the CLI's: other keys are allowed, the list is read by its key
        assertEquals(List.of(TensorValue.of(new int[] {1, -2}, 2)), TensorJson.parseList(
                "{\"outputs\": [], \"inputs\": [{\"dtype\": \"int32\", \"data\": [1, -2], \"shape\": [2]}]}", "inputs"));
    }

    @Test
    void readsTheJaxSamplesInputsAndOutputs() throws IOException {
        Path io = ComplexRunTest.samples().resolve("complex_fft.io.json");
        List<TensorValue> in = TensorJson.readList(io, "inputs");
        List<TensorValue> out = TensorJson.readList(io, "outputs");
        assertEquals(1, in.size());
        assertEquals("tensor<16xcomplex<f32>>", org.stablehlo4j.asm.AsmPrinter.printType(in.get(0).type()));
        assertEquals(0.8926218152046204, in.get(0).getReal(0));
        assertEquals(-0.5938667058944702, in.get(0).getImaginary(0));
        assertEquals(3, out.size());
        assertEquals(ElementType.F32, out.get(1).elementType());
    }

    static void fails(String json, String message) {
        IOException e = assertThrows(IOException.class, () -> TensorJson.parse(json));
        assertEquals(message, e.getMessage());
    }

    @Test
    void errorsNameTheByteOffset(@TempDir Path tmp) throws IOException {
        fails("", "byte offset 0: expected '{' (an array: {\"shape\": ..., \"dtype\": ..., \"data\": ...}), found the end "
                + "of the document");
        fails("{\"shape\": [1], \"dtype\": \"float128\", \"data\": [1]}", "byte offset 24: unknown dtype \"float128\"");
        fails("{\"shape\": [1], \"dtype\": \"int4\", \"data\": [1]}",
                "byte offset 24: dtype \"int4\" is not an element type of TensorValue");
        fails("{\"shape\": [2], \"dtype\": \"int32\", \"data\": [1]}", "byte offset 43: \"data\" has 1 elements, shape [2] "
                + "needs 2");
        // a large shape with little data is reported before anything is allocated for it
        fails("{\"shape\": [100000, 100000], \"dtype\": \"float32\", \"data\": [1, 2]}",
                "byte offset 61: \"data\" has 2 elements, shape [100000, 100000] needs 10000000000");
        fails("{\"shape\": [1], \"dtype\": \"uint8\", \"data\": [256]}", "byte offset 42: 256 is out of range for dtype uint8");
        fails("{\"shape\": [], \"dtype\": \"bool\", \"data\": [true]} {}",
                "byte offset 47: unexpected data after the JSON document");
        IOException e = assertThrows(IOException.class, () -> TensorJson.parseList("{\"outputs\": []}", "inputs"));
        assertEquals("byte offset 0: the document has no \"inputs\" list", e.getMessage());
        Path f = tmp.resolve("bad.json");
        Files.writeString(f, "{\"inputs\": [1]}");
        e = assertThrows(IOException.class, () -> TensorJson.readList(f, "inputs"));
        assertEquals(f + ": byte offset 12: expected '{' (an array: {\"shape\": ..., \"dtype\": ..., \"data\": ...}), "
                + "found '1'", e.getMessage());
    }
}
