package org.stablehlo4j.ir;

/** Builtin {@code complex<elementType>}. */
public record ComplexType(Type elementType) implements Type {
}
