package org.stablehlo4j.ir;

/**
 * An attribute that may appear as a tensor type's encoding and checks it against the tensor's shape (MLIR's
 * {@code VerifiableTensorEncoding}); the parser reports the problem at the encoding.
 */
public interface VerifiableTensorEncoding {
    /**
     * Null if the encoding fits a ranked tensor of {@code shape} and {@code elementType}, else the error.
     *
     * @param shape the tensor's shape
     * @param elementType the tensor's element type
     * @return null, or the error message
     */
    String verifyEncoding(long[] shape, Type elementType);
}
