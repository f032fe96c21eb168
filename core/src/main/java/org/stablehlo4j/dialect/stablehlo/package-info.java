/**
 * The StableHLO dialect's attributes, types and enums, the ground floor of the dialect's packages: above it
 * {@code rules} (verification and inference) and {@code asm} (custom assembly), and on top {@code ops} (the op
 * rows, the table and the dialect class).
 *
 * <ul>
 *   <li>Structured attributes and types ({@link org.stablehlo4j.dialect.stablehlo.StablehloAttribute},
 *       {@link org.stablehlo4j.dialect.stablehlo.StablehloType}) that print their own bodies exactly as upstream
 *       does. {@link org.stablehlo4j.dialect.stablehlo.StablehloAsm#parseAttribute} /
 *       {@link org.stablehlo4j.dialect.stablehlo.StablehloAsm#parseType} turn the textual
 *       {@link org.stablehlo4j.ir.DialectAttr}/{@link org.stablehlo4j.ir.DialectType} the generic parser keeps
 *       into them ({@link org.stablehlo4j.dialect.stablehlo.StablehloAsm#HOOKS} is the dialect's parse interface);
 *       {@link org.stablehlo4j.dialect.stablehlo.StablehloAsm#resolve} does so through nested
 *       arrays, dictionaries and types, and
 *       {@link org.stablehlo4j.dialect.stablehlo.StablehloAsm#resolveAll} over a whole parsed op tree.</li>
 *   <li>{@link org.stablehlo4j.dialect.stablehlo.HloBase}: what upstream's Base.td gives StableHLO and CHLO, the
 *       {@code HLO_*} type constraints ({@link org.stablehlo4j.dialect.stablehlo.HloTypeConstraints}) and trait
 *       bodies ({@link org.stablehlo4j.dialect.stablehlo.HloTraits}) that the op rows name.</li>
 *   <li>{@link org.stablehlo4j.dialect.stablehlo.PrettyDirectives}: the attribute-printing {@code custom<...>}
 *       directives of the ops' pretty forms.</li>
 *   <li>{@code asm} (subpackage, above this one): the ops' {@code custom<...>} format directives, enum handling
 *       (the format extension handed to the format engine) and the hand-written while/reduce forms.</li>
 * </ul>
 */
package org.stablehlo4j.dialect.stablehlo;
