package org.stablehlo4j.pass;

import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Module;

/**
 * A transformation over a whole module, as named on the command line of {@code stablehlo-opt}
 * ({@code --NAME} or {@code --NAME=OPTIONS}). A pass reports failures through diagnostics.
 */
public interface Pass {
    /** The command-line name, without dashes (e.g. {@code strip-debuginfo}). */
    String name();

    /** Transforms {@code module} in place. */
    void run(Module module) throws DiagnosticException;
}
