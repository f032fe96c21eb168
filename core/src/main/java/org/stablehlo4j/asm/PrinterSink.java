package org.stablehlo4j.asm;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * Where a streaming printer hands its full chunks of text: a {@link Writer} (as chars), or an {@link OutputStream}
 * as UTF-8. The text is almost always ASCII held in a Latin-1 {@link StringBuilder}; for the stream it is copied
 * into a {@code String} (a byte copy) and encoded by {@link String#getBytes} (a check and a byte copy for ASCII),
 * instead of being widened to {@code char[]} and encoded a char at a time.
 */
abstract class PrinterSink {
    /** Writes the text of {@code text} and empties it (a trailing high surrogate may be kept for the next chunk). */
    abstract void write(StringBuilder text) throws IOException;

    /** Writes what was kept back, if anything, and flushes the destination. */
    abstract void flush() throws IOException;

    static PrinterSink of(Writer out) {
        return new PrinterSink() {
            /** Chunk buffer (the text goes to the writer as chars, without a String copy). */
            private char[] chunk;

            @Override
            void write(StringBuilder text) throws IOException {
                int n = text.length();
                if (chunk == null || chunk.length < n) chunk = new char[Math.max(n, 1 << 16)];
                text.getChars(0, n, chunk, 0);
                out.write(chunk, 0, n);
                text.setLength(0);
            }

            @Override
            void flush() throws IOException {
                out.flush();
            }
        };
    }

    /**
     * UTF-8 into {@code out}: the bytes {@code new OutputStreamWriter(out, UTF_8)} writes for the same text (an
     * unpaired surrogate becomes {@code ?}; a pair split between two chunks is kept whole).
     */
    static PrinterSink utf8(OutputStream out) {
        return new PrinterSink() {
            /** A high surrogate that ended the previous chunk, or 0. */
            private char pendingHigh;

            @Override
            void write(StringBuilder text) throws IOException {
                int n = text.length();
                if (n == 0) return;
                char last = text.charAt(n - 1);
                String s;
                if (pendingHigh != 0) {
                    s = pendingHigh + text.substring(0, Character.isHighSurrogate(last) ? n - 1 : n);
                } else {
                    s = Character.isHighSurrogate(last) ? text.substring(0, n - 1) : text.toString();
                }
                pendingHigh = Character.isHighSurrogate(last) ? last : 0;
                text.setLength(0);
                out.write(s.getBytes(StandardCharsets.UTF_8));
            }

            @Override
            void flush() throws IOException {
                if (pendingHigh != 0) {
                    pendingHigh = 0;
                    out.write('?');
                }
                out.flush();
            }
        };
    }
}
