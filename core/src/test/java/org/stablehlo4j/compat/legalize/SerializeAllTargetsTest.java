package org.stablehlo4j.compat.legalize;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Property: for every versioned {@code stablehlo_legalize_to_vhlo.X_Y_Z.mlir} of the compatibility suite and every
 * released target from X.Y.Z up to the current version, serializing and deserializing gives back the same program
 * (compared as stablehlo-opt prints it, without locations).
 */
class SerializeAllTargetsTest {
    private static ModuleOp parse(String text, String name) throws DiagnosticException {
        return AsmParser.parse(TestContexts.standard(), text, ParseOptions.of(name));
    }

    @Test
    void everyFileRoundTripsAtEveryLaterTarget() throws IOException, DiagnosticException {
        Path dir = Path.of(System.getProperty("stablehlo.shared", "../shared/stablehlo"), "stablehlo/tests/vhlo");
        Assumptions.assumeTrue(Files.isDirectory(dir), "upstream corpus not found at " + dir);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().matches("stablehlo_legalize_to_vhlo\\.\\d+_\\d+_\\d+\\.mlir"))
                    .sorted().toList();
        }
        int pairs = 0;
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            Version fileVersion = Version.parse(name.replaceAll(".*\\.(\\d+)_(\\d+)_(\\d+)\\.mlir", "$1.$2.$3"));
            String text = Files.readString(f);
            String expected = AsmPrinter.print(TestContexts.standard(), parse(text, name), PrintOptions.DEFAULT);
            for (Version target : Version.releases()) {
                if (target.compareTo(fileVersion) < 0) continue;
                pairs++;
                try {
                    byte[] artifact = PortableArtifacts.serializePortableArtifact(TestContexts.standard(), parse(text, name), target.toString(),
                            false);
                    String back = AsmPrinter.print(TestContexts.standard(), PortableArtifacts.deserializePortableArtifact(TestContexts.standard(), artifact, name),
                            PrintOptions.DEFAULT);
                    if (!back.equals(expected)) failures.add(name + " @ " + target + ": program differs");
                } catch (DiagnosticException e) {
                    failures.add(name + " @ " + target + ": " + e.getMessage());
                }
            }
        }
        System.out.printf("serialize/deserialize at every later target: %d files, %d (file, target) pairs, %d failures%n",
                files.size(), pairs, failures.size());
        assertTrue(files.size() >= 32, "compat files found: " + files.size());
        assertEquals(List.of(), failures.stream().limit(20).toList());
    }
}
