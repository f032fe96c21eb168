/**
 * VHLO types and attributes as structured values ({@link org.stablehlo4j.dialect.vhlo.VhloType},
 * {@link org.stablehlo4j.dialect.vhlo.VhloAttr}) described by the tables
 * {@link org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind} and {@link org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind}
 * (bytecode code, mnemonic, parameter layout), printed exactly as upstream prints them, and their bytecode
 * encoding ({@link org.stablehlo4j.dialect.vhlo.VhloBytecode}, including the property layout of every VHLO op,
 * derived from {@link org.stablehlo4j.dialect.vhlo.ops.VhloOpTable}).
 */
package org.stablehlo4j.dialect.vhlo;
