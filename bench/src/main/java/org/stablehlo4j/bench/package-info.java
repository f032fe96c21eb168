/**
 * JMH benchmarks of parsing, printing, bytecode, constants and the interpreter, on deterministic generated
 * fixtures ({@link org.stablehlo4j.bench.Fixtures}).
 */
package org.stablehlo4j.bench;
