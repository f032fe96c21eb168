package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import static org.stablehlo4j.dialect.stablehlo.Fields.list;

import java.util.Arrays;
import java.util.List;
import org.stablehlo4j.ir.AsmSink;

/**
 * {@code #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0],
 * index_vector_dim = 1>} (empty lists and a zero {@code index_vector_dim} are left out when printed).
 */
public record GatherDimensionNumbersAttr(List<Long> offsetDims, List<Long> collapsedSliceDims,
                                         List<Long> operandBatchingDims, List<Long> startIndicesBatchingDims,
                                         List<Long> startIndexMap, long indexVectorDim)
        implements StablehloAttribute {
    private static final String[] NAMES = {"offset_dims", "collapsed_slice_dims", "operand_batching_dims",
            "start_indices_batching_dims", "start_index_map", "index_vector_dim"};
    private static final boolean[] LISTS = {true, true, true, true, true, false};

    public GatherDimensionNumbersAttr {
        offsetDims = List.copyOf(offsetDims);
        collapsedSliceDims = List.copyOf(collapsedSliceDims);
        operandBatchingDims = List.copyOf(operandBatchingDims);
        startIndicesBatchingDims = List.copyOf(startIndicesBatchingDims);
        startIndexMap = List.copyOf(startIndexMap);
    }

    @Override
    public void printBody(AsmSink sink) {
        sink.append("gather");
        Fields.printSparseStruct(sink, NAMES, components());
    }

    static GatherDimensionNumbersAttr parseParams(DialectAsmParser r) {
        Object[] v = Fields.parseSparseStruct(r, NAMES, LISTS);
        return new GatherDimensionNumbersAttr(list(v[0]), list(v[1]), list(v[2]), list(v[3]), list(v[4]),
                (Long) v[5]);
    }

    public static GatherDimensionNumbersAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, GatherDimensionNumbersAttr.class);
    }

    /** The components in declaration order: one array serves equality, hashing and printing. */
    private Object[] components() {
        return new Object[] {offsetDims, collapsedSliceDims, operandBatchingDims, startIndicesBatchingDims,
                startIndexMap, indexVectorDim};
    }

    @Override public boolean equals(Object o) {
        return this == o || o instanceof GatherDimensionNumbersAttr r && Arrays.equals(components(), r.components());
    }

    @Override public int hashCode() { return Fields.recordHash(components()); }
}
