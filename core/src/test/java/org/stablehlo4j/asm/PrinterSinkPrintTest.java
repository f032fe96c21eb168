package org.stablehlo4j.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.testing.TestContexts;

/** The UTF-8 byte sink gives the bytes an {@code OutputStreamWriter} gives for the same chunks of text. */
class PrinterSinkPrintTest {
    private static String randomText(Random r, int length) {
        char[] pool = {'a', '%', '\n', '"', 'é', 'ß', '€', '中', '\uD83D', '\uDE00', '\uDBFF', '\uDFFF', '\uFFFD', 0x7F,
            0x80, 0x7FF, 0x800, 0xFFFF};
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int k = r.nextInt(pool.length + 20);
            sb.append(k < pool.length ? pool[k] : (char) (' ' + r.nextInt(95)));
        }
        return sb.toString();
    }

    /** Hands {@code text} to {@code sink} cut at random points (a pair of surrogates may be cut), then flushes. */
    private static void writeChunks(PrinterSink sink, String text, long seed) throws IOException {
        Random r = new Random(seed);
        StringBuilder chunk = new StringBuilder();
        for (int i = 0; i < text.length(); ) {
            int n = Math.min(text.length() - i, r.nextInt(5) == 0 ? r.nextInt(100_000) : r.nextInt(40));
            chunk.append(text, i, i + n);
            sink.write(chunk);
            assertTrue(chunk.length() <= 1, "at most a high surrogate is kept back");
            i += n;
        }
        sink.flush();
    }

    @Test
    void utf8SinkGivesTheBytesOfOutputStreamWriter() throws IOException {
        Random r = new Random(15);
        for (int round = 0; round < 200; round++) {
            String text = randomText(r, round < 190 ? r.nextInt(300) : 200_000 + r.nextInt(100_000));
            if (r.nextBoolean()) text = text.replaceAll("[^\\x00-\\x7F]", "x"); // the all-ASCII fast path
            long seed = r.nextLong();
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            Writer w = new OutputStreamWriter(expected, StandardCharsets.UTF_8);
            writeChunks(PrinterSink.of(w), text, seed);
            w.close(); // a trailing unpaired high surrogate is written as '?' on close
            ByteArrayOutputStream actual = new ByteArrayOutputStream();
            writeChunks(PrinterSink.utf8(actual), text, seed);
            assertArrayEquals(expected.toByteArray(), actual.toByteArray(), "round " + round);
        }
    }

    @Test
    void encodesEachLength() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrinterSink s = PrinterSink.utf8(out);
        s.write(new StringBuilder("a\u00e9\u20ac\uD83D"));
        s.write(new StringBuilder("\uDE00 \uDE00 \uD83Dx"));
        s.flush();
        assertEquals("a\u00e9\u20ac\uD83D\uDE00 ? ?x", out.toString(StandardCharsets.UTF_8));
    }

    /** A module larger than one flush chunk (its non-ASCII strings print escaped): the byte stream is the writer's text in UTF-8. */
    @Test
    void printedBytesAreTheWritersTextInUtf8() throws Exception {
        StringBuilder src = new StringBuilder("func.func @main() {\n");
        for (int i = 0; i < 12_000; i++) {
            src.append("  %c").append(i).append(" = \"stablehlo.constant\"() <{value = dense<").append(i)
                    .append("> : tensor<i32>}> {tag = \"caf\u00e9 \u4e2d\uD83D\uDE00 ").append(i)
                    .append("\"} : () -> tensor<i32>\n");
        }
        src.append("  \"func.return\"() : () -> ()\n}\n");
        ModuleOp module = AsmParser.parse(TestContexts.standard(), src.toString(), new ParseOptions("big.mlir", 1, false));
        for (PrintOptions options : AsmPrinterRoundTripPrintTest.MODES) {
            StringWriter chars = new StringWriter();
            AsmPrinter.print(TestContexts.standard(), module, options, chars);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            AsmPrinter.print(TestContexts.standard(), module, options, bytes);
            assertTrue(chars.getBuffer().length() > AttrTypePrinter.FLUSH_CHARS, "more than one chunk");
            assertArrayEquals(chars.toString().getBytes(StandardCharsets.UTF_8), bytes.toByteArray());
            assertEquals(AsmPrinter.print(TestContexts.standard(), module, options), chars.toString());
        }
    }
}
