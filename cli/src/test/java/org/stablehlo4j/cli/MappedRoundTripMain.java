package org.stablehlo4j.cli;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.stablehlo4j.compat.legalize.PortableArtifacts;
import org.stablehlo4j.init.AllDialects;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Run in a small-heap JVM by {@link MappedConstantsTest}: deserializes the artifact {@code args[0]} (memory-mapped)
 * and serializes it again to {@code args[1]} at the current version, streamed.
 */
public final class MappedRoundTripMain {
    private MappedRoundTripMain() {}

    public static void main(String[] args) throws Exception {
        Context ctx = AllDialects.newContext();
        ModuleOp m = PortableArtifacts.deserializePortableArtifact(ctx, Path.of(args[0]));
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(Path.of(args[1])))) {
            PortableArtifacts.serializePortableArtifact(ctx, m, "current", false, out);
        }
    }
}
