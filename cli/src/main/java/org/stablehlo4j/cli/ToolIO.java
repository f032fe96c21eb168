package org.stablehlo4j.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * The standard streams and working directory of the tool invocation running on the current thread: the
 * process's own for a command-line run, the client's for a run inside {@link ToolServer}.
 */
final class ToolIO {
    /** One invocation's streams and directory. */
    record Context(InputStream stdin, OutputStream stdout, Path cwd) {}

    private static final ThreadLocal<Context> CURRENT = new ThreadLocal<>();

    private ToolIO() {}

    static void set(Context context) {
        if (context == null) CURRENT.remove();
        else CURRENT.set(context);
    }

    static InputStream stdin() {
        Context c = CURRENT.get();
        return c == null ? System.in : c.stdin();
    }

    /** Standard output; not buffered, callers flush nothing extra. */
    static OutputStream stdout() {
        Context c = CURRENT.get();
        return c == null ? new FileOutputStream(FileDescriptor.out) : c.stdout();
    }

    /** A path argument, resolved against the invocation's working directory. */
    static Path path(String p) {
        Context c = CURRENT.get();
        return c == null ? Path.of(p) : c.cwd().resolve(p);
    }

    /** Whether the invocation is the process's own (a terminal check makes sense only then). */
    static boolean isProcess() {
        return CURRENT.get() == null;
    }
}
