package org.stablehlo4j.ir;

/**
 * Builtin {@code affine_map<...>}, kept as the text between the angle brackets (not modelled structurally).
 */
public record AffineMapAttr(String body) implements Attribute {
    @Override
    public String toString() { return "affine_map<" + body + ">"; }
}
