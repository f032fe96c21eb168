package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Type;

import java.util.List;

/**
 * What the bytecode reader needs to know about one dialect: how its custom-encoded attributes and types are
 * decoded, and how the native properties of its registered ops are laid out.
 */
public interface DialectBytecode {
    /** One inherent attribute of an op's properties, in encoding order. */
    record Property(String name, boolean required) {}

    /** Decodes a custom-encoded attribute of this dialect (the entry starts with the dialect's own kind code). */
    default Attribute readAttribute(DialectReader reader) throws BytecodeException {
        throw reader.error("dialect '" + reader.dialectName() + "' does not implement the bytecode interface");
    }

    /** Decodes a custom-encoded type of this dialect. */
    default Type readType(DialectReader reader) throws BytecodeException {
        throw reader.error("dialect '" + reader.dialectName() + "' does not implement the bytecode interface");
    }

    /**
     * Writes {@code attribute} in this dialect's custom encoding (kind code first) and returns true, or returns
     * false (writing nothing) if it has none; the writer then stores the attribute as assembly text.
     */
    default boolean writeAttribute(Attribute attribute, DialectWriter writer) {
        return false;
    }

    /** Like {@link #writeAttribute} for types. */
    default boolean writeType(Type type, DialectWriter writer) {
        return false;
    }

    /**
     * The properties of the registered op {@code opName} (full name with dialect prefix) in the order they are
     * encoded, or null if this dialect does not know the op.
     */
    default List<Property> properties(String opName) {
        return null;
    }

    /** True if ops this dialect does not know are an error (the dialect does not allow unknown operations). */
    default boolean rejectsUnknownOps() {
        return false;
    }
}
