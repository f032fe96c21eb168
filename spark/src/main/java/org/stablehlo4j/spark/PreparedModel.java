package org.stablehlo4j.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.api.run.ElementType;
import org.stablehlo4j.api.run.StableHloRunner;
import org.stablehlo4j.api.run.TensorValue;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;

/**
 * A {@link ModelSpec} made ready to run in this JVM: the artifact read once, the bound tensors built once, the
 * layout of every batched argument and result worked out, and (for a shape-polymorphic export) one specialized
 * program per batch size. One instance per spec and JVM ({@link #of}); thread-safe (tasks of one executor share it).
 */
final class PreparedModel {
    /** The most elements one batch of one argument may hold (what a run allocates grows with it). */
    static final long MAX_BATCH_ELEMENTS = 1L << 27;
    private static final Map<String, PreparedModel> BY_ID = new ConcurrentHashMap<>();
    private static final Map<String, AtomicInteger> PREPARE_COUNTS = new ConcurrentHashMap<>();

    /** Where a batched argument's rows go: a row's slice is the argument with the batch dimension removed. */
    record InputLayout(ModelSpec.Input spec, ElementType type, long[] shape, int outer, int inner) {
        int sliceSize() {
            return outer * inner;
        }
    }

    /** Where a result's rows are: the result with the batch dimension removed, as a Spark column type. */
    record OutputLayout(String column, int batchDimension, ElementType type, int sliceRank, DataType sparkType) {
    }

    final ModelSpec spec;
    final StableHloRunner runner;
    final ModuleOp module;
    final RankedTensorType[] argumentTypes;
    final TensorValue[] bound;
    final List<InputLayout> inputs;
    final List<OutputLayout> outputs;
    /** Rows per run: the static batch size, or the configured one for a polymorphic export. */
    final int batch;
    final boolean polymorphic;
    private final Map<Integer, ModuleOp> specialized = new ConcurrentHashMap<>();

    /**
     * The prepared model of {@code spec} in this JVM, preparing it on first use.
     *
     * @throws IllegalArgumentException if the spec does not fit the artifact (the message says why)
     */
    static PreparedModel of(ModelSpec spec) {
        PreparedModel p = BY_ID.get(spec.id);
        return p != null ? p : BY_ID.computeIfAbsent(spec.id, id -> new PreparedModel(spec));
    }

    /** Forgets the prepared model of spec {@code id} in this JVM. */
    static void release(String id) {
        BY_ID.remove(id);
    }

    /** How many times spec {@code id} was prepared in this JVM (once, unless released). */
    static int prepareCount(String id) {
        AtomicInteger n = PREPARE_COUNTS.get(id);
        return n == null ? 0 : n.get();
    }

