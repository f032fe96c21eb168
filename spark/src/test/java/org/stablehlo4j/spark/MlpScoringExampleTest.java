package org.stablehlo4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.run.StableHloRunner;
import org.stablehlo4j.api.run.TensorJson;
import org.stablehlo4j.api.run.TensorValue;
import org.stablehlo4j.spark.examples.MlpScoring;

/** Runs the README's example as {@code java ... MlpScoring JAX_SAMPLES 2000 local[2]} would, and checks what it prints. */
class MlpScoringExampleTest {
    @Test
    void theExampleScoresTheTable() throws Exception {
        SparkTests.assumeCorpus();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            MlpScoring.main(new String[] {SparkTests.jaxSamples().toString(), "2000", "local[2]"});
        } finally {
            System.setOut(out);
        }
        String printed = bytes.toString(StandardCharsets.UTF_8);
        out.print(printed);
        long total = 0;
        Matcher classes = Pattern.compile("(?m)^class (\\d): (\\d+) rows$").matcher(printed);
        while (classes.find()) total += Long.parseLong(classes.group(2));
        assertEquals(2000, total, printed);
        for (int run = 1; run <= 2; run++) {
            assertTrue(Pattern.compile("(?m)^run " + run
                    + ": scored 2000 rows in [0-9.]+ s on 2 cores \\(8 rows per run\\): [0-9]+ rows/s/core$")
                    .matcher(printed).find(), printed);
            assertTrue(Pattern.compile("(?m)^run " + run
                    + ": local mode, [0-9.]+ CPU-seconds in this JVM: [0-9]+ rows per CPU-second$")
                    .matcher(printed).find(), printed);
        }

        // row 0's scores are the interpreter's for its features, sin(16 * id + i) * 2 as floats
        Matcher row0 = Pattern.compile("(?m)^row 0: \\[(.*)\\]$").matcher(printed);
        assertTrue(row0.find(), printed);
        float[] x = new float[8 * 16];
        for (int i = 0; i < 16; i++) x[i] = (float) (Math.sin(i) * 2);
        for (int r = 1; r < 8; r++) System.arraycopy(x, 0, x, r * 16, 16);
        List<TensorValue> recorded = TensorJson.readList(SparkTests.jaxSamples().resolve("mlp.io.json"), "inputs");
        float[] expected = StableHloRunner.create().runArtifact(
                java.nio.file.Files.readAllBytes(SparkTests.jaxSamples().resolve("mlp.mlir.bc")),
                TensorValue.of(x, 8, 16), recorded.get(1), recorded.get(2)).get(0).toFloatArray();
        String[] printedScores = row0.group(1).split(", ");
        assertEquals(4, printedScores.length, printed);
        for (int c = 0; c < 4; c++) {
            assertEquals(expected[c], Float.parseFloat(printedScores[c]), 1e-5, Arrays.toString(printedScores));
        }
    }
}
