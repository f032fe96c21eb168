package org.stablehlo4j.compat.legalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The int-keyed memo answers as a {@link HashMap} does, through growth and colliding keys. */
class IntKeyMapTest {
    @Test
    void answersAsAHashMap() {
        IntKeyMap<String> map = new IntKeyMap<>();
        Map<Integer, String> expected = new HashMap<>();
        Random random = new Random(15);
        for (int n = 0; n < 5000; n++) {
            // Small keys (dense ids, as the reader gives) and keys that differ only in high bits.
            int key = n % 3 == 0 ? 1 + random.nextInt(2000) : (1 + random.nextInt(64)) << (8 + random.nextInt(16));
            String value = "v" + n;
            map.put(key, value);
            expected.put(key, value);
        }
        assertEquals(expected.size(), map.size());
        for (Map.Entry<Integer, String> e : expected.entrySet()) assertEquals(e.getValue(), map.get(e.getKey()));
        for (int key = 1; key < 3000; key++) assertEquals(expected.get(key), map.get(key));
        assertNull(new IntKeyMap<String>().get(7));
        assertThrows(IllegalArgumentException.class, () -> map.put(0, "x"));
    }
}
