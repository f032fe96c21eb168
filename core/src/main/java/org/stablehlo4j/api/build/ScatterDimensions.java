package org.stablehlo4j.api.build;

import java.util.List;

/**
 * The {@code scatter_dimension_numbers} of {@code stablehlo.scatter}.
 *
 * @param updateWindowDims           window dimensions of the updates
 * @param insertedWindowDims         operand dimensions inserted for each update
 * @param inputBatchingDims          batching dimensions of the inputs
 * @param scatterIndicesBatchingDims batching dimensions of the scatter indices
 * @param scatterDimsToOperandDims   operand dimension of each index component
 * @param indexVectorDim             the dimension of the scatter indices holding the index vectors
 */
public record ScatterDimensions(List<Long> updateWindowDims, List<Long> insertedWindowDims,
                                List<Long> inputBatchingDims, List<Long> scatterIndicesBatchingDims,
                                List<Long> scatterDimsToOperandDims, long indexVectorDim) {
    /**
     * Copies the lists.
     *
     * @param updateWindowDims           window dimensions of the updates
     * @param insertedWindowDims         operand dimensions inserted for each update
     * @param inputBatchingDims          batching dimensions of the inputs
     * @param scatterIndicesBatchingDims batching dimensions of the scatter indices
     * @param scatterDimsToOperandDims   operand dimension of each index component
     * @param indexVectorDim             the dimension of the scatter indices holding the index vectors
     */
    public ScatterDimensions {
        updateWindowDims = List.copyOf(updateWindowDims);
        insertedWindowDims = List.copyOf(insertedWindowDims);
        inputBatchingDims = List.copyOf(inputBatchingDims);
        scatterIndicesBatchingDims = List.copyOf(scatterIndicesBatchingDims);
        scatterDimsToOperandDims = List.copyOf(scatterDimsToOperandDims);
    }
}
