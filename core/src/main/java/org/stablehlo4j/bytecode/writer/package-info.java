/**
 * The MLIR bytecode writer: {@link org.stablehlo4j.bytecode.writer.BytecodeWriter} with a
 * {@link org.stablehlo4j.bytecode.writer.BytecodeWriterConfig} (format version, producer, dialect versions).
 *
 * <p>The output is what MLIR's writer emits for the same IR: {@code IRNumbering} reproduces MLIR's numbering
 * (first-use order, stable sort by reference count, dialect grouping per varint-size band, computed
 * isolation, per-region value ids), {@code Emitter} its section framing and alignment, {@code UseListOrders} its
 * use-list permutations. Attribute, type and property encodings come from the dialects'
 * {@link org.stablehlo4j.bytecode.DialectBytecode} through {@link org.stablehlo4j.bytecode.DialectWriter}, which
 * the writer runs once to number references and once to emit. Dense data and resource blobs are referenced in
 * place and copied once, into the result.
 *
 * <p>StableHLO portable artifacts (a VHLO module for a target version) are written by
 * {@code compat.PortableArtifactWriter} on top of this package.
 */
package org.stablehlo4j.bytecode.writer;
