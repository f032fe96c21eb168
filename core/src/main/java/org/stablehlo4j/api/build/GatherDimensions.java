package org.stablehlo4j.api.build;

import java.util.List;

/**
 * The {@code dimension_numbers} of {@code stablehlo.gather}.
 *
 * @param offsetDims               offset dimensions of the result
 * @param collapsedSliceDims       collapsed slice dimensions of the operand
 * @param operandBatchingDims      batching dimensions of the operand
 * @param startIndicesBatchingDims batching dimensions of the start indices
 * @param startIndexMap            operand dimension of each index component
 * @param indexVectorDim           the dimension of the start indices holding the index vectors
 */
public record GatherDimensions(List<Long> offsetDims, List<Long> collapsedSliceDims, List<Long> operandBatchingDims,
                               List<Long> startIndicesBatchingDims, List<Long> startIndexMap, long indexVectorDim) {
    /**
     * Copies the lists.
     *
     * @param offsetDims               offset dimensions of the result
     * @param collapsedSliceDims       collapsed slice dimensions of the operand
     * @param operandBatchingDims      batching dimensions of the operand
     * @param startIndicesBatchingDims batching dimensions of the start indices
     * @param startIndexMap            operand dimension of each index component
     * @param indexVectorDim           the dimension of the start indices holding the index vectors
     */
    public GatherDimensions {
        offsetDims = List.copyOf(offsetDims);
        collapsedSliceDims = List.copyOf(collapsedSliceDims);
        operandBatchingDims = List.copyOf(operandBatchingDims);
        startIndicesBatchingDims = List.copyOf(startIndicesBatchingDims);
        startIndexMap = List.copyOf(startIndexMap);
    }
}
