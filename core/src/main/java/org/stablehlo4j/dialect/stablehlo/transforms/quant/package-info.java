/**
 * The quantization passes of upstream's stablehlo/transforms: {@code stablehlo-legalize-qdq-to-quantized-op}
 * (dequantize, float op, quantize fused into a quantized op), {@code stablehlo-legalize-quantized-op-to-qdq}
 * (the reverse) and {@code stablehlo-legalize-quant-to-math} (quantized programs to integer and float math on the
 * storage types, with CHLO's broadcasting ops).
 */
package org.stablehlo4j.dialect.stablehlo.transforms.quant;
