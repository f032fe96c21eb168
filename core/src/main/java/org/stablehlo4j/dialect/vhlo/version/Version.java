package org.stablehlo4j.dialect.vhlo.version;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A StableHLO / VHLO version {@code major.minor.patch}, ordered lexicographically; two versions are equal when
 * their components are.
 *
 * <p>Semantics follow openxla/stablehlo {@code stablehlo/dialect/Version.{h,cpp}} at StableHLO 1.20.0:
 * <ul>
 *   <li>only the exact form {@code #.#.#} (decimal digits, no sign, no spaces) is accepted;</li>
 *   <li>the supported window is [{@link #minimum()}, {@link #current()}] = [0.9.0, 1.20.0];</li>
 *   <li>an opset change always bumps the minor version, so legality checks use the version with its patch
 *       set to zero ({@link #opset()}); the producer string of a portable artifact keeps the patch as given.</li>
 * </ul>
 */
public record Version(long major, long minor, long patch) implements Comparable<Version> {
    private static final Version CURRENT = new Version(1, 20, 0);
    private static final Version MINIMUM = new Version(0, 9, 0);

    /**
     * Keyword accepted in place of a version by {@code stablehlo-translate --serialize --target=current}
     * (upstream StablehloTranslateMain.cpp). The {@code vhlo-to-version} pass itself accepts no keyword.
     */
    public static final String CURRENT_KEYWORD = "current";
    /** Our own convenience keyword for the minimum supported version; upstream tools do not accept it. */
    public static final String MINIMUM_KEYWORD = "minimum";

    /**
     * Bytecode format boundaries from upstream {@code Version::getBytecodeVersion}: each row is
     * {first StableHLO version (inclusive) as major, minor, patch, MLIR bytecode format version written}.
     */
    private static final long[][] BYTECODE_FORMATS = {
        {0, 9, 0, 0},
        {0, 10, 0, 1},
        {0, 12, 0, 3},
        {0, 14, 0, 4}, // upstream revised this from 5 to 4 (stablehlo PR #1827)
        {0, 15, 0, 6},
    };

    /**
     * Opset versions that were released as {@code X.Y.0} (upstream tags v0.9.0 ... v1.20.0). 1.17.0 was never a
     * release: the current version went from 1.16.4 straight to 1.18.0 (upstream commit c2ceaecc9), although
     * 1.17.0 is still a valid target inside the window and a boundary of some op versions.
     */
    private static final List<Version> RELEASES;

    static {
        List<Version> releases = new ArrayList<>();
        for (int minor = 9; minor <= 20; minor++) {
            releases.add(new Version(0, minor, 0));
        }
        for (int minor = 0; minor <= 20; minor++) {
            if (minor != 17) {
                releases.add(new Version(1, minor, 0));
            }
        }
        RELEASES = Collections.unmodifiableList(releases);
    }

    public Version {
        if (major < 0 || minor < 0 || patch < 0) {
            throw new IllegalArgumentException("version components must be non-negative: "
                    + major + "." + minor + "." + patch);
        }
    }

    /** The current VHLO / StableHLO version, 1.20.0. */
    public static Version current() {
        return CURRENT;
    }

    /** The minimum supported version, 0.9.0. */
    public static Version minimum() {
        return MINIMUM;
    }

    /** The released opset versions {@code X.Y.0} in increasing order (see the field comment for 1.17.0). */
    public static List<Version> releases() {
        return RELEASES;
    }

    /**
     * Parses exactly {@code #.#.#} like upstream {@code Version::fromString}; empty if the text has another
     * form or a component does not fit in a signed 64-bit integer.
     */
    public static Optional<Version> tryParse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        long[] parts = new long[3];
        int part = 0;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            boolean end = i == text.length();
            char c = end ? '.' : text.charAt(i);
            if (c == '.') {
                if (i == start || part > 2) {
                    return Optional.empty();
                }
                try {
                    parts[part++] = Long.parseLong(text.substring(start, i));
                } catch (NumberFormatException e) {
                    return Optional.empty(); // too large for int64
                }
                start = i + 1;
            } else if (c < '0' || c > '9') {
                return Optional.empty();
            }
        }
        if (part != 3) {
            return Optional.empty();
        }
        return Optional.of(new Version(parts[0], parts[1], parts[2]));
    }

    /** Like {@link #tryParse} but throws {@link VersionException} with upstream's wording for a bad string. */
    public static Version parse(String text) {
        return tryParse(text).orElseThrow(() -> new VersionException(formatError(text)));
    }

    /**
     * Validates a {@code --vhlo-to-version='target=...'} option exactly as upstream's VhloToVersion pass does
     * and returns the opset to convert to (patch zeroed). Error messages match upstream's, e.g.
     * {@code target version 0.0.0 is less than minimum supported 0.9.0}.
     *
     * @throws VersionException if the string is empty, malformed or outside [minimum, current]
     */
    public static Version validateTarget(String text) {
        Version target = parse(text);
        target.checkSupported();
        return target.opset();
    }

    /**
     * Resolves a serialization target as {@code stablehlo-translate --serialize --target=...} does: the keyword
     * {@code current} stands for {@link #current()}; as an extension of ours, {@code minimum} stands for
     * {@link #minimum()}. The result keeps its patch (it names the producer {@code StableHLO_vX.Y.Z}) and has
     * been checked to lie inside the supported window.
     */
    public static Version resolveSerializationTarget(String text) {
        Version target;
        if (CURRENT_KEYWORD.equals(text)) {
            target = CURRENT;
        } else if (MINIMUM_KEYWORD.equals(text)) {
            target = MINIMUM;
        } else {
            target = parse(text);
        }
        target.checkSupported();
        return target;
    }

    private static String formatError(String text) {
        if (text == null || text.isEmpty()) {
            return "No target version specified.\nTarget version must be of the form `#.#.#`.";
        }
        return "Invalid target version argument '" + text + "'\nTarget version must be of the form `#.#.#`.";
    }

    /** Throws {@link VersionException} with upstream's message if this is outside [minimum, current]. */
    public void checkSupported() {
        if (compareTo(MINIMUM) < 0) {
            throw new VersionException("target version " + this + " is less than minimum supported " + MINIMUM);
        }
        if (CURRENT.compareTo(this) < 0) {
            throw new VersionException("target version " + this + " is greater than current version " + CURRENT);
        }
    }

    /** Whether this lies inside [minimum, current]. */
    public boolean isSupported() {
        return compareTo(MINIMUM) >= 0 && compareTo(CURRENT) <= 0;
    }

    /** This version with the patch set to zero: the opset that op/type/attribute legality is checked against. */
    public Version opset() {
        return patch == 0 ? this : new Version(major, minor, 0);
    }

    /**
     * The MLIR bytecode format version a portable artifact targeting this version is written with, or empty if
     * this is outside [minimum, current] (upstream {@code Version::getBytecodeVersion}).
     */
    public OptionalInt bytecodeVersion() {
        if (!isSupported()) {
            return OptionalInt.empty();
        }
        int format = -1;
        for (long[] row : BYTECODE_FORMATS) {
            if (compareTo(new Version(row[0], row[1], row[2])) >= 0) {
                format = (int) row[3];
            }
        }
        return OptionalInt.of(format);
    }

    /** The producer string written into a portable artifact for this target: {@code StableHLO_v1.20.0}. */
    public String producerString() {
        return "StableHLO_v" + this;
    }

    public boolean isBefore(Version other) {
        return compareTo(other) < 0;
    }

    public boolean isAtMost(Version other) {
        return compareTo(other) <= 0;
    }

    /** The smaller of two versions. */
    public static Version min(Version a, Version b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    @Override
    public int compareTo(Version o) {
        int c = Long.compare(major, o.major);
        if (c == 0) {
            c = Long.compare(minor, o.minor);
        }
        if (c == 0) {
            c = Long.compare(patch, o.patch);
        }
        return c;
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
