package org.stablehlo4j.cli;

import org.stablehlo4j.ir.Diagnostic;

/** Receives the diagnostics a tool run produces (printed, or checked against expectations). */
public interface DiagnosticHandler {
    void handle(Diagnostic diagnostic);
}
