package org.stablehlo4j.api.build;

import java.util.List;

/**
 * The {@code dimension_numbers} of {@code stablehlo.convolution}.
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
public record ConvDimensions(long inputBatchDimension, long inputFeatureDimension, List<Long> inputSpatialDimensions,
                             long kernelInputFeatureDimension, long kernelOutputFeatureDimension,
                             List<Long> kernelSpatialDimensions, long outputBatchDimension,
                             long outputFeatureDimension, List<Long> outputSpatialDimensions) {
    /**
     * Copies the lists.
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
    public ConvDimensions {
        inputSpatialDimensions = List.copyOf(inputSpatialDimensions);
        kernelSpatialDimensions = List.copyOf(kernelSpatialDimensions);
        outputSpatialDimensions = List.copyOf(outputSpatialDimensions);
    }
}
