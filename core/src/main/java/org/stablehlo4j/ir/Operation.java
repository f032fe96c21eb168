package org.stablehlo4j.ir;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A generic MLIR operation: name, operands, results, properties (inherent attributes of registered ops, the
 * generic form's {@code <{...}>}), discardable attributes, regions, successors and a location.
 */
public final class Operation {
    private static final Value[] NO_VALUES = {};
    private static final OpResult[] NO_RESULTS = {};
    private static final Region[] NO_REGIONS = {};
    private static final Block[] NO_BLOCKS = {};

    private final OperationName name;
    /** The operands; replaced by an empty array when the op drops its references. */
    private Value[] operands;
    private final OpResult[] results;
    private DictionaryAttr properties;
    private DictionaryAttr attributes;
    private final Region[] regions;
    private final Block[] successors;
    private Location location;
    Block parent;
    /** Intrusive list links of the parent block. */
    Operation prev;
    Operation next;
    /** Position in the parent block, valid while the block's order index is. */
    int orderIndex;

    /** Takes {@code operands} and {@code successors} as they are (owned by the new op from now on). */
    private Operation(OperationName name, Value[] operands, int numResults, List<Type> resultTypes, Type[] resultTypeArray,
                      DictionaryAttr properties, DictionaryAttr attributes, int numRegions, Block[] successors,
                      Location location) {
        this.name = name;
        this.operands = operands.length == 0 ? NO_VALUES : operands;
        if (numResults == 0) {
            this.results = NO_RESULTS;
        } else {
            OpResult[] rs = new OpResult[numResults];
            for (int i = 0; i < numResults; i++) {
                rs[i] = new OpResult(this, i, resultTypeArray != null ? resultTypeArray[i] : resultTypes.get(i));
            }
            this.results = rs;
        }
        this.properties = properties == null ? DictionaryAttr.EMPTY : properties;
        this.attributes = attributes == null ? DictionaryAttr.EMPTY : attributes;
        if (numRegions == 0) {
            this.regions = NO_REGIONS;
        } else {
            Region[] rs = new Region[numRegions];
            for (int i = 0; i < numRegions; i++) {
                Region r = new Region();
                r.parent = this;
                rs[i] = r;
            }
            this.regions = rs;
        }
        this.successors = successors.length == 0 ? NO_BLOCKS : successors;
        this.location = location == null ? Location.UNKNOWN : location;
        for (int i = 0; i < operands.length; i++) operands[i].addUse(this, i);
    }

    /**
     * Creates an operation with {@code numRegions} empty regions.
     *
     * @param name the op's interned name (see {@link Context#opName})
     * @param operands the operands
     * @param resultTypes the result types
     * @param properties the inherent attributes, or null
     * @param attributes the discardable attributes, or null
     * @param numRegions how many empty regions
     * @param successors the successor blocks
     * @param location the location (null: unknown)
     * @return the new, detached op
     */
    public static Operation create(OperationName name, List<Value> operands, List<Type> resultTypes,
                                   DictionaryAttr properties, DictionaryAttr attributes, int numRegions,
                                   List<Block> successors, Location location) {
        return new Operation(name, operands.toArray(NO_VALUES), resultTypes.size(), resultTypes, null, properties,
                attributes, numRegions, successors.toArray(NO_BLOCKS), location);
    }

    /**
     * {@link #create(OperationName, List, List, DictionaryAttr, DictionaryAttr, int, List, Location)} over arrays that
     * the new op takes over without copying them (a reader that builds each op from fresh arrays): the caller
     * must not use {@code operands} or {@code successors} afterwards; {@code resultTypes} is only read.
     *
     * @param name the op's interned name (see {@link Context#opName})
     * @param operands the operands (owned by the op from now on)
     * @param resultTypes the result types
     * @param properties the inherent attributes, or null
     * @param attributes the discardable attributes, or null
     * @param numRegions how many empty regions
     * @param successors the successor blocks (owned by the op from now on)
     * @param location the location (null: unknown)
     * @return the new, detached op
     */
    public static Operation createOwning(OperationName name, Value[] operands, Type[] resultTypes,
                                         DictionaryAttr properties, DictionaryAttr attributes, int numRegions,
                                         Block[] successors, Location location) {
        return new Operation(name, operands, resultTypes.length, null, resultTypes, properties, attributes,
                numRegions, successors, location);
    }

    /**
     * Creates an op of a {@link OperationName#detached detached} name, outside any context (ops built by hand,
     * e.g. in tests): typed views do not recognize it; contexts find its row by name.
     *
     * @param name the full op name
     * @param operands the operands
     * @param resultTypes the result types
     * @param properties the inherent attributes, or null
     * @param attributes the discardable attributes, or null
     * @param numRegions how many empty regions
     * @param successors the successor blocks
     * @param location the location (null: unknown)
     * @return the new, detached op
     */
    public static Operation create(String name, List<Value> operands, List<Type> resultTypes,
                                   DictionaryAttr properties, DictionaryAttr attributes, int numRegions,
                                   List<Block> successors, Location location) {
        return create(OperationName.detached(name), operands, resultTypes, properties, attributes, numRegions,
                successors, location);
    }

    /**
     * {@link #createOwning(OperationName, Value[], Type[], DictionaryAttr, DictionaryAttr, int, Block[], Location)}
     * of a {@link OperationName#detached detached} name.
     *
     * @param name the full op name
     * @param operands the operands (owned by the op from now on)
     * @param resultTypes the result types
     * @param properties the inherent attributes, or null
     * @param attributes the discardable attributes, or null
     * @param numRegions how many empty regions
     * @param successors the successor blocks (owned by the op from now on)
     * @param location the location (null: unknown)
     * @return the new, detached op
     */
    public static Operation createOwning(String name, Value[] operands, Type[] resultTypes,
                                         DictionaryAttr properties, DictionaryAttr attributes, int numRegions,
                                         Block[] successors, Location location) {
        return createOwning(OperationName.detached(name), operands, resultTypes, properties, attributes, numRegions,
                successors, location);
    }

    /** {@return the full op name, e.g. {@code stablehlo.add}} */
    public String name() { return name.name(); }

    /** {@return the op's interned name: its identity, row and dialect (see {@link OperationName})} */
    public OperationName opName() { return name; }

    /** {@return the dialect namespace: the part of the name before the first dot (empty if none)} */
    public String dialect() { return name.dialectNamespace(); }

    /** {@return the operands (read-only view)} */
    public List<Value> operands() { return new Operands(); }
    /**
     * Operand {@code i}.
     *
     * @param i the operand's index
     * @return the operand
     */
    public Value operand(int i) { return operands[i]; }
    /** {@return the number of operands} */
    public int numOperands() { return operands.length; }

    /**
     * Replaces operand {@code i} with {@code v}, updating both use lists.
     *
     * @param i the operand's index
     * @param v the new operand
     */
    public void setOperand(int i, Value v) {
        operands[i].removeUse(this, i);
        operands[i] = v;
        v.addUse(this, i);
    }

    /** Drops this op's uses of its operands (before erasing it). */
    public void dropOperandUses() {
        for (int i = 0; i < operands.length; i++) operands[i].removeUse(this, i);
    }

    /** {@return the results (read-only view)} */
    public List<OpResult> results() { return new ArrayView<>(results); }
    /**
     * Result {@code i}.
     *
     * @param i the result's index
     * @return the result
     */
    public OpResult result(int i) { return results[i]; }
    /** {@return the number of results} */
    public int numResults() { return results.length; }

    /** {@return the inherent attributes (MLIR properties), those the op's row declares} */
    public DictionaryAttr properties() { return properties; }
    /**
     * Replaces the properties (null: none).
     *
     * @param p the new properties, or null
     */
    public void setProperties(DictionaryAttr p) {
        properties = p == null ? DictionaryAttr.EMPTY : p;
        if (parent != null) parent.modCount++;
    }

    /** {@return the discardable attributes (those not declared by the op's row)} */
    public DictionaryAttr attributes() { return attributes; }
    /**
     * Replaces the discardable attributes (null: none).
     *
     * @param a the new attributes, or null
     */
    public void setAttributes(DictionaryAttr a) {
        attributes = a == null ? DictionaryAttr.EMPTY : a;
        if (parent != null) parent.modCount++;
    }

    /**
     * Looks an attribute up in the properties first, then in the discardable attributes.
     *
     * @param name the attribute's name
     * @return the attribute, or null
     */
    public Attribute attr(String name) {
        Attribute a = properties.get(name);
        return a != null ? a : attributes.get(name);
    }

    /** {@return the regions (read-only view)} */
    public List<Region> regions() { return new ArrayView<>(regions); }
    /**
     * Region {@code i}.
     *
     * @param i the region's index
     * @return the region
     */
    public Region region(int i) { return regions[i]; }
    /** {@return the number of regions} */
    public int numRegions() { return regions.length; }

    /** {@return the successor blocks (read-only view)} */
    public List<Block> successors() { return new ArrayView<>(successors); }
    /**
     * Successor {@code i}.
     *
     * @param i the successor's index
     * @return the successor
     */
    public Block successor(int i) { return successors[i]; }
    /** {@return the number of successors} */
    public int numSuccessors() { return successors.length; }
    /**
     * Replaces successor {@code i}.
     *
     * @param i the successor's index
     * @param b the new successor
     */
    public void setSuccessor(int i, Block b) { successors[i] = b; }

    /** {@return the op's location} */
    public Location location() { return location; }
    /**
     * Sets the op's location (null: unknown).
     *
     * @param l the new location, or null
     */
    public void setLocation(Location l) { location = l == null ? Location.UNKNOWN : l; }

    /** {@return the block holding this op, or null} */
    public Block parent() { return parent; }

    /** {@return the operation whose region holds this op, or null} */
    public Operation parentOp() {
        if (parent == null || parent.parent == null) return null;
        return parent.parent.parent;
    }

    // ---- position in the block

    /** {@return the next operation of the parent block, or null} */
    public Operation next() { return next; }

    /** {@return the previous operation of the parent block, or null} */
    public Operation prev() { return prev; }

    /**
     * Whether this op comes before {@code other}; both must be in the same block.
     *
     * @param other an op of the same block
     * @return whether this op is before it
     */
    public boolean isBeforeInBlock(Operation other) {
        if (parent == null || other.parent != parent) throw new IllegalArgumentException("not in the same block");
        parent.ensureOrder();
        return orderIndex < other.orderIndex;
    }

    /**
     * Unlinks this op from its block and inserts it before {@code other}.
     *
     * @param other an op in a block
     */
    public void moveBefore(Operation other) {
        if (other == this) return;
        if (parent != null) parent.remove(this);
        other.parent.insertBefore(other, this);
    }

    /**
     * Unlinks this op from its block and inserts it after {@code other}.
     *
     * @param other an op in a block
     */
    public void moveAfter(Operation other) {
        if (other == this) return;
        if (parent != null) parent.remove(this);
        other.parent.insertAfter(other, this);
    }

    /** Unlinks this op from its block without touching uses (it can be inserted elsewhere). */
    public void remove() {
        if (parent != null) parent.remove(this);
    }

    /**
     * Whether this op is {@code other} or holds it in one of its regions (at any depth).
     *
     * @param other the op to look for
     * @return whether this op is or contains {@code other}
     */
    public boolean isAncestor(Operation other) {
        for (Operation op = other; op != null; op = op.parentOp()) if (op == this) return true;
        return false;
    }

    // ---- uses

    /** {@return whether any result is used} */
    public boolean hasUses() {
        for (OpResult r : results) if (r.hasUses()) return true;
        return false;
    }

    /** {@return the distinct users of the results, in result then use order} */
    public List<Operation> users() {
        List<Operation> out = new ArrayList<>();
        for (OpResult r : results) for (Value.Use u : r.uses()) if (!out.contains(u.user())) out.add(u.user());
        return out;
    }

    /**
     * Redirects the uses of result {@code i} to {@code values.get(i)} for each result.
     *
     * @param values one replacement per result
     */
    public void replaceAllUsesWith(List<? extends Value> values) {
        if (values.size() != results.length) {
            throw new IllegalArgumentException(name + " has " + results.length + " results, got " + values.size() + " values");
        }
        for (int i = 0; i < results.length; i++) results[i].replaceAllUsesWith(values.get(i));
    }

    /**
     * Redirects the uses of each result to the same-numbered result of {@code other}.
     *
     * @param other an op with as many results
     */
    public void replaceAllUsesWith(Operation other) {
        replaceAllUsesWith(other.results());
    }

    /**
     * Erases this op: it must have no uses. Drops the uses of its operands and of every nested op's operands,
     * and unlinks it from its block.
     */
    public void erase() {
        if (hasUses()) throw new IllegalStateException("cannot erase " + name + ": its results still have uses");
        if (parent != null) parent.remove(this);
        dropAllReferences();
    }

    /** Drops the operand uses of this op and of every op nested in it (explicit stack: no deep recursion). */
    public void dropAllReferences() {
        ArrayDeque<Operation> work = new ArrayDeque<>();
        work.push(this);
        while (!work.isEmpty()) {
            Operation op = work.pop();
            op.dropOperandUses();
            op.operands = NO_VALUES;
            for (Region r : op.regions) {
                for (Block b : r.blocks()) for (Operation n = b.first(); n != null; n = n.next) work.push(n);
            }
        }
    }

    // ---- walking

    /**
     * Visits this op and every op nested in it, in {@code order}. A pre-order callback may return
     * {@link WalkResult#SKIP} to skip the ops nested in the current one; {@link WalkResult#INTERRUPT} stops the
     * walk, which then returns INTERRUPT. The callback may erase the op it is given (post-order, or pre-order
     * returning SKIP), as in MLIR: the next sibling is fetched before an op is visited. Uses an explicit stack,
     * so any nesting depth is fine.
     *
     * @param order pre- or post-order
     * @param fn called on each op
     * @return {@link WalkResult#INTERRUPT} if the walk was interrupted, else {@link WalkResult#ADVANCE}
     */
    public WalkResult walk(WalkOrder order, Function<Operation, WalkResult> fn) {
        boolean pre = order == WalkOrder.PRE_ORDER;
        if (pre) {
            WalkResult r = fn.apply(this);
            if (r == WalkResult.INTERRUPT) return r;
            if (r == WalkResult.SKIP) return WalkResult.ADVANCE;
        }
        ArrayDeque<WalkFrame> stack = new ArrayDeque<>();
        stack.push(new WalkFrame(this));
        while (!stack.isEmpty()) {
            WalkFrame f = stack.peek();
            Operation child = f.advance();
            if (child == null) {
                stack.pop();
                if (!pre && fn.apply(f.op) == WalkResult.INTERRUPT) return WalkResult.INTERRUPT;
                continue;
            }
            if (pre) {
                WalkResult r = fn.apply(child);
                if (r == WalkResult.INTERRUPT) return r;
                if (r == WalkResult.SKIP || child.regions.length == 0) continue;
            } else if (child.regions.length == 0) {
                if (fn.apply(child) == WalkResult.INTERRUPT) return WalkResult.INTERRUPT;
                continue;
            }
            stack.push(new WalkFrame(child));
        }
        return WalkResult.ADVANCE;
    }

    /**
     * Visits every op in post-order (MLIR's default walk).
     *
     * @param fn called on each op
     */
    public void walk(Consumer<Operation> fn) {
        walk(WalkOrder.POST_ORDER, op -> {
            fn.accept(op);
            return WalkResult.ADVANCE;
        });
    }

    /**
     * Visits, in post-order, the ops named {@code opName}.
     *
     * @param opName the full op name
     * @param fn called on each such op
     */
    public void walk(String opName, Consumer<Operation> fn) {
        walk(op -> {
            if (op.name.name().equals(opName)) fn.accept(op);
        });
    }

    /**
     * The ops (this one included) for which {@code filter} holds, in pre-order.
     *
     * @param filter which ops to keep
     * @return the matching ops
     */
    public List<Operation> collect(Predicate<Operation> filter) {
        List<Operation> out = new ArrayList<>();
        walk(WalkOrder.PRE_ORDER, op -> {
            if (filter.test(op)) out.add(op);
            return WalkResult.ADVANCE;
        });
        return out;
    }

    /**
     * The ops (this one included) named {@code opName}, in pre-order.
     *
     * @param opName the full op name
     * @return the matching ops
     */
    public List<Operation> collect(String opName) {
        return collect(op -> op.name.name().equals(opName));
    }

    /** Iterates the ops directly nested in one op, region by region and block by block, fetching ahead. */
    private static final class WalkFrame {
        final Operation op;
        int region;
        int block = -1;
        Operation pending;

        WalkFrame(Operation op) {
            this.op = op;
        }

        Operation advance() {
            while (pending == null) {
                if (region >= op.regions.length) return null;
                List<Block> blocks = op.regions[region].blocks();
                if (++block >= blocks.size()) {
                    region++;
                    block = -1;
                    continue;
                }
                pending = blocks.get(block).first();
            }
            Operation c = pending;
            pending = c.next;
            return c;
        }
    }

    // ---- cloning

    /**
     * A deep copy: operands are remapped through {@code map} (values it does not map are used as they are),
     * regions are copied with their blocks and block arguments, successors are remapped, and {@code map} records
     * every original → copy (values, blocks, ops). The copy is not inserted anywhere. Values defined later in a
     * region than their use (e.g. in a block that dominates an earlier-listed one) are remapped too. Explicit
     * stack: any nesting depth is fine.
     *
     * @param map maps originals to copies; extended with the new values, blocks and ops
     * @return the copy, detached
     */
    public Operation clone(IRMapping map) {
        List<Operation> sources = new ArrayList<>();
        List<Operation> copies = new ArrayList<>();
        Operation root = cloneWithoutRegions(map);
        sources.add(this);
        copies.add(root);
        ArrayDeque<Operation[]> work = new ArrayDeque<>();
        if (regions.length != 0) work.push(new Operation[] {this, root});
        while (!work.isEmpty()) {
            Operation[] pair = work.pop();
            Operation src = pair[0];
            Operation dst = pair[1];
            for (int r = 0; r < src.regions.length; r++) {
                for (Block b : src.regions[r].blocks()) {
                    Block nb = new Block();
                    for (BlockArgument a : b.arguments()) map.map(a, nb.addArgument(a.type(), a.location()));
                    dst.regions[r].append(nb);
                    map.map(b, nb);
                }
                for (Block b : src.regions[r].blocks()) {
                    Block nb = map.lookupOrNull(b);
                    for (Operation o = b.first(); o != null; o = o.next) {
                        Operation c = o.cloneWithoutRegions(map);
                        nb.append(c);
                        sources.add(o);
                        copies.add(c);
                        if (o.regions.length != 0) work.push(new Operation[] {o, c});
                    }
                }
            }
        }
        // Operands defined after their use in region order were not mapped yet when the user was copied.
        for (int k = 0; k < sources.size(); k++) {
            Operation src = sources.get(k);
            Operation dst = copies.get(k);
            for (int i = 0; i < src.operands.length; i++) {
                Value m = map.lookupOrNull(src.operands[i]);
                if (m != null && dst.operands[i] != m) dst.setOperand(i, m);
            }
        }
        return root;
    }

    /** {@return a deep copy with a fresh mapping} */
    public Operation cloneDeep() { return clone(new IRMapping()); }

    /**
     * A copy of this op with as many regions, all empty; operands and successors remapped through {@code map},
     * and the results recorded in it.
     *
     * @param map maps originals to copies; extended with the results
     * @return the copy, detached
     */
    public Operation cloneWithoutRegions(IRMapping map) {
        Value[] ops = new Value[operands.length];
        for (int i = 0; i < ops.length; i++) ops[i] = map.lookupOrDefault(operands[i]);
        Type[] types = new Type[results.length];
        for (int i = 0; i < types.length; i++) types[i] = results[i].type();
        Block[] succ = new Block[successors.length];
        for (int i = 0; i < succ.length; i++) succ[i] = map.lookupOrDefault(successors[i]);
        Operation copy = createOwning(name, ops, types, properties, attributes, regions.length, succ, location);
        for (int i = 0; i < results.length; i++) map.map(results[i], copy.results[i]);
        map.map(this, copy);
        return copy;
    }

    @Override
    public String toString() { return "Operation(" + name + ")"; }

    /** The live, read-only view of the operands ({@link #operands()}). */
    private final class Operands extends java.util.AbstractList<Value> implements java.util.RandomAccess {
        @Override public Value get(int i) { return operands[i]; }
        @Override public int size() { return operands.length; }
    }
}
