package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * A conversion the IR reader applies while it builds the module, so that a file written in one dialect is read
 * straight into another in one pass (deserialization reads a VHLO artifact into StableHLO this way instead of
 * building the VHLO module and rebuilding it). The reader stays generic: it hands over each op as read and builds
 * the op the conversion returns, with the same operands, results, regions, successors and location. A conversion
 * that fails records its own errors and returns something buildable (e.g. the op as read); its caller reports
 * them once the file is read.
 */
public interface ReadConversion {
    /**
     * The type the values of type {@code read} get (op results and block arguments). The reader asks once per
     * type entry of the file and reuses the answer.
     *
     * @param read a type as decoded from the file
     * @return the type to build values with
     */
    Type valueType(Type read);

    /**
     * What the conversion needs to know about one op name of the file (e.g. its row), resolved once: the reader
     * asks once per op name entry, before the first op of that name, and hands the answer to {@link #op} with
     * every op of that name.
     *
     * @param name the full op name as read
     * @return anything but null
     */
    default Object opName(String name) {
        return name;
    }

    /**
     * What to build for one op. The regions of the op are read after it is built, so they are not available here.
     *
     * @param opName what {@link #opName} returned for the op's name
     * @param name the op name as read
     * @param properties its inherent attributes as read (empty when none)
     * @param propertiesId 0, or a positive number for properties the reader shares: ops with the same
     *        {@code opName} and the same such number have the same {@code properties} object
     * @param attributes its discardable attributes as read (empty when none)
     * @param attributesId 0, or a positive number for attributes the reader shares: ops with the same such number
     *        have the same {@code attributes} object
     * @param operands its operands (already built values; a forward reference has a placeholder type)
     * @param resultTypes its result types (as {@link #valueType} converted them)
     * @param numRegions how many regions it has
     * @param parent the op whose region holds it (already converted), or null at the top level
     * @param location its location
     * @return the name and attributes of the op to build
     */
    Head op(Object opName, String name, DictionaryAttr properties, int propertiesId, DictionaryAttr attributes,
            int attributesId, Value[] operands, Type[] resultTypes, int numRegions, Operation parent,
            Location location);

    /**
     * The name and attributes of an op to build.
     *
     * @param name the full op name
     * @param properties the inherent attributes
     * @param attributes the discardable attributes
     */
    record Head(String name, DictionaryAttr properties, DictionaryAttr attributes) {}
}
