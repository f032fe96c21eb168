package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import static org.stablehlo4j.dialect.stablehlo.Fields.list;

import java.util.Arrays;
import java.util.List;
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
        Fields.printSparseStruct(sink, NAMES, components());
    }

    static ScatterDimensionNumbersAttr parseParams(DialectAsmParser r) {
        Object[] v = Fields.parseSparseStruct(r, NAMES, LISTS);
        return new ScatterDimensionNumbersAttr(list(v[0]), list(v[1]), list(v[2]), list(v[3]), list(v[4]),
                (Long) v[5]);
    }

    public static ScatterDimensionNumbersAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, ScatterDimensionNumbersAttr.class);
    }

    /** The components in declaration order: one array serves equality, hashing and printing. */
    private Object[] components() {
        return new Object[] {updateWindowDims, insertedWindowDims, inputBatchingDims, scatterIndicesBatchingDims,
                scatterDimsToOperandDims, indexVectorDim};
    }

    @Override public boolean equals(Object o) {
        return this == o || o instanceof ScatterDimensionNumbersAttr r && Arrays.equals(components(), r.components());
    }

    @Override public int hashCode() { return Fields.recordHash(components()); }
}
