package org.stablehlo4j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.ir.ModuleOp;

/** Assertions about writing portable artifacts shared by the api tests. */
public final class ArtifactAssertions {
    private ArtifactAssertions() {
    }

    /**
     * Asserts that serializing {@code m} for {@code version} (verifying it) fails without writing a byte, and
     * returns the failure's message.
     */
    public static String refusedWithoutWriting(StableHlo api, ModuleOp m, String version) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StableHloException e = assertThrows(StableHloException.class,
                () -> api.serializePortableArtifact(m, version, false, out));
        assertEquals(0, out.size(), "bytes written for a refused module");
        return e.getMessage();
    }
}
