package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** An SSA value: an operation result or a block argument. Tracks the operations that use it. */
public abstract sealed class Value permits PositionalValue {
    private Type type;
    /** The uses, in order; null until the first one (most values have one or two, many none before use). */
    private ArrayList<Use> uses;
    /**
     * A hash fixed at creation: identity semantics (equals is identity) without the cost of installing an identity
     * hash in the object header. Values get consecutive numbers, so a table indexed by hash (the printer's names)
     * visits the values of a block in neighbouring slots. Only a hash: no meaning, no registration.
     */
    private final int hash = NEXT_HASH.getAndIncrement();

    private static final java.util.concurrent.atomic.AtomicInteger NEXT_HASH =
            new java.util.concurrent.atomic.AtomicInteger();

    /** One use: operand {@code index} of {@code user}. */
    public record Use(Operation user, int index) {}

    /**
     * A value of {@code type} with no uses.
     *
     * @param type the value's type
     */
    protected Value(Type type) {
        this.type = type;
    }

    /** {@return a hash fixed at creation, consistent with identity equality} */
    @Override
    public final int hashCode() { return hash; }

    /**
     * Identity: a value equals only itself.
     *
     * @param o another object
     * @return whether {@code o} is this value
     */
    @Override
    public final boolean equals(Object o) { return this == o; }

    /** {@return the value's type} */
    public Type type() { return type; }

    /**
     * Changes the value's type (the caller keeps the IR valid).
     *
     * @param type the new type
     */
    public void setType(Type type) { this.type = type; }

    /** {@return the uses: each user op and operand index (read-only view)} */
    public List<Use> uses() { return Collections.unmodifiableList(useList()); }

    /** The list of uses, made on first need. */
    private ArrayList<Use> useList() {
        ArrayList<Use> u = uses;
        if (u == null) uses = u = new ArrayList<>(2);
        return u;
    }

    /** {@return whether any op uses this value} */
    public boolean hasUses() { return uses != null && !uses.isEmpty(); }

    /** {@return whether exactly one operand uses this value} */
    public boolean hasOneUse() { return uses != null && uses.size() == 1; }

    /** {@return the number of uses} */
    public int numUses() { return uses == null ? 0 : uses.size(); }

    /** {@return the operation producing this value, or null for a block argument} */
    public Operation definingOp() { return null; }

    /** {@return the value's location: its defining op's, or the block argument's own} */
    public abstract Location location();

    void addUse(Operation user, int index) { useList().add(new Use(user, index)); }

    void removeUse(Operation user, int index) {
        if (uses == null) return;
        for (int i = uses.size() - 1; i >= 0; i--) {
            Use u = uses.get(i);
            if (u.user() == user && u.index() == index) {
                uses.remove(i);
                return;
            }
        }
    }

    /**
     * Reorders the uses (e.g. to restore a use-list order recorded in bytecode). {@code order} must hold exactly
     * the current uses.
     *
     * @param order the uses in their new order
     */
    public void setUseOrder(List<Use> order) {
        List<Use> uses = useList();
        if (order.size() != uses.size() || !new java.util.HashSet<>(order).equals(new java.util.HashSet<>(uses))) {
            throw new IllegalArgumentException("not a permutation of the uses");
        }
        uses.clear();
        uses.addAll(order);
    }

    /**
     * Points every use of this value at {@code other}.
     *
     * @param other the new value
     */
    public void replaceAllUsesWith(Value other) {
        if (other == this || uses == null) return;
        for (Use u : List.copyOf(uses)) u.user().setOperand(u.index(), other);
    }

    /**
     * Points the uses for which {@code predicate} holds at {@code other}.
     *
     * @param other the new value
     * @param predicate which uses move
     */
    public void replaceUsesWithIf(Value other, java.util.function.Predicate<Use> predicate) {
        if (other == this || uses == null) return;
        for (Use u : List.copyOf(uses)) if (predicate.test(u)) u.user().setOperand(u.index(), other);
    }

    /** {@return the distinct operations using this value, in use order} */
    public List<Operation> users() {
        if (uses == null) return new ArrayList<>(0);
        List<Operation> out = new ArrayList<>(uses.size());
        for (Use u : uses) if (!out.contains(u.user())) out.add(u.user());
        return out;
    }
}
