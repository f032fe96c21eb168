package org.stablehlo4j.ir;

/**
 * An immutable MLIR type. Implementations are value objects: {@code equals}/{@code hashCode} are structural,
 * so types can be compared and used as map keys directly.
 */
public interface Type {
}
