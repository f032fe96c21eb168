package org.stablehlo4j.asm;

/**
 * Options for {@link AsmParser}.
 *
 * @param bufferName             file name used in diagnostics and {@code loc("file":l:c)} defaults
 * @param firstLine              line number of the first line of the text (for split-input-file chunks)
 * @param allowUnregisteredDialect accept ops of dialects that are not registered
 */
public record ParseOptions(String bufferName, int firstLine, boolean allowUnregisteredDialect) {
    /**
     * Options for buffer {@code bufferName}, starting at line 1, registered dialects only.
     *
     * @param bufferName the file name for diagnostics
     * @return the options
     */
    public static ParseOptions of(String bufferName) {
        return new ParseOptions(bufferName, 1, false);
    }
}
