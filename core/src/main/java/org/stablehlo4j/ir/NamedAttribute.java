package org.stablehlo4j.ir;

/** A name/value pair of a {@link DictionaryAttr}. */
public record NamedAttribute(String name, Attribute value) {
}
