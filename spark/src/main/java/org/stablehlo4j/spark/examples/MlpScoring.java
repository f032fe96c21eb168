package org.stablehlo4j.spark.examples;

import java.nio.file.Path;
import java.util.List;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.stablehlo4j.api.run.TensorJson;
import org.stablehlo4j.api.run.TensorValue;
import org.stablehlo4j.spark.StableHloModel;

/**
 * Scores JAX's {@code mlp} export ({@code main(x: 8x16, w1: 16x32, w2: 32x4) -> 8x4}, log-softmax of 4 classes)
 * over a generated table with Spark: the weights come from {@code mlp.io.json}, each row's 16 features fill a
 * row of {@code x}. Prints the class counts, the first rows' scores and the throughput (in local mode also per
 * CPU-second, which a busy machine does not distort).
 * <pre>
 * java @spark/java17.options -cp spark/target/stablehlo4j-spark-0.1.0-SNAPSHOT.jar:$(cat spark/target/classpath.txt) \
 *     org.stablehlo4j.spark.examples.MlpScoring ../shared/jax-samples 100000 'local[*]'
 * </pre>
 */
public final class MlpScoring {
    private MlpScoring() {
    }

    /** The CPU time of this JVM (all threads), or -1 where the platform does not tell. */
    private static long processCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    /**
     * Runs the example.
     *
     * @param args the {@code jax-samples} directory, the number of rows (default 10000), the Spark master (default:
     *             the one {@code spark-submit} gives)
     * @throws Exception if the samples cannot be read
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 3) {
            System.err.println("usage: MlpScoring JAX_SAMPLES_DIR [ROWS] [MASTER]");
            System.exit(2);
        }
        Path samples = Path.of(args[0]);
        long rows = args.length > 1 ? Long.parseLong(args[1]) : 10_000;
        SparkSession.Builder builder = SparkSession.builder().appName("stablehlo4j MLP scoring");
        if (args.length > 2) builder.master(args[2]);
        SparkSession spark = builder.getOrCreate();
        try {
            // the export's weights: arguments 1 and 2 of the run recorded in mlp.io.json
            List<TensorValue> recorded = TensorJson.readList(samples.resolve("mlp.io.json"), "inputs");
            StableHloModel model = StableHloModel.fromArtifact(samples.resolve("mlp.mlir.bc"))
                    .bind(1, recorded.get(1))
                    .bind(2, recorded.get(2))
                    .input(0, 0, "features")          // x: dimension 0 carries the rows, a row is 16 floats
                    .outputColumns("scores");          // a row of the 8x4 result: 4 floats
            Dataset<Row> table = spark.range(rows).selectExpr("id",
                    "transform(sequence(0, 15), i -> cast(sin(id * 16 + i) * 2 as float)) as features");
            Dataset<Row> scored = model.transform(table)
                    .selectExpr("id", "scores", "array_position(scores, array_max(scores)) - 1 as class");

            // the same job twice: the first run includes the JVM's warm-up (JIT), the second is the steady state
            List<Row> classes = null;
            int cores = spark.sparkContext().defaultParallelism();
            for (int run = 1; run <= 2; run++) {
                long start = System.nanoTime(), cpuStart = processCpuNanos();
                classes = scored.groupBy("class").count().orderBy("class").collectAsList();
                double seconds = (System.nanoTime() - start) / 1e9, cpuSeconds = (processCpuNanos() - cpuStart) / 1e9;
                System.out.printf("run %d: scored %d rows in %.2f s on %d cores (%d rows per run): %.0f rows/s/core%n",
                        run, rows, seconds, cores, model.rowsPerRun(), rows / seconds / cores);
                if (spark.sparkContext().isLocal() && cpuStart >= 0) {
                    // in local mode the executors are threads of this JVM: its CPU time is the job's (and Spark's)
                    System.out.printf("run %d: local mode, %.1f CPU-seconds in this JVM: %.0f rows per CPU-second%n",
                            run, cpuSeconds, rows / cpuSeconds);
                }
            }
            for (Row c : classes) System.out.println("class " + c.get(0) + ": " + c.getLong(1) + " rows");
            for (Row r : scored.orderBy("id").limit(3).collectAsList()) {
                System.out.println("row " + r.getLong(0) + ": " + r.getList(1));
            }
        } finally {
            spark.stop();
        }
    }
}
