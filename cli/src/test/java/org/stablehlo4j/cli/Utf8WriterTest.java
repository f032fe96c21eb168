package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class Utf8WriterTest {
    /** Writes {@code text} in pieces through every write method, cut at the same random points for both writers. */
    private static void writePieces(Writer w, String text, long seed) throws IOException {
        Random r = new Random(seed);
        int i = 0;
        while (i < text.length()) {
            int n = Math.min(text.length() - i, r.nextInt(5) == 0 ? r.nextInt(100_000) : r.nextInt(40));
            switch (r.nextInt(5)) {
                case 0 -> w.write(text, i, n);
                case 1 -> w.write(text.toCharArray(), i, n);
                case 2 -> w.append(new StringBuilder(text), i, i + n);
                case 3 -> w.append(new StringBuilder(text.substring(i, i + n)));
                default -> {
                    for (int k = 0; k < n; k++) w.write(text.charAt(i + k));
                }
            }
            i += n;
            if (r.nextInt(10) == 0) w.flush();
        }
        w.flush();
    }

    private static String randomText(Random r, int length) {
        char[] pool = {'a', '%', '\n', '"', 'é', 'ß', '€', '中', '\uD83D', '\uDE00', '\uDBFF', '\uDFFF', '\uFFFD', 0x7F, 0x80,
            0x7FF, 0x800, 0xFFFF};
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int k = r.nextInt(pool.length + 20);
            sb.append(k < pool.length ? pool[k] : (char) (' ' + r.nextInt(95)));
        }
        return sb.toString();
    }

    @Test
    void sameBytesAsOutputStreamWriter() throws IOException {
        Random r = new Random(15);
        for (int round = 0; round < 200; round++) {
            String text = randomText(r, round < 190 ? r.nextInt(300) : 200_000 + r.nextInt(100_000));
            long seed = r.nextLong();
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            writePieces(new OutputStreamWriter(expected, StandardCharsets.UTF_8), text, seed);
            ByteArrayOutputStream actual = new ByteArrayOutputStream();
            writePieces(new Utf8Writer(actual), text, seed);
            assertArrayEquals(expected.toByteArray(), actual.toByteArray(), "round " + round);
        }
    }

    @Test
    void encodesEachLength() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Writer w = new Utf8Writer(out);
        w.append(new StringBuilder("a\u00e9\u20ac\uD83D\uDE00 \uDE00 \uD83Dx"));
        w.flush();
        assertEquals("a\u00e9\u20ac\uD83D\uDE00 ? ?x", out.toString(StandardCharsets.UTF_8));
    }
}
