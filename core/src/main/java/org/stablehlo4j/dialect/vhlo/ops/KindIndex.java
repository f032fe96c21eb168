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
    private final Object[] byCode;
    private final String sigilPrefix;

    KindIndex(E[] rows, ToIntFunction<E> code, String sigilPrefix) {
        int maxCode = -1;
        for (E row : rows) {
            byMnemonic.put(row.mnemonic(), row);
            maxCode = Math.max(maxCode, code.applyAsInt(row));
        }
        byCode = new Object[maxCode + 1];
        for (E row : rows) {
            byCode[code.applyAsInt(row)] = row;
        }
        this.sigilPrefix = sigilPrefix;
    }

    /** The row with this bytecode code, or null. */
    @SuppressWarnings("unchecked")
    E byCode(long code) {
        return code >= 0 && code < byCode.length ? (E) byCode[(int) code] : null;
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
