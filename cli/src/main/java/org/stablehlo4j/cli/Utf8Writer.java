package org.stablehlo4j.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;

/**
 * A {@link Writer} that encodes UTF-8 straight into its own byte buffer and hands the full buffer to the stream.
 * The printer passes its text as a {@link StringBuilder} in large pieces; {@link java.io.OutputStreamWriter} would
 * copy each piece into a new {@code String}, then into a {@code char[]}, then encode 8 KiB at a time into a
 * buffered stream that copies again. Here a piece is copied once into a reused {@code char[]} and encoded once.
 * Output is the same as {@code OutputStreamWriter(out, UTF_8)}: a surrogate pair split between two writes is
 * joined, an unpaired surrogate becomes {@code ?}; like it, {@link #flush()} keeps a trailing high surrogate
 * back until the next write (not used by {@link #close()}, which the tools never call before flushing).
 */
final class Utf8Writer extends Writer {
    private static final int CHUNK = 8192;

    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private final char[] chars = new char[CHUNK];
    private int pos;
    /** A high surrogate that ended the previous write, or 0. */
    private char pendingHigh;

    Utf8Writer(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        encode(cbuf, off, len);
    }

    @Override
    public void write(int c) throws IOException {
        chars[0] = (char) c;
        encode(chars, 0, 1);
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        for (int end = off + len; off < end; ) {
            int n = Math.min(CHUNK, end - off);
            str.getChars(off, off + n, chars, 0);
            encode(chars, 0, n);
            off += n;
        }
    }

    @Override
    public Writer append(CharSequence csq) throws IOException {
        CharSequence s = csq == null ? "null" : csq;
        return append(s, 0, s.length());
    }

    @Override
    public Writer append(CharSequence csq, int start, int end) throws IOException {
        if (csq == null) return append("null", start, end);
        if (csq instanceof String s) {
            write(s, start, end - start);
        } else if (csq instanceof StringBuilder sb) {
            for (int off = start; off < end; ) {
                int n = Math.min(CHUNK, end - off);
                sb.getChars(off, off + n, chars, 0);
                encode(chars, 0, n);
                off += n;
            }
        } else {
            write(csq.subSequence(start, end).toString());
        }
        return this;
    }

    /** Encodes {@code len} chars; {@code c} may be {@link #chars} itself. */
    private void encode(char[] c, int off, int len) throws IOException {
        int end = off + len;
        int i = off;
        if (pendingHigh != 0 && i < end) {
            char high = pendingHigh;
            pendingHigh = 0;
            if (Character.isLowSurrogate(c[i])) {
                putPair(high, c[i++]);
            } else {
                put('?');
            }
        }
        byte[] b = buf;
        while (i < end) {
            // ASCII runs: as many as fit into the buffer without a check per byte for the end of the buffer
            int room = b.length - pos;
            if (room < 4) {
                drain();
                room = b.length;
            }
            int stop = Math.min(end, i + room - 3);
            int p = pos;
            char ch;
            while (i < stop && (ch = c[i]) < 0x80) {
                b[p++] = (byte) ch;
                i++;
            }
            pos = p;
            if (i == stop) continue;
            ch = c[i++];
            if (ch < 0x800) {
                b[pos++] = (byte) (0xC0 | ch >> 6);
                b[pos++] = (byte) (0x80 | ch & 0x3F);
            } else if (!Character.isSurrogate(ch)) {
                b[pos++] = (byte) (0xE0 | ch >> 12);
                b[pos++] = (byte) (0x80 | ch >> 6 & 0x3F);
                b[pos++] = (byte) (0x80 | ch & 0x3F);
            } else if (Character.isHighSurrogate(ch)) {
                if (i == end) {
                    pendingHigh = ch;
                } else if (Character.isLowSurrogate(c[i])) {
                    putPair(ch, c[i++]);
                } else {
                    b[pos++] = '?';
                }
            } else {
                b[pos++] = '?';
            }
        }
    }

    private void put(char ascii) throws IOException {
        if (pos == buf.length) drain();
        buf[pos++] = (byte) ascii;
    }

    private void putPair(char high, char low) throws IOException {
        if (buf.length - pos < 4) drain();
        int cp = Character.toCodePoint(high, low);
        buf[pos++] = (byte) (0xF0 | cp >> 18);
        buf[pos++] = (byte) (0x80 | cp >> 12 & 0x3F);
        buf[pos++] = (byte) (0x80 | cp >> 6 & 0x3F);
        buf[pos++] = (byte) (0x80 | cp & 0x3F);
    }

    private void drain() throws IOException {
        if (pos > 0) out.write(buf, 0, pos);
        pos = 0;
    }

    @Override
    public void flush() throws IOException {
        drain();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        if (pendingHigh != 0) {
            pendingHigh = 0;
            put('?');
        }
        flush();
        out.close();
    }
}
