/**
 * The chlo dialect (client HLO): op rows ({@code ChloOps}, data only), their typed classes, verification and
 * inference rules attached by {@code ChloOpHooks}, pretty forms (including the hand-written {@code chlo.scan}) and
 * bytecode encoding.
 */
package org.stablehlo4j.dialect.chlo;
