package org.stablehlo4j;

import org.stablehlo4j.init.AllDialects;
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

    /** A new context with every dialect, for tests that must not share one. */
    public static Context fresh() {
        return AllDialects.newContext();
    }

    /** Every pass. */
    public static PassRegistry passes() {
        return AllPasses.registry();
    }
}
