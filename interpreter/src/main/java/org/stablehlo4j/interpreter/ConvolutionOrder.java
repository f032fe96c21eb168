package org.stablehlo4j.interpreter;

/**
 * Where the elements of a convolution's product ({@code [chunk][batch][position][feature in chunk]}) go in the
 * result. Most layouts (batch, spatial dimensions, then features, with one chunk) put them in order already; that
 * is found without building the map, so the common case allocates and fills nothing.
 */
final class ConvolutionOrder {
    private ConvolutionOrder() {}

    /**
     * The result offset of each product element, or null when every element goes to its own offset.
     *
     * @param chunks        chunks of output features
     * @param outBatch      output batches
     * @param pout          output positions
     * @param chunk         output features per chunk
     * @param batchStride   the result's stride of the batch dimension
     * @param outSpOff      the result's offset of each output position
     * @param featureStride the result's stride of the feature dimension
     * @return the map, or null if it is the identity
     */
    static int[] productMap(int chunks, int outBatch, int pout, int chunk, int batchStride, int[] outSpOff,
                            int featureStride) {
        if (inOrder(chunks, outBatch, pout, chunk, batchStride, outSpOff, featureStride)) return null;
        int[] map = new int[chunks * outBatch * pout * chunk];
        for (int q = 0, x = 0; q < chunks; q++) {
            for (int b = 0; b < outBatch; b++) {
                for (int s = 0; s < pout; s++) {
                    int base = b * batchStride + outSpOff[s] + q * chunk * featureStride;
                    for (int j = 0; j < chunk; j++, x++) map[x] = base + j * featureStride;
                }
            }
        }
        return map;
    }

    /** Whether element x of the product goes to offset x, for every x (checked a run of features at a time). */
    private static boolean inOrder(int chunks, int outBatch, int pout, int chunk, int batchStride, int[] outSpOff,
                                   int featureStride) {
        if (chunk > 1 && featureStride != 1) return false;
        for (int q = 0, x = 0; q < chunks; q++) {
            for (int b = 0; b < outBatch; b++) {
                for (int s = 0; s < pout; s++, x += chunk) {
                    if (b * batchStride + outSpOff[s] + q * chunk * featureStride != x) return false;
                }
            }
        }
        return true;
    }
}