    private PreparedModel(ModelSpec spec) {
        PREPARE_COUNTS.computeIfAbsent(spec.id, k -> new AtomicInteger()).incrementAndGet();
        this.spec = spec;
        this.runner = StableHloRunner.create();
        try {
            this.module = runner.api().deserializePortableArtifact(spec.artifact);
        } catch (StableHloException e) {
            throw new IllegalArgumentException("cannot read the artifact: " + e.getMessage(), e);
        }
        FunctionType signature = signature(module, spec.function);
        String fn = "@" + spec.function;
        int n = signature.inputs().size();
        argumentTypes = new RankedTensorType[n];
        for (int i = 0; i < n; i++) {
            if (!(signature.inputs().get(i) instanceof RankedTensorType t)) {
                throw new IllegalArgumentException("argument " + i + " of " + fn + " is not a ranked tensor");
            }
            argumentTypes[i] = t;
        }
        bound = new TensorValue[n];
        for (Map.Entry<Integer, ModelSpec.Tensor> e : spec.bound.entrySet()) {
            int a = e.getKey();
            if (a < 0 || a >= n) throw new IllegalArgumentException(fn + " has no argument " + a + " to bind");
            TensorValue v = e.getValue().value();
            if (!fits(v.type(), argumentTypes[a])) {
                throw new IllegalArgumentException("argument " + a + " of " + fn + " is " + argumentTypes[a]
                        + ", the tensor bound to it is " + v.type());
            }
            bound[a] = v;
        }
        if (spec.inputs.isEmpty()) throw new IllegalArgumentException("no input: name the batched argument and its columns");
        boolean dynamicBatch = false;
        List<InputLayout> in = new ArrayList<>();
        boolean[] isInput = new boolean[n];
        for (ModelSpec.Input input : spec.inputs) {
            int a = input.argument();
            if (a < 0 || a >= n) throw new IllegalArgumentException(fn + " has no argument " + a);
            if (bound[a] != null || isInput[a]) {
                throw new IllegalArgumentException("argument " + a + " of " + fn + " is already "
                        + (bound[a] != null ? "bound to a tensor" : "an input"));
            }
            isInput[a] = true;
            RankedTensorType t = argumentTypes[a];
            int d = input.batchDimension();
            if (d < 0 || d >= t.rank()) {
                throw new IllegalArgumentException("argument " + a + " of " + fn + " (" + t + ") has no dimension " + d);
            }
            ElementType et = ElementType.of(t.elementType());
            if (et == null || et.isComplex() || et == ElementType.UI64) {
                throw new IllegalArgumentException("argument " + a + " of " + fn + " (" + t
                        + ") has an element type no column maps to");
            }
            long[] shape = t.shape();
            long outer = 1, inner = 1;
            for (int k = 0; k < shape.length; k++) {
                if (k == d) continue;
                if (shape[k] == ShapedType.DYNAMIC) {
                    throw new IllegalArgumentException("argument " + a + " of " + fn + " (" + t + ") is dynamic in dimension "
                            + k + ", which is not its batch dimension");
                }
                if (k < d) outer *= shape[k];
                else inner *= shape[k];
            }
            if (outer * inner > Integer.MAX_VALUE / 2) throw new IllegalArgumentException("argument " + a + " is too large");
            if (input.columns().isEmpty()) throw new IllegalArgumentException("input argument " + a + " has no columns");
            dynamicBatch |= shape[d] == ShapedType.DYNAMIC;
            in.add(new InputLayout(input, et, shape, (int) outer, (int) inner));
        }
        for (int a = 0; a < n; a++) {
            if (bound[a] == null && !isInput[a]) {
                throw new IllegalArgumentException("argument " + a + " of " + fn + " (" + argumentTypes[a]
                        + ") is neither bound to a tensor nor an input");
            }
        }
        long staticBatch = -1;
        for (InputLayout l : in) {
            long b = l.shape()[l.spec().batchDimension()];
            if (b == ShapedType.DYNAMIC) continue;
            if (dynamicBatch) {
                throw new IllegalArgumentException("argument " + l.spec().argument() + " of " + fn
                        + " has a static batch dimension while another input's is dynamic");
            }
            if (staticBatch >= 0 && b != staticBatch) {
                throw new IllegalArgumentException("the inputs' batch dimensions differ: " + staticBatch + " and " + b);
            }
            staticBatch = b;
        }
        this.inputs = List.copyOf(in);
        this.polymorphic = dynamicBatch;
        if (!polymorphic && (staticBatch < 1 || staticBatch > 1 << 20)) {
            throw new IllegalArgumentException("the static batch dimension has size " + staticBatch);
        }
        this.batch = polymorphic ? spec.batchSize : (int) staticBatch;
        for (InputLayout l : in) {
            long elements = (long) l.sliceSize() * batch;
            if (elements > MAX_BATCH_ELEMENTS) {
                throw new IllegalArgumentException("a batch of " + batch + " rows of argument " + l.spec().argument()
                        + " of " + fn + " holds " + elements + " elements, more than " + MAX_BATCH_ELEMENTS
                        + (polymorphic ? "; lower batchSize" : ""));
            }
        }
        this.outputs = outputs(signature, spec, fn);
    }

