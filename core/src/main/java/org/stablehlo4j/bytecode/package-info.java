/**
 * MLIR bytecode ({@code ML\xEFR}, format versions 0-6).
 *
 * <p>{@link org.stablehlo4j.bytecode.BytecodeReader} reads a file into an {@link org.stablehlo4j.ir.ModuleOp}
 * ({@code read}), or just its header ({@code readHeader}), dialect/op tables ({@code describe}) or the StableHLO
 * version of a portable artifact ({@code getPortableArtifactVersion}). Errors are
 * {@link org.stablehlo4j.bytecode.BytecodeException}s naming the section and byte offset.
 * {@code bytecode.writer.BytecodeWriter} writes a module at any format version 0-6, byte for
 * byte as MLIR's writer does. The writer sits in its own package above this one: {@code bytecode.writer}
 * imports {@code bytecode}, never the other way.
 *
 * <p>Dialects plug in through {@link org.stablehlo4j.bytecode.DialectBytecode}
 * (an interface of the dialect in the {@code ir.Context}): custom attribute/type encodings and the property layout of their
 * ops. Builtin, func and VHLO are built in; attributes and types of other dialects travel as assembly text.
 */
package org.stablehlo4j.bytecode;
