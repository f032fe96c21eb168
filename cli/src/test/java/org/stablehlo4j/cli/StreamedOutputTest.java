package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Output parts are written only at commit, in order, straight into the file; a final line break can be dropped. */
class StreamedOutputTest {
    @TempDir
    Path dir;

    @Test
    void partsAreWrittenInOrderAtCommit() throws Exception {
        Path target = dir.resolve("out.mlir");
        Output out = new Output(target.toString());
        out.checkWritable();
        int[] calls = {0};
        out.write("a\n");
        out.write(o -> {
            calls[0]++;
            o.write("streamed\n".getBytes(StandardCharsets.UTF_8));
        });
        out.write("b\n");
        assertEquals(0, calls[0], "nothing is produced before the commit");
        assertFalse(Files.exists(target));
        out.commit();
        assertEquals(1, calls[0]);
        assertEquals("a\nstreamed\nb\n", Files.readString(target));
    }

    @Test
    void dropFinalNewlineKeepsInnerLineBreaks() throws Exception {
        ByteArrayOutputStream sw = new ByteArrayOutputStream();
        Tool.DropFinalNewline w = new Tool.DropFinalNewline(sw);
        w.write("module {\n".getBytes(StandardCharsets.UTF_8));
        w.write(new byte[] {'}', '\n'}, 0, 2);
        w.write(new byte[0]);
        w.flush();
        assertEquals("module {\n}", sw.toString(StandardCharsets.UTF_8));
        ByteArrayOutputStream sw2 = new ByteArrayOutputStream();
        Tool.DropFinalNewline w2 = new Tool.DropFinalNewline(sw2);
        w2.write("x\n\n".getBytes(StandardCharsets.UTF_8));
        w2.write('y');
        assertEquals("x\n\ny", sw2.toString(StandardCharsets.UTF_8));
        ByteArrayOutputStream sw3 = new ByteArrayOutputStream();
        Tool.DropFinalNewline w3 = new Tool.DropFinalNewline(sw3);
        w3.write('\n');
        w3.write('\n');
        assertEquals("\n", sw3.toString(StandardCharsets.UTF_8));
    }
}
