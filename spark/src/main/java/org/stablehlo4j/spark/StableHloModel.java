package org.stablehlo4j.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.stablehlo4j.api.run.TensorValue;

/**
 * A StableHLO program (a portable artifact, e.g. a JAX or PyTorch export) applied to the rows of a Spark
 * {@code Dataset<Row>}: batch scoring on the executors with the reference interpreter, no native code and no
 * Python.
 *
 * <p>Real exports take their weights as arguments: {@link #bind(int, TensorValue)} fixes such an argument to a
 * tensor, and {@link #input(int, int, String...)} names the argument whose dimension carries the batch and the
 * columns that fill one row's slice of it (numbers and arrays of numbers, concatenated in order). E.g. JAX's
 * {@code mlp} is {@code main(x: 8x16, w1: 16x32, w2: 32x4) -> 8x4}:
 * <pre>{@code
 * StableHloModel model = StableHloModel.fromArtifact(Path.of("mlp.mlir.bc"))
 *         .bind(1, w1).bind(2, w2)              // the weights, broadcast once
 *         .input(0, 0, "features")              // x's dimension 0 is the batch; a row is 16 numbers
 *         .outputColumns("logits");             // a row of the 8x4 result: 4 floats
 * Dataset<Row> scored = model.transform(table); // the table's columns and "logits"
 * }</pre>
 *
 * <p>Rows are batched into the batch dimension. A static export runs in batches of its size (the last, partial
 * batch of a partition padded with copies of its last row, whose results are dropped); a shape-polymorphic one
 * (a dynamic batch dimension) is specialized per batch size ({@link #batchSize(int)} rows, fewer for the last
 * batch), each specialization made once per JVM. Each result becomes a column: its slice for the row with the
 * batch dimension ({@link #outputBatchDimensions(int...)}, 0 by default) removed, a scalar column when that leaves
 * a scalar, otherwise an array column (row-major). Element types map to Spark's: f32/f16/bf16 to float, f64 to
 * double, i1 to boolean, i8 to byte, i16 to short, i32/ui8/ui16 to int, i64/ui32 to long.
 *
 * <p>The model is configured on the driver; the first {@link #transform}, {@link #outputSchema} or
 * {@link #registerUdf} checks the configuration against the program (an {@link IllegalArgumentException} says
 * what does not fit), after which it is fixed. The artifact and the bound tensors are broadcast once; each JVM
 * reads the program once and shares it between its tasks.
 *
 * <p>A bad row (a null, a non-number, an array of the wrong length) fails the job with a {@link ScoringException}
 * naming the row and column, or, with {@link #nullOnBadRows(boolean)}, gets null outputs.
 */
public final class StableHloModel {
    private final byte[] artifact;
    private String function = "main";
    private final Map<Integer, ModelSpec.Tensor> bound = new LinkedHashMap<>();
    private final List<ModelSpec.Input> inputs = new ArrayList<>();
    private List<String> outputColumns = List.of();
    private List<Integer> outputBatchDimensions = List.of();
    private int batchSize = 64;
    private boolean nullOnBadRows;
    private String rowIdColumn;
    private ModelSpec spec;
    private Broadcast<ModelSpec> broadcast;
    private SparkContext broadcastContext;

    private StableHloModel(byte[] artifact) {
        this.artifact = artifact;
    }

    /**
     * A model of a portable artifact's bytes (copied).
     *
     * @param artifact the artifact ({@code .mlir.bc}, any version stablehlo4j reads)
     * @return a model to configure
     */
    public static StableHloModel fromArtifact(byte[] artifact) {
        return new StableHloModel(Objects.requireNonNull(artifact, "artifact").clone());
    }

    /**
     * A model of a portable artifact file, read now on the driver.
     *
     * @param file the artifact file
     * @return a model to configure
     * @throws IOException if the file cannot be read
     */
    public static StableHloModel fromArtifact(Path file) throws IOException {
        return new StableHloModel(Files.readAllBytes(file));
    }

    /**
     * The function to run ({@code main} by default; {@code main} also means the only function, if there is one).
     *
     * @param name the function name, without {@code @}
     * @return this model
     */
    public StableHloModel function(String name) {
        mutable();
        this.function = Objects.requireNonNull(name, "name");
        return this;
    }

    /**
     * Fixes argument {@code argument} to a tensor for every row (e.g. a weight matrix).
     *
     * @param argument the argument's index
     * @param value the tensor; its type must be the argument's
     * @return this model
     */
    public StableHloModel bind(int argument, TensorValue value) {
        mutable();
        bound.put(argument, ModelSpec.Tensor.of(Objects.requireNonNull(value, "value")));
        return this;
    }

