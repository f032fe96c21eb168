package org.stablehlo4j.asm;

/**
 * A per-parse map from a span of the source text to what was built from it: a text that occurs again (an op name,
 * a type such as {@code tensor<4x8xf32>}) is looked up by its characters, without making a String, and yields
 * the object built the first time. Open addressing over parallel arrays; keys are offsets into the one character
 * buffer of the parse, which never changes.
 */
final class SpanTable<V> {
    private final char[] buf;
    private int[] offs = new int[256];
    private int[] lens = new int[256];
    private int[] hashes = new int[256];
    private Object[] values = new Object[256];
    private int size;

    SpanTable(char[] buf) { this.buf = buf; }

    /** {@return the hash of the span, as {@link String#hashCode} computes it} */
    static int hash(char[] s, int off, int len) {
        int h = 0;
        for (int i = 0; i < len; i++) h = 31 * h + s[off + i];
        return h;
    }

    /** Texts such as {@code %x1053a} hash to neighbouring values: mixed before taking the low bits. */
    static int spread(int h) {
        int x = h * 0x9E3779B9;
        return x ^ (x >>> 15);
    }

    private boolean matches(int slot, int off, int len) {
        if (lens[slot] != len) return false;
        int o = offs[slot];
        if (o == off) return true;
        char[] b = buf;
        for (int i = 0; i < len; i++) if (b[o + i] != b[off + i]) return false;
        return true;
    }

    /** {@return the value stored for the text equal to the span, or null} */
    @SuppressWarnings("unchecked")
    V get(int off, int len, int hash) {
        int mask = values.length - 1;
        for (int i = spread(hash) & mask; ; i = (i + 1) & mask) {
            Object v = values[i];
            if (v == null) return null;
            if (hashes[i] == hash && matches(i, off, len)) return (V) v;
        }
    }

    /** Stores {@code value} (not null) for the text of the span, which has no entry yet. */
    void put(int off, int len, int hash, V value) {
        if (2 * (size + 1) > values.length) grow();
        insert(off, len, hash, value);
        size++;
    }

    private void insert(int off, int len, int hash, Object value) {
        int mask = values.length - 1;
        int i = spread(hash) & mask;
        while (values[i] != null) i = (i + 1) & mask;
        offs[i] = off;
        lens[i] = len;
        hashes[i] = hash;
        values[i] = value;
    }

    private void grow() {
        int[] oOffs = offs;
        int[] oLens = lens;
        int[] oHashes = hashes;
        Object[] oValues = values;
        int n = oValues.length * 2;
        offs = new int[n];
        lens = new int[n];
        hashes = new int[n];
        values = new Object[n];
        for (int j = 0; j < oValues.length; j++) {
            if (oValues[j] != null) insert(oOffs[j], oLens[j], oHashes[j], oValues[j]);
        }
    }
}
