package org.stablehlo4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.run.StableHloRunner;
import org.stablehlo4j.api.run.TensorJson;
import org.stablehlo4j.api.run.TensorValue;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Scoring JAX exports over Spark tables in local mode: every scored row equals the interpreter's result on the
 * same batch; bad rows fail naming the row and column, or get nulls; the SQL function; polymorphic exports.
 */
class StableHloModelTest {
    private static final StructType FEATURES = new StructType().add("id", DataTypes.LongType, false)
            .add("features", DataTypes.createArrayType(DataTypes.FloatType, true), true);

    private static SparkSession spark;
    private static JavaSparkContext jsc;
    private static byte[] mlp;
    private static TensorValue w1;
    private static TensorValue w2;
    private static StableHloRunner runner;
    private static ModuleOp mlpModule;

    @BeforeAll
    static void start() throws Exception {
        SparkTests.assumeCorpus();
        spark = SparkTests.session("StableHloModelTest");
        jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        mlp = Files.readAllBytes(SparkTests.jaxSamples().resolve("mlp.mlir.bc"));
        List<TensorValue> recorded = TensorJson.readList(SparkTests.jaxSamples().resolve("mlp.io.json"), "inputs");
        w1 = recorded.get(1);
        w2 = recorded.get(2);
        runner = StableHloRunner.create();
        mlpModule = runner.api().deserializePortableArtifact(mlp);
    }

    @AfterAll
    static void stop() {
        if (spark != null) spark.stop();
    }

    private static StableHloModel mlpModel() {
        return StableHloModel.fromArtifact(mlp).bind(1, w1).bind(2, w2).input(0, 0, "features").outputColumns("logits");
    }

