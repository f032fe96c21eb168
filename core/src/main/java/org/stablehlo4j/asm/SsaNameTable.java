package org.stablehlo4j.asm;

import org.stablehlo4j.ir.Value;

/**
 * The parser's SSA names of one isolated-from-above scope, keyed by the characters of the name ({@code %x}, sigil
 * included) where they stand in the source: a name is looked up from its token's span without making a String.
 * Open addressing over one array of {@link Slot}s; a slot holds the key span, the values by result number and
 * where each was defined (or first used, for a forward reference). A name removed at the end of its region keeps
 * its slot, marked empty, and is reused if the name comes back.
 */
final class SsaNameTable {
    /** One SSA name: its key span and its values by result number (number 0 inline, the rest in arrays). */
    static final class Slot {
        final char[] src;
        final int off;
        final int len;
        final int hash;
        /** Number of result numbers in use; 0 when the name is not defined (absent or removed). */
        int count;
        Value v0;
        int o0;
        /** Values and offsets of result numbers 1.. (index number - 1), or null. */
        Value[] more;
        int[] moreOff;

        Slot(char[] src, int off, int len, int hash) {
            this.src = src;
            this.off = off;
            this.len = len;
            this.hash = hash;
        }

        Value value(int number) {
            if (number == 0) return v0;
            return more == null || number - 1 >= more.length ? null : more[number - 1];
        }

        int offset(int number) { return number == 0 ? o0 : moreOff[number - 1]; }

        void set(int number, Value v, int offset) {
            if (number == 0) {
                v0 = v;
                o0 = offset;
            } else {
                more[number - 1] = v;
                moreOff[number - 1] = offset;
            }
        }

        /** Makes room for result number {@code number}. */
        void grow(int number) {
            if (number < count) return;
            if (number > 0) {
                if (more == null) {
                    more = new Value[number];
                    moreOff = new int[number];
                } else if (more.length < number) {
                    more = java.util.Arrays.copyOf(more, number);
                    moreOff = java.util.Arrays.copyOf(moreOff, number);
                }
            }
            count = number + 1;
        }

        /** Forgets the values: the name is undefined again. */
        void clear() {
            count = 0;
            v0 = null;
            more = null;
            moreOff = null;
        }

        private boolean matches(char[] s, int o, int l) {
            if (l != len) return false;
            for (int i = 0; i < l; i++) if (src[off + i] != s[o + i]) return false;
            return true;
        }

        private boolean matches(String s) {
            if (s.length() != len) return false;
            for (int i = 0; i < len; i++) if (src[off + i] != s.charAt(i)) return false;
            return true;
        }
    }

    private Slot[] slots = new Slot[256];
    /** The hash of each slot's key, side by side: most probes then compare an int without reading the slot. */
    private int[] hashes = new int[256];
    private int size;

    /** {@return the slot of the name spelled by {@code len} characters at {@code off} of {@code s}, or null} */
    Slot find(char[] s, int off, int len, int hash) {
        int mask = slots.length - 1;
        for (int i = SpanTable.spread(hash) & mask; ; i = (i + 1) & mask) {
            Slot k = slots[i];
            if (k == null) return null;
            if (hashes[i] == hash && k.matches(s, off, len)) return k;
        }
    }

    /** {@return the slot of {@code name}, or null} */
    Slot find(String name) {
        int hash = name.hashCode();
        int mask = slots.length - 1;
        for (int i = SpanTable.spread(hash) & mask; ; i = (i + 1) & mask) {
            Slot k = slots[i];
            if (k == null) return null;
            if (hashes[i] == hash && k.matches(name)) return k;
        }
    }

    /** {@return the slot of the name at the span, made (empty) if there is none; the span must stay unchanged} */
    Slot add(char[] s, int off, int len, int hash) {
        Slot found = find(s, off, len, hash);
        if (found != null) return found;
        if (2 * (size + 1) > slots.length) grow();
        Slot slot = new Slot(s, off, len, hash);
        int mask = slots.length - 1;
        int i = SpanTable.spread(hash) & mask;
        while (slots[i] != null) i = (i + 1) & mask;
        slots[i] = slot;
        hashes[i] = hash;
        size++;
        return slot;
    }

    private void grow() {
        Slot[] old = slots;
        int[] oldHashes = hashes;
        slots = new Slot[old.length * 2];
        hashes = new int[slots.length];
        int mask = slots.length - 1;
        for (int j = 0; j < old.length; j++) {
            Slot k = old[j];
            if (k == null) continue;
            int h = oldHashes[j];
            int i = SpanTable.spread(h) & mask;
            while (slots[i] != null) i = (i + 1) & mask;
            slots[i] = k;
            hashes[i] = h;
        }
    }
}
