/**
 * The interpreter dialect of upstream's reference interpreter ({@code interpreter.run_parallel},
 * {@code interpreter.probe}, ...): op rows and pretty forms. Evaluating them is the interpreter module's job.
 */
package org.stablehlo4j.dialect.interpreter;
