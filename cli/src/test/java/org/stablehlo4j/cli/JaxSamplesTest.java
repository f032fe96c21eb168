package org.stablehlo4j.cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.stablehlo4j.interpreter.JsonTensors;
import org.stablehlo4j.interpreter.Tensor;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs every JAX sample of {@code ${stablehlo.shared}/../jax-samples} ({@code NAME.jax.mlir} and the portable
 * artifact {@code NAME.mlir.bc}) with {@code stablehlo-translate --interpret --args-json=NAME.io.json
 * --results-json=...} and compares the results with the outputs JAX computed on CPU ({@code NAME.io.json}).
 * Skipped when the folder is absent.
 *
 * <p>Tolerance (README, "Interpreter results and JAX"): integers and booleans exactly; a float element passes
 * when {@code |got - expected| <= rtol * |expected| + atol}, NaN matching NaN and infinities exactly, with
 * {@code rtol} by dtype (float32/complex64 1e-5, float64/complex128 1e-12, float16 2^-11, bfloat16 2^-8) and
 * {@code atol = rtol / 10 * max |expected|} over that output, because values near zero come out of
 * cancellation (sums of products, x - mean, FFTs of real signals, lgamma near its roots) whose rounding error
 * scales with the cancelled terms, not with the result. {@code layernorm_bf16} computes in bf16 and converts to
 * f32 at the end, so its float32 output is held to bf16's rtol.
 */
class JaxSamplesTest {
    /**
     * Sample files the interpreter cannot run, and why. They are reported as skipped (not passed), and the test
     * fails if one of them starts to work, so that this list stays true.
     */
    static final Map<String, String> CANNOT_RUN = Map.of();

    /** Samples computed in a narrower type than their outputs' dtype: the dtype whose rtol applies. */
    static final Map<String, String> COMPUTED_IN = Map.of("layernorm_bf16", "bfloat16");

    @TempDir
    static Path tmp;

    private static final Map<String, String> SUMMARY = new TreeMap<>();

    static Path samplesDir() {
        String shared = System.getProperty("stablehlo.shared", "../shared/stablehlo");
        return Path.of(shared).resolve("..").resolve("jax-samples").normalize();
    }

