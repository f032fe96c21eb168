package org.stablehlo4j.api.build;

import java.util.List;

import org.stablehlo4j.dialect.stablehlo.GatherDimensionNumbersAttr;

/** The {@code dimension_numbers} of {@code stablehlo.gather}: a {@code #stablehlo.gather<...>} attribute. */
public final class GatherDimensions extends DimensionNumbers {
    /**
     * Dimension numbers from their fields (the lists are copied).
     *
     * @param offsetDims               offset dimensions of the result
     * @param collapsedSliceDims       collapsed slice dimensions of the operand
     * @param operandBatchingDims      batching dimensions of the operand
     * @param startIndicesBatchingDims batching dimensions of the start indices
     * @param startIndexMap            operand dimension of each index component
     * @param indexVectorDim           the dimension of the start indices holding the index vectors
     */
    public GatherDimensions(List<Long> offsetDims, List<Long> collapsedSliceDims, List<Long> operandBatchingDims,
                            List<Long> startIndicesBatchingDims, List<Long> startIndexMap, long indexVectorDim) {
        super(new GatherDimensionNumbersAttr(offsetDims, collapsedSliceDims, operandBatchingDims,
                startIndicesBatchingDims, startIndexMap, indexVectorDim));
    }
}
