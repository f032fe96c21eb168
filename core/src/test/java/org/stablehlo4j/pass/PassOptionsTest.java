package org.stablehlo4j.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PassOptionsTest {
    private static final Set<String> KNOWN = Set.of("op-names", "version", "flag");

    @Test
    void readsKeyValuePairsListsAndBareFlags() {
        PassOptions o = PassOptions.parse("p", "op-names=a.b,c.d  version=3 flag", KNOWN);
        assertEquals(List.of("a.b", "c.d"), o.list("op-names"));
        assertEquals(3, o.int32("version", 0));
        assertTrue(o.bool("flag", false));
        o = PassOptions.parse("p", "op-names='a.b, c.d' version=-1", KNOWN);
        assertEquals(List.of("a.b", "c.d"), o.list("op-names"));
        assertEquals(-1, o.int32("version", 0));
        assertFalse(o.bool("flag", false), "the default when absent");
        assertEquals(List.of("x", "y"), PassOptions.parse("p", "op-names={x,y}", KNOWN).list("op-names"));
        assertEquals(List.of(), PassOptions.parse("p", "", KNOWN).list("op-names"));
    }

    @Test
    void unknownOptionsAndBadValuesAreClearErrors() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PassOptions.parse("p", "op-names=a.b, c.d", KNOWN));
        assertTrue(e.getMessage().contains("unknown option 'c.d'"), "a space ends a value: " + e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PassOptions.parse("p", "versoin=1", KNOWN));
        assertEquals("pass 'p': unknown option 'versoin' (known options: flag, op-names, version)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> PassOptions.parse("p", "version=1x", KNOWN).int32("version", 0));
        assertEquals("pass 'p': invalid value '1x' for option 'version'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> PassOptions.parse("p", "version=99999999999", KNOWN).int32("version", 0));
        assertTrue(e.getMessage().contains("invalid value"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> PassOptions.parse("p", "flag=maybe", KNOWN).bool("flag", false));
        assertEquals("pass 'p': invalid value 'maybe' for option 'flag'", e.getMessage());
    }
}
