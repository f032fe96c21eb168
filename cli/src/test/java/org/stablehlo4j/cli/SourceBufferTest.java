package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SourceBufferTest {
    private static int firstInvalid(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) b[i] = (byte) bytes[i];
        return SourceBuffer.firstInvalidUtf8(b);
    }

    @Test
    void strictUtf8() {
        assertEquals(-1, SourceBuffer.firstInvalidUtf8("aé€😀".getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, firstInvalid('a', 0x80));                  // lone continuation byte
        assertEquals(0, firstInvalid(0xC0, 0x80));                 // overlong
        assertEquals(0, firstInvalid(0xE0, 0x80, 0x80));           // overlong 3-byte
        assertEquals(0, firstInvalid(0xED, 0xA0, 0x80));           // surrogate
        assertEquals(0, firstInvalid(0xF4, 0x90, 0x80, 0x80));     // above U+10FFFF
        assertEquals(2, firstInvalid('a', 'b', 0xE2, 0x82));       // truncated at the end
        assertEquals(0, firstInvalid(0xFF));
        ToolException e = assertThrows(ToolException.class,
                () -> new SourceBuffer("in.mlir", new byte[] {'x', (byte) 0xFE}).decodeUtf8());
        assertEquals("in.mlir: error: invalid UTF-8 at byte offset 1", e.getMessage());
        e = assertThrows(ToolException.class,
                () -> new SourceBuffer("in.mlir", new byte[] {'x', (byte) 0xED, (byte) 0xA0, (byte) 0x80}).decodeUtf8());
        assertEquals("in.mlir: error: invalid UTF-8 at byte offset 1", e.getMessage());
    }

    @Test
    void decodesAsciiAndRealReplacementCharacters() throws ToolException {
        assertEquals("a = 1\n", new SourceBuffer("f", "a = 1\n".getBytes(StandardCharsets.UTF_8)).decodeUtf8());
        String text = "// \uFFFD é 😀\n";
        assertEquals(text, new SourceBuffer("f", text.getBytes(StandardCharsets.UTF_8)).decodeUtf8());
    }

    @Test
    void linesAndColumns() {
        SourceBuffer b = new SourceBuffer("f", "ab\ncd\n\nx".getBytes(StandardCharsets.UTF_8));
        assertEquals(4, b.lineCount());
        assertEquals(2, b.lineOf(3));
        assertEquals(2, b.columnOf(4));
        assertEquals(4, b.offsetOf(2, 2));
        assertEquals(-1, b.offsetOf(2, 5));   // crosses the line end
        assertEquals(-1, b.offsetOf(9, 1));
        assertEquals(7, b.offsetOf(4, 1));
    }

    @Test
    void bytecodeMagic() {
        assertTrue(new SourceBuffer("f", new byte[] {'M', 'L', (byte) 0xEF, 'R'}).isBytecode());
        assertFalse(new SourceBuffer("f", "MLIR".getBytes(StandardCharsets.UTF_8)).isBytecode());
    }
}
