package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Builtin dictionary {@code {a = 1, b}}. As in MLIR, entries are kept sorted by name (byte order of the
 * UTF-8 name, which for the names MLIR allows equals {@link String#compareTo}) and names are unique.
 */
public final class DictionaryAttr implements Attribute {
    /** The empty dictionary. */
    public static final DictionaryAttr EMPTY = new DictionaryAttr(List.of());

    private final List<NamedAttribute> entries;

    private DictionaryAttr(List<NamedAttribute> sorted) {
        this.entries = sorted;
    }

    /** Whether the names strictly ascend (the common case: entries taken from another dictionary). */
    private static boolean sortedAndUnique(List<NamedAttribute> entries) {
        String prev = null;
        for (int i = 0, n = entries.size(); i < n; i++) {
            String name = entries.get(i).name();
            if (prev != null && prev.compareTo(name) >= 0) return false;
            prev = name;
        }
        return true;
    }

    /**
     * Builds a dictionary, sorting the entries; a later duplicate name replaces an earlier one.
     *
     * @param entries the entries, in any order
     * @return the dictionary
     */
    public static DictionaryAttr of(List<NamedAttribute> entries) {
        if (entries.isEmpty()) return EMPTY;
        if (sortedAndUnique(entries)) return new DictionaryAttr(List.copyOf(entries));
        List<NamedAttribute> list = new ArrayList<>(entries);
        list.sort(Comparator.comparing(NamedAttribute::name));
        List<NamedAttribute> out = new ArrayList<>(list.size());
        for (NamedAttribute na : list) {
            if (!out.isEmpty() && out.get(out.size() - 1).name().equals(na.name())) {
                out.set(out.size() - 1, na);
            } else {
                out.add(na);
            }
        }
        return new DictionaryAttr(List.copyOf(out));
    }

    /** {@return the entries, sorted by name} */
    public List<NamedAttribute> entries() { return entries; }
    /** {@return whether there is no entry} */
    public boolean isEmpty() { return entries.isEmpty(); }
    /** {@return the number of entries} */
    public int size() { return entries.size(); }

    /**
     * The value named {@code name}, or null.
     *
     * @param name the entry's name
     * @return the value, or null
     */
    public Attribute get(String name) {
        int lo = 0, hi = entries.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = entries.get(mid).name().compareTo(name);
            if (c == 0) return entries.get(mid).value();
            if (c < 0) lo = mid + 1; else hi = mid - 1;
        }
        return null;
    }

    /**
     * A copy with {@code name} set to {@code value} (or removed when value is null).
     *
     * @param name the entry's name
     * @param value the new value, or null to remove it
     * @return the new dictionary
     */
    public DictionaryAttr with(String name, Attribute value) {
        List<NamedAttribute> list = new ArrayList<>(entries.size() + 1);
        for (NamedAttribute na : entries) if (!na.name().equals(name)) list.add(na);
        if (value != null) list.add(new NamedAttribute(name, value));
        return of(list);
    }

    @Override public boolean equals(Object o) { return o instanceof DictionaryAttr d && entries.equals(d.entries); }
    @Override public int hashCode() { return entries.hashCode(); }
    @Override public String toString() { return "DictionaryAttr" + entries; }
}