    private static List<Row> randomRows(int n, long seed) {
        Random random = new Random(seed);
        List<Row> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Float[] f = new Float[16];
            for (int k = 0; k < 16; k++) f[k] = (float) random.nextGaussian();
            rows.add(RowFactory.create((long) i, seq(Arrays.asList(f))));
        }
        return rows;
    }

    private static Dataset<Row> table(List<Row> rows, int partitions, StructType schema) {
        return spark.createDataFrame(jsc.parallelize(rows, partitions), schema);
    }

    private static float[] floats(List<?> values) {
        float[] f = new float[values.size()];
        for (int i = 0; i < f.length; i++) f[i] = ((Number) values.get(i)).floatValue();
        return f;
    }

    /** The interpreter's logits for rows of 16 features run as one batch of 8 (padded with copies of the last row). */
    private static float[][] interpret(List<float[]> batch) throws Exception {
        float[] x = new float[8 * 16];
        for (int r = 0; r < 8; r++) System.arraycopy(batch.get(Math.min(r, batch.size() - 1)), 0, x, r * 16, 16);
        float[] out = runner.run(mlpModule, TensorValue.of(x, 8, 16), w1, w2).get(0).toFloatArray();
        float[][] rows = new float[batch.size()][];
        for (int r = 0; r < rows.length; r++) rows[r] = Arrays.copyOfRange(out, r * 4, r * 4 + 4);
        return rows;
    }

    @Test
    void scoresTheMlpLikeTheInterpreterOnTheSameBatches() throws Exception {
        int n = 3001;                                               // not a multiple of 8
        StableHloModel model = mlpModel();
        Dataset<Row> scored = model.transform(table(randomRows(n, 1), 3, FEATURES));
        assertEquals(8, model.rowsPerRun());
        assertEquals(FEATURES.add("logits", DataTypes.createArrayType(DataTypes.FloatType, false), true),
                scored.schema());
        List<List<Row>> partitions = scored.javaRDD().glom().collect();
        assertEquals(3, partitions.size());
        int seen = 0;
        for (List<Row> partition : partitions) {
            for (int start = 0; start < partition.size(); start += 8) {
                List<Row> rows = partition.subList(start, Math.min(partition.size(), start + 8));
                List<float[]> features = new ArrayList<>();
                for (Row r : rows) features.add(floats(r.getList(1)));
                float[][] expected = interpret(features);
                for (int i = 0; i < rows.size(); i++) {
                    assertArrayEquals(expected[i], floats(rows.get(i).getList(2)), "row id " + rows.get(i).getLong(0));
                    assertEquals(seen++, rows.get(i).getLong(0));   // the table's order is kept
                }
            }
        }
        assertEquals(n, seen);
        // the program was prepared once in this JVM (driver and the local executor threads share it)
        assertEquals(1, PreparedModel.prepareCount(model.id()));
        model.release();
    }

    @Test
    void columnsAreConcatenatedIntoTheRowSlice() throws Exception {
        List<Row> rows = new ArrayList<>();
        List<float[]> features = new ArrayList<>();
        for (Row r : randomRows(11, 2)) {
            float[] f = floats(r.getList(1));
            features.add(f);
            double[] a = new double[10];
            for (int k = 0; k < 10; k++) a[k] = f[k];
            List<Double> head = new ArrayList<>();
            for (double d : a) head.add(d);
            rows.add(RowFactory.create(r.getLong(0), seq(head), f[10], f[11], f[12], f[13], f[14], f[15]));
        }
        StructType schema = new StructType().add("id", DataTypes.LongType)
                .add("head", DataTypes.createArrayType(DataTypes.DoubleType));
        for (String c : List.of("f10", "f11", "f12", "f13", "f14", "f15")) schema = schema.add(c, DataTypes.FloatType);
        StableHloModel model = StableHloModel.fromArtifact(mlp).bind(1, w1).bind(2, w2)
                .input(0, 0, "head", "f10", "f11", "f12", "f13", "f14", "f15");
        List<Row> scored = model.transform(table(rows, 1, schema)).orderBy("id").collectAsList();
        float[][] first = interpret(features.subList(0, 8));
        float[][] rest = interpret(features.subList(8, 11));
        for (int i = 0; i < 11; i++) {
            assertArrayEquals(i < 8 ? first[i] : rest[i - 8], floats(scored.get(i).getList(8)), "row " + i);
        }
    }

    @Test
    void aBadRowFailsTheJobNamingTheRowAndColumn() {
        List<Row> rows = randomRows(20, 3);
        rows.set(5, RowFactory.create(5L, seq(floatsList(15))));
        Exception e = assertThrows(Exception.class,
                () -> mlpModel().rowIdColumn("id").transform(table(rows, 1, FEATURES)).collectAsList());
        assertTrue(messages(e).contains("row 5 of partition 0 (id = 5): column 'features': expected 16 numbers, got 15"),
                messages(e));

        List<Row> withNull = randomRows(20, 3);
        withNull.set(7, RowFactory.create(7L, null));
        e = assertThrows(Exception.class, () -> mlpModel().transform(table(withNull, 1, FEATURES)).collectAsList());
        assertTrue(messages(e).contains("row 7 of partition 0: column 'features': null"), messages(e));

        List<Row> nullElement = randomRows(20, 3);
        List<Float> f = new ArrayList<>(floatsList(16));
        f.set(3, null);
        nullElement.set(9, RowFactory.create(9L, seq(f)));
        e = assertThrows(Exception.class, () -> mlpModel().transform(table(nullElement, 1, FEATURES)).collectAsList());
        assertTrue(messages(e).contains("row 9 of partition 0: column 'features' element 3: null"), messages(e));
    }

    /** A column value of an array column, as Spark's row encoder takes it. */
    static scala.collection.immutable.Seq<?> seq(List<?> values) {
        return scala.jdk.javaapi.CollectionConverters.asScala(values).toList();
    }

    private static List<Float> floatsList(int n) {
        List<Float> l = new ArrayList<>();
        for (int i = 0; i < n; i++) l.add((float) i / n);
        return l;
    }

    private static String messages(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) sb.append(t.getMessage()).append('\n');
        return sb.toString();
    }

    @Test
    void badRowsGetNullsUnderTheOption() throws Exception {
        List<Row> rows = randomRows(20, 4);
        rows.set(3, RowFactory.create(3L, seq(floatsList(17))));
        rows.set(11, RowFactory.create(11L, null));
        List<Row> scored = mlpModel().nullOnBadRows(true).transform(table(rows, 2, FEATURES)).orderBy("id")
                .collectAsList();
        assertEquals(20, scored.size());
        for (Row r : scored) {
            long id = r.getLong(0);
            if (id == 3 || id == 11) {
                assertTrue(r.isNullAt(2), "row " + id);
                continue;
            }
            float[] expected = interpret(List.of(floats(r.getList(1))))[0];   // rows are scored independently
            assertArrayEquals(expected, floats(r.getList(2)), "row " + id);
        }

        // mostly bad rows: a partition holds at most 1024 rows at a time, good ones are still scored
        List<Row> sparse = randomRows(1500, 8);
        for (int i = 0; i < sparse.size(); i++) if (i % 200 != 7) sparse.set(i, RowFactory.create((long) i, null));
        List<Row> out = mlpModel().nullOnBadRows(true).transform(table(sparse, 1, FEATURES)).collectAsList();
        assertEquals(1500, out.size());
        for (int i = 0; i < out.size(); i++) {
            Row r = out.get(i);
            assertEquals(i, r.getLong(0));
            if (i % 200 != 7) {
                assertTrue(r.isNullAt(2), "row " + i);
            } else {
                assertArrayEquals(interpret(List.of(floats(r.getList(1))))[0], floats(r.getList(2)), "row " + i);
            }
        }
    }

    @Test
    void theSqlFunctionScoresLikeTransform() throws Exception {
        StableHloModel model = mlpModel();
        Dataset<Row> t = table(randomRows(21, 5), 2, FEATURES);
        t.createOrReplaceTempView("features_table");
        model.registerUdf(spark, "mlp_logits");
        List<Row> viaSql = spark.sql("SELECT id, mlp_logits(features) AS logits FROM features_table ORDER BY id")
                .collectAsList();
        List<Row> viaTransform = model.transform(t).orderBy("id").collectAsList();
        assertEquals(21, viaSql.size());
        for (int i = 0; i < 21; i++) {
            assertArrayEquals(floats(viaTransform.get(i).getList(2)), floats(viaSql.get(i).getList(1)), "row " + i);
        }
        List<Row> bad = List.of(RowFactory.create(0L, seq(floatsList(3))));
        table(bad, 1, FEATURES).createOrReplaceTempView("bad_table");
        Exception e = assertThrows(Exception.class,
                () -> spark.sql("SELECT mlp_logits(features) FROM bad_table").collectAsList());
        assertTrue(messages(e).contains("function mlp_logits: column 'features': expected 16 numbers, got 3"),
                messages(e));
    }

    @Test
    void aPolymorphicExportIsRefinedPerBatchSize() throws Exception {
        Path dir = SparkTests.jaxRuntime();
        byte[] poly = Files.readAllBytes(dir.resolve("poly_mlp.mlir.bc"));
        TensorValue w = TensorJson.readList(dir.resolve("poly_mlp.io.json"), "inputs").get(1);
        // x: ?x8 from eight scalar double columns; the result tensor<?xf32> gives one float per row
        StructType schema = new StructType().add("id", DataTypes.LongType);
        String[] columns = new String[8];
        for (int k = 0; k < 8; k++) schema = schema.add(columns[k] = "c" + k, DataTypes.DoubleType);
        Random random = new Random(6);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Object[] v = new Object[9];
            v[0] = (long) i;
            for (int k = 0; k < 8; k++) v[k + 1] = random.nextGaussian();
            rows.add(RowFactory.create(v));
        }
        StableHloModel model = StableHloModel.fromArtifact(poly).bind(1, w).input(0, 0, columns).outputColumns("y")
                .batchSize(7);
        assertEquals(7, model.rowsPerRun());
        Dataset<Row> scored = model.transform(table(rows, 2, schema));
        assertEquals(DataTypes.FloatType, scored.schema().apply("y").dataType());
        ModuleOp module = runner.api().deserializePortableArtifact(poly);
        int seen = 0;
        for (List<Row> partition : scored.javaRDD().glom().collect()) {
            for (int start = 0; start < partition.size(); start += 7) {
                List<Row> batch = partition.subList(start, Math.min(partition.size(), start + 7));
                float[] x = new float[batch.size() * 8];
                for (int r = 0; r < batch.size(); r++) {
                    for (int k = 0; k < 8; k++) x[r * 8 + k] = (float) batch.get(r).getDouble(k + 1);
                }
                float[] expected = runner.run(module, TensorValue.of(x, batch.size(), 8), w).get(0).toFloatArray();
                for (int r = 0; r < batch.size(); r++) {
                    assertEquals(expected[r], batch.get(r).getFloat(9), "row " + batch.get(r).getLong(0));
                    seen++;
                }
            }
        }
        assertEquals(50, seen);
    }

    /** Two results with different batch dimensions, integer and boolean columns, scalar columns and a struct SQL result. */
    @Test
    void integerProgramsWithTwoResultsAndAnotherBatchDimension() throws Exception {
        // x: 2 x rows (dimension 1 carries the rows); sum = x + b per row, positive = (x[0] + b[0] > 0) per row
        byte[] artifact = runner.api().serializePortableArtifact(runner.api().parse("""
                func.func @main(%x: tensor<2x3xi32>, %b: tensor<2x1xi32>) -> (tensor<2x3xi32>, tensor<3xi1>) {
                  %bb = stablehlo.broadcast_in_dim %b, dims = [0, 1] : (tensor<2x1xi32>) -> tensor<2x3xi32>
                  %s = stablehlo.add %x, %bb : tensor<2x3xi32>
                  %r0 = stablehlo.slice %s [0:1, 0:3] : (tensor<2x3xi32>) -> tensor<1x3xi32>
                  %r = stablehlo.reshape %r0 : (tensor<1x3xi32>) -> tensor<3xi32>
                  %zero = stablehlo.constant dense<0> : tensor<3xi32>
                  %p = stablehlo.compare GT, %r, %zero : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
                  return %s, %p : tensor<2x3xi32>, tensor<3xi1>
                }
                """), "1.9.0");
        StableHloModel model = StableHloModel.fromArtifact(artifact).bind(1, TensorValue.of(new int[] {10, -5}, 2, 1))
                .input(0, 1, "a", "c").outputColumns("sum", "positive").outputBatchDimensions(1, 0);
        StructType schema = new StructType().add("id", DataTypes.LongType).add("a", DataTypes.LongType)
                .add("c", DataTypes.IntegerType);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 7; i++) rows.add(RowFactory.create((long) i, (long) (i * 7 - 20), 3 * i));
        Dataset<Row> t = table(rows, 2, schema);
        Dataset<Row> scored = model.transform(t);
        assertEquals(3, model.rowsPerRun());
        assertEquals(DataTypes.createArrayType(DataTypes.IntegerType, false), scored.schema().apply("sum").dataType());
        assertEquals(DataTypes.BooleanType, scored.schema().apply("positive").dataType());
        List<Row> out = scored.orderBy("id").collectAsList();
        for (int i = 0; i < 7; i++) {
            Row r = out.get(i);
            assertEquals(List.of(i * 7 - 20 + 10, 3 * i - 5), r.getList(3), "row " + i);
            assertEquals(i * 7 - 20 + 10 > 0, r.getBoolean(4), "row " + i);
        }
        t.createOrReplaceTempView("ints");
        model.registerUdf(spark, "sum_and_sign");
        List<Row> viaSql = spark.sql("SELECT id, sum_and_sign(a, c) AS r FROM ints ORDER BY id").collectAsList();
        for (int i = 0; i < 7; i++) {
            Row r = viaSql.get(i).getStruct(1);
            assertEquals(List.of(i * 7 - 20 + 10, 3 * i - 5), r.getList(0), "row " + i);
            assertEquals(i * 7 - 20 + 10 > 0, r.getBoolean(1), "row " + i);
        }

        // a fraction or an out-of-range value for an i32 argument is a bad row
        StructType doubles = new StructType().add("id", DataTypes.LongType).add("a", DataTypes.DoubleType)
                .add("c", DataTypes.LongType);
        List<Row> bad = List.of(RowFactory.create(0L, 1.0, 2L), RowFactory.create(1L, 1.5, 2L));
        Exception e = assertThrows(Exception.class, () -> StableHloModel.fromArtifact(artifact)
                .bind(1, TensorValue.of(new int[] {10, -5}, 2, 1)).input(0, 1, "a", "c")
                .transform(table(bad, 1, doubles)).collectAsList());
        assertTrue(messages(e).contains("row 1 of partition 0: column 'a': 1.5 is not an integer (the argument is i32)"),
                messages(e));
        List<Row> big = List.of(RowFactory.create(0L, 1.0, 1L << 40));
        e = assertThrows(Exception.class, () -> StableHloModel.fromArtifact(artifact)
                .bind(1, TensorValue.of(new int[] {10, -5}, 2, 1)).input(0, 1, "a", "c")
                .transform(table(big, 1, doubles)).collectAsList());
        assertTrue(messages(e).contains("row 0 of partition 0: column 'c': 1099511627776 does not fit i32"), messages(e));
    }

    @Test
    void aReleasedModelIsPreparedAgainOnItsNextUse() {
        StableHloModel model = mlpModel();
        List<Row> rows = randomRows(10, 7);
        assertEquals(10, model.transform(table(rows, 1, FEATURES)).collectAsList().size());
        assertEquals(1, PreparedModel.prepareCount(model.id()));
        model.release();
        assertEquals(10, model.transform(table(rows, 1, FEATURES)).collectAsList().size());
        assertEquals(2, PreparedModel.prepareCount(model.id()));
        model.release();
    }

    @Test
    void aConfigurationThatDoesNotFitIsRefusedOnTheDriver() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StableHloModel.fromArtifact(mlp).bind(1, w1).input(0, 0, "features").rowsPerRun());
        assertEquals("argument 2 of @main (tensor<32x4xf32>) is neither bound to a tensor nor an input", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> StableHloModel.fromArtifact(mlp)
                .bind(1, TensorValue.of(new float[16 * 32], 32, 16)).bind(2, w2).input(0, 0, "features").rowsPerRun());
        assertEquals("argument 1 of @main is tensor<16x32xf32>, the tensor bound to it is tensor<32x16xf32>",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> StableHloModel.fromArtifact(mlp).bind(1, w1).bind(2, w2).input(0, 2, "features").rowsPerRun());
        assertEquals("argument 0 of @main (tensor<8x16xf32>) has no dimension 2", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> mlpModel().outputColumns("a", "b").rowsPerRun());
        assertEquals("@main has 1 result, 2 output column names were given", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> StableHloModel.fromArtifact(new byte[] {'M', 'L', 0x3f, 'R', 1}).rowsPerRun());
        assertTrue(e.getMessage().startsWith("cannot read the artifact: "), e.getMessage());

        StructType named = new StructType().add("id", DataTypes.LongType).add("features", DataTypes.StringType);
        e = assertThrows(IllegalArgumentException.class, () -> mlpModel().outputSchema(named));
        assertEquals("column 'features' is string; inputs take numbers, booleans and arrays of them", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> mlpModel().outputSchema(new StructType().add("id", DataTypes.LongType)));
        assertTrue(e.getMessage().startsWith("no column 'features' in "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> mlpModel().outputColumns("id").outputSchema(FEATURES));
        assertEquals("output column 'id' is already a column", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> mlpModel().batchSize(0));
        assertEquals("batch size 0 is not in 1..65536", e.getMessage());

        byte[] wide = runner.api().serializePortableArtifact(runner.api().parse("""
                func.func @main(%x: tensor<?x4096xf32>) -> tensor<?x4096xf32> {
                  return %x : tensor<?x4096xf32>
                }
                """), "1.9.0");
        e = assertThrows(IllegalArgumentException.class,
                () -> StableHloModel.fromArtifact(wide).input(0, 0, "x").batchSize(65536).rowsPerRun());
        assertEquals("a batch of 65536 rows of argument 0 of @main holds 268435456 elements, more than 134217728; "
                + "lower batchSize", e.getMessage());
        assertEquals(32768, StableHloModel.fromArtifact(wide).input(0, 0, "x").batchSize(32768).rowsPerRun());
        e = assertThrows(IllegalArgumentException.class,
                () -> StableHloModel.fromArtifact(wide).input(0, 0, "x").function("other").rowsPerRun());
        assertEquals("the artifact has no function @other", e.getMessage());

        StableHloModel used = mlpModel();
        assertNotNull(used.outputSchema(FEATURES));
        IllegalStateException s = assertThrows(IllegalStateException.class, () -> used.nullOnBadRows(true));
        assertTrue(s.getMessage().startsWith("the model is already in use"), s.getMessage());
    }
}
