package org.stablehlo4j.examples;

import java.nio.file.Path;

import org.stablehlo4j.api.ArtifactInfo;
import org.stablehlo4j.api.StableHlo;

/** Describes a portable artifact (without building its IR), then reads it and prints it. */
public class ReadArtifact {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);                  // e.g. jax-samples/mlp.mlir.bc
        ArtifactInfo info = StableHlo.artifactInfo(file);
        System.out.println(info.producer() + ": " + info.totalOps() + " ops, dialects " + info.dialects());
        StableHlo api = StableHlo.create();
        System.out.print(api.print(api.deserializePortableArtifact(file)));
    }
}
