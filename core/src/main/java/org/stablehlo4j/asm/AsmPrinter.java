package org.stablehlo4j.asm;

import org.stablehlo4j.ir.Module;

/** Entry point: IR to MLIR assembly text exactly as upstream's stablehlo-opt prints it. */
public final class AsmPrinter {
    private AsmPrinter() {}

    /** Prints the module, followed by a newline, including alias and resource sections. */
    public static String print(Module module, PrintOptions options) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
