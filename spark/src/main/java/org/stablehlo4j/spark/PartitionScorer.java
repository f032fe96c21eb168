package org.stablehlo4j.spark;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.stablehlo4j.api.StableHloException;

/**
 * Scores one partition: reads rows into batches of the model's size, runs each batch and yields the input rows
 * with the outputs appended, in the input's order. Lazy: one batch of rows is held at a time.
 */
final class PartitionScorer implements Iterator<Row> {
    /** The function {@link StableHloModel#transform} maps partitions with (serialized to the executors). */
    static final class Function implements MapPartitionsFunction<Row, Row> {
        private static final long serialVersionUID = 1L;
        private final Broadcast<ModelSpec> spec;
        private final int[][] columns;
        private final int idColumn;
        private final String idName;

        Function(Broadcast<ModelSpec> spec, int[][] columns, int idColumn, String idName) {
            this.spec = spec;
            this.columns = columns;
            this.idColumn = idColumn;
            this.idName = idName;
        }

        @Override
        public Iterator<Row> call(Iterator<Row> rows) {
            TaskContext task = TaskContext.get();
            return new PartitionScorer(PreparedModel.of(spec.value()), rows, columns, idColumn, idName,
                    task == null ? 0 : task.partitionId());
        }
    }

    private final PreparedModel model;
    private final Iterator<Row> in;
    private final int[][] columns;
    private final int idColumn;
    private final String idName;
    private final int partition;
    private final ArrayDeque<Row> ready = new ArrayDeque<>();
    private long rowIndex;

    PartitionScorer(PreparedModel model, Iterator<Row> in, int[][] columns, int idColumn, String idName,
                    int partition) {
        this.model = model;
        this.in = in;
        this.columns = columns;
        this.idColumn = idColumn;
        this.idName = idName;
        this.partition = partition;
    }

    @Override
    public boolean hasNext() {
        while (ready.isEmpty() && in.hasNext()) nextBatch();
        return !ready.isEmpty();
    }

    @Override
    public Row next() {
        if (!hasNext()) throw new NoSuchElementException();
        return ready.poll();
    }

    private void nextBatch() {
        int inputs = model.inputs.size();
        List<Row> pending = new ArrayList<>();
        List<Object[]> pendingSlices = new ArrayList<>();
        long first = rowIndex;
        int valid = 0;
        // a batch's valid rows, and the bad rows (null results) between them, at most `held` rows at a time
        int held = Math.max(1024, 2 * model.batch);
        while (valid < model.batch && pending.size() < held && in.hasNext()) {
            Row row = in.next();
            long index = rowIndex++;
            Object[] slices = new Object[inputs];
            try {
                for (int i = 0; i < inputs; i++) {
                    int[] cols = columns[i];
                    Object[] values = new Object[cols.length];
                    for (int c = 0; c < cols.length; c++) values[c] = row.get(cols[c]);
                    slices[i] = RowSlices.slice(model.inputs.get(i), values);
                }
                valid++;
            } catch (RowSlices.BadValue e) {
                if (!model.spec.nullOnBadRows) throw new ScoringException(where(index, row) + ": " + e.getMessage());
                slices = null;
            }
            pending.add(row);
            pendingSlices.add(slices);
        }
        List<PreparedModel.Result> results = List.of();
        if (valid > 0) {
            Object[][] byInput = new Object[inputs][valid];
            int k = 0;
            for (Object[] s : pendingSlices) {
                if (s == null) continue;
                for (int i = 0; i < inputs; i++) byInput[i][k] = s[i];
                k++;
            }
            try {
                results = model.run(byInput, valid);
            } catch (StableHloException | RuntimeException e) {
                throw new ScoringException("rows " + first + " to " + (rowIndex - 1) + " of partition " + partition
                        + ": the program failed: " + e.getMessage(), e);
            }
        }
        int outs = model.outputs.size();
        int k = 0;
        for (int p = 0; p < pending.size(); p++) {
            Row row = pending.get(p);
            int width = row.length();
            Object[] values = new Object[width + outs];
            for (int c = 0; c < width; c++) values[c] = row.get(c);
            if (pendingSlices.get(p) != null) {
                for (int o = 0; o < outs; o++) values[width + o] = model.column(o, results.get(o), k);
                k++;
            }
            ready.add(RowFactory.create(values));
        }
    }

    private String where(long index, Row row) {
        String id = idColumn < 0 ? "" : " (" + idName + " = " + row.get(idColumn) + ")";
        return "row " + index + " of partition " + partition + id;
    }
}
