package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SplitInputTest {
    private static List<SplitInput.Chunk> split(String text) {
        return SplitInput.split(text, SplitInput.DEFAULT_MARKER, null);
    }

    @Test
    void chunksKeepTheRestOfTheMarkerLine() {
        String text = "a\n// -----\nb\nc\n// -----\nd\n";
        List<SplitInput.Chunk> chunks = split(text);
        assertEquals(List.of("a\n", "\nb\nc\n", "\nd\n"), chunks.stream().map(SplitInput.Chunk::text).toList());
        assertEquals(List.of(1, 2, 5), chunks.stream().map(SplitInput.Chunk::firstLine).toList());
        assertEquals(List.of(1, 9, 9), chunks.stream().map(SplitInput.Chunk::firstColumn).toList());
        assertEquals("        \nb\nc\n", chunks.get(1).paddedText());
    }

    @Test
    void longerDashRunsStillSplitAndTextAfterTheMarkerStays() {
        List<SplitInput.Chunk> chunks = split("x// ------- tail\ny");
        assertEquals(List.of("x", "-- tail\ny"), chunks.stream().map(SplitInput.Chunk::text).toList());
        assertEquals(10, chunks.get(1).firstColumn());
    }

    @Test
    void nearMissStaysInThePreviousChunkWithAWarning() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String text = "a\n// ---\nb\n// -----\nc";
        SourceBuffer buf = new SourceBuffer("f.mlir", text.getBytes(StandardCharsets.UTF_8));
        DiagnosticPrinter printer = new DiagnosticPrinter(buf, new PrintStream(err, true, StandardCharsets.UTF_8));
        List<SplitInput.Chunk> chunks = SplitInput.split(text, SplitInput.DEFAULT_MARKER, printer);
        assertEquals(List.of("a\n// ---\nb\n", "\nc"), chunks.stream().map(SplitInput.Chunk::text).toList());
        assertEquals("f.mlir:2:7: warning: near miss with file split marker\n// ---\n      ^\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void edgeCases() {
        assertEquals(0, split("").size());
        assertEquals(List.of("abc"), split("abc").stream().map(SplitInput.Chunk::text).toList());
        // A marker at the very start: the empty first piece is dropped and the next one taken whole.
        assertEquals(List.of("--\nx"), split("// -----\nx").stream().map(SplitInput.Chunk::text).toList());
        // Custom marker.
        List<SplitInput.Chunk> c = SplitInput.split("p\n;;==\nq", ";;==", null);
        assertEquals(List.of("p\n", "\nq"), c.stream().map(SplitInput.Chunk::text).toList());
        assertTrue(c.get(1).firstLine() == 2 && c.get(1).firstColumn() == 5);
    }

    @Test
    void columnsCountUtf8Bytes() {
        List<SplitInput.Chunk> c = split("é// -----\nx");
        assertEquals(11, c.get(1).firstColumn());
    }
}
