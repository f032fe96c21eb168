package org.stablehlo4j.fuzz;

import org.stablehlo4j.testing.LossyPrettyForms;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.compat.legalize.PortableArtifacts;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.verify.Verifier;

/**
 * The two fuzz targets. Each either returns (the input was accepted and everything it produced checked out) or
 * throws {@link DiagnosticException} (the input was rejected with our typed diagnostic). Anything else thrown is
 * a finding: an exception or error inside the library, or a {@link RoundTripFailure} when a verified module's
 * printed text does not parse back to the same text.
 */
public final class Harness {
    private static final PrintOptions GENERIC = new PrintOptions(true, false, false);

    private Harness() {}

    /** A verified module whose printed form is not a fixed point of parse and print. */
    public static final class RoundTripFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RoundTripFailure(String message, Throwable cause) {
            super(message, cause, false, true);
        }
    }

    /** Which of the two targets. */
    public enum Target {
        /** text → parse → verify → print (pretty and generic) → re-parse → print: a fixed point */
        TEXT,
        /** bytecode → deserialize (read + legalize, as stablehlo-translate --deserialize) → print → verify → re-parse */
        BYTECODE
    }

    public static void run(Target target, Context context, byte[] input) throws DiagnosticException {
        if (target == Target.TEXT) text(context, new String(input, java.nio.charset.StandardCharsets.UTF_8));
        else bytecode(context, input);
    }

    /** The text target. */
    public static void text(Context context, String text) throws DiagnosticException {
        ModuleOp module = AsmParser.parse(context, text, ParseOptions.of("fuzz.mlir"));
        Verifier.verify(context, module);
        checkPrintsBack(context, module);
    }

    /** The bytecode target. */
    public static void bytecode(Context context, byte[] data) throws DiagnosticException {
        if (!BytecodeReader.isBytecode(data)) return; // the deserializer would read it as text: the other target
        ModuleOp module = PortableArtifacts.deserializePortableArtifact(context, data, "fuzz.mlir.bc");
        // Whatever the reader accepted must print, verified or not (the printer falls back to the generic form).
        AsmPrinter.print(context, module, PrintOptions.DEFAULT);
        AsmPrinter.print(context, module, GENERIC);
        Verifier.verify(context, module);
        checkPrintsBack(context, module);
    }

    /**
     * Pretty and generic prints of a verified module parse back, and print the same again; the pretty print only
     * when it keeps every type (not so for the ops of {@link LossyPrettyForms}, printed as upstream does).
     */
    static void checkPrintsBack(Context context, ModuleOp module) {
        boolean lossy = LossyPrettyForms.contains(module.op());
        for (PrintOptions options : new PrintOptions[] {PrintOptions.DEFAULT, GENERIC}) {
            if (lossy && !options.generic()) continue;
            String first = AsmPrinter.print(context, module, options);
            String second;
            try {
                ModuleOp again = AsmParser.parse(context, first, ParseOptions.of("printed.mlir"));
                Verifier.verify(context, again);
                second = AsmPrinter.print(context, again, options);
            } catch (DiagnosticException e) {
                throw new RoundTripFailure((options.generic() ? "generic" : "pretty") + " print does not parse back: "
                        + e.diagnostics().get(0).message() + "\n--- printed:\n" + first, e);
            }
            if (!first.equals(second)) {
                throw new RoundTripFailure((options.generic() ? "generic" : "pretty")
                        + " print is not a fixed point\n--- first:\n" + first + "\n--- second:\n" + second, null);
            }
        }
    }
}