    /**
     * Feeds argument {@code argument} from columns: its dimension {@code batchDimension} carries the rows, and a
     * row's slice (the argument without that dimension, row-major) is the values of {@code columns} in order,
     * each a number or an array of numbers. Several arguments may be inputs; they share the batch.
     *
     * @param argument the argument's index
     * @param batchDimension the dimension that carries the batch
     * @param columns the columns giving a row's slice, at least one
     * @return this model
     */
    public StableHloModel input(int argument, int batchDimension, String... columns) {
        mutable();
        inputs.add(new ModelSpec.Input(argument, batchDimension, List.of(columns)));
        return this;
    }

    /**
     * The names of the output columns, one per result of the function (default {@code output_0}, ...).
     *
     * @param names the column names
     * @return this model
     */
    public StableHloModel outputColumns(String... names) {
        mutable();
        this.outputColumns = List.of(names);
        return this;
    }

    /**
     * The batch dimension of each result (default 0 for every result).
     *
     * @param dimensions one dimension per result
     * @return this model
     */
    public StableHloModel outputBatchDimensions(int... dimensions) {
        mutable();
        this.outputBatchDimensions = Arrays.stream(dimensions).boxed().toList();
        return this;
    }

    /**
     * The rows per run of a shape-polymorphic export (default 64); a static export always runs batches of its
     * own batch size.
     *
     * @param rows the rows per run, 1 to 65536
     * @return this model
     */
    public StableHloModel batchSize(int rows) {
        mutable();
        if (rows < 1 || rows > 1 << 16) throw new IllegalArgumentException("batch size " + rows + " is not in 1..65536");
        this.batchSize = rows;
        return this;
    }

    /**
     * Whether a bad row (a null, a non-number, an array of the wrong length) gets null outputs instead of failing
     * the job with a {@link ScoringException} (default false).
     *
     * @param enabled true for null outputs
     * @return this model
     */
    public StableHloModel nullOnBadRows(boolean enabled) {
        mutable();
        this.nullOnBadRows = enabled;
        return this;
    }

    /**
     * A column whose value identifies a row in error messages (e.g. a primary key), besides its partition and
     * index.
     *
     * @param column the column name
     * @return this model
     */
    public StableHloModel rowIdColumn(String column) {
        mutable();
        this.rowIdColumn = Objects.requireNonNull(column, "column");
        return this;
    }

    /**
     * The rows of one run: the export's static batch size, or {@link #batchSize(int)} for a shape-polymorphic one.
     *
     * @return the rows per run
     * @throws IllegalArgumentException if the configuration does not fit the program
     */
    public int rowsPerRun() {
        return PreparedModel.of(spec()).batch;
    }

    /**
     * The schema {@link #transform} gives a table of schema {@code input}: its columns, then the outputs.
     *
     * @param input the schema of the table to score
     * @return the scored table's schema
     * @throws IllegalArgumentException if the configuration does not fit the program or the table (a missing
     *                                  column, a column that is not numeric, an output name already taken)
     */
    public StructType outputSchema(StructType input) {
        PreparedModel model = PreparedModel.of(spec());
        List<String> names = Arrays.asList(input.fieldNames());
        for (ModelSpec.Input in : spec.inputs) {
            for (String c : in.columns()) {
                if (!names.contains(c)) throw new IllegalArgumentException("no column '" + c + "' in " + input.simpleString());
                DataType t = input.apply(c).dataType();
                if (!numeric(t)) {
                    throw new IllegalArgumentException("column '" + c + "' is " + t.simpleString()
                            + "; inputs take numbers, booleans and arrays of them");
                }
            }
        }
        if (rowIdColumn != null && !names.contains(rowIdColumn)) {
            throw new IllegalArgumentException("no row id column '" + rowIdColumn + "' in " + input.simpleString());
        }
        StructType out = input;
        for (PreparedModel.OutputLayout o : model.outputs) {
            if (names.contains(o.column())) throw new IllegalArgumentException("output column '" + o.column() + "' is already a column");
            out = out.add(new StructField(o.column(), o.sparkType(), true, org.apache.spark.sql.types.Metadata.empty()));
        }
        return out;
    }

    private static boolean numeric(DataType t) {
        if (t instanceof ArrayType a) t = a.elementType();
        return t instanceof NumericType || t == DataTypes.BooleanType;
    }

