package org.stablehlo4j.ir;

/**
 * An immutable MLIR attribute. Implementations are value objects with structural equality.
 */
public interface Attribute {
}
