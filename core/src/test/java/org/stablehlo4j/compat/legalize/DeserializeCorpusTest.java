package org.stablehlo4j.compat.legalize;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
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
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.StripDebugInfoPass;

/**
 * Upstream's round-trip check for every {@code tests/vhlo/stablehlo_legalize_to_vhlo.X_Y_Z.mlir}: the
 * deserialized {@code .mlir.bc} artifact must print exactly like the source program after strip-debuginfo
 * (both printed in generic form here, so the check does not depend on the pretty printer).
 */
class DeserializeCorpusTest {
    static Path vhloDir() {
        String shared = System.getProperty("stablehlo.shared");
        Assumptions.assumeTrue(shared != null, "stablehlo.shared not set");
        Path dir = Path.of(shared, "stablehlo", "tests", "vhlo");
        Assumptions.assumeTrue(Files.isDirectory(dir), "upstream tests absent");
        return dir;
    }

    static String generic(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, false, false));
    }

    /** Compares one artifact with its source; returns null when they match, else a description. */
    static String compare(Path mlir) throws Exception {
        Path bc = Path.of(mlir + ".bc");
        ModuleOp out;
        try {
            out = PortableArtifacts.deserializePortableArtifact(TestContexts.standard(), Files.readAllBytes(bc), bc.toString());
        } catch (DiagnosticException e) {
            return "deserialize failed: " + e.diagnostics().get(0).location() + " " + e.diagnostics().get(0).message();
        }
        ModuleOp source = AsmParser.parse(TestContexts.standard(), Files.readString(mlir, StandardCharsets.UTF_8),
                new ParseOptions(mlir.toString(), 1, false));
        new StripDebugInfoPass().run(source);
        // The pretty printer elides default-valued attributes that the generic form shows; legalizing the source
        // to VHLO and back drops them the same way upstream's deserializer does.
        source = Legalize.vhloToStablehlo(Legalize.stablehloToVhlo(source, false));
        return firstDifference(generic(source), generic(out));
    }

    /** Upstream's versioned legalization tests, {@code stablehlo_legalize_to_vhlo.X_Y_Z.mlir}, sorted. */
    static List<Path> versionedCorpus() throws java.io.IOException {
        try (Stream<Path> s = Files.list(vhloDir())) {
            List<Path> files = s.filter(p -> p.getFileName().toString()
                            .matches("stablehlo_legalize_to_vhlo\\.\\d+_\\d+_\\d+\\.mlir"))
                    .sorted().toList();
            assertTrue(files.size() >= 30, "expected the versioned corpus, found " + files.size());
            return files;
        }
    }

    /**
     * Serialization side, without the writer: the source legalized to VHLO and converted to the file's version
     * must equal the VHLO program stored in the upstream artifact. Returns null when they match.
     */
    static String compareVhlo(Path mlir) throws Exception {
        String name = mlir.getFileName().toString();
        String version = name.substring(name.indexOf('.') + 1, name.lastIndexOf('.')).replace('_', '.');
        ModuleOp source = AsmParser.parse(TestContexts.standard(), Files.readString(mlir, StandardCharsets.UTF_8),
                new ParseOptions(mlir.toString(), 1, false));
        new StripDebugInfoPass().run(source);
        ModuleOp ours = VhloToVersion.convert(Legalize.stablehloToVhlo(source, false), Version.parse(version));
        ModuleOp theirs = BytecodeReader.read(TestContexts.standard(), Path.of(mlir + ".bc"));
        new StripDebugInfoPass().run(theirs);
        return firstDifference(generic(theirs), generic(ours));
    }

    static String firstDifference(String want, String got) {
        if (want.equals(got)) return null;
        String[] w = want.split("\n");
        String[] g = got.split("\n");
        for (int i = 0; i < Math.min(w.length, g.length); i++) {
            if (!w[i].equals(g[i])) return "line " + (i + 1) + "\n  want: " + w[i] + "\n  got:  " + g[i];
        }
        return "length differs: " + w.length + " vs " + g.length;
    }

    /** One comparison over a corpus file: null when it holds, else what differs. */
    @FunctionalInterface
    interface Check {
        String apply(Path mlir) throws Exception;
    }

    /**
     * Runs {@code check} over the versioned corpus. A source that does not parse yet (a pretty form the assembly
     * parser does not know) is skipped after {@code onUnparsed}; every other file must pass.
     */
    static void checkCorpus(String label, Check check, Check onUnparsed) throws Exception {
        List<String> failures = new ArrayList<>();
        int compared = 0;
        for (Path f : versionedCorpus()) {
            String problem;
            try {
                problem = check.apply(f);
            } catch (DiagnosticException e) {
                if (e.diagnostics().get(0).message().contains("custom op")) {
                    onUnparsed.apply(f);
                    continue;
                }
                problem = e.diagnostics().get(0).message();
            }
            compared++;
            if (problem != null) failures.add(f.getFileName() + ": " + problem);
        }
        System.out.println(label + ": " + (compared - failures.size()) + "/" + compared + " match");
        assertEquals(List.of(), failures);
        assertTrue(compared > 0, "no source could be parsed");
    }

    @Test
    void legalizingSourcesToTheirVersionGivesTheArtifactsProgram() throws Exception {
        checkCorpus("legalize to VHLO at the artifact's version", DeserializeCorpusTest::compareVhlo, f -> null);
    }

    @Test
    void everyVersionedArtifactRoundTrips() throws Exception {
        // Even when the source cannot be parsed yet, the artifact itself must deserialize.
        checkCorpus("deserialize round trip", DeserializeCorpusTest::compare, f -> {
            PortableArtifacts.deserializePortableArtifact(TestContexts.standard(), Path.of(f + ".bc"));
            return null;
        });
    }
}