    private static List<OutputLayout> outputs(FunctionType signature, ModelSpec spec, String fn) {
        int m = signature.results().size();
        if (!spec.outputColumns.isEmpty() && spec.outputColumns.size() != m) {
            throw new IllegalArgumentException(fn + " has " + m + " result" + (m == 1 ? "" : "s") + ", "
                    + spec.outputColumns.size() + " output column names were given");
        }
        if (!spec.outputBatchDimensions.isEmpty() && spec.outputBatchDimensions.size() != m) {
            throw new IllegalArgumentException(fn + " has " + m + " result" + (m == 1 ? "" : "s") + ", "
                    + spec.outputBatchDimensions.size() + " output batch dimensions were given");
        }
        List<OutputLayout> out = new ArrayList<>();
        for (int r = 0; r < m; r++) {
            String column = spec.outputColumns.isEmpty() ? "output_" + r : spec.outputColumns.get(r);
            int d = spec.outputBatchDimensions.isEmpty() ? 0 : spec.outputBatchDimensions.get(r);
            if (!(signature.results().get(r) instanceof RankedTensorType t) || d < 0 || d >= t.rank()) {
                throw new IllegalArgumentException("result " + r + " of " + fn + " (" + signature.results().get(r)
                        + ") has no batch dimension " + d);
            }
            ElementType et = ElementType.of(t.elementType());
            DataType element = et == null ? null : sparkType(et);
            if (element == null) {
                throw new IllegalArgumentException("result " + r + " of " + fn + " (" + t + ") has an element type no column holds");
            }
            int sliceRank = t.rank() - 1;
            out.add(new OutputLayout(column, d, et, sliceRank,
                    sliceRank == 0 ? element : DataTypes.createArrayType(element, false)));
        }
        return List.copyOf(out);
    }

    /** The Spark type of a result element (f16/bf16 widened to float), or null. */
    static DataType sparkType(ElementType t) {
        return switch (t) {
            case F16, BF16, F32 -> DataTypes.FloatType;
            case F64 -> DataTypes.DoubleType;
            case I1 -> DataTypes.BooleanType;
            case I8 -> DataTypes.ByteType;
            case I16 -> DataTypes.ShortType;
            case I32, UI8, UI16 -> DataTypes.IntegerType;
            case I64, UI32 -> DataTypes.LongType;
            default -> null;
        };
    }

    private static boolean fits(RankedTensorType value, RankedTensorType argument) {
        if (!value.elementType().equals(argument.elementType()) && ElementType.of(value.elementType())
                != ElementType.of(argument.elementType())) {
            return false;
        }
        if (value.rank() != argument.rank()) return false;
        for (int k = 0; k < value.rank(); k++) {
            if (argument.dim(k) != ShapedType.DYNAMIC && argument.dim(k) != value.dim(k)) return false;
        }
        return true;
    }

    /** The type of function {@code name} (for {@code main}: the only function, if there is one). */
    private static FunctionType signature(ModuleOp module, String name) {
        FunctionType only = null;
        int count = 0;
        for (Operation op : module.body().operations()) {
            if (!(op.attr("function_type") instanceof TypeAttr ta) || !(ta.value() instanceof FunctionType ft)) continue;
            count++;
            only = ft;
            if (op.attr("sym_name") instanceof StringAttr s && s.value().equals(name)) return ft;
        }
        if (name.equals("main") && count == 1) return only;
        throw new IllegalArgumentException("the artifact has no function @" + name);
    }

    /**
     * Runs one batch: {@code slices[i][r]} is row {@code r}'s slice of input {@code i} (doubles for float
     * arguments, longs for integer and boolean ones), for {@code rows} rows; a static export's missing rows
     * are padded with copies of the last row. Returns one flat array per result ({@code double[]},
     * {@code long[]} or {@code boolean[]}) with its shape.
     *
     * @throws StableHloException if the program fails (or cannot be specialized to this batch size)
     */
    List<Result> run(Object[][] slices, int rows) throws StableHloException {
        int size = polymorphic ? rows : batch;
        ModuleOp program = polymorphic ? specialization(size) : module;
        TensorValue[] args = bound.clone();
        for (int i = 0; i < inputs.size(); i++) {
            InputLayout l = inputs.get(i);
            long[] shape = l.shape().clone();
            shape[l.spec().batchDimension()] = size;
            args[l.spec().argument()] = l.type().isFloat()
                    ? TensorValue.of(l.type(), gather(l, slices[i], rows, size, new double[l.sliceSize() * size]), shape)
                    : TensorValue.of(l.type(), gather(l, slices[i], rows, size, new long[l.sliceSize() * size]), shape);
        }
        List<TensorValue> values = runner.run(program, spec.function, Arrays.asList(args));
        List<Result> out = new ArrayList<>(values.size());
        for (int r = 0; r < values.size(); r++) {
            TensorValue v = values.get(r);
            OutputLayout o = outputs.get(r);
            Object flat = o.type() == ElementType.I1 ? v.toBooleanArray() : o.type().isFloat() ? v.toDoubleArray()
                    : v.toLongArray();
            out.add(new Result(flat, v.shape()));
        }
        return out;
    }

