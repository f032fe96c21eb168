package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import static org.stablehlo4j.dialect.stablehlo.Fields.list;

import java.util.List;
import java.util.Objects;
import org.stablehlo4j.ir.AsmSink;

/**
 * {@code #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0],
 * scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} (empty lists and a zero {@code index_vector_dim}
 * are left out when printed).
 */
public record ScatterDimensionNumbersAttr(List<Long> updateWindowDims, List<Long> insertedWindowDims,
                                          List<Long> inputBatchingDims, List<Long> scatterIndicesBatchingDims,
                                          List<Long> scatterDimsToOperandDims, long indexVectorDim)
        implements StablehloAttribute {
    private static final String[] NAMES = {"update_window_dims", "inserted_window_dims", "input_batching_dims",
            "scatter_indices_batching_dims", "scatter_dims_to_operand_dims", "index_vector_dim"};
    private static final boolean[] LISTS = {true, true, true, true, true, false};

    public ScatterDimensionNumbersAttr {
        updateWindowDims = List.copyOf(updateWindowDims);
        insertedWindowDims = List.copyOf(insertedWindowDims);
        inputBatchingDims = List.copyOf(inputBatchingDims);
        scatterIndicesBatchingDims = List.copyOf(scatterIndicesBatchingDims);
        scatterDimsToOperandDims = List.copyOf(scatterDimsToOperandDims);
    }

    @Override
    public void printBody(AsmSink sink) {
        sink.append("scatter");
        Fields.printSparseStruct(sink, NAMES, updateWindowDims, insertedWindowDims, inputBatchingDims,
                scatterIndicesBatchingDims, scatterDimsToOperandDims, indexVectorDim);
    }

    static ScatterDimensionNumbersAttr parseParams(DialectAsmParser r) {
        Object[] v = Fields.parseSparseStruct(r, NAMES, LISTS);
        return new ScatterDimensionNumbersAttr(list(v[0]), list(v[1]), list(v[2]), list(v[3]), list(v[4]),
                (Long) v[5]);
    }

    public static ScatterDimensionNumbersAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, ScatterDimensionNumbersAttr.class);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof ScatterDimensionNumbersAttr r
            && indexVectorDim == r.indexVectorDim && Objects.equals(updateWindowDims, r.updateWindowDims)
            && Objects.equals(insertedWindowDims, r.insertedWindowDims)
            && Objects.equals(inputBatchingDims, r.inputBatchingDims)
            && Objects.equals(scatterIndicesBatchingDims, r.scatterIndicesBatchingDims)
            && Objects.equals(scatterDimsToOperandDims, r.scatterDimsToOperandDims); }

    @Override public int hashCode() { int h = Objects.hashCode(updateWindowDims);
            h = 31 * h + Objects.hashCode(insertedWindowDims); h = 31 * h + Objects.hashCode(inputBatchingDims);
            h = 31 * h + Objects.hashCode(scatterIndicesBatchingDims);
            h = 31 * h + Objects.hashCode(scatterDimsToOperandDims); h = 31 * h + Long.hashCode(indexVectorDim);
            return h; }
}
