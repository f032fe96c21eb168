package org.stablehlo4j.dialect.vhlo.ops;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * Lookup of the rows of a VHLO kind table by bytecode code and by mnemonic (accepting the sigil-and-dialect
 * prefix or a bare {@code vhlo.} too).
 */
final class KindIndex<E extends VersionedKind> {
    private final Map<String, E> byMnemonic = new HashMap<>();
    /**
     * Rows by code, an array of the rows' own class ({@code E[]}): a lookup is a load without the cast to the
     * erased bound {@link VersionedKind} an {@code Object[]} would need (an interface cast, which scans the
     * class's interfaces when its one-entry cache holds another one).
     */
    private final E[] byCode;
    private final String sigilPrefix;

    KindIndex(E[] rows, ToIntFunction<E> code, String sigilPrefix) {
        int maxCode = -1;
        for (E row : rows) {
            byMnemonic.put(row.mnemonic(), row);
            maxCode = Math.max(maxCode, code.applyAsInt(row));
        }
        byCode = java.util.Arrays.copyOf(rows, maxCode + 1);
        java.util.Arrays.fill(byCode, null);
        for (E row : rows) {
            byCode[code.applyAsInt(row)] = row;
        }
        this.sigilPrefix = sigilPrefix;
    }

    /** The row with this bytecode code, or null. */
    E byCode(long code) {
        E[] rows = byCode;
        return code >= 0 && code < rows.length ? rows[(int) code] : null;
    }

    Optional<E> find(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String bare = name.startsWith(sigilPrefix) ? name.substring(sigilPrefix.length())
                : name.startsWith("vhlo.") ? name.substring("vhlo.".length()) : name;
        return Optional.ofNullable(byMnemonic.get(bare));
    }
}
