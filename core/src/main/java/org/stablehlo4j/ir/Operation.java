package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A generic MLIR operation: name, operands, results, properties (inherent attributes of registered ops, the
 * generic form's {@code <{...}>}), discardable attributes, regions, successors and a location.
 */
public final class Operation {
    private final String name;
    private final List<Value> operands;
    private final List<OpResult> results;
    private DictionaryAttr properties;
    private DictionaryAttr attributes;
    private final List<Region> regions;
    private final List<Block> successors;
    private Location location;
    Block parent;

    private Operation(String name, List<Value> operands, List<Type> resultTypes, DictionaryAttr properties,
                      DictionaryAttr attributes, int numRegions, List<Block> successors, Location location) {
        this.name = name;
        this.operands = new ArrayList<>(operands);
        this.results = new ArrayList<>(resultTypes.size());
        for (int i = 0; i < resultTypes.size(); i++) results.add(new OpResult(this, i, resultTypes.get(i)));
        this.properties = properties == null ? DictionaryAttr.EMPTY : properties;
        this.attributes = attributes == null ? DictionaryAttr.EMPTY : attributes;
        this.regions = new ArrayList<>(numRegions);
        for (int i = 0; i < numRegions; i++) {
            Region r = new Region();
            r.parent = this;
            regions.add(r);
        }
        this.successors = new ArrayList<>(successors);
        this.location = location == null ? Location.UNKNOWN : location;
        for (int i = 0; i < this.operands.size(); i++) this.operands.get(i).addUse(this, i);
    }

    /**
     * Creates an operation with {@code numRegions} empty regions.
     */
    public static Operation create(String name, List<Value> operands, List<Type> resultTypes,
                                   DictionaryAttr properties, DictionaryAttr attributes, int numRegions,
                                   List<Block> successors, Location location) {
        return new Operation(name, operands, resultTypes, properties, attributes, numRegions, successors, location);
    }

    public String name() { return name; }

    /** The dialect namespace: the part of the name before the first dot (empty if none). */
    public String dialect() {
        int dot = name.indexOf('.');
        return dot < 0 ? "" : name.substring(0, dot);
    }

    public List<Value> operands() { return Collections.unmodifiableList(operands); }
    public Value operand(int i) { return operands.get(i); }
    public int numOperands() { return operands.size(); }

    public void setOperand(int i, Value v) {
        operands.get(i).removeUse(this, i);
        operands.set(i, v);
        v.addUse(this, i);
    }

    /** Drops this op's uses of its operands (before erasing it). */
    public void dropOperandUses() {
        for (int i = 0; i < operands.size(); i++) operands.get(i).removeUse(this, i);
    }

    public List<OpResult> results() { return Collections.unmodifiableList(results); }
    public OpResult result(int i) { return results.get(i); }
    public int numResults() { return results.size(); }

    public DictionaryAttr properties() { return properties; }
    public void setProperties(DictionaryAttr p) { properties = p == null ? DictionaryAttr.EMPTY : p; }

    public DictionaryAttr attributes() { return attributes; }
    public void setAttributes(DictionaryAttr a) { attributes = a == null ? DictionaryAttr.EMPTY : a; }

    /** Looks an attribute up in the properties first, then in the discardable attributes. */
    public Attribute attr(String name) {
        Attribute a = properties.get(name);
        return a != null ? a : attributes.get(name);
    }

    public List<Region> regions() { return Collections.unmodifiableList(regions); }
    public Region region(int i) { return regions.get(i); }
    public int numRegions() { return regions.size(); }

    public List<Block> successors() { return Collections.unmodifiableList(successors); }

    public Location location() { return location; }
    public void setLocation(Location l) { location = l == null ? Location.UNKNOWN : l; }

    /** The block holding this op, or null. */
    public Block parent() { return parent; }

    /** The operation whose region holds this op, or null. */
    public Operation parentOp() {
        if (parent == null || parent.parent == null) return null;
        return parent.parent.parent;
    }

    @Override
    public String toString() { return "Operation(" + name + ")"; }
}
