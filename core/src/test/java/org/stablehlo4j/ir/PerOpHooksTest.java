package org.stablehlo4j.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.dialect.stablehlo.ops.StablehloOpHooks;

/** Code given per op ({@link DialectOpTable#withHooksPerOp}): attached on first use, once, with the same checks. */
class PerOpHooksTest {
    private static final OpVerifier NOTHING = op -> { };

    private static DialectOpTable rows() {
        return OpTable.define("t", t -> {
            t.op("a");
            t.op("b");
            t.op("c").infers();
        });
    }

    @Test
    void attachesEachOpOnceWhenFirstAskedFor() {
        List<String> asked = new ArrayList<>();
        DialectOpTable table = rows().withHooksPerOp((m, h) -> {
            asked.add(m);
            if (m.equals("a")) h.verifier(NOTHING);
            if (m.equals("c")) h.inferTypes(op -> List.of());
        });
        assertEquals(List.of(), asked);
        OpDefinition a = table.spec("t.a");
        assertSame(NOTHING, a.verifier());
        assertSame(a, table.spec("t.a"));
        assertEquals(List.of("a"), asked);
        assertNull(table.spec("t.missing"));
        assertEquals(3, table.all().size());
        assertEquals(List.of("a", "b", "c"), asked);
        assertNull(table.spec("t.b").verifier());
    }

    @Test
    void aPieceGivenTwiceIsAnError() {
        DialectOpTable table = rows().withHooksPerOp((m, h) -> h.verifier(NOTHING).verifier(NOTHING));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.spec("t.a"));
        assertTrue(e.getMessage().contains("t.a: verifier given twice"), e.getMessage());
    }

    @Test
    void aDeclaredInferenceMustBeGiven() {
        DialectOpTable table = rows().withHooksPerOp((m, h) -> { });
        assertNotNull(table.spec("t.a"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> table.spec("t.c"));
        assertTrue(e.getMessage().contains("declares a result type inference"), e.getMessage());
    }

    @Test
    void everyStablehloRowAttachesItsCode() {
        int withCode = 0;
        for (OpDefinition d : StablehloOpHooks.TABLE.all()) {
            assertSame(d, StablehloOpHooks.TABLE.spec(d.name()));
            if (d.verifier() != null || d.inferTypes() != null || d.folder() != null) withCode++;
        }
        assertTrue(withCode > 100, "ops with code: " + withCode);
    }
}
