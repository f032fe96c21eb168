package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

import java.util.List;

/**
 * What the bytecode reader needs to know about one dialect: how its custom-encoded attributes and types are
 * decoded, and how the native properties of its registered ops are laid out.
 */
public interface DialectBytecode {
    /**
     * One field of an op's properties, in encoding order: an inherent attribute (required, or optional with a
     * presence flag), or, when {@code segments > 0}, an ODS segment-size array ({@code operandSegmentSizes} /
     * {@code resultSegmentSizes}) of {@code segments} {@code i32} entries, which MLIR encodes natively (see
     * {@link OdsProperties}).
     */
    record Property(String name, boolean required, int segments) {
        public Property(String name, boolean required) {
            this(name, required, 0);
        }

        /** An ODS segment-size property of {@code count} entries. */
        public static Property segmentSizes(String name, int count) {
            return new Property(name, true, count);
        }

        public boolean isSegmentSizes() {
            return segments > 0;
        }
    }

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

    /**
     * Decodes the native properties of the registered op {@code opName} (the op's entry of the properties
     * section). The default reads the layout of {@link #properties} as ODS-generated ops do
     * ({@link OdsProperties#read}).
     */
    default DictionaryAttr readProperties(String opName, DialectReader reader) throws BytecodeException {
        List<Property> layout = properties(opName);
        if (layout == null) throw reader.error("has properties but missing BytecodeOpInterface for " + opName);
        return OdsProperties.read(opName, layout, reader);
    }

    /**
     * Encodes the native properties of {@code op} (a registered op of this dialect with a non-empty
     * {@link #properties} layout). The default writes them as ODS-generated ops do ({@link OdsProperties#write}).
     *
     * @throws org.stablehlo4j.bytecode.UnwritableIRException if a required property is missing
     */
    default void writeProperties(Operation op, DialectWriter writer) {
        writeProperties(op.name(), op.properties(), op.location(), writer);
    }

    /**
     * Like {@link #writeProperties(Operation, DialectWriter)} for an op given by its parts (the writer calls this
     * one, also for ops it converts while writing, which exist as nothing else).
     *
     * @param opName the registered op's full name
     * @param properties its inherent attributes
     * @param location where an error is reported
     */
    default void writeProperties(String opName, DictionaryAttr properties, org.stablehlo4j.ir.Location location,
                                 DialectWriter writer) {
        OdsProperties.write(opName, properties, location, properties(opName), writer);
    }

    /**
     * True if an op of this dialect whose properties cannot be encoded (invalid IR, e.g. a missing required
     * property) is an error for the writer; otherwise the writer keeps such IR writable by writing that op name
     * as unregistered (properties as one dictionary attribute).
     */
    default boolean strictProperties() {
        return false;
    }

    /** True if ops this dialect does not know are an error (the dialect does not allow unknown operations). */
    default boolean rejectsUnknownOps() {
        return false;
    }
}
