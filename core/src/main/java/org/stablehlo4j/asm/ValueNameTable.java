package org.stablehlo4j.asm;

import org.stablehlo4j.ir.Value;

/**
 * The printer's value to number/name table: open addressing over parallel arrays keyed by {@link Value#hashCode}
 * (a field read), so numbering a module allocates no entry objects and boxes no ints. Any hash works; the
 * consecutive hashes values get make the probes of a block's values touch neighbouring slots.
 */
final class ValueNameTable {
    /** What {@link #id} returns for a value without an entry. */
    static final int ABSENT = Integer.MIN_VALUE;

    private Value[] keys = new Value[64];
    private int[] ids = new int[64];
    private String[] names = new String[64];
    private int size;

    private int slot(Value v) {
        int mask = keys.length - 1;
        // Values' hashes are consecutive numbers (Value#hashCode): no scrambling, neighbours stay neighbours.
        int i = v.hashCode() & mask;
        while (true) {
            Value k = keys[i];
            if (k == null || k == v) return i;
            i = (i + 1) & mask;
        }
    }

    /** {@return the number given to {@code v} (-1 when it has a name), or {@link #ABSENT}} */
    int id(Value v) {
        int i = slot(v);
        return keys[i] == null ? ABSENT : ids[i];
    }

    boolean contains(Value v) {
        return keys[slot(v)] != null;
    }

    /** {@return the name given to {@code v}, or null} */
    String name(Value v) {
        int i = slot(v);
        return keys[i] == null ? null : names[i];
    }

    /** Gives {@code v} the number {@code id}, or (id -1) the name {@code name}. */
    void put(Value v, int id, String name) {
        int i = slot(v);
        if (keys[i] == null) {
            if (2 * (size + 1) > keys.length) {
                grow();
                i = slot(v);
            }
            keys[i] = v;
            size++;
        }
        ids[i] = id;
        names[i] = name;
    }

    private void grow() {
        Value[] oldKeys = keys;
        int[] oldIds = ids;
        String[] oldNames = names;
        keys = new Value[oldKeys.length * 4]; // few rehashes for the tens of thousands of values of large modules
        ids = new int[keys.length];
        names = new String[keys.length];
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] == null) continue;
            int i = slot(oldKeys[j]);
            keys[i] = oldKeys[j];
            ids[i] = oldIds[j];
            names[i] = oldNames[j];
        }
    }
}
