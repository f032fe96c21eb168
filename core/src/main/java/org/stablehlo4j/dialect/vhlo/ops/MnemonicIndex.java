package org.stablehlo4j.dialect.vhlo.ops;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Lookup of table rows by mnemonic, accepting the sigil-and-dialect prefix or a bare {@code vhlo.} too. */
final class MnemonicIndex<E extends VersionedKind> {
    private final Map<String, E> byMnemonic = new HashMap<>();
    private final String sigilPrefix;

    MnemonicIndex(E[] rows, String sigilPrefix) {
        for (E row : rows) {
            byMnemonic.put(row.mnemonic(), row);
        }
        this.sigilPrefix = sigilPrefix;
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
