package org.stablehlo4j.asm;

import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Module;

/** Entry point: MLIR assembly text to IR. */
public final class AsmParser {
    private AsmParser() {}

    /**
     * Parses a whole buffer. Top-level ops other than a single {@code builtin.module} are wrapped into an
     * implicit module, as MLIR does.
     *
     * @throws DiagnosticException with {@code file:line:col} locations for any syntax error
     */
    public static Module parse(String text, ParseOptions options) throws DiagnosticException {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
