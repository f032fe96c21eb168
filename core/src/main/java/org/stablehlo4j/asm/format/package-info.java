/**
 * Pretty (custom) assembly forms of registered ops, as stablehlo-opt prints and parses them. The engine names no
 * dialect: what is dialect-specific comes in through a {@link org.stablehlo4j.asm.format.FormatExtension}.
 *
 * <ul>
 *   <li>{@link org.stablehlo4j.asm.format.Format}: the syntax tree of an MLIR declarative assembly format
 *       (the {@code assemblyFormat} strings of the op tables), read once per op;</li>
 *   <li>{@code FormatOp}: walks that tree twice, as printer (with ODS's spacing rules and attr-dict elision of
 *       format and default-valued attributes) and as parser (through {@link org.stablehlo4j.asm.AsmParserContext});</li>
 *   <li>{@link org.stablehlo4j.asm.format.CustomDirective} and
 *       {@link org.stablehlo4j.asm.format.FormatExtension}: how a dialect supplies its {@code custom<Name>}
 *       directives (as ODS calls the dialect's C++ print/parse functions) and the bare-case form of its enums
 *       (StableHLO's are {@code dialect.stablehlo.asm});</li>
 *   <li>{@link org.stablehlo4j.asm.format.AttrValues}: how an attribute variable prints and parses by its kind
 *       (dense arrays as {@code [1, 2]}, integer/float/string literals without a type suffix);</li>
 *   <li>{@code ConstantForms}: the shared hand-written constant forms (a dense value, arith.constant's);</li>
 *   <li>{@link org.stablehlo4j.asm.format.FormatForms}: what dialects add to their
 *       {@link org.stablehlo4j.asm.OpAsmTable}.</li>
 * </ul>
 */
package org.stablehlo4j.asm.format;
