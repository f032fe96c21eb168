package org.stablehlo4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

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
import org.stablehlo4j.api.ArtifactInfo;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * The fleet job over upstream's frozen compatibility artifacts and JAX's exports: each row matches
 * {@code artifactInfo}, deserialization, {@code minimumVersionFor} and re-serialization done directly; corrupted
 * and missing artifacts give error rows, not a failed job.
 */
class ArtifactFleetTest {
    private static final String TARGET = "1.0.0";
    private static SparkSession spark;
    private static final StableHlo API = StableHlo.create();

    @BeforeAll
    static void start() {
        SparkTests.assumeCorpus();
        spark = SparkTests.session("ArtifactFleetTest");
    }

    @AfterAll
    static void stop() {
        if (spark != null) spark.stop();
    }

    private static List<Path> files(Path dir, String regex) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().matches(regex)).sorted().toList();
        }
    }

    /** What the row of one artifact must hold, from the API called directly (the same steps in the same order). */
    private static void assertRow(Row row, byte[] bytes, String target) {
        String stage = null, error = null;
        ArtifactInfo info = null;
        ModuleOp module = null;
        String minimum = null;
        byte[] reserialized = null;
        try {
            stage = "info";
            info = StableHlo.artifactInfo(bytes);
            stage = "deserialize";
            module = API.deserializePortableArtifact(bytes);
            stage = "minimum_version";
            minimum = API.minimumVersionFor(module);
            if (target != null) {
                stage = "reserialize";
                reserialized = API.serializePortableArtifact(module, target);
            }
            stage = null;
        } catch (StableHloException e) {
            error = e.getMessage();
        }
        String where = row.getString(0);
        assertEquals(stage, row.getAs("error_stage"), where);
        assertEquals(error, row.getAs("error"), where);
        assertEquals((long) bytes.length, (Long) row.getAs("size_bytes"), where);
        if (info == null) {
            assertNull(row.getAs("producer"), where);
        } else {
            assertEquals(info.producer(), row.getAs("producer"), where);
            assertEquals(info.bytecodeVersion(), (Long) row.getAs("bytecode_version"), where);
            assertEquals(info.stablehloVersion().orElse(null), row.getAs("stablehlo_version"), where);
            assertEquals(info.dialects(), row.getList(row.fieldIndex("dialects")), where);
            assertEquals(info.opCounts(), new HashMap<>(row.getJavaMap(row.fieldIndex("op_counts"))), where);
            assertEquals(info.totalOps(), (Long) row.getAs("total_ops"), where);
        }
        assertEquals(module != null, row.getAs("verified"), where);
        assertEquals(minimum, row.getAs("minimum_version"), where);
        assertEquals(target, row.getAs("target_version"), where);
        assertArrayEquals(reserialized, (byte[]) row.getAs("reserialized"), where);
    }

    @Test
    void checksUpstreamsArtifactsAndJaxExportsAndCapturesErrors() throws Exception {
        List<Path> paths = new ArrayList<>(files(SparkTests.vhloTests(), ".*\\.mlir\\.bc"));
        paths.addAll(files(SparkTests.jaxSamples(), "[a-z_0-9]+\\.mlir\\.bc"));      // JAX's own bytes, not the re-serialized
        assertTrue(paths.size() > 50, paths.toString());
        List<Row> table = new ArrayList<>();
        Map<String, byte[]> bytes = new HashMap<>();
        for (Path p : paths) {
            table.add(RowFactory.create(p.toString(), null));
            bytes.put(p.toString(), Files.readAllBytes(p));
        }
        // a corrupted artifact (bytes overwritten in the middle), a truncated one, and a file that is not there
        byte[] garbled = Files.readAllBytes(SparkTests.jaxSamples().resolve("mlp.mlir.bc"));
        for (int i = garbled.length / 3; i < garbled.length / 3 + 64; i++) garbled[i] = (byte) 0xA5;
        byte[] truncated = java.util.Arrays.copyOf(garbled, 40);
        table.add(RowFactory.create("garbled.mlir.bc", garbled));
        table.add(RowFactory.create("truncated.mlir.bc", truncated));
        bytes.put("garbled.mlir.bc", garbled);
        bytes.put("truncated.mlir.bc", truncated);
        String missing = SparkTests.vhloTests().resolve("no-such-artifact.mlir.bc").toString();
        table.add(RowFactory.create(missing, null));
        StructType schema = new StructType().add("path", DataTypes.StringType).add("content", DataTypes.BinaryType);
        Dataset<Row> in = spark.createDataFrame(JavaSparkContext.fromSparkContext(spark.sparkContext())
                .parallelize(table, 4), schema);

        List<Row> report = ArtifactFleet.create().reserializeFor(TARGET).check(in).collectAsList();
        assertEquals(ArtifactFleet.schema(), ArtifactFleet.create().check(in).schema());
        assertEquals(table.size(), report.size());
        int errors = 0, versions = 0;
        for (int i = 0; i < table.size(); i++) {
            Row row = report.get(i);
            String path = table.get(i).getString(0);
            assertEquals(path, row.getString(0));
            if (path.equals(missing)) {
                assertEquals("read", row.getAs("error_stage"));
                assertTrue(((String) row.getAs("error")).contains("no-such-artifact.mlir.bc"), (String) row.getAs("error"));
                assertFalse(row.<Boolean>getAs("verified"));
                continue;
            }
            assertRow(row, bytes.get(path), TARGET);
            if (row.getAs("error") != null) errors++;
            if (row.getAs("minimum_version") != null) versions++;
        }
        assertTrue(versions >= paths.size() - 2, "versions for " + versions + " of " + paths.size());
        Row garbledRow = report.get(paths.size());
        assertFalse(garbledRow.<Boolean>getAs("verified"));
        assertTrue(garbledRow.getAs("error") != null, "the corrupted artifact has an error row");
        assertEquals("info", report.get(paths.size() + 1).getAs("error_stage"));
        assertTrue(errors >= 2);
    }

    @Test
    void checksADirectory() throws Exception {
        List<Path> expected = files(SparkTests.jaxSamples(), "mlp.*\\.mlir\\.bc");
        List<Row> report = ArtifactFleet.create().checkDirectory(spark, SparkTests.jaxSamples().toString(), "mlp*.mlir.bc")
                .orderBy("path").collectAsList();
        assertEquals(expected.size(), report.size());
        for (int i = 0; i < report.size(); i++) {
            assertEquals(expected.get(i).toAbsolutePath().normalize().toUri().getPath(), new java.net.URI(report.get(i).getString(0)).getPath());
            assertRow(report.get(i), Files.readAllBytes(expected.get(i)), null);
        }
    }

    @Test
    void badArgumentsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ArtifactFleet.create().reserializeFor("0.1.0"));
        assertEquals("target version 0.1.0 is not in [" + StableHlo.minimumVersion() + ", " + StableHlo.currentVersion()
                + "]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ArtifactFleet.create().reserializeFor("one"));
        assertTrue(e.getMessage().startsWith("target version: "), e.getMessage());
        Dataset<Row> numbers = spark.range(3).toDF();
        e = assertThrows(IllegalArgumentException.class, () -> ArtifactFleet.create().check(numbers));
        assertTrue(e.getMessage().startsWith("the table needs a 'path' (string) or 'content' (binary) column"),
                e.getMessage());
        Dataset<Row> wrong = spark.range(3).toDF("path");
        e = assertThrows(IllegalArgumentException.class, () -> ArtifactFleet.create().check(wrong));
        assertEquals("column 'path' is bigint, not string", e.getMessage());
    }
}
