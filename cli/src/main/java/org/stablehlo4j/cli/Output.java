package org.stablehlo4j.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The tool's output ({@code -o FILE}, or stdout for {@code -} / no {@code -o}). Everything is collected in
 * memory and only {@link #commit() committed} when the run succeeds; a file is written to a temporary file in
 * the same directory and atomically renamed over the target, so a failing run leaves neither the file nor a
 * partial file behind.
 */
public final class Output {
    private final String path;
    private final ByteArrayOutputStream data = new ByteArrayOutputStream();

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

    public void write(byte[] bytes) { data.write(bytes, 0, bytes.length); }

    public void write(String text) { write(text.getBytes(StandardCharsets.UTF_8)); }

    public int size() { return data.size(); }

    /** Writes the collected bytes to stdout or, atomically, to the file. */
    public void commit() throws ToolException {
        if (isStdout()) {
            try {
                OutputStream out = ToolIO.stdout();
                data.writeTo(out);
                out.flush();
            } catch (IOException e) {
                throw new ToolException("error: writing to stdout failed: " + e.getMessage());
            }
            return;
        }
        Path target = ToolIO.path(path).toAbsolutePath();
        Path tmp = null;
        try {
            tmp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".tmp");
            try (OutputStream out = Files.newOutputStream(tmp)) {
                data.writeTo(out);
            }
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
}
