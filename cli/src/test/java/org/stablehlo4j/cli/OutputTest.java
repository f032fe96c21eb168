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

    /** Runs {@code command} (a shell line) and returns its exit status, or -1 when it cannot be started. */
    private static int sh(String command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(120, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    @Test
    void deviceNodeStaysADevice() throws Exception {
        Path dev = dir.resolve("null-device");
        // A character device like /dev/null (1, 3); needs root (or CAP_MKNOD), as the acceptance runs it.
        assumeTrue(sh("mknod '" + dev + "' c 1 3") == 0, "mknod not permitted here");
        commit(dev, "into the device");
        assertFalse(Files.isRegularFile(dev), "the device must not be replaced by a regular file");
        assertTrue((int) Files.getAttribute(dev, "unix:mode") >> 12 == 2, "still a character device (S_IFCHR)");
        assertEquals("", Files.readString(dev), "reading the null device gives nothing: it was not replaced");
    }

    @Test
    void newFileModeFollowsTheProcessUmask() throws Exception {
        Path in = dir.resolve("in.mlir");
        Files.writeString(in, "func.func @f() {\n  return\n}\n");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // Surefire may put the modules on the module path: the child JVM gets everything on its class path.
        String cp = String.join(java.io.File.pathSeparator, java.util.stream.Stream.of(
                System.getProperty("jdk.module.path"), System.getProperty("java.class.path"))
                .filter(s -> s != null && !s.isEmpty()).toList());
        for (String[] c : new String[][] {{"022", "rw-r--r--"}, {"027", "rw-r-----"}, {"077", "rw-------"}}) {
            Path out = dir.resolve("out-" + c[0] + ".mlir");
            int status = sh("umask " + c[0] + " && exec '" + javaBin + "' -cp '" + cp + "' org.stablehlo4j.cli.Main opt '"
                    + in + "' -o '" + out + "'");
            assertEquals(0, status, "tool run under umask " + c[0]);
            assertEquals(c[1], PosixFilePermissions.toString(Files.getPosixFilePermissions(out)), "umask " + c[0]);
        }
    }
}
