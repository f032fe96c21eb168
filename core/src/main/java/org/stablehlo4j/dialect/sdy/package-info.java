/**
 * The Shardy ({@code sdy}) dialect: its ops, pretty forms, sharding attributes, verifiers, canonicalizations and
 * bytecode encoding, following openxla/shardy.
 */
package org.stablehlo4j.dialect.sdy;
