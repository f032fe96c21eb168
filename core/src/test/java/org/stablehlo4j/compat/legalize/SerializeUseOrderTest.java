package org.stablehlo4j.compat.legalize;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.compat.PortableArtifactWriter;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.pass.StripDebugInfoPass;

/**
 * Serializing every versioned {@code stablehlo_legalize_to_vhlo.X_Y_Z.mlir} for its version reproduces upstream's
 * artifact byte for byte, including the use-list orders (for 1.2 to 1.16 the version conversion replaces
 * {@code custom_call_v2} by {@code custom_call_v1}, which leaves its func argument with a recorded use order). A
 * mismatch is reported per file, noting when adopting upstream's use orders would remove it.
 */
class SerializeUseOrderTest {
    private static void walk(Operation op, List<Operation> ops, List<Value> values) {
        ops.add(op);
        values.addAll(op.results());
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                values.addAll(b.arguments());
                for (Operation o : b.operations()) walk(o, ops, values);
            }
        }
    }

    /** Gives each value of {@code ours} the use order of its counterpart (same pre-order position) in {@code theirs}. */
    private static void adoptUseOrders(ModuleOp ours, ModuleOp theirs) {
        List<Operation> o1 = new ArrayList<>(), o2 = new ArrayList<>();
        List<Value> v1 = new ArrayList<>(), v2 = new ArrayList<>();
        walk(ours.op(), o1, v1);
        walk(theirs.op(), o2, v2);
        assertEquals(o2.size(), o1.size());
        assertEquals(v2.size(), v1.size());
        Map<Operation, Operation> counterpart = new IdentityHashMap<>();
        for (int i = 0; i < o1.size(); i++) counterpart.put(o2.get(i), o1.get(i));
        for (int i = 0; i < v1.size(); i++) {
            List<Value.Use> order = new ArrayList<>();
            for (Value.Use u : v2.get(i).uses()) order.add(new Value.Use(counterpart.get(u.user()), u.index()));
            v1.get(i).setUseOrder(order);
        }
    }

    @Test
    void versionedArtifactsAreByteIdentical() throws Exception {
        Path dir = DeserializeCorpusTest.vhloDir();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().matches("stablehlo_legalize_to_vhlo\\.\\d+_\\d+_\\d+\\.mlir"))
                    .sorted().toList();
        }
        assertTrue(files.size() >= 30, "versioned files found: " + files.size());
        List<String> differing = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            String target = name.substring("stablehlo_legalize_to_vhlo.".length(), name.length() - ".mlir".length())
                    .replace('_', '.');
            byte[] upstream = Files.readAllBytes(f.resolveSibling(name + ".bc"));
            ModuleOp in = AsmParser.parse(TestContexts.standard(), Files.readString(f), new ParseOptions(name, 1, false));
            new StripDebugInfoPass().run(in);
            ModuleOp ours = PortableArtifacts.legalizeForSerialization(in, target, false);
            Version v = Version.resolveSerializationTarget(target);
            byte[] mine = PortableArtifactWriter.write(TestContexts.standard(), ours, v);
            if (java.util.Arrays.equals(mine, upstream)) continue;
            // Tell use-list order differences apart from anything else.
            adoptUseOrders(ours, BytecodeReader.read(TestContexts.standard(), upstream, name));
            boolean onlyUseOrders = java.util.Arrays.equals(PortableArtifactWriter.write(TestContexts.standard(), ours, v), upstream);
            differing.add(name + (onlyUseOrders ? " (use-list orders only)" : ""));
        }
        assertEquals(List.of(), differing);
    }
}
