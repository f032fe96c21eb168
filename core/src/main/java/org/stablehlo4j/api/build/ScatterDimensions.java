package org.stablehlo4j.api.build;

import java.util.List;

import org.stablehlo4j.dialect.stablehlo.ScatterDimensionNumbersAttr;

/** The {@code scatter_dimension_numbers} of {@code stablehlo.scatter}: a {@code #stablehlo.scatter<...>} attribute. */
public final class ScatterDimensions extends DimensionNumbers {
    /**
     * Dimension numbers from their fields (the lists are copied).
     *
     * @param updateWindowDims           window dimensions of the updates
     * @param insertedWindowDims         operand dimensions inserted for each update
     * @param inputBatchingDims          batching dimensions of the inputs
     * @param scatterIndicesBatchingDims batching dimensions of the scatter indices
     * @param scatterDimsToOperandDims   operand dimension of each index component
     * @param indexVectorDim             the dimension of the scatter indices holding the index vectors
     */
    public ScatterDimensions(List<Long> updateWindowDims, List<Long> insertedWindowDims,
                             List<Long> inputBatchingDims, List<Long> scatterIndicesBatchingDims,
                             List<Long> scatterDimsToOperandDims, long indexVectorDim) {
        super(new ScatterDimensionNumbersAttr(updateWindowDims, insertedWindowDims, inputBatchingDims,
                scatterIndicesBatchingDims, scatterDimsToOperandDims, indexVectorDim));
    }
}
