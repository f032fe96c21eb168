package org.stablehlo4j.cli;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The tool's output ({@code -o FILE}, or stdout for {@code -} / no {@code -o}). It is a list of {@link Part}s
 * (bytes, or e.g. a module to print) that are only written when the run succeeds ({@link #commit()}), each
 * straight into the destination, so a printed module is streamed out and never held as one text. A regular file is written to a temporary
 * file in the same directory and atomically renamed over the target, so a failing run leaves neither the file
 * nor a partial file behind; the new file gets the mode the old one had (or, for a new file, the default mode
 * under the process's umask, as {@code open(2)} with 0666 gives it). A symbolic link is written through (its
 * target is replaced, the link stays), and a target that exists but is not a regular file (a device such as
 * {@code /dev/null}, a FIFO) is opened and written in place, as LLVM's output streams do.
 */
public final class Output {
    /** A piece of output, written when the run is committed. */
    @FunctionalInterface
    public interface Part {
        void writeTo(OutputStream out) throws IOException;

        static Part of(byte[] bytes) {
            return out -> out.write(bytes);
        }

        /** The bytes of {@code part} (for a translation whose output feeds the next one). */
        static byte[] bytes(Part part) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            part.writeTo(b);
            return b.toByteArray();
        }
    }

    private final String path;
    private final List<Part> parts = new ArrayList<>();

    public Output(String path) {
        this.path = path == null ? "-" : path;
    }

    /** Checks up front that the output's directory exists (MLIR opens the output before processing). */
    public void checkWritable() throws ToolException {
        if (isStdout()) return;
        Path target = ToolIO.path(path).toAbsolutePath();
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new ToolException("cannot open output file '" + path + "': No such file or directory");
        }
        if (Files.isDirectory(target)) {
            throw new ToolException("cannot open output file '" + path + "': Is a directory");
        }
    }

    public boolean isStdout() { return path.equals("-"); }

    public void write(Part part) { parts.add(part); }

    public void write(byte[] bytes) { write(Part.of(bytes)); }

    public void write(String text) { write(text.getBytes(StandardCharsets.UTF_8)); }

    /** Writes every part to {@code out} (buffered), then flushes it. */
    private void writeParts(OutputStream out) throws IOException {
        BufferedOutputStream buffered = new BufferedOutputStream(out, 1 << 16);
        try {
            for (Part p : parts) p.writeTo(buffered);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        buffered.flush();
    }

    /** Writes the collected bytes to stdout or, atomically, to the file. */
    public void commit() throws ToolException {
        if (isStdout()) {
            try {
                writeParts(ToolIO.stdout());
            } catch (IOException e) {
                throw new ToolException("error: writing to stdout failed: " + e.getMessage());
            }
            return;
        }
        Path target = ToolIO.path(path).toAbsolutePath();
        try {
            target = resolveLinks(target);
        } catch (IOException e) {
            throw new ToolException("cannot open output file '" + path + "': " + e.getMessage());
        }
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            // a device or FIFO: write in place (renaming over it would replace e.g. /dev/null with a file)
            try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.WRITE)) {
                writeParts(out);
            } catch (IOException e) {
                throw new ToolException("cannot open output file '" + path + "': " + e.getMessage());
            }
            return;
        }
        Path tmp = null;
        try {
            tmp = newTemporary(target);
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.WRITE)) {
                writeParts(out);
            }
            keepMode(target, tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            throw new ToolException("cannot open output file '" + path + "': " + e.getMessage());
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // best effort: the temporary file is hidden and uniquely named
                }
            }
        }
    }

    /** Follows symbolic links (also dangling ones, whose target is then created), at most 40 as Linux does. */
    static Path resolveLinks(Path target) throws IOException {
        Path p = target;
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops == 40) throw new IOException("Too many levels of symbolic links");
            Path link = Files.readSymbolicLink(p);
            p = (p.getParent() == null ? link : p.getParent().resolve(link)).normalize();
        }
        return p;
    }

    /**
     * A new empty file beside {@code target}, created as {@code open(O_CREAT|O_EXCL, 0666)} does, so the process's
     * umask decides its mode ({@link Files#createTempFile} would force 0600).
     */
    private static Path newTemporary(Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = target.resolveSibling("." + target.getFileName() + "." + Long.toUnsignedString(
                    java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
            try {
                Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return tmp;
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt == 100) throw e;
            }
        }
    }

    /** Gives the replacement the permissions of the file it replaces (when there is one and the system has them). */
    private static void keepMode(Path target, Path tmp) throws IOException {
        if (!Files.isRegularFile(target)) return;
        try {
            Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(target));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the default mode stays
        }
    }
}
