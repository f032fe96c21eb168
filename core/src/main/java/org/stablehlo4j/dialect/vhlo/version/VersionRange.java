package org.stablehlo4j.dialect.vhlo.version;

import java.util.Objects;

/**
 * The inclusive range of versions in which a versioned VHLO op, type or attribute exists. A {@code null} upper
 * bound means "current": the range follows {@link Version#current()} (upstream writes {@code "current"}).
 */
public record VersionRange(Version min, Version max) {
    public VersionRange {
        Objects.requireNonNull(min, "min");
        if (max != null && max.compareTo(min) < 0) {
            throw new IllegalArgumentException("empty version range " + min + " .. " + max);
        }
    }

    /** Parses bounds written as in upstream's ODS: {@code "0.9.0"} and {@code "current"} or a version. */
    public static VersionRange of(String min, String max) {
        return new VersionRange(Version.parse(min), Version.CURRENT_KEYWORD.equals(max) ? null : Version.parse(max));
    }

    /** The effective upper bound. */
    public Version maxOrCurrent() {
        return max == null ? Version.current() : max;
    }

    public boolean isOpenEnded() {
        return max == null;
    }

    /**
     * Whether something with this range is legal when targeting {@code target}: as upstream's
     * {@code isLegalVersion}, {@code min <= target <= max}, where the target is first reduced to its opset
     * (patch zero) the way the vhlo-to-version pass does.
     */
    public boolean isValidAt(Version target) {
        Version opset = target.opset();
        return min.compareTo(opset) <= 0 && opset.compareTo(maxOrCurrent()) <= 0;
    }

    @Override
    public String toString() {
        return min + " .. " + (max == null ? Version.CURRENT_KEYWORD : max.toString());
    }
}
