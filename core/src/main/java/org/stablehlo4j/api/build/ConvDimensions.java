package org.stablehlo4j.api.build;

import java.util.List;

import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;

/** The {@code dimension_numbers} of {@code stablehlo.convolution}: a {@code #stablehlo.conv<...>} attribute. */
public final class ConvDimensions extends DimensionNumbers {
    /**
     * Dimension numbers from their fields (the lists are copied).
     *
     * @param inputBatchDimension          batch dimension of the input
     * @param inputFeatureDimension        feature dimension of the input
     * @param inputSpatialDimensions       spatial dimensions of the input
     * @param kernelInputFeatureDimension  input feature dimension of the kernel
     * @param kernelOutputFeatureDimension output feature dimension of the kernel
     * @param kernelSpatialDimensions      spatial dimensions of the kernel
     * @param outputBatchDimension         batch dimension of the result
     * @param outputFeatureDimension       feature dimension of the result
     * @param outputSpatialDimensions      spatial dimensions of the result
     */
    public ConvDimensions(long inputBatchDimension, long inputFeatureDimension, List<Long> inputSpatialDimensions,
                          long kernelInputFeatureDimension, long kernelOutputFeatureDimension,
                          List<Long> kernelSpatialDimensions, long outputBatchDimension, long outputFeatureDimension,
                          List<Long> outputSpatialDimensions) {
        super(new ConvDimensionNumbersAttr(inputBatchDimension, inputFeatureDimension, inputSpatialDimensions,
                kernelInputFeatureDimension, kernelOutputFeatureDimension, kernelSpatialDimensions,
                outputBatchDimension, outputFeatureDimension, outputSpatialDimensions));
    }
}
