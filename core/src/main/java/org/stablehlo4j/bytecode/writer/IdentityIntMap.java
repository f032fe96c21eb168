package org.stablehlo4j.bytecode.writer;

/**
 * Objects (by identity) to non-negative ints: open addressing with linear probing over a key array and a
 * parallel primitive value array, sized for the expected count up front (no boxing, no rehash in the common
 * case). The writer numbers ops and blocks with it; everything else is indexed by those numbers.
 */
final class IdentityIntMap {
    private Object[] keys;
    private int[] values;
    private int mask;
    private int size;

    IdentityIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(8, expected) * 2 - 1) << 1;
        keys = new Object[cap];
        values = new int[cap];
        mask = cap - 1;
    }

    private static int slot(Object k, int mask) {
        int h = System.identityHashCode(k) * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    /** Maps {@code key} to {@code value} (replacing an earlier mapping). */
    void put(Object key, int value) {
        if ((size + 1) * 2 > keys.length) grow();
        int i = slot(key, mask);
        while (true) {
            Object k = keys[i];
            if (k == null) {
                keys[i] = key;
                values[i] = value;
                size++;
                return;
            }
            if (k == key) {
                values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /** {@return the value of {@code key}, or -1 if it has none} */
    int get(Object key) {
        int i = slot(key, mask);
        while (true) {
            Object k = keys[i];
            if (k == key) return values[i];
            if (k == null) return -1;
            i = (i + 1) & mask;
        }
    }

    private void grow() {
        Object[] oldKeys = keys;
        int[] oldValues = values;
        keys = new Object[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) if (oldKeys[i] != null) put(oldKeys[i], oldValues[i]);
    }
}
