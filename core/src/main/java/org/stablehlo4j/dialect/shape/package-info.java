/**
 * MLIR's shape dialect: shapes and sizes as values ({@code shape.shape_of}, {@code shape.broadcast},
 * {@code shape.num_elements}, ...), shape constraints and the code relying on them ({@code shape.cstr_broadcastable},
 * {@code shape.assuming}), and the types {@code !shape.shape}, {@code !shape.size}, {@code !shape.value_shape},
 * {@code !shape.witness}. The rows ({@link org.stablehlo4j.dialect.shape.ShapeOps}) are plain data the typed
 * classes are generated from; {@link org.stablehlo4j.dialect.shape.ShapeOpHooks} attaches their code.
 */
package org.stablehlo4j.dialect.shape;
