package org.stablehlo4j.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * One built checkout of stablehlo4j (any version, e.g. the baseline b0ea2f5 or this tree), loaded from its jars
 * ({@code cli/target/stablehlo4j-cli.jar} and {@code cli/target/lib/*.jar}) into an isolated class loader whose
 * parent is the platform loader, so two versions never see each other's classes. {@link #run} calls that
 * version's package-private {@code org.stablehlo4j.cli.Main.run(String[], PrintStream)} (one tool invocation,
 * e.g. {@code opt FILE}) on a worker thread with a 64 MB stack, as the launcher's worker thread.
 *
 * <p>The tool's stdout is the invocation's {@code ToolIO} context (set reflectively on the worker thread), here a
 * stream that discards everything: like {@code -o /dev/null} without passing {@code -o /dev/null}, which older
 * versions (b0ea2f5) would rename a temporary file over — replacing the device when run as root.
 */
public final class CliTree implements AutoCloseable {
    private static final long STACK_BYTES = 64L << 20;

    private final Path root;
    private final URLClassLoader loader;
    private final Method run;
    private final Method setToolIo;
    private final Constructor<?> toolIoContext;
    private final ExecutorService worker;
    private final PrintStream err;
    private final java.io.ByteArrayOutputStream errBytes = new java.io.ByteArrayOutputStream();

    /** Loads the tree at {@code root} (a built checkout). */
    public CliTree(Path root) {
        this.root = root.toAbsolutePath().normalize();
        Path target = this.root.resolve("cli/target");
        List<URL> urls = new ArrayList<>();
        try {
            Path cli = target.resolve("stablehlo4j-cli.jar");
            if (!Files.isRegularFile(cli)) {
                throw new IllegalArgumentException(cli + " is missing: build that tree first (mvn -DskipTests package)");
            }
            urls.add(cli.toUri().toURL());
            try (Stream<Path> lib = Files.list(target.resolve("lib"))) {
                for (Path p : lib.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) urls.add(p.toUri().toURL());
            }
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        loader = new URLClassLoader("stablehlo4j@" + this.root, urls.toArray(URL[]::new),
                ClassLoader.getPlatformClassLoader());
        try {
            Class<?> main = Class.forName("org.stablehlo4j.cli.Main", true, loader);
            run = main.getDeclaredMethod("run", String[].class, PrintStream.class);
            run.setAccessible(true);
            Class<?> toolIo = Class.forName("org.stablehlo4j.cli.ToolIO", true, loader);
            Class<?> context = Class.forName("org.stablehlo4j.cli.ToolIO$Context", true, loader);
            setToolIo = toolIo.getDeclaredMethod("set", context);
            setToolIo.setAccessible(true);
            toolIoContext = context.getDeclaredConstructor(java.io.InputStream.class, OutputStream.class, Path.class);
            toolIoContext.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(this.root + " has no org.stablehlo4j.cli.Main.run(String[], PrintStream)"
                    + " / ToolIO.set: not a stablehlo4j tree this harness knows (" + e + ")", e);
        }
        err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(null, r, "stablehlo4j-bench", STACK_BYTES);
            t.setDaemon(true);
            return t;
        });
    }

    /** The checkout's root directory. */
    public Path root() {
        return root;
    }

    /**
     * Runs one invocation, e.g. {@code {"opt", "in.mlir"}}, on the worker thread, stdout discarded; fails with the
     * tool's diagnostics on a non-zero exit code. Returns the worker thread's CPU nanoseconds spent in it.
     */
    public long run(String... args) {
        return onWorker(() -> {
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            setToolIo.invoke(null, toolIoContext.newInstance(new ByteArrayInputStream(new byte[0]),
                    OutputStream.nullOutputStream(), Path.of("").toAbsolutePath()));
            errBytes.reset();
            long t0 = mx.getCurrentThreadCpuTime();
            int code;
            try {
                code = (Integer) run.invoke(null, args, err);
            } finally {
                setToolIo.invoke(null, (Object) null);
            }
            long cpu = mx.getCurrentThreadCpuTime() - t0;
            if (code != 0) {
                throw new IllegalStateException(root + ": " + String.join(" ", args) + " exited with " + code + ":\n"
                        + errBytes.toString(StandardCharsets.UTF_8));
            }
            return cpu;
        });
    }

    private long onWorker(Callable<Long> body) {
        Future<Long> f = worker.submit(body);
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof InvocationTargetException ite) c = ite.getCause();
            if (c instanceof RuntimeException re) throw re;
            if (c instanceof Error er) throw er;
            throw new IllegalStateException(c);
        }
    }

    /**
     * The tool arguments of a job on {@code input}: {@code print} (stablehlo-opt), {@code serialize}
     * (stablehlo-translate --serialize --target=current) or {@code deserialize} (stablehlo-translate
     * --deserialize; {@code input} must then be an artifact, see {@link #prepare}) or {@code interpret}
     * (stablehlo-translate --interpret).
     */
    public static String[] args(String job, Path input) {
        String in = input.toString();
        return switch (job) {
            case "print" -> new String[] {"opt", in};
            case "serialize" -> new String[] {"translate", "--serialize", "--target=current", in};
            case "deserialize" -> new String[] {"translate", "--deserialize", in};
            case "interpret" -> new String[] {"translate", "--interpret", in};
            default -> throw new IllegalArgumentException("unknown job '" + job + "' (print, serialize, deserialize, interpret)");
        };
    }

    /**
     * The input file of {@code job} for {@code fixture}: a file path (a {@code .mlir} text, or for deserialize
     * also a {@code .mlirbc} artifact), or {@code KIND:SIZE}, generated by {@link Fixtures} into {@code dir}.
     * Deserialize of a text input serializes it with this tree first (into {@code dir}).
     */
    public Path prepare(String job, String fixture, Path dir) throws IOException {
        Path input;
        Path given = Path.of(fixture);
        if (Files.isRegularFile(given)) {
            input = given.toAbsolutePath();
        } else {
            String[] f = fixture.split(":");
            if (f.length != 2) throw new IllegalArgumentException("fixture '" + fixture + "' is neither a file nor KIND:SIZE");
            input = dir.resolve(f[0] + f[1] + ".mlir");
            if (!Files.isRegularFile(input)) {
                Files.writeString(input, Fixtures.generate(f[0], Integer.parseInt(f[1])), StandardCharsets.UTF_8);
            }
        }
        if (!job.equals("deserialize") || input.toString().endsWith(".mlirbc")) return input;
        Path artifact = dir.resolve(input.getFileName() + "." + Integer.toHexString(root.hashCode()) + ".mlirbc");
        if (!Files.isRegularFile(artifact)) {
            run("translate", "--serialize", "--target=current", input.toString(), "-o", artifact.toString());
        }
        return artifact;
    }

    @Override
    public void close() throws IOException {
        worker.shutdownNow();
        loader.close();
    }
}
