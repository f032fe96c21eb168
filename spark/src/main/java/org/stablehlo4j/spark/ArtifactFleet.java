package org.stablehlo4j.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.stablehlo4j.api.ArtifactInfo;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Checks a fleet of portable artifacts (a model registry, a directory of exports) as a Spark job: one row per
 * artifact with what {@link StableHlo#artifactInfo(byte[])} reads from its header and sections, whether it
 * deserializes and verifies, {@link StableHlo#minimumVersionFor(ModuleOp)}, and optionally the artifact
 * re-serialized for an older (or newer) target version. A bad artifact never fails the job: the step that failed
 * and its diagnostics are in the row ({@code error_stage}, {@code error}) and the columns of later steps are
 * null.
 *
 * <pre>{@code
 * Dataset<Row> report = ArtifactFleet.create().reserializeFor("1.0.0")
 *         .checkDirectory(spark, "hdfs:///models", "*.mlir.bc");
 * report.filter("error is not null").show();
 * }</pre>
 *
 * <p>The columns ({@link #schema()}): {@code path}, {@code size_bytes}, {@code producer},
 * {@code bytecode_version}, {@code stablehlo_version}, {@code dialects} (array of strings), {@code op_counts}
 * (map of op name to count), {@code total_ops}, {@code verified} (deserialized and verified),
 * {@code minimum_version}, {@code target_version}, {@code reserialized} (bytes), {@code error_stage}
 * ({@code read}, {@code info}, {@code deserialize}, {@code minimum_version} or {@code reserialize}) and
 * {@code error}.
 */
public final class ArtifactFleet implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The version to re-serialize for, or null. */
    private final String target;

    private ArtifactFleet(String target) {
        this.target = target;
    }

    /**
     * A check without re-serialization.
     *
     * @return a fleet check
     */
    public static ArtifactFleet create() {
        return new ArtifactFleet(null);
    }

    /**
     * A check that also re-serializes each artifact that verifies for StableHLO version {@code target} (the
     * {@code reserialized} column; an artifact the target cannot express gets an {@code reserialize} error row).
     *
     * @param target a version in [{@link StableHlo#minimumVersion()}, {@link StableHlo#currentVersion()}]
     * @return a fleet check
     * @throws IllegalArgumentException if {@code target} is not such a version
     */
    public ArtifactFleet reserializeFor(String target) {
        Objects.requireNonNull(target, "target");
        try {
            String min = StableHlo.minimumVersion(), max = StableHlo.currentVersion();
            if (!StableHlo.smallerVersion(target, min).equals(min) || !StableHlo.smallerVersion(target, max).equals(target)) {
                throw new IllegalArgumentException("target version " + target + " is not in [" + min + ", " + max + "]");
            }
        } catch (StableHloException e) {
            throw new IllegalArgumentException("target version: " + e.getMessage(), e);
        }
        return new ArtifactFleet(target);
    }

    /**
     * The columns of a report.
     *
     * @return the schema of the rows {@link #check} and {@link #checkDirectory} give
     */
    public static StructType schema() {
        return new StructType()
                .add("path", DataTypes.StringType, true)
                .add("size_bytes", DataTypes.LongType, true)
                .add("producer", DataTypes.StringType, true)
                .add("bytecode_version", DataTypes.LongType, true)
                .add("stablehlo_version", DataTypes.StringType, true)
                .add("dialects", DataTypes.createArrayType(DataTypes.StringType, false), true)
                .add("op_counts", DataTypes.createMapType(DataTypes.StringType, DataTypes.LongType, false), true)
                .add("total_ops", DataTypes.LongType, true)
                .add("verified", DataTypes.BooleanType, false)
                .add("minimum_version", DataTypes.StringType, true)
                .add("target_version", DataTypes.StringType, true)
                .add("reserialized", DataTypes.BinaryType, true)
                .add("error_stage", DataTypes.StringType, true)
                .add("error", DataTypes.StringType, true);
    }

    /**
     * Checks the files of a directory (and its subdirectories) whose names match {@code glob}, read with Spark's
     * {@code binaryFile} source (any file system Spark reads).
     *
     * @param spark the session
     * @param directory the directory
     * @param glob the file name pattern, e.g. {@code *.mlir.bc}
     * @return one row per file
     */
    public Dataset<Row> checkDirectory(SparkSession spark, String directory, String glob) {
        Dataset<Row> files = spark.read().format("binaryFile").option("pathGlobFilter", glob)
                .option("recursiveFileLookup", "true").load(directory).select("path", "content");
        return check(files);
    }

    /**
     * Checks a table of artifacts: a {@code path} column (string) and/or a {@code content} column (binary). A row
     * without content is read from its path on the executor (Hadoop's file systems: local paths, {@code file:},
     * {@code hdfs:}, ...); a file that cannot be read gives a {@code read} error row.
     *
     * @param artifacts the table
     * @return one row per row of the table, in its order
     * @throws IllegalArgumentException if the table has neither column, or one of the wrong type
     */
    public Dataset<Row> check(Dataset<Row> artifacts) {
        StructType in = artifacts.schema();
        List<String> names = Arrays.asList(in.fieldNames());
        int path = names.indexOf("path"), content = names.indexOf("content");
        if (path < 0 && content < 0) {
            throw new IllegalArgumentException("the table needs a 'path' (string) or 'content' (binary) column: "
                    + in.simpleString());
        }
        if (path >= 0 && in.fields()[path].dataType() != DataTypes.StringType) {
            throw new IllegalArgumentException("column 'path' is " + in.fields()[path].dataType().simpleString()
                    + ", not string");
        }
        if (content >= 0 && in.fields()[content].dataType() != DataTypes.BinaryType) {
            throw new IllegalArgumentException("column 'content' is " + in.fields()[content].dataType().simpleString()
                    + ", not binary");
        }
        return artifacts.mapPartitions(new Check(target, path, content), Encoders.row(schema()));
    }

    private static final class Check implements MapPartitionsFunction<Row, Row> {
        private static final long serialVersionUID = 1L;
        private final String target;
        private final int path;
        private final int content;

        Check(String target, int path, int content) {
            this.target = target;
            this.path = path;
            this.content = content;
        }

        @Override
        public Iterator<Row> call(Iterator<Row> rows) {
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return rows.hasNext();
                }

                @Override
                public Row next() {
                    Row r = rows.next();
                    String p = path < 0 || r.isNullAt(path) ? null : r.getString(path);
                    byte[] bytes = content < 0 || r.isNullAt(content) ? null : (byte[]) r.get(content);
                    return RowFactory.create(checkOne(p, bytes, target).toArray());
                }
            };
        }
    }

    /** The facade the checks of this JVM share (one context; safe for concurrent tasks). */
    private static final class Shared {
        static final StableHlo API = StableHlo.create();
    }

    /**
     * The report row of one artifact, as a list of the {@link #schema()} columns' values.
     *
     * @param path the artifact's path (read when {@code bytes} is null), or null
     * @param bytes the artifact's bytes, or null
     * @param target the re-serialization target, or null
     * @return the row's values
     */
    static List<Object> checkOne(String path, byte[] bytes, String target) {
        Object[] v = new Object[14];
        v[0] = path;
        v[8] = false;
        v[10] = target;
        String stage = "read";
        try {
            if (bytes == null) {
                if (path == null) throw new IOException("neither a path nor content");
                bytes = read(path);
            }
            v[1] = (long) bytes.length;
            stage = "info";
            ArtifactInfo info = StableHlo.artifactInfo(bytes);
            v[2] = info.producer();
            v[3] = info.bytecodeVersion();
            v[4] = info.stablehloVersion().orElse(null);
            v[5] = scala.jdk.javaapi.CollectionConverters.asScala(info.dialects()).toSeq();
            v[6] = scala.jdk.javaapi.CollectionConverters.asScala(info.opCounts());
            v[7] = info.totalOps();
            stage = "deserialize";
            StableHlo api = Shared.API;
            ModuleOp module = api.deserializePortableArtifact(bytes);
            v[8] = true;
            stage = "minimum_version";
            v[9] = api.minimumVersionFor(module);
            if (target != null) {
                stage = "reserialize";
                v[11] = api.serializePortableArtifact(module, target);
            }
            stage = null;
        } catch (StableHloException | IOException e) {
            v[13] = e.getMessage();
        } catch (RuntimeException | StackOverflowError e) {
            v[13] = "internal error: " + e;
        }
        v[12] = stage;
        return new ArrayList<>(Arrays.asList(v));
    }

    private static byte[] read(String path) throws IOException {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
        org.apache.hadoop.fs.FileSystem fs = p.getFileSystem(new org.apache.hadoop.conf.Configuration());
        long size = fs.getFileStatus(p).getLen();
        if (size > Integer.MAX_VALUE - 8) throw new IOException(path + ": " + size + " bytes is too large for an artifact");
        try (InputStream in = fs.open(p)) {
            return in.readAllBytes();
        }
    }
}
