package org.stablehlo4j.cli;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An input buffer as the tools see it: its name (as used in diagnostics) and raw bytes, with line lookup
 * in the manner of LLVM's SourceMgr (lines and columns count bytes, starting at 1).
 */
public final class SourceBuffer {
    private final String name;
    private final byte[] bytes;
    private int[] lineStarts;

    public SourceBuffer(String name, byte[] bytes) {
        this.name = name;
        this.bytes = bytes;
    }

    public String name() { return name; }

    public byte[] bytes() { return bytes; }

    public int length() { return bytes.length; }

    /** Whether the buffer is MLIR bytecode (starts with the magic {@code ML\xEFR}). */
    public boolean isBytecode() {
        return bytes.length >= 4 && bytes[0] == 'M' && bytes[1] == 'L' && (bytes[2] & 0xFF) == 0xEF
                && bytes[3] == 'R';
    }

    /**
     * Decodes the whole buffer as strict UTF-8.
     *
     * @throws ToolException {@code NAME: error: invalid UTF-8 at byte offset N} naming the first bad byte
     */
    public String decodeUtf8() throws ToolException {
        // The JDK's replacing decode is one copy for ASCII text (a Latin-1 string, no char buffer in between);
        // malformed input decodes to U+FFFD, so only a text holding one (which may also be a real U+FFFD) is
        // decoded again strictly. A Latin-1 string cannot hold U+FFFD: the search is free for ASCII text.
        String text = new String(bytes, StandardCharsets.UTF_8);
        return text.indexOf('\uFFFD') < 0 ? text : decodeStrict();
    }

    private String decodeStrict() throws ToolException {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            return dec.decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ToolException(name + ": error: invalid UTF-8 at byte offset " + firstInvalidUtf8(bytes));
        }
    }

    /** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence, or -1. */
    static int firstInvalidUtf8(byte[] b) {
        int i = 0;
        while (i < b.length) {
            int c = b[i] & 0xFF;
            int len;
            int min;
            if (c < 0x80) { i++; continue; }
            if (c >= 0xC2 && c <= 0xDF) { len = 2; min = 0x80; }
            else if (c >= 0xE0 && c <= 0xEF) { len = 3; min = 0x800; }
            else if (c >= 0xF0 && c <= 0xF4) { len = 4; min = 0x10000; }
            else return i;
            if (i + len > b.length) return i;
            int cp = c & (0x7F >> len);
            for (int k = 1; k < len; k++) {
                int cc = b[i + k] & 0xFF;
                if ((cc & 0xC0) != 0x80) return i;
                cp = (cp << 6) | (cc & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
            i += len;
        }
        return -1;
    }

    private int[] lineStarts() {
        if (lineStarts == null) {
            int[] starts = new int[16];
            int n = 0;
            starts[n++] = 0;
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    if (n == starts.length) starts = Arrays.copyOf(starts, n * 2);
                    starts[n++] = i + 1;
                }
            }
            lineStarts = Arrays.copyOf(starts, n);
        }
        return lineStarts;
    }

    /** Number of lines (a final line without newline counts; an empty final line after a newline too). */
    public int lineCount() { return lineStarts().length; }

    /** 1-based line number holding byte {@code offset}. */
    public int lineOf(int offset) {
        int[] s = lineStarts();
        int idx = Arrays.binarySearch(s, offset);
        return idx >= 0 ? idx + 1 : -idx - 1;
    }

    /** Byte offset where 1-based {@code line} starts. */
    public int lineStart(int line) { return lineStarts()[line - 1]; }

    /** 1-based column of byte {@code offset}. */
    public int columnOf(int offset) { return offset - lineStart(lineOf(offset)) + 1; }

    /** Offset of the end of the line holding {@code offset} (before any {@code \n} or {@code \r}). */
    public int lineEnd(int offset) {
        int e = offset;
        while (e < bytes.length && bytes[e] != '\n' && bytes[e] != '\r') e++;
        return e;
    }

    /**
     * The byte offset of 1-based {@code line}/{@code column}, or -1 if it is not inside the buffer (same rules
     * as SourceMgr::FindLocForLineAndColumn: column 0 means the line start; a column may not cross a line end).
     */
    public int offsetOf(int line, int column) {
        if (line < 1 || line > lineCount()) return -1;
        int start = lineStart(line);
        if (column <= 1) return start;
        int target = start + column - 1;
        if (target > bytes.length) return -1;
        for (int i = start; i < target; i++) {
            if (bytes[i] == '\n' || bytes[i] == '\r') return -1;
        }
        return target;
    }
}
