/**
 * The passes of upstream's reference interpreter ({@code stablehlo/reference/InterpreterPasses.td}):
 * {@code --interpreter-instrument-with-probe}.
 */
package org.stablehlo4j.dialect.interpreter.transforms;
