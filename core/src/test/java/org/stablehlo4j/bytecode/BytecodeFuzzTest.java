package org.stablehlo4j.bytecode;

import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Feeds truncated and corrupted variants of every upstream artifact to the reader: each must either read or
 * fail with a {@link BytecodeException}, never with another exception (or a hang / huge allocation).
 */
class BytecodeFuzzTest {
    private static final int PREFIXES_PER_FILE = Integer.getInteger("fuzz.prefixes", 100);
    private static final int MUTANTS_PER_FILE = Integer.getInteger("fuzz.mutants", 200);

    private static void tryRead(byte[] data, String what, List<String> failures, int[] rejected) {
        try {
            BytecodeReader.read(TestContexts.standard(), data, what);
        } catch (BytecodeException e) {
            rejected[0]++;
            assertTrue(e.offset() >= 0 && e.offset() <= data.length, what + ": offset " + e.offset());
        } catch (Throwable t) {
            if (failures.size() < 20) failures.add(what + ": " + t);
        }
    }

    @Test
    void truncatedAndBitFlippedArtifactsFailCleanly() throws Exception {
        Random rnd = new Random(Long.getLong("fuzz.seed", 0x5eed));
        List<String> failures = new ArrayList<>();
        int[] rejected = {0};
        int runs = 0;
        for (Path p : BytecodeReaderTest.artifacts()) {
            byte[] data = Files.readAllBytes(p);
            String name = p.getFileName().toString();
            for (int i = 0; i < PREFIXES_PER_FILE; i++) {
                int len = i < 40 ? i : rnd.nextInt(data.length);
                byte[] prefix = java.util.Arrays.copyOf(data, len);
                tryRead(prefix, name + " prefix " + len, failures, rejected);
                runs++;
            }
            for (int i = 0; i < MUTANTS_PER_FILE; i++) {
                byte[] m = data.clone();
                int flips = 1 + rnd.nextInt(3);
                StringBuilder what = new StringBuilder(name).append(" flips");
                for (int k = 0; k < flips; k++) {
                    int pos = rnd.nextInt(m.length);
                    if (rnd.nextBoolean()) {
                        m[pos] ^= (byte) (1 << rnd.nextInt(8));
                    } else {
                        m[pos] = (byte) rnd.nextInt(256);
                    }
                    what.append(' ').append(pos);
                }
                tryRead(m, what.toString(), failures, rejected);
                runs++;
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(rejected[0] > runs / 2, "most variants must be rejected: " + rejected[0] + " of " + runs);
    }
}
