package org.stablehlo4j.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Entry point: {@code Main opt ARGS...} runs stablehlo-opt, {@code Main translate ARGS...} stablehlo-translate.
 * The work runs in a thread with a large stack (the parser recurses on nesting); any unexpected throwable,
 * including StackOverflowError and OutOfMemoryError, becomes {@code error: internal error: ...} and exit 1.
 */
public final class Main {
    /** Stack size of the worker thread. */
    static final long STACK_BYTES = 64L << 20;

    private Main() {}

    public static void main(String[] args) {
        System.exit(runInWorker(args));
    }

    /** Runs the tool named by {@code args[0]} on a big-stack thread; returns the exit code. */
    static int runInWorker(String[] args) {
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        Worker work = new Worker(args, err);
        Thread worker = new Thread(null, work, "stablehlo4j", STACK_BYTES);
        worker.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.print("error: internal error: interrupted\n");
            return 1;
        }
        err.flush();
        return work.code;
    }

    /** The worker thread's body (a class rather than a lambda: no invokedynamic bootstrap at start-up). */
    private static final class Worker implements Runnable {
        private final String[] args;
        private final PrintStream err;
        volatile int code = 1;

        Worker(String[] args, PrintStream err) {
            this.args = args;
            this.err = err;
        }

        @Override
        public void run() {
            code = runGuarded(args, err);
        }
    }

    static int runGuarded(String[] args, PrintStream err) {
        return guard(new java.util.function.IntSupplier() {
            @Override
            public int getAsInt() {
                return run(args, err);
            }
        }, err);
    }

    /** Runs {@code body}; an escaping throwable is reported as an internal error (exit code 1). */
    static int guard(java.util.function.IntSupplier body, PrintStream err) {
        try {
            return body.getAsInt();
        } catch (StackOverflowError e) {
            err.print("error: internal error: stack overflow (input nested too deeply)\n");
        } catch (OutOfMemoryError e) {
            err.print("error: internal error: out of memory (" + e.getMessage() + ")\n");
        } catch (Throwable e) {
            err.print("error: internal error: " + e + "\n");
            if (System.getenv("STABLEHLO4J_TRACE") != null) e.printStackTrace(err);
        }
        return 1;
    }

    /** Runs a tool in the current thread. */
    static int run(String[] args, PrintStream err) {
        if (args.length == 0) {
            err.print("usage: stablehlo4j (opt|translate) [options] [input]\n");
            return 1;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (args[0].equals("cds-training")) return cdsTraining(rest);
        Tool tool = switch (args[0]) {
            case "opt", "stablehlo-opt" -> new OptTool();
            case "translate", "stablehlo-translate" -> new TranslateTool();
            default -> null;
        };
        if (tool == null) {
            err.print("error: unknown tool '" + args[0] + "' (expected opt or translate)\n");
            return 1;
        }
        return tool.run(rest, err);
    }

    /**
     * Exercises the common code paths on the example programs given, so that a JVM started with
     * {@code -XX:ArchiveClassesAtExit} archives the classes a typical run loads. Outputs go to a temporary file;
     * diagnostics are discarded.
     */
    static int cdsTraining(String[] examples) {
        PrintStream sink = new PrintStream(java.io.OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        try {
            java.nio.file.Path out = java.nio.file.Files.createTempFile("stablehlo4j-cds", ".out");
            java.nio.file.Path artifact = java.nio.file.Files.createTempFile("stablehlo4j-cds", ".mlirbc");
            String o = out.toString();
            String bc = artifact.toString();
            for (String ex : examples) {
                String[][] runs = {
                    {"opt", ex, "-o", o},
                    {"opt", "--mlir-print-op-generic", "--mlir-print-debuginfo", ex, "-o", o},
                    {"opt", "-split-input-file", "-verify-diagnostics", ex, "-o", o},
                    {"opt", "--strip-debuginfo", "--no-such-flag", ex},
                    {"translate", "--serialize", "--target=current", ex, "-o", bc},
                    {"translate", "--deserialize", bc, "-o", o},
                    {"translate", "--interpret", ex, "-o", o},
                };
                for (String[] r : runs) guard(() -> run(r, sink), sink);
            }
            java.nio.file.Files.deleteIfExists(out);
            java.nio.file.Files.deleteIfExists(artifact);
        } catch (java.io.IOException e) {
            return 1;
        }
        return 0;
    }
}
