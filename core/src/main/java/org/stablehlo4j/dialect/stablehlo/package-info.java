/**
 * The StableHLO dialect as data.
 *
 * <ul>
 *   <li>{@link org.stablehlo4j.dialect.stablehlo.StablehloOps}: the op table, one
 *       {@link org.stablehlo4j.ir.OpDefinition} row per op of StableHLO 1.20.0 (operands, inherent
 *       attributes, results, regions, traits, assembly format), built by
 *       {@link org.stablehlo4j.ir.OpTable} in one file per op group; every row is registered in
 *       {@link org.stablehlo4j.dialect.Registry} with its inherent attribute names.</li>
 *   <li>Structured attributes and types ({@link org.stablehlo4j.dialect.stablehlo.StablehloAttribute},
 *       {@link org.stablehlo4j.dialect.stablehlo.StablehloType}) that print their own bodies exactly as upstream
 *       does. {@link org.stablehlo4j.dialect.stablehlo.StablehloAsm#parseAttribute} /
 *       {@link org.stablehlo4j.dialect.stablehlo.StablehloAsm#parseType} turn the textual
 *       {@link org.stablehlo4j.ir.DialectAttr}/{@link org.stablehlo4j.ir.DialectType} the generic parser keeps
 *       into them; {@link org.stablehlo4j.dialect.stablehlo.StablehloAsm#resolve} does so through nested
 *       arrays, dictionaries and types, and
 *       {@link org.stablehlo4j.dialect.stablehlo.StablehloAsm#resolveAll} over a whole parsed op tree.</li>
 *   <li>{@link org.stablehlo4j.dialect.stablehlo.PrettyDirectives}: the attribute-printing {@code custom<...>}
 *       directives of the ops' pretty forms.</li>
 *   <li>{@code asm} (subpackage): the ops' {@code custom<...>} format directives, enum handling
 *       ({@link org.stablehlo4j.dialect.stablehlo.asm.StablehloFormatExtension}, handed to the format engine) and
 *       the hand-written while/reduce forms.</li>
 * </ul>
 */
package org.stablehlo4j.dialect.stablehlo;
