package org.stablehlo4j.bytecode.writer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.stablehlo4j.compat.PortableArtifactWriter;
import org.stablehlo4j.testing.TestContexts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.compat.legalize.PortableArtifacts;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Value;

/**
 * MLIR's rule for use-list orders (BytecodeWriter::writeUseListOrders) on ops with several results: a result
 * gets an order only if it has two or more uses and its uses, newest first, are not in strictly descending order
 * of use id (owner op's pre-order number, then operand number), which is the order a reader recreates. Results
 * in that order get nothing, so an op whose results are all used in program order writes no orders and no 0x20 in
 * its op mask. When some result needs one, a multi-result op writes the number of such results, then per result
 * its index and the permutation (a full list unless fewer than half the uses move, then (from, to) pairs).
 *
 * <p>The multi-result op here is {@code optimization_barrier}; at target 1.0.0 the version conversion replaces
 * {@code exponential_v2} by {@code exponential_v1}, which makes the replacement's use of {@code %0#1} the newest
 * (as upstream's in-place conversion does), so that result, and only it, needs an order.
 */
class MultiResultUseListOrderTest {
    private static final String PROGRAM = """
            func.func @main(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
              %0:2 = stablehlo.optimization_barrier %arg0, %arg0 : tensor<4xf32>, tensor<4xf32>
              %1 = stablehlo.exponential %0#1 : tensor<4xf32>
              %2 = stablehlo.add %0#1, %1 : tensor<4xf32>
              %3 = stablehlo.add %0#0, %0#0 : tensor<4xf32>
              return %2, %3 : tensor<4xf32>, tensor<4xf32>
            }
            """;

    private static Operation find(Operation op, String name) {
        if (op.name().equals(name)) return op;
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                for (Operation o : b.operations()) {
                    Operation f = find(o, name);
                    if (f != null) return f;
                }
            }
        }
        return null;
    }

    private static byte[] orders(ModuleOp vhlo, Operation op) {
        IRNumbering numbering = IRNumbering.of(TestContexts.standard(), vhlo.op(), BytecodeWriter.MAX_VERSION, Map.of());
        Emitter e = new Emitter();
        boolean written = UseListOrders.write(e, op.results(), numbering);
        byte[] out = e.toByteArray();
        assertEquals(written, out.length > 0);
        return out;
    }

    private static ModuleOp legalized(String target) throws Exception {
        return PortableArtifacts.legalizeForSerialization(AsmParser.parse(TestContexts.standard(), PROGRAM, ParseOptions.of("m.mlir")),
                target, false);
    }

    @Test
    void resultsUsedInProgramOrderWriteNoOrders() throws Exception {
        ModuleOp vhlo = legalized("1.17.0");
        Operation barrier = find(vhlo.op(), "vhlo.optimization_barrier_v1");
        assertEquals(0, orders(vhlo, barrier).length);
    }

    @Test
    void onlyTheShuffledResultIsWrittenWithItsIndex() throws Exception {
        ModuleOp vhlo = legalized("1.0.0");
        Operation barrier = find(vhlo.op(), "vhlo.optimization_barrier_v1");
        // One result with an order (varint 1), result index 1, full-list form (2 shuffled of 2 uses is not fewer
        // than half): varint-with-flag (2 << 1 | 0), then the permutation [1, 0].
        assertArrayEquals(new byte[] {0x03, 0x03, 0x09, 0x03, 0x01}, orders(vhlo, barrier));
    }

    @Test
    void readerRecreatesTheRecordedOrder() throws Exception {
        ModuleOp vhlo = legalized("1.0.0");
        byte[] artifact = PortableArtifactWriter.write(TestContexts.standard(), vhlo, Version.parse("1.0.0"));
        ModuleOp back = BytecodeReader.read(TestContexts.standard(), artifact, "m.bc");
        Operation a = find(vhlo.op(), "vhlo.optimization_barrier_v1");
        Operation b = find(back.op(), "vhlo.optimization_barrier_v1");
        for (int i = 0; i < 2; i++) {
            assertEquals(useShape(a.result(i)), useShape(b.result(i)), "result " + i);
        }
        // The writer's output of what it read is the same bytes (the orders survive the round trip).
        assertArrayEquals(artifact, PortableArtifactWriter.write(TestContexts.standard(), back, Version.parse("1.0.0")));
        assertTrue(orders(vhlo, a).length > 0);
    }

    private static List<String> useShape(Value v) {
        List<String> out = new ArrayList<>();
        for (Value.Use u : v.uses()) out.add(u.user().name() + "#" + u.index());
        return out;
    }
}