    /**
     * Scores a table: the result has the table's columns and one column per output, row for row (lazily, as
     * Spark runs it).
     *
     * @param rows the table
     * @return the scored table
     * @throws IllegalArgumentException if the configuration does not fit the program or the table
     */
    public Dataset<Row> transform(Dataset<Row> rows) {
        StructType schema = outputSchema(rows.schema());
        int[][] columns = new int[spec.inputs.size()][];
        for (int i = 0; i < columns.length; i++) {
            List<String> cs = spec.inputs.get(i).columns();
            columns[i] = cs.stream().mapToInt(c -> rows.schema().fieldIndex(c)).toArray();
        }
        int id = rowIdColumn == null ? -1 : rows.schema().fieldIndex(rowIdColumn);
        return rows.mapPartitions(new PartitionScorer.Function(broadcast(rows.sparkSession()), columns, id, rowIdColumn),
                Encoders.row(schema));
    }

    /**
     * Registers the model as a Spark SQL function of the input columns (in the order of the inputs and their
     * columns), returning the single output or a struct of the outputs. Each call scores one row (a static export
     * pads it to its batch), so {@link #transform} is the faster way over a whole table.
     *
     * @param spark the session
     * @param name the function's name
     * @return the registered function
     * @throws IllegalArgumentException if the configuration does not fit the program or the function would take
     *                                  more than 10 columns
     */
    public UserDefinedFunction registerUdf(SparkSession spark, String name) {
        PreparedModel model = PreparedModel.of(spec());
        int n = spec.inputColumns().size();
        if (n > ScoringUdf.MAX_COLUMNS) {
            throw new IllegalArgumentException("a function of " + n + " columns: at most " + ScoringUdf.MAX_COLUMNS
                    + " are supported; use transform");
        }
        DataType result;
        if (model.outputs.size() == 1) {
            result = model.outputs.get(0).sparkType();
        } else {
            StructType s = new StructType();
            for (PreparedModel.OutputLayout o : model.outputs) s = s.add(o.column(), o.sparkType(), true);
            result = s;
        }
        ScoringUdf udf = new ScoringUdf(broadcast(spark), name);
        org.apache.spark.sql.api.java.UDF1<?, ?> f1 = udf;
        UserDefinedFunction f = switch (n) {
            case 1 -> functions.udf(f1, result);
            case 2 -> functions.udf((org.apache.spark.sql.api.java.UDF2<?, ?, ?>) udf, result);
            case 3 -> functions.udf((org.apache.spark.sql.api.java.UDF3<?, ?, ?, ?>) udf, result);
            case 4 -> functions.udf((org.apache.spark.sql.api.java.UDF4<?, ?, ?, ?, ?>) udf, result);
            case 5 -> functions.udf((org.apache.spark.sql.api.java.UDF5<?, ?, ?, ?, ?, ?>) udf, result);
            case 6 -> functions.udf((org.apache.spark.sql.api.java.UDF6<?, ?, ?, ?, ?, ?, ?>) udf, result);
            case 7 -> functions.udf((org.apache.spark.sql.api.java.UDF7<?, ?, ?, ?, ?, ?, ?, ?>) udf, result);
            case 8 -> functions.udf((org.apache.spark.sql.api.java.UDF8<?, ?, ?, ?, ?, ?, ?, ?, ?>) udf, result);
            case 9 -> functions.udf((org.apache.spark.sql.api.java.UDF9<?, ?, ?, ?, ?, ?, ?, ?, ?, ?>) udf, result);
            default -> functions.udf((org.apache.spark.sql.api.java.UDF10<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?>) udf, result);
        };
        return spark.udf().register(name, f);
    }

    /**
     * Drops the broadcast copy of the model and the program prepared in this JVM (executors drop theirs with the
     * broadcast). The model can be used again afterwards; it is then broadcast and prepared anew.
     */
    public void release() {
        if (broadcast != null) broadcast.destroy();
        broadcast = null;
        broadcastContext = null;
        if (spec != null) PreparedModel.release(spec.id);
    }

    /** The identity of this model's prepared program (for tests: {@link PreparedModel#prepareCount}). */
    String id() {
        return spec().id;
    }

    private synchronized ModelSpec spec() {
        if (spec == null) {
            ModelSpec s = new ModelSpec(UUID.randomUUID().toString(), artifact, function, bound, inputs, outputColumns,
                    outputBatchDimensions, batchSize, nullOnBadRows, rowIdColumn);
            PreparedModel.of(s); // checks the configuration on the driver; fails before anything is fixed
            spec = s;
        }
        return spec;
    }

    private synchronized Broadcast<ModelSpec> broadcast(SparkSession spark) {
        ModelSpec s = spec();
        SparkContext sc = spark.sparkContext();
        if (broadcast == null || broadcastContext != sc || sc.isStopped()) {
            broadcast = JavaSparkContext.fromSparkContext(sc).broadcast(s);
            broadcastContext = sc;
        }
        return broadcast;
    }

    private void mutable() {
        if (spec != null) throw new IllegalStateException("the model is already in use; configure it before transform, "
                + "outputSchema, rowsPerRun or registerUdf");
    }
}
