/**
 * Dense kernels of the interpreter: {@code dot_general} and {@code convolution} as packed, cache-blocked matrix
 * products ({@link org.stablehlo4j.interpreter.dense.Gemm}) with register-blocked micro-kernels on the Java Vector
 * API ({@code jdk.incubator.vector}) when the module is present at run time, else on plain loops that give the same
 * bits. Operands are read in place through {@link org.stablehlo4j.interpreter.dense.Operand}s (strided views of a
 * tensor's storage, or the windows of a convolution), so transposed and batched layouts need no copy before packing.
 */
package org.stablehlo4j.interpreter.dense;
