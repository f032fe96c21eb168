/**
 * Pretty (custom) assembly forms of registered ops, as stablehlo-opt prints and parses them.
 *
 * <ul>
 *   <li>{@link org.stablehlo4j.asm.format.Format}: the syntax tree of an MLIR declarative assembly format
 *       (the {@code assemblyFormat} strings of the op tables), read once per op;</li>
 *   <li>{@code FormatOp}: walks that tree twice, as printer (with ODS's spacing rules and attr-dict elision of
 *       format and default-valued attributes) and as parser (through {@link org.stablehlo4j.asm.AsmParserContext});</li>
 *   <li>{@code Directives}: StableHLO's {@code custom<...>} directives (AssemblyFormat.cpp, StablehloOps.cpp);</li>
 *   <li>{@code AttrValues}: how an attribute variable prints and parses by its kind (enum cases, dense arrays as
 *       {@code [1, 2]}, integer/float/string literals without a type suffix);</li>
 *   <li>{@code HandWrittenOps}: constant, while, reduce, arith.constant and chlo.constant (chlo.scan's form is
 *       {@code dialect.chlo.ChloScanAssembly});</li>
 *   <li>{@link org.stablehlo4j.asm.format.FormatForms}: what dialects add to their
 *       {@link org.stablehlo4j.asm.OpAsmTable} (StableHLO, CHLO, check, and the arith/tensor ops the tests
 *       use).</li>
 * </ul>
 */
package org.stablehlo4j.asm.format;
