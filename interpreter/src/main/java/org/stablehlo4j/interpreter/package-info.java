/**
 * The reference interpreter: evaluates {@code func.func}s op by op on runtime tensors (element-wise math,
 * contractions, shape ops, control flow, collectives over a process grid, quantization, the check and interpreter
 * dialects). Used by {@code stablehlo-translate --interpret} and by {@link org.stablehlo4j.api.run}.
 */
package org.stablehlo4j.interpreter;
