/**
 * The composition roots: {@link org.stablehlo4j.init.AllDialects} loads every dialect into a
 * {@link org.stablehlo4j.ir.Context} and {@link org.stablehlo4j.init.AllPasses} registers every pass. The only
 * package that names all dialects; in core only the front door, {@code api.StableHlo}, imports it.
 */
package org.stablehlo4j.init;
