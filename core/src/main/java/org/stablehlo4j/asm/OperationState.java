package org.stablehlo4j.asm;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * What a {@link CustomOpParser} collects for the operation being parsed (MLIR's {@code OperationState}). The
 * parser then creates the op, moving attributes that are inherent to a registered op into its properties,
 * parses the trailing location and binds the result names.
 */
public final class OperationState {
    private final String name;
    private final List<Value> operands = new ArrayList<>();
    private final List<Type> resultTypes = new ArrayList<>();
    private final List<NamedAttribute> properties = new ArrayList<>();
    private final List<NamedAttribute> attributes = new ArrayList<>();
    private final List<List<Block>> regions = new ArrayList<>();
    private final List<Block> successors = new ArrayList<>();

    OperationState(String name) {
        this.name = name;
    }

    /** {@return the full op name, e.g. {@code func.func}} */
    public String name() { return name; }

    /**
     * Appends operands.
     *
     * @param values the operands
     */
    public void addOperands(List<Value> values) { operands.addAll(values); }
    /**
     * Appends result types.
     *
     * @param types the types
     */
    public void addResultTypes(List<Type> types) { resultTypes.addAll(types); }
    /**
     * Adds an inherent attribute.
     *
     * @param key its name
     * @param value its value
     */
    public void addProperty(String key, Attribute value) { properties.add(new NamedAttribute(key, value)); }
    /**
     * Adds a discardable attribute.
     *
     * @param key its name
     * @param value its value
     */
    public void addAttribute(String key, Attribute value) { attributes.add(new NamedAttribute(key, value)); }
    /**
     * Adds discardable attributes.
     *
     * @param dict the attributes
     */
    public void addAttributes(DictionaryAttr dict) { attributes.addAll(dict.entries()); }
    /**
     * Adds a region made of these blocks (empty for an empty region).
     *
     * @param blocks the region's blocks
     */
    public void addRegion(List<Block> blocks) { regions.add(blocks); }
    /**
     * Appends a successor.
     *
     * @param block the successor block
     */
    public void addSuccessor(Block block) { successors.add(block); }

    List<Value> operands() { return operands; }
    List<Type> resultTypes() { return resultTypes; }
    DictionaryAttr properties() { return DictionaryAttr.of(properties); }
    DictionaryAttr attributes() { return DictionaryAttr.of(attributes); }
    List<List<Block>> regions() { return regions; }
    List<Block> successors() { return successors; }
}
