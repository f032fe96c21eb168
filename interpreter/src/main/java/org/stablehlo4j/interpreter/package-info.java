/**
 * The reference interpreter: evaluates {@code func.func}s op by op on runtime tensors (element-wise math,
 * contractions, shape ops, control flow, collectives over a process grid, quantization, the check and interpreter
 * dialects). Used by {@code stablehlo-translate --interpret} and by the run API (module {@code org.stablehlo4j.interpreter}, package {@code api.run}).
 */
package org.stablehlo4j.interpreter;
