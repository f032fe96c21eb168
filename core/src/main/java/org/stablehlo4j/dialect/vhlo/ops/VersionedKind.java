package org.stablehlo4j.dialect.vhlo.ops;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionRange;

/** A row of a VHLO type or attribute version table: a mnemonic and the versions it is legal in. */
public interface VersionedKind {
    /** The mnemonic, e.g. {@code f32_v1} or {@code integer_v1}. */
    String mnemonic();

    VersionRange versions();

    /** Whether this is legal when targeting {@code target} (patch ignored). */
    default boolean isValidAt(Version target) {
        return versions().isValidAt(target);
    }
}
