package org.stablehlo4j.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;

/**
 * A small deterministic mutation fuzzer (no coverage instrumentation): from a seed corpus it derives inputs by
 * byte flips, interesting bytes and tokens, inserts, deletions, duplications, truncations and splices, runs each
 * through a {@link Harness} target on a worker thread, and records every outcome other than our typed diagnostic:
 * an exception or error (deduplicated by its class and first frame), or a run longer than the hang limit. Inputs
 * that produce a diagnostic not seen before join the corpus, a cheap stand-in for coverage feedback.
 */
public final class MutationFuzzer {
    /** One distinct failure: what happened, where, and the (first) input that caused it. */
    public record Finding(String kind, String signature, String detail, byte[] input) {}

    /** The outcome of a run. */
    public record Result(long executions, long rejected, long millis, List<Finding> findings) {
        public double execsPerSecond() {
            return millis == 0 ? 0 : executions * 1000.0 / millis;
        }
    }

    private static final String[] TEXT_TOKENS = {
        "0", "1", "-1", "2147483647", "2147483648", "-9223372036854775808", "9223372036854775807",
        "18446744073709551616", "0x7FF0000000000000", "0xFFFFFFFF", "1.0e309", "-0.0", "nan", "inf", "0x", "?",
        "i0", "i1", "i64", "ui8", "si4", "f8E4M3FN", "bf16", "index", "complex<f32>", "tuple<>", "none",
        "tensor<", "tensor<?x", "tensor<0x", "x", "*", "dense<", "dense_resource<", "array<i0: 0>", "array<i64: ",
        "#stablehlo.conv<", "#stablehlo.dot<", "#stablehlo.gather<", "#stablehlo.scatter<", "#stablehlo.bounds<",
        "!quant.uniform<i8:f32, ", "!quant.uniform<i8:f32:0, {", "<", ">", "[", "]", "{", "}", "(", ")", ",", ":",
        "=", "->", "%0", "%arg0", "%0#1", "^bb0", "^bb1", "\"", "\\", "@main", "#loc", "loc(", "unknown", "{-#",
        "#-}", "// -----", "\n", " ", "stablehlo.", "func.func", "\"func.func\"", "return", "\"stablehlo.add\"",
        "({", "})", "<{", "}>", "attributes", "sym_name", "function_type", "dimension_numbers", "raw ", "b", "f",
        "i", "o",
    };

    private static final byte[] INTERESTING_BYTES = {0, 1, 2, 0x7F, (byte) 0x80, (byte) 0xFF, (byte) 0xFE, 0x40, 0x10};

    private final Harness.Target target;
    private final Context context;
    private final List<byte[]> corpus;
    private final SplittableRandom random;
    private final long hangMillis;
    private final int maxInputBytes;
    private final Set<String> outcomes = new HashSet<>();
    private final Map<String, Finding> findings = new LinkedHashMap<>();
    private ExecutorService worker = newWorker();
    private long executions;
    private long rejected;