    @TestFactory
    Stream<DynamicTest> everySampleReproducesJaxsOutputs() throws IOException {
        Path dir = samplesDir();
        assumeTrue(Files.isDirectory(dir), "jax-samples not available at " + dir);
        List<String> names;
        try (Stream<Path> s = Files.list(dir)) {
            names = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".io.json"))
                    .map(n -> n.substring(0, n.length() - ".io.json".length())).sorted().toList();
        }
        assertTrue(names.size() > 0, "no NAME.io.json in " + dir);
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : names) {
            for (String ext : new String[] {".jax.mlir", ".mlir.bc"}) {
                String file = name + ext;
                tests.add(DynamicTest.dynamicTest(file, () -> runSample(dir, name, file)));
            }
        }
        return tests.stream();
    }

    private static void runSample(Path dir, String name, String file) throws Exception {
        Path out = tmp.resolve(file + ".out.json");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = interpret(dir, name, file, out, err);
        String reason = CANNOT_RUN.get(file);
        if (reason != null) {
            if (code == 0) fail(file + " runs now: remove it from JaxSamplesTest.CANNOT_RUN");
            SUMMARY.put(file, "cannot run: " + reason);
            assumeTrue(false, reason);
        }
        assertEquals(0, code, file + ": " + err.toString(StandardCharsets.UTF_8));
        SUMMARY.put(file, compareOutputs(dir, name, file, out, COMPUTED_IN.get(name)));
    }

    /**
     * {@code stablehlo-translate --interpret --args-json=NAME.io.json --results-json=OUT FILE} in {@code dir}.
     *
     * @return the tool's exit code; its diagnostics go to {@code err}
     */
    static int interpret(Path dir, String name, String file, Path out, ByteArrayOutputStream err) {
        return Main.runGuarded(new String[] {"translate", "--interpret",
            "--args-json=" + dir.resolve(name + ".io.json"), "--results-json=" + out, dir.resolve(file).toString()},
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /**
     * Asserts that the results written to {@code out} are NAME.io.json's outputs within the tolerance policy.
     *
     * @param computedIn the dtype whose rtol applies to every output, or null for each output's own dtype
     * @return one line of per-output errors for the summary
     */
    static String compareOutputs(Path dir, String name, String file, Path out, String computedIn) throws Exception {
        List<Tensor> expected = JsonTensors.read(Files.readAllBytes(dir.resolve(name + ".io.json")), "outputs");
        List<Tensor> got = JsonTensors.read(Files.readAllBytes(out), "outputs");
        assertEquals(expected.size(), got.size(), file + ": number of outputs");
        StringBuilder summary = new StringBuilder();
        for (int i = 0; i < expected.size(); i++) {
            Tensor e = expected.get(i);
            Tensor g = got.get(i);
            assertEquals(e.type(), g.type(), file + ": output " + i + " type");
            String dtype = JsonTensors.dtypeOf(e.type().elementType());
            if (summary.length() > 0) summary.append("; ");
            summary.append(i).append(':').append(dtype).append(' ').append(compare(file, i, e, g,
                    computedIn != null ? computedIn : dtype));
        }
        return summary.toString();
    }

    /** Relative tolerance of a float dtype. */
    static double rtol(String dtype) {
        return switch (dtype) {
            case "float64", "complex128" -> 1e-12;
            case "float16" -> Math.scalb(1.0, -11);
            case "bfloat16" -> Math.scalb(1.0, -8);
            default -> 1e-5;
        };
    }

    /** Checks one output; returns a summary of the observed error. */
    static String compare(String file, int output, Tensor e, Tensor g, String toleranceDtype) {
        double[] ev = values(e);
        double[] gv = values(g);
        if (e.kind() != Tensor.Kind.FLOAT && e.kind() != Tensor.Kind.COMPLEX) {
            for (int k = 0; k < ev.length; k++) {
                if (ev[k] != gv[k]) fail(file + ": output " + output + " element " + k + ": expected " + ev[k]
                        + ", got " + gv[k]);
            }
            return "exact";
        }
        double scale = 0;
        for (double v : ev) if (Double.isFinite(v)) scale = Math.max(scale, Math.abs(v));
        double rtol = rtol(toleranceDtype);
        double atol = rtol / 10 * scale;
        double maxAbs = 0;
        double maxRel = 0;
        double usage = 0;
        boolean identical = true;
        for (int k = 0; k < ev.length; k++) {
            double x = ev[k];
            double y = gv[k];
            if (Double.doubleToLongBits(x) != Double.doubleToLongBits(y)) identical = false;
            if (Double.isNaN(x) || Double.isInfinite(x) || Double.isNaN(y) || Double.isInfinite(y)) {
                if (!(Double.isNaN(x) && Double.isNaN(y)) && x != y) {
                    fail(file + ": output " + output + " element " + (k / (e.kind() == Tensor.Kind.COMPLEX ? 2 : 1))
                            + ": expected " + x + ", got " + y);
                }
                continue;
            }
            double d = Math.abs(x - y);
            double bound = rtol * Math.abs(x) + atol;
            maxAbs = Math.max(maxAbs, d);
            if (x != 0) maxRel = Math.max(maxRel, d / Math.abs(x));
            if (d > 0) usage = Math.max(usage, d / bound);
            if (!(d <= bound)) {
                fail(String.format("%s: output %d element %d: expected %s, got %s (|diff| %.3g > %.3g = rtol %.3g * "
                        + "|expected| + atol %.3g)", file, output, k / (e.kind() == Tensor.Kind.COMPLEX ? 2 : 1),
                        JsonTensors.formatDouble(x), JsonTensors.formatDouble(y), d, bound, rtol, atol));
            }
        }
        if (identical) return "identical";
        return String.format("max|diff| %.2g, max rel %.2g, %.0f%% of tolerance", maxAbs, maxRel, 100 * usage);
    }

    private static double[] values(Tensor t) {
        return t.toDoubles();
    }

    @AfterAll
    static void printSummary() {
        if (SUMMARY.isEmpty()) return;
        StringBuilder sb = new StringBuilder("JAX samples (" + SUMMARY.size() + " files):\n");
        SUMMARY.forEach((k, v) -> sb.append(String.format("  %-32s %s%n", k, v)));
        System.out.print(sb);
    }
}
