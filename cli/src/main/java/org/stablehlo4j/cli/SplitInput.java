package org.stablehlo4j.cli;

import org.stablehlo4j.ir.Diagnostic.Severity;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --split-input-file}, following MLIR's splitAndProcessBuffer: the text is cut at every occurrence of
 * the marker (default {@code // -----}, anywhere on a line); a piece that starts with only part of the marker
 * (e.g. {@code // ---} or {@code // ------0}) is a "near miss": a warning is printed and it stays attached to
 * the previous chunk. A chunk starts right after its marker, so it keeps the rest of the marker's line.
 */
public final class SplitInput {
    public static final String DEFAULT_MARKER = "// -----";
    private static final int CHECK_LEN = 2;

    /**
     * One chunk.
     *
     * @param text        the chunk text
     * @param offset      its char offset in the whole text
     * @param firstLine   1-based line of its first character in the whole text
     * @param firstColumn 1-based byte column of its first character
     */
    public record Chunk(String text, int offset, int firstLine, int firstColumn) {
        /** The text padded with spaces so that columns on its first line match the whole file's. */
        public String paddedText() {
            return " ".repeat(firstColumn - 1) + text;
        }
    }

    private SplitInput() {}

    /**
     * Splits {@code text}; near misses are reported through {@code printer} (if not null) at their position
     * in {@code buffer}, whose bytes are {@code text} in UTF-8.
     */
    public static List<Chunk> split(String text, String marker, DiagnosticPrinter printer) {
        String prefix = marker.substring(0, Math.max(0, marker.length() - CHECK_LEN));
        String suffix = marker.substring(prefix.length());
        List<int[]> pieces = new ArrayList<>();
        int from = 0;
        if (prefix.isEmpty()) {
            pieces.add(new int[] {0, text.length()});
        } else {
            while (true) {
                int at = text.indexOf(prefix, from);
                if (at < 0) break;
                pieces.add(new int[] {from, at});
                from = at + prefix.length();
            }
            pieces.add(new int[] {from, text.length()});
        }
        List<int[]> chunks = new ArrayList<>();
        int[] prev = null;
        for (int[] piece : pieces) {
            if (prev == null || prev[0] == prev[1]) {
                prev = piece;
                continue;
            }
            int len = piece[1] - piece[0];
            boolean expected = text.startsWith(suffix, piece[0]) && len > CHECK_LEN
                    && text.charAt(piece[0] + CHECK_LEN) != '0';
            if (expected) {
                chunks.add(prev);
                prev = new int[] {piece[0] + CHECK_LEN, piece[1]};
            } else {
                if (printer != null) {
                    int byteOffset = utf8Length(text, 0, piece[0]);
                    printer.printMessage(byteOffset, Severity.WARNING, "near miss with file split marker", -1, -1);
                }
                prev = new int[] {prev[0], piece[1]};
            }
        }
        if (prev != null && prev[0] != prev[1]) chunks.add(prev);

        List<Chunk> out = new ArrayList<>(chunks.size());
        int line = 1;
        int lineStartChar = 0;
        int scanned = 0;
        for (int[] c : chunks) {
            for (; scanned < c[0]; scanned++) {
                if (text.charAt(scanned) == '\n') {
                    line++;
                    lineStartChar = scanned + 1;
                }
            }
            int column = utf8Length(text, lineStartChar, c[0]) + 1;
            out.add(new Chunk(text.substring(c[0], c[1]), c[0], line, column));
        }
        return out;
    }

    static int utf8Length(String s, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            n += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return n;
    }
}
