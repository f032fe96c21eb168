package org.stablehlo4j.ir;

/** Builtin type attribute (a type used where an attribute is expected). */
public record TypeAttr(Type value) implements Attribute {
}
