package org.stablehlo4j.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MainTest {
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.runGuarded(args, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void unimplementedPassesFailClearly() {
        assertEquals(1, run("opt", "--stablehlo-legalize-to-linalg", "-"));
        assertEquals("error: pass '--stablehlo-legalize-to-linalg' is not implemented in stablehlo4j\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void unknownToolAndFlag() {
        assertEquals(1, run("frobnicate"));
        assertEquals(1, run("translate", "-bogus"));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("unknown tool 'frobnicate'"), e);
        assertTrue(e.contains("stablehlo-translate: Unknown command line argument '-bogus'."), e);
    }

    @Test
    void translateNeedsATranslation() {
        assertEquals(1, run("translate", "-"));
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.startsWith("stablehlo-translate: a translation is required"), e);
    }

    @Test
    void workerThreadTurnsThrowablesIntoInternalErrors() {
        StackOverflowError deep = new StackOverflowError();
        assertEquals("error: internal error: stack overflow (input nested too deeply)\n", guarded(deep));
        assertEquals("error: internal error: out of memory (Java heap space)\n",
                guarded(new OutOfMemoryError("Java heap space")));
        assertEquals("error: internal error: java.lang.IllegalStateException: oops\n",
                guarded(new IllegalStateException("oops")));
    }

    private static String guarded(Throwable t) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int code = Main.guard(() -> {
            throw sneaky(t);
        }, new PrintStream(buf, true, StandardCharsets.UTF_8));
        assertEquals(1, code);
        return buf.toString(StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
        throw (T) t;
    }
}
