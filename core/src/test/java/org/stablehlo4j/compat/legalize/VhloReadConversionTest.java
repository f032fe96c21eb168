package org.stablehlo4j.compat.legalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.compat.PortableArtifactWriter;
import org.stablehlo4j.dialect.vhlo.ops.VersionConstraint;
import org.stablehlo4j.dialect.vhlo.ops.VersionStep;
import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind;
import org.stablehlo4j.dialect.vhlo.VhloType;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.fuzz.SeedCorpus;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.dialect.vhlo.VhloAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.ir.WalkResult;
import org.stablehlo4j.testing.TestContexts;

/**
 * Deserialization in one pass ({@link VhloReadConversion}) builds what reading the VHLO module and rebuilding it
 * with the {@code vhlo-to-version} and {@code vhlo-legalize-to-stablehlo} passes builds: the same ops, attributes
 * and types, the same use lists, and the same errors.
 */
class VhloReadConversionTest {
    private static final Context CTX = TestContexts.standard();

    /** The two passes over the VHLO module as read (the VHLO verified first, as it was). */
    private static ModuleOp twoPasses(byte[] artifact) throws DiagnosticException {
        ModuleOp vhlo = BytecodeReader.read(CTX, artifact, "a.mlirbc");
        org.stablehlo4j.verify.Verifier.verify(CTX, vhlo);
        return Legalize.vhloToStablehlo(VhloToVersion.convert(vhlo, Version.current()));
    }

    private static ModuleOp onePass(byte[] artifact) throws DiagnosticException {
        return PortableArtifacts.deserializePortableArtifact(CTX, artifact, "a.mlirbc");
    }

    /** Every value's uses as (user's pre-order index, operand index), values in pre-order. */
    private static List<String> useLists(ModuleOp m) {
        Map<Operation, Integer> index = new IdentityHashMap<>();
        List<Value> values = new ArrayList<>();
        m.op().walk(WalkOrder.PRE_ORDER, op -> {
            index.put(op, index.size());
            values.addAll(op.results());
            for (Region r : op.regions()) {
                for (Block b : r.blocks()) values.addAll(b.arguments());
            }
            return WalkResult.ADVANCE;
        });
        List<String> out = new ArrayList<>();
        for (Value v : values) {
            StringBuilder sb = new StringBuilder();
            for (Value.Use u : v.uses()) sb.append(index.get(u.user())).append(':').append(u.index()).append(' ');
            out.add(sb.toString());
        }
        return out;
    }

    private static void assertSameModule(byte[] artifact, String name) throws DiagnosticException {
        ModuleOp expected = twoPasses(artifact);
        ModuleOp actual = onePass(artifact);
        assertEquals(DeserializeCorpusTest.generic(expected), DeserializeCorpusTest.generic(actual), name);
        assertEquals(useLists(expected), useLists(actual), name + ": use lists");
    }