    public MutationFuzzer(Harness.Target target, Context context, List<byte[]> seeds, long seed, long hangMillis) {
        if (seeds.isEmpty()) throw new IllegalArgumentException("empty seed corpus");
        this.target = target;
        this.context = context;
        this.corpus = new ArrayList<>(seeds);
        this.random = new SplittableRandom(seed);
        this.hangMillis = hangMillis;
        int largest = 0;
        for (byte[] s : seeds) largest = Math.max(largest, s.length);
        this.maxInputBytes = Math.max(4096, largest * 2);
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-target");
            t.setDaemon(true);
            return t;
        });
    }

    /** Runs the seeds once, then mutants until {@code maxExecutions} or {@code millis} is reached. */
    public Result run(long maxExecutions, long millis) {
        long start = System.currentTimeMillis();
        long deadline = start + millis;
        int seeds = corpus.size();
        for (int i = 0; i < seeds && executions < maxExecutions && System.currentTimeMillis() < deadline; i++) {
            execute(corpus.get(i), false);
        }
        while (executions < maxExecutions && System.currentTimeMillis() < deadline) {
            execute(mutate(), true);
        }
        worker.shutdownNow();
        return new Result(executions, rejected, System.currentTimeMillis() - start, new ArrayList<>(findings.values()));
    }

    private void execute(byte[] input, boolean mayJoinCorpus) {
        executions++;
        Future<Throwable> f = worker.submit(() -> {
            try {
                Harness.run(target, context, input);
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        Throwable outcome;
        try {
            outcome = f.get(hangMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            worker.shutdownNow();
            worker = newWorker();
            record("hang", "hang over " + hangMillis + " ms", "", input);
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            outcome = e.getCause();
        }
        if (outcome == null) {
            if (mayJoinCorpus && outcomes.add("accepted:" + input.length / 64)) corpus.add(input);
            return;
        }
        if (outcome instanceof DiagnosticException d) {
            rejected++;
            String message = d.diagnostics().isEmpty() ? "" : d.diagnostics().get(0).message();
            if (mayJoinCorpus && corpus.size() < 20_000 && outcomes.add(message.replaceAll("[0-9]+", "N"))) {
                corpus.add(input);
            }
            return;
        }
        record(outcome instanceof Harness.RoundTripFailure ? "round-trip" : "crash", signature(outcome),
                describe(outcome), input);
    }

    private void record(String kind, String signature, String detail, byte[] input) {
        Finding old = findings.get(signature);
        if (old == null || input.length < old.input().length) {
            findings.put(signature, new Finding(kind, signature, detail, input));
        }
    }

    /** The exception class and the first frame in our code: one finding however many inputs reach it. */
    static String signature(Throwable t) {
        if (t instanceof Harness.RoundTripFailure) {
            String m = String.valueOf(t.getMessage());
            int nl = m.indexOf('\n');
            return "RoundTripFailure: " + (nl < 0 ? m : m.substring(0, nl)).replaceAll("[0-9]+", "N");
        }
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().startsWith("org.stablehlo4j.") && !e.getClassName().startsWith("org.stablehlo4j.fuzz.")) {
                return t.getClass().getName() + " at " + e.getClassName() + "." + e.getMethodName() + ":" + e.getLineNumber();
            }
        }
        return t.getClass().getName();
    }

    private static String describe(Throwable t) {
        java.io.StringWriter w = new java.io.StringWriter();
        t.printStackTrace(new java.io.PrintWriter(w));
        String s = w.toString();
        return s.length() > 8000 ? s.substring(0, 8000) : s;
    }

    // ------------------------------------------------------------------ mutations

    byte[] mutate() {
        byte[] in = corpus.get(random.nextInt(corpus.size()));
        int rounds = 1 + random.nextInt(4);
        for (int i = 0; i < rounds; i++) in = mutateOnce(in);
        return in.length > maxInputBytes ? java.util.Arrays.copyOf(in, maxInputBytes) : in;
    }

    private byte[] mutateOnce(byte[] in) {
        int n = in.length;
        int choice = random.nextInt(target == Harness.Target.TEXT ? 10 : 9);
        switch (choice) {
            case 0: { // flip a bit
                if (n == 0) return in;
                byte[] out = in.clone();
                out[random.nextInt(n)] ^= (byte) (1 << random.nextInt(8));
                return out;
            }
            case 1: { // an interesting byte
                if (n == 0) return in;
                byte[] out = in.clone();
                out[random.nextInt(n)] = INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
                return out;
            }
            case 2: { // insert random bytes
                byte[] ins = new byte[1 + random.nextInt(8)];
                for (int i = 0; i < ins.length; i++) ins[i] = (byte) random.nextInt(256);
                return insert(in, random.nextInt(n + 1), ins);
            }
            case 3: { // delete a range
                if (n == 0) return in;
                int from = random.nextInt(n);
                int len = 1 + random.nextInt(Math.min(64, n - from));
                return splice(in, from, from + len, new byte[0]);
            }
            case 4: { // duplicate a range
                if (n == 0) return in;
                int from = random.nextInt(n);
                int len = 1 + random.nextInt(Math.min(256, n - from));
                return insert(in, random.nextInt(n + 1), java.util.Arrays.copyOfRange(in, from, from + len));
            }
            case 5: // truncate
                return n == 0 ? in : java.util.Arrays.copyOf(in, random.nextInt(n));
            case 6: { // splice with another corpus entry
                byte[] other = corpus.get(random.nextInt(corpus.size()));
                int cut = n == 0 ? 0 : random.nextInt(n);
                int from = other.length == 0 ? 0 : random.nextInt(other.length);
                return splice(in, cut, n, java.util.Arrays.copyOfRange(other, from, other.length));
            }
            case 7: { // overwrite a few bytes with bytes from elsewhere in the input
                if (n < 2) return in;
                byte[] out = in.clone();
                int from = random.nextInt(n);
                int to = random.nextInt(n);
                int len = 1 + random.nextInt(Math.min(8, Math.min(n - from, n - to)));
                System.arraycopy(in, from, out, to, len);
                return out;
            }
            case 8: { // bytecode: a varint-sized run of 0xFF / 0x00; text: an arithmetic tweak of a digit
                if (n == 0) return in;
                byte[] out = in.clone();
                int at = random.nextInt(n);
                if (target == Harness.Target.BYTECODE) {
                    int len = 1 + random.nextInt(Math.min(9, n - at));
                    java.util.Arrays.fill(out, at, at + len, random.nextBoolean() ? (byte) 0xFF : 0);
                } else {
                    out[at] = (byte) ('0' + random.nextInt(10));
                }
                return out;
            }
            default: { // text: insert or replace with an interesting token
                byte[] token = TEXT_TOKENS[random.nextInt(TEXT_TOKENS.length)].getBytes(StandardCharsets.UTF_8);
                int at = random.nextInt(n + 1);
                if (random.nextBoolean() || at == n) return insert(in, at, token);
                int end = at;
                while (end < n && Character.isLetterOrDigit(in[end])) end++;
                return splice(in, at, Math.max(end, at + 1), token);
            }
        }
    }

    private static byte[] insert(byte[] in, int at, byte[] what) {
        return splice(in, at, at, what);
    }

    private static byte[] splice(byte[] in, int from, int to, byte[] what) {
        byte[] out = new byte[in.length - (to - from) + what.length];
        System.arraycopy(in, 0, out, 0, from);
        System.arraycopy(what, 0, out, from, what.length);
        System.arraycopy(in, to, out, from + what.length, in.length - to);
        return out;
    }
}
