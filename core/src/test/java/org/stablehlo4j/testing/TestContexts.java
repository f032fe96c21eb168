package org.stablehlo4j.testing;

import org.stablehlo4j.init.AllDialects;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.init.AllPasses;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.pass.PassRegistry;

/** Where tests get their {@link Context}: the dialects of {@code stablehlo-opt}, from {@link AllDialects}. */
public final class TestContexts {
    private static volatile Context standard;

    private TestContexts() {}

    /** One shared context with every dialect (loaded lazily); contexts are safe for concurrent readers. */
    public static Context standard() {
        Context c = standard;
        if (c == null) {
            synchronized (TestContexts.class) {
                if (standard == null) standard = AllDialects.newContext();
                c = standard;
            }
        }
        return c;
    }

    private static final Context ALLOWING_UNREGISTERED = AllDialects.newContext().allowUnregisteredDialects(true);

    /** A shared context with every dialect that also accepts ops of unregistered dialects (test.*). */
    public static Context allowingUnregistered() {
        return ALLOWING_UNREGISTERED;
    }

    /** A new context with every dialect, for tests that must not share one. */
    public static Context fresh() {
        return AllDialects.newContext();
    }

    /**
     * Parses {@code text} (ops of unregistered dialects allowed), runs {@code pass} on it with non-fatal
     * diagnostics dropped, and prints the result in the default (pretty) form.
     */
    public static String runPass(Pass pass, String text) throws Exception {
        ModuleOp m = AsmParser.parse(standard(), text,
                new ParseOptions("t.mlir", 1, true));
        pass.run(m, new PassContext(standard(), d -> { }));
        return AsmPrinter.print(standard(), m, new PrintOptions(false, false, false));
    }

    /** Every pass. */
    public static PassRegistry passes() {
        return AllPasses.registry();
    }
}
