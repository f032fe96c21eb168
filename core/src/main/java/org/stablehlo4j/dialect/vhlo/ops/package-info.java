/**
 * The VHLO version tables, as data: {@link org.stablehlo4j.dialect.vhlo.ops.VhloOpTable} (one
 * {@link org.stablehlo4j.dialect.vhlo.ops.VhloOpDef} per op version, declared compactly in the grouped files
 * ElementwiseOps, ShapeOps, ComputeOps, CollectiveOps and RegionOps), {@link
 * org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind} and {@link org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind}.
 *
 * <p>Learned from openxla/stablehlo at 1.20.0: {@code stablehlo/dialect/VhloOps.td} (ops, ranges, operands,
 * attributes, results, regions, traits), {@code VhloOps.cpp} (versioned constraints), {@code VhloTypes.td},
 * {@code VhloAttrs.td}, {@code VhloEnums.td} (type and attribute ranges), {@code MapStablehloToVhlo.h} and
 * {@code StablehloLegalizeToVhlo.cpp} (op mapping, flattened struct attributes, defaults of absent attributes),
 * {@code VhloToVersionPatterns.td} and {@code VhloToVersion.cpp} (values filled in between op versions).
 */
package org.stablehlo4j.dialect.vhlo.ops;
