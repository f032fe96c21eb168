/**
 * The chlo dialect (client HLO): op rows, verification and inference rules, pretty forms (including the hand-written
 * {@code chlo.scan}) and bytecode encoding.
 */
package org.stablehlo4j.dialect.chlo;