    private static List<Path> artifacts(Path dir, String suffix) throws java.io.IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
    }

    @Test
    void everyUpstreamVersionedArtifactReadsAsTheTwoPassesBuildIt() throws Exception {
        List<Path> files = artifacts(DeserializeCorpusTest.vhloDir(), ".mlir.bc");
        assertTrue(files.size() >= 30, "the versioned corpus (0.9.0 to current)");
        int compared = 0;
        for (Path bc : files) {
            byte[] artifact = Files.readAllBytes(bc);
            ModuleOp expected;
            try {
                expected = twoPasses(artifact);
            } catch (DiagnosticException e) {
                // Artifacts that must not deserialize: the one pass refuses them too.
                assertThrows(DiagnosticException.class, () -> onePass(artifact), bc.toString());
                continue;
            }
            ModuleOp actual = onePass(artifact);
            assertEquals(DeserializeCorpusTest.generic(expected), DeserializeCorpusTest.generic(actual), bc.toString());
            assertEquals(useLists(expected), useLists(actual), bc + ": use lists");
            compared++;
        }
        assertTrue(compared >= 30, "compared " + compared);
    }

    @Test
    void jaxSamplesOfEveryTargetReadAsTheTwoPassesBuildThem() throws Exception {
        Path shared = SeedCorpus.shared();
        Path dir = shared == null ? null : shared.resolve("jax-samples");
        Assumptions.assumeTrue(dir != null && Files.isDirectory(dir), "jax-samples not available");
        List<Path> files = artifacts(dir, ".mlir.bc");
        assertFalse(files.isEmpty());
        for (Path bc : files) assertSameModule(Files.readAllBytes(bc), bc.toString());
    }

    @Test
    void aProgramWrittenHereReadsAsTheTwoPassesBuildIt() throws DiagnosticException {
        // Shared attributes and properties (the conversion reuses what it converted once), a function call, a
        // value used many times and in nested regions, a while loop and a custom_call with default attributes.
        ModuleOp m = AsmParser.parse(CTX, """
                func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
                  %0 = stablehlo.add %a, %a : tensor<4xf32>
                  %1 = stablehlo.add %0, %a : tensor<4xf32>
                  %2 = stablehlo.custom_call @foo(%1) : (tensor<4xf32>) -> tensor<4xf32>
                  %3 = stablehlo.custom_call @foo(%2) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
                  %c = stablehlo.constant dense<0> : tensor<i32>
                  %4:2 = stablehlo.while(%i = %c, %x = %3) : tensor<i32>, tensor<4xf32>
                   cond {
                    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
                    stablehlo.return %p : tensor<i1>
                  } do {
                    %y = stablehlo.add %x, %a : tensor<4xf32>
                    stablehlo.return %i, %y : tensor<i32>, tensor<4xf32>
                  }
                  %5 = func.call @g(%4#1) : (tensor<4xf32>) -> tensor<4xf32>
                  return %5 : tensor<4xf32>
                }
                func.func private @g(%a: tensor<4xf32>) -> tensor<4xf32> {
                  %0 = stablehlo.add %a, %a : tensor<4xf32>
                  return %0 : tensor<4xf32>
                }
                """, ParseOptions.of("p.mlir"));
        for (String target : List.of("current", "1.0.0", "0.9.0")) {
            byte[] artifact = PortableArtifacts.serializePortableArtifact(CTX, m, target, false);
            assertSameModule(artifact, target);
        }
    }

    @Test
    void discardableAttributesSharedBetweenOpsAndFunctionsReadAsTheTwoPassesBuildThem() throws DiagnosticException {
        // The conversion memoizes an op's name and properties apart from its discardable attributes, and converts
        // each dictionary of discardable attributes once: a function and ops inside it share one dictionary, ops
        // with equal properties differ in their discardable attributes, a return converts by where it stands.
        ModuleOp m = AsmParser.parse(CTX, """
                func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> attributes {mhlo.frontend_attributes = {k0 = "v0", k1 = "v1"}, mhlo.sharding = "{replicated}"} {
                  %0 = stablehlo.add %a, %a {mhlo.frontend_attributes = {k0 = "v0", k1 = "v1"}, mhlo.sharding = "{replicated}"} : tensor<4xf32>
                  %1 = stablehlo.add %0, %a : tensor<4xf32>
                  %2 = stablehlo.add %1, %a {mhlo.sharding = "{replicated}"} : tensor<4xf32>
                  %3 = func.call @g(%2) {mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
                  return %3 : tensor<4xf32>
                }
                func.func private @g(%a: tensor<4xf32>) -> tensor<4xf32> attributes {mhlo.frontend_attributes = {k0 = "v2", k1 = "v1"}} {
                  %0 = stablehlo.add %a, %a {mhlo.frontend_attributes = {k0 = "v2", k1 = "v1"}} : tensor<4xf32>
                  %1 = func.call @h(%0) : (tensor<4xf32>) -> tensor<4xf32>
                  return %1 : tensor<4xf32>
                }
                func.func private @h(%a: tensor<4xf32>) -> tensor<4xf32> {
                  %c = stablehlo.constant dense<0> : tensor<i32>
                  %r:2 = stablehlo.while(%i = %c, %x = %a) : tensor<i32>, tensor<4xf32>
                   cond {
                    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
                    stablehlo.return %p : tensor<i1>
                  } do {
                    stablehlo.return %i, %x : tensor<i32>, tensor<4xf32>
                  }
                  return %r#1 : tensor<4xf32>
                }
                """, ParseOptions.of("s.mlir"));
        for (String target : List.of("current", "0.9.0")) {
            assertSameModule(PortableArtifacts.serializePortableArtifact(CTX, m, target, false), target);
        }
    }

    @Test
    void aDiscardableAttributeWithoutStablehloFormFailsAtTheFirstOpHoldingIt() throws Exception {
        // The second and third adds have the first one's properties (converted once); the third holds a VHLO
        // dictionary whose key is not a string, which has no StableHLO form: the error names it, as the pass does.
        ModuleOp m = AsmParser.parse(CTX, """
                func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
                  %0 = stablehlo.add %a, %a : tensor<4xf32>
                  %1 = stablehlo.add %0, %a : tensor<4xf32>
                  %2 = stablehlo.add %1, %a : tensor<4xf32>
                  %3 = stablehlo.add %2, %a : tensor<4xf32>
                  return %3 : tensor<4xf32>
                }
                """, ParseOptions.of("d.mlir"));
        ModuleOp vhlo = PortableArtifacts.legalizeForSerialization(m, "current", false);
        VhloAttr key = AttrConverter.i64(1);
        DictionaryAttr bad = DictionaryAttr.of(List.of(new org.stablehlo4j.ir.NamedAttribute("bad",
                VhloAttr.dict(List.of(key, AttrConverter.string("v"))))));
        List<Operation> adds = vhlo.op().collect("vhlo.add_v1");
        adds.get(2).setAttributes(bad);
        adds.get(3).setAttributes(bad);
        byte[] artifact = BytecodeWriter.write(CTX, vhlo, PortableArtifactWriter.config(Version.current()));
        DiagnosticException expected = assertThrows(DiagnosticException.class, () -> twoPasses(artifact));
        DiagnosticException actual = assertThrows(DiagnosticException.class, () -> onePass(artifact));
        List<String> one = render(actual);
        assertEquals(render(expected), one);
        assertTrue(one.get(0).contains("failed to legalize operation 'vhlo.add_v1'"), one.get(0));
    }

    @Test
    void legalizationFailuresAreReportedAsThePassReportsThem() throws Exception {
        Path shared = SeedCorpus.shared();
        int checked = 0;
        for (String name : List.of("B3_fieldToComponent198_CCE.mlir.bc", "B6_fieldToComponent200_CCE.mlir.bc",
                "B7_fieldToComponent202_CCE.mlir.bc")) {
            Path f = shared == null ? null : shared.resolve("reliability/repro").resolve(name);
            if (f == null || !Files.isRegularFile(f)) continue;
            byte[] artifact = Files.readAllBytes(f);
            DiagnosticException expected = assertThrows(DiagnosticException.class, () -> twoPasses(artifact));
            DiagnosticException actual = assertThrows(DiagnosticException.class, () -> onePass(artifact));
            assertEquals(render(expected), render(actual), name);
            checked++;
        }
        Assumptions.assumeTrue(checked > 0, "reliability reproducers not present");
    }

    @Test
    void aQuantizedTypeWithFloatStorageIsRejectedByTheReaderBeforeAnyConversion() throws Exception {
        // A quantized type whose storage type is a float is invalid; it is put into the VHLO behind the
        // serializer's back, as a block argument of the reduce body and the result of an op inside it. The reader
        // checks every type as it builds it (the checks the text parser makes), so neither path gets as far as
        // converting an op: both report the type at its byte offset, and the one pass adds the deserialization
        // failure line, as for every reader error.
        ModuleOp m = AsmParser.parse(CTX, """
                func.func @f(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
                  %0 = stablehlo.add %a, %a : tensor<4xf32>
                  %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [0]
                      : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
                  return %1 : tensor<f32>
                }
                """, ParseOptions.of("q.mlir"));
        ModuleOp vhlo = PortableArtifacts.legalizeForSerialization(m, "current", false);
        VhloType f32 = VhloType.get(VhloTypeKind.F32);
        VhloType bad = VhloType.ranked(VhloTypeKind.RANKED_TENSOR, new long[0],
                VhloType.quant(new VhloType.Quant(1, f32, f32, -1, new long[] {Double.doubleToLongBits(1.0)},
                        new long[] {0}, 0, 255)), null);
        Operation reduce = vhlo.op().collect("vhlo.reduce_v1").get(0);
        Block body = reduce.region(0).entry();
        body.argument(0).setType(bad);
        body.first().result(0).setType(bad);
        byte[] artifact = BytecodeWriter.write(CTX, vhlo, PortableArtifactWriter.config(Version.current()));
        DiagnosticException expected = assertThrows(DiagnosticException.class, () -> twoPasses(artifact));
        DiagnosticException actual = assertThrows(DiagnosticException.class, () -> onePass(artifact));
        List<String> one = render(actual);
        assertEquals(render(expected), one.subList(0, one.size() - 1));
        assertTrue(one.get(0).endsWith("illegal storage type (AttrType section, byte offset 142)"), one.get(0));
        assertEquals(org.stablehlo4j.compat.CompatibilityApi.deserializationFailureMessage(),
                actual.diagnostics().get(actual.diagnostics().size() - 1).message());
    }

    private static List<String> render(DiagnosticException e) {
        List<String> out = new ArrayList<>();
        for (Diagnostic d : e.diagnostics()) out.add(d.location() + ": " + d.message());
        return out;
    }

    // ---------------------------------------------------------------- what converting before the regions relies on

    @Test
    void everyVhloKindAndConstraintIsLegalAtTheCurrentVersion() {
        Version current = Version.current();
        for (VhloTypeKind k : VhloTypeKind.values()) assertTrue(k.isValidAt(current), k.mnemonic);
        for (VhloAttrKind k : VhloAttrKind.values()) assertTrue(k.isValidAt(current), k.mnemonic);
        for (VersionConstraint c : VersionConstraint.values()) assertTrue(c.allowsAt(current), c.name());
    }

    @Test
    void noUpgradeStepLooksIntoRegions() {
        int steps = 0;
        for (VhloOpDef def : VhloOpTable.all()) {
            VhloOpDef next = VhloOpTable.next(def).orElse(null);
            if (next == null) continue;
            VersionStep s = VersionStep.between(def, next);
            assertTrue(s.regionsToDrop().isEmpty(), def.name() + " -> " + next.name());
            steps++;
        }
        assertTrue(steps > 10, "upgrade steps: " + steps);
    }

    /** The conversion's unmemoized path for strings and non-VHLO values gives what {@link AttrConverter} gives. */
    @Test
    void valuesConvertedWithoutTheMemoMatchTheConverter() {
        VhloReadConversion conversion = new VhloReadConversion();
        org.stablehlo4j.dialect.vhlo.VhloAttr s =
                org.stablehlo4j.dialect.vhlo.VhloAttr.string("attr_0_1".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        org.stablehlo4j.dialect.vhlo.VhloAttr empty = org.stablehlo4j.dialect.vhlo.VhloAttr.string(new byte[0]);
        org.stablehlo4j.dialect.vhlo.VhloAttr dict = org.stablehlo4j.dialect.vhlo.VhloAttr.dict(List.of(s, s, empty, s));
        org.stablehlo4j.ir.Attribute builtin = org.stablehlo4j.ir.StringAttr.of("already builtin");
        for (org.stablehlo4j.ir.Attribute a : List.of(s, empty, dict, builtin, org.stablehlo4j.dialect.vhlo.VhloAttr.bool(true))) {
            org.stablehlo4j.ir.Attribute expected = AttrConverter.toStablehlo(a);
            assertEquals(expected, conversion.toStablehlo(a), a.toString());
            assertEquals(expected.getClass(), conversion.toStablehlo(a).getClass());
        }
        assertTrue(conversion.toStablehlo(builtin) == builtin);
        assertEquals("attr_0_1", ((org.stablehlo4j.ir.StringAttr) conversion.toStablehlo(s)).value());
    }
}
