/**
 * MLIR's textual assembly: the {@link org.stablehlo4j.asm.Lexer}, the {@link org.stablehlo4j.asm.AsmParser} and
 * the {@link org.stablehlo4j.asm.AsmPrinter} for the generic and the builtin forms, with
 * {@link org.stablehlo4j.asm.ParseOptions} and {@link org.stablehlo4j.asm.PrintOptions}, and the interfaces
 * through which dialects parse and print their own ops, types and attributes
 * ({@link org.stablehlo4j.asm.AsmDialectInterface}, {@link org.stablehlo4j.asm.OpAsmParser},
 * {@link org.stablehlo4j.asm.DialectAsmParser}). Declarative op formats are in {@code asm.format}.
 */
package org.stablehlo4j.asm;
