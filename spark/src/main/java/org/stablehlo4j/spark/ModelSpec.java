package org.stablehlo4j.spark;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.api.run.ElementType;
import org.stablehlo4j.api.run.TensorValue;

/**
 * What a {@link StableHloModel} is once configured: the artifact's bytes, the bound tensors and the mapping of
 * columns, as one serializable value. It is what the model broadcasts; each JVM prepares the program from it
 * once ({@link PreparedModel#of}), keyed by {@link #id}.
 */
final class ModelSpec implements Serializable {
    private static final long serialVersionUID = 1L;

    /** One batched argument: which argument, which of its dimensions carries the rows, and the columns filling a row's slice. */
    record Input(int argument, int batchDimension, List<String> columns) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** A tensor as plain data (TensorValue is not serializable). */
    record Tensor(String elementType, long[] shape, byte[] data) implements Serializable {
        private static final long serialVersionUID = 1L;

        static Tensor of(TensorValue v) {
            ByteBuffer b = v.toByteBuffer();
            byte[] data = new byte[b.remaining()];
            b.get(data);
            return new Tensor(v.elementType().name(), v.shape(), data);
        }

        TensorValue value() {
            return TensorValue.fromBytes(ElementType.valueOf(elementType), ByteBuffer.wrap(data), shape);
        }
    }

    final String id;
    final byte[] artifact;
    final String function;
    final Map<Integer, Tensor> bound;
    final List<Input> inputs;
    final List<String> outputColumns;
    final List<Integer> outputBatchDimensions;
    final int batchSize;
    final boolean nullOnBadRows;
    final String rowIdColumn;

    ModelSpec(String id, byte[] artifact, String function, Map<Integer, Tensor> bound, List<Input> inputs,
              List<String> outputColumns, List<Integer> outputBatchDimensions, int batchSize, boolean nullOnBadRows,
              String rowIdColumn) {
        this.id = id;
        this.artifact = artifact;
        this.function = function;
        this.bound = Map.copyOf(bound);
        this.inputs = List.copyOf(inputs);
        this.outputColumns = List.copyOf(outputColumns);
        this.outputBatchDimensions = List.copyOf(outputBatchDimensions);
        this.batchSize = batchSize;
        this.nullOnBadRows = nullOnBadRows;
        this.rowIdColumn = rowIdColumn;
    }

    /** All input columns, in the order of the inputs and their columns (the UDF's parameters). */
    List<String> inputColumns() {
        return inputs.stream().flatMap(i -> i.columns().stream()).toList();
    }
}
