/**
 * The parts of MLIR's sparse tensor dialect that StableHLO programs use: the tensor encoding attribute
 * {@link org.stablehlo4j.dialect.sparse.SparseTensorEncodingAttr} ({@code #sparse_tensor.encoding<{...}>}) with
 * its dimension-to-level map ({@link org.stablehlo4j.dialect.sparse.AffineExpr} level expressions,
 * {@link org.stablehlo4j.dialect.sparse.LevelType} level formats, {@link org.stablehlo4j.dialect.sparse.DimSlice}
 * dimension slices). The assembly parser turns encodings into this structured form, so they print canonically
 * and get the dialect's {@code #sparse} alias; other {@code #sparse_tensor} attributes stay
 * {@link org.stablehlo4j.ir.DialectAttr} text.
 */
package org.stablehlo4j.dialect.sparse;
