package org.stablehlo4j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -o FILE}: atomic for regular files, written through links, in place for devices/FIFOs, modes kept. */
class OutputTest {
    @TempDir
    Path dir;

    private static void commit(Path target, String text) throws ToolException {
        Output out = new Output(target.toString());
        out.checkWritable();
        out.write(text);
        out.commit();
    }

    @Test
    void symbolicLinkIsWrittenThroughNotReplaced() throws Exception {
        Path real = dir.resolve("real.mlir");
        Files.writeString(real, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.mlir"), real.getFileName());
        commit(link, "new");
        assertTrue(Files.isSymbolicLink(link), "the link must stay a link");
        assertEquals("new", Files.readString(real));
    }

    @Test
    void danglingLinkCreatesItsTarget() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("link.mlir"), Path.of("made.mlir"));
        commit(link, "text");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("text", Files.readString(dir.resolve("made.mlir")));
    }

    @Test
    void existingFileKeepsItsMode() throws Exception {
        Path f = dir.resolve("out.mlir");
        Files.writeString(f, "old");
        for (String mode : new String[] {"rw-r--r--", "rw-rw-r--", "rwxr-x---"}) {
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
            commit(f, "new " + mode);
            assertEquals(mode, PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
            assertEquals("new " + mode, Files.readString(f));
        }
    }

    @Test
    void newFileGetsTheUmaskDefaultLikeAnyCreatedFile() throws Exception {
        Path reference = dir.resolve("reference");
        Files.newOutputStream(reference).close(); // open(O_CREAT, 0666) under the process's umask
        Path f = dir.resolve("fresh.mlir");
        commit(f, "x");
        assertEquals(Files.getPosixFilePermissions(reference), Files.getPosixFilePermissions(f));
        try (var names = Files.list(dir)) {
            assertFalse(names.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary left behind");
        }
    }

    @Test
    void fifoIsWrittenInPlace() throws Exception {
        Path fifo = dir.resolve("pipe");
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (java.io.IOException e) {
            assumeTrue(false, "mkfifo not available");
            return;
        }
        assumeTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo failed");
        CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readAllBytes(fifo);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        commit(fifo, "through the pipe");
        assertArrayEquals("through the pipe".getBytes(StandardCharsets.UTF_8), read.get(30, TimeUnit.SECONDS));
        assertFalse(Files.isRegularFile(fifo), "the FIFO must not be replaced by a file");
        assertTrue(Files.exists(fifo));
    }
}
