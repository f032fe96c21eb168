package org.stablehlo4j.asm;

/**
 * Options for {@link AsmPrinter}, mirroring MLIR's printing flags.
 *
 * @param generic    {@code --mlir-print-op-generic}
 * @param debugInfo  {@code --mlir-print-debuginfo}
 * @param localScope {@code --mlir-print-local-scope} (no aliases, locations inline)
 */
public record PrintOptions(boolean generic, boolean debugInfo, boolean localScope) {
    /** Pretty forms, no locations, aliases. */
    public static final PrintOptions DEFAULT = new PrintOptions(false, false, false);
}