    /** A result tensor as a flat array and its shape. */
    record Result(Object flat, long[] shape) {
    }

    /** Copies the rows' slices into the batch array (dimension order outer, batch, inner), padding to {@code size}. */
    private static <A> A gather(InputLayout l, Object[] slices, int rows, int size, A into) {
        int outer = l.outer(), inner = l.inner();
        for (int r = 0; r < size; r++) {
            Object slice = slices[Math.min(r, rows - 1)];
            for (int o = 0; o < outer; o++) {
                System.arraycopy(slice, o * inner, into, (o * size + r) * inner, inner);
            }
        }
        return into;
    }

    private ModuleOp specialization(int size) throws StableHloException {
        ModuleOp m = specialized.get(size);
        if (m != null) return m;
        List<Type> types = new ArrayList<>();
        for (int a = 0; a < argumentTypes.length; a++) types.add(bound[a] != null ? bound[a].type() : null);
        for (InputLayout l : inputs) {
            long[] shape = l.shape().clone();
            shape[l.spec().batchDimension()] = size;
            types.set(l.spec().argument(), new RankedTensorType(shape, argumentTypes[l.spec().argument()].elementType()));
        }
        m = runner.api().refineShapes(module, spec.function, types);
        ModuleOp previous = specialized.putIfAbsent(size, m);
        return previous != null ? previous : m;
    }

    /**
     * Row {@code r}'s slice of result {@code o} as a column value: a boxed scalar, or a Scala sequence (row-major).
     */
    Object column(int o, Result result, int r) {
        OutputLayout l = outputs.get(o);
        long[] shape = result.shape();
        int d = l.batchDimension();
        int size = (int) shape[d];
        int outer = 1, inner = 1;
        for (int k = 0; k < shape.length; k++) {
            if (k < d) outer *= (int) shape[k];
            else if (k > d) inner *= (int) shape[k];
        }
        int n = outer * inner;
        DataType element = l.sliceRank() == 0 ? l.sparkType() : ((org.apache.spark.sql.types.ArrayType) l.sparkType()).elementType();
        Object slice = newArray(element, n);
        for (int o2 = 0; o2 < outer; o2++) {
            int from = (o2 * size + r) * inner, to = o2 * inner;
            for (int i = 0; i < inner; i++) set(slice, to + i, result.flat(), from + i);
        }
        // an array column's value as Spark's row encoder takes it: a Scala sequence (here over the primitive array)
        return l.sliceRank() == 0 ? java.lang.reflect.Array.get(slice, 0)
                : scala.collection.immutable.ArraySeq.unsafeWrapArray(slice);
    }

    private static Object newArray(DataType t, int n) {
        if (t == DataTypes.FloatType) return new float[n];
        if (t == DataTypes.DoubleType) return new double[n];
        if (t == DataTypes.BooleanType) return new boolean[n];
        if (t == DataTypes.ByteType) return new byte[n];
        if (t == DataTypes.ShortType) return new short[n];
        if (t == DataTypes.IntegerType) return new int[n];
        return new long[n];
    }

    private static void set(Object to, int i, Object from, int j) {
        if (from instanceof boolean[] b) ((boolean[]) to)[i] = b[j];
        else if (from instanceof double[] d) {
            if (to instanceof float[] f) f[i] = (float) d[j];
            else ((double[]) to)[i] = d[j];
        } else {
            long v = ((long[]) from)[j];
            if (to instanceof byte[] b) b[i] = (byte) v;
            else if (to instanceof short[] s) s[i] = (short) v;
            else if (to instanceof int[] x) x[i] = (int) v;
            else ((long[]) to)[i] = v;
        }
    }
}
