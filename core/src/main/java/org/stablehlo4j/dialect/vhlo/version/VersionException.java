package org.stablehlo4j.dialect.vhlo.version;

/**
 * A version string that cannot be used: malformed, or outside the supported window. The message uses the same
 * wording as upstream's diagnostics so callers can emit it unchanged (it may span several lines).
 */
public final class VersionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public VersionException(String message) {
        super(message);
    }
}
