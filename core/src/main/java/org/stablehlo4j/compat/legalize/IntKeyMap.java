package org.stablehlo4j.compat.legalize;

/**
 * A map from positive ints to values (open addressing, linear probing): the read conversion's memos keyed by the
 * reader's entry ids, without boxing the keys or hashing the dictionaries they stand for.
 */
final class IntKeyMap<V> {
    /** The keys ({@code 0}: a free slot); the table's length is a power of two, at most half full. */
    private int[] keys = new int[16];
    private Object[] values = new Object[16];
    private int size;

    private static int slot(int key, int mask) {
        return (key * 0x9E3779B9) >>> 7 & mask;
    }

    /** The value of {@code key} (positive), or null. */
    @SuppressWarnings("unchecked")
    V get(int key) {
        int[] ks = keys;
        int mask = ks.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            int k = ks[i];
            if (k == key) return (V) values[i];
            if (k == 0) return null;
        }
    }

    /** Sets the value of {@code key} (positive) to {@code value} (not null). */
    void put(int key, V value) {
        if (key <= 0) throw new IllegalArgumentException("key " + key);
        if (2 * (size + 1) > keys.length) grow();
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != 0 && keys[i] != key) i = (i + 1) & mask;
        if (keys[i] == 0) size++;
        keys[i] = key;
        values[i] = value;
    }

    int size() { return size; }

    private void grow() {
        int[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new int[oldKeys.length * 2];
        values = new Object[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            int k = oldKeys[j];
            if (k == 0) continue;
            int i = slot(k, mask);
            while (keys[i] != 0) i = (i + 1) & mask;
            keys[i] = k;
            values[i] = oldValues[j];
        }
    }
}
