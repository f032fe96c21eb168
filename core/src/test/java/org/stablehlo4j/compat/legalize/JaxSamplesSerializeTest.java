package org.stablehlo4j.compat.legalize;

import org.stablehlo4j.testing.SharedCorpus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.stablehlo4j.testing.TestContexts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeDiff;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Serializing the real JAX exports of {@code ${stablehlo.shared}/../jax-samples} reproduces libStablehlo's
 * artifacts ({@code NAME.T.mlir.bc}, written by jaxlib 0.10.2's libStablehlo 1.17.0) byte for byte for targets
 * 1.0.0, 1.9.0 and 1.17.0. As there (see the folder's SOURCE.md), the text is parsed under the buffer name
 * {@code NAME.jax.mlir}, so that locations the text leaves implicit name that buffer.
 *
 * <p>One documented exception: an i1 splat ({@code dense<true>}) is written as 0xFF, as upstream's frozen
 * compatibility artifacts (StableHLO 1.20.0) and current MLIR write it, while jaxlib's MLIR wrote 0x01. Both read
 * back as {@code true}. {@link #I1_TRUE_SPLATS} lists how many such bytes each sample holds; a sample matches if
 * its only differences are that many bytes that are 0xFF here and 0x01 there, each the single byte of a
 * one-byte blob (preceded by the blob length 1), and both artifacts read back to the same program.
 * {@code linalg_triangular} carries Shardy attributes and is left out.
 */
class JaxSamplesSerializeTest {
    private static final List<String> TARGETS = List.of("1.0.0", "1.9.0", "1.17.0");
    private static final Map<String, Integer> I1_TRUE_SPLATS = Map.of("attention", 1);

    static Path samplesDir() {
        return SharedCorpus.jaxSamples();
    }

    static List<String> sampleNames(Path dir) throws Exception {
        return SharedCorpus.namesWithSuffix(dir, ".jax.mlir").stream()
                .filter(n -> !n.equals("linalg_triangular")).toList();
    }

    private static String generic(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, true, false));
    }

    /** Null if {@code ours} matches {@code theirs} (up to the documented i1 splat bytes), else why not. */
    static String compare(String name, byte[] ours, byte[] theirs) throws Exception {
        if (java.util.Arrays.equals(ours, theirs)) return null;
        int allowed = I1_TRUE_SPLATS.getOrDefault(name, 0);
        List<Integer> diff = BytecodeDiff.differingOffsets(ours, theirs);
        boolean onlySplats = ours.length == theirs.length && diff.size() == allowed;
        for (int at : diff) {
            onlySplats &= (ours[at] & 0xFF) == 0xFF && theirs[at] == 0x01 && at > 0 && ours[at - 1] == 0x03
                    && "AttrType".equals(BytecodeDiff.sectionAt(ours, at).name());
        }
        if (onlySplats && generic(BytecodeReader.read(TestContexts.standard(), ours, name)).equals(generic(BytecodeReader.read(TestContexts.standard(), theirs, name)))) {
            return null;
        }
        return BytecodeDiff.describe(ours, theirs);
    }

    @Test
    void serializationIsByteIdenticalToLibStablehlo() throws Exception {
        Path dir = samplesDir();
        List<String> names = sampleNames(dir);
        assertTrue(names.size() >= 25, "samples found: " + names);
        List<String> failures = new ArrayList<>();
        int matched = 0;
        for (String name : names) {
            String buffer = name + ".jax.mlir";
            for (String target : TARGETS) {
                Path expected = dir.resolve(name + "." + target + ".mlir.bc");
                if (!Files.exists(expected)) continue;
                ModuleOp m = AsmParser.parse(TestContexts.standard(), Files.readString(dir.resolve(buffer)), ParseOptions.of(buffer));
                byte[] ours = PortableArtifacts.serializePortableArtifact(TestContexts.standard(), m, target, false);
                String why = compare(name, ours, Files.readAllBytes(expected));
                if (why == null) matched++;
                else failures.add(name + " @" + target + ": " + why);
            }
        }
        assertEquals(List.of(), failures, "matched " + matched);
        assertEquals(names.size() * TARGETS.size(), matched);
    }

    /** JAX's own artifacts carry the module's attributes as builtin attributes; they deserialize as such. */
    @Test
    void jaxArtifactsDeserializeWithBuiltinModuleAttributes() throws Exception {
        Path dir = samplesDir();
        for (String name : sampleNames(dir)) {
            Path bc = dir.resolve(name + ".mlir.bc");
            ModuleOp vhlo = BytecodeReader.read(TestContexts.standard(), Files.readAllBytes(bc), bc.toString());
            assertInstanceOf(IntegerAttr.class, vhlo.op().attr("mhlo.num_partitions"), name);
            ModuleOp m = PortableArtifacts.deserializePortableArtifact(TestContexts.standard(), Files.readAllBytes(bc), bc.toString());
            assertInstanceOf(IntegerAttr.class, m.op().attr("mhlo.num_partitions"), name);
            assertInstanceOf(BoolAttr.class, m.op().attr("jax.uses_shape_polymorphism"), name);
        }
    }
}
