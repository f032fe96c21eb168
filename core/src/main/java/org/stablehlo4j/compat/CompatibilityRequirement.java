package org.stablehlo4j.compat;

import org.stablehlo4j.dialect.vhlo.version.Version;

/**
 * How far back a portable artifact must stay readable, mirroring upstream's
 * {@code vhlo::Version::CompatibilityRequirement} (stablehlo/dialect/Version.h, 1.20.0). Each value is a minimum
 * requirement; the concrete versions are upstream's anchors in {@code Version::fromCompatibilityRequirement}.
 */
public enum CompatibilityRequirement {
    /** No requirement: the current version. */
    NONE(Version.current()),
    /** At least about a month old: upstream anchors 1.18.0. */
    WEEK_4(new Version(1, 18, 0)),
    /** At least about three months old: upstream anchors 1.16.2 (a patch release; the opset is 1.16.0). */
    WEEK_12(new Version(1, 16, 2)),
    /** Maximum compatibility: the minimum supported version. */
    MAX(Version.minimum());

    private final Version version;

    CompatibilityRequirement(Version version) {
        this.version = version;
    }

    /**
     * The target version to serialize with for this requirement.
     *
     * @return the version
     */
    public Version version() {
        return version;
    }
}
