package org.stablehlo4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.compat.legalize.PortableArtifacts;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.testing.TestContexts;

/**
 * Issue 15: a 256 MiB artifact of dense constants is deserialized and printed by {@code stablehlo-translate
 * --deserialize} in a JVM whose heap is capped at 128 MiB (the constants stay in the memory-mapped file and
 * their hex is streamed from it), and deserialized then re-serialized (streamed) under the same cap, giving
 * the same bytes back.
 */
class MappedConstantsTest {
    private static final int CONSTANTS = 64;
    private static final int ELEMENTS = 1 << 20; // f32: 4 MiB each, 256 MiB in all
    private static final int BYTES = 4 * ELEMENTS;
    private static final String TYPE = "tensor<" + ELEMENTS + "xf32>";

    @TempDir
    Path dir;

    @Test
    void deserializeOf256MiBArtifactRunsUnderA128MiBHeap() throws Exception {
        // Constant k is bytes [4k, 4k + BYTES) of one shared array: distinct data, held once in this JVM.
        byte[] data = new byte[BYTES + 4 * CONSTANTS];
        long state = 42;
        for (int i = 0; i < data.length; i++) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            data[i] = (byte) (state >>> 56);
        }
        Path artifact = dir.resolve("constants.mlirbc");
        writeArtifact(data, artifact);
        assertTrue(Files.size(artifact) >= 256L << 20, "artifact of " + Files.size(artifact) + " bytes");

        Path text = dir.resolve("out.mlir");
        String log = runSmallHeap(dir.resolve("deserialize.log"), Main.class.getName(), "translate", "--deserialize",
                artifact.toString(), "-o", text.toString());
        long size = Files.size(text);
        // each constant prints as 2 hex digits per byte, plus a little syntax per op
        assertTrue(size > 2L * BYTES * CONSTANTS && size < 2L * BYTES * CONSTANTS + (1 << 16),
                "output of " + size + " bytes\n" + log);
        String head = read(text, 0, 1 << 12);
        assertTrue(head.startsWith("module {\n  func.func @main() -> (" + TYPE + ", "), head);
        assertTrue(head.contains("%cst = stablehlo.constant dense<\"0x" + hex(data, 0, 64)), head);
        String tail = read(text, size - (1 << 12), 1 << 12);
        int last = 4 * (CONSTANTS - 1);
        String lastHex = hex(data, last + BYTES - 64, 64) + "\"> : " + TYPE + "\n";
        assertTrue(tail.contains(lastHex), lastHex + " not in " + tail.substring(0, 300));
        assertTrue(tail.stripTrailing().endsWith("\n  }\n}"), tail);

        Path again = dir.resolve("again.mlirbc");
        log = runSmallHeap(dir.resolve("roundtrip.log"), MappedRoundTripMain.class.getName(), artifact.toString(),
                again.toString());
        assertEquals(-1L, Files.mismatch(artifact, again), "re-serialized artifact differs\n" + log);
        Files.delete(again);
        Files.delete(text);
        Files.delete(artifact);
    }

    /** A module returning {@link #CONSTANTS} constants, serialized (streamed) to {@code out}. */
    private static void writeArtifact(byte[] data, Path out) throws Exception {
        StringBuilder sb = new StringBuilder("func.func @main() -> (");
        List<String> names = new ArrayList<>();
        for (int k = 0; k < CONSTANTS; k++) names.add("%c" + k);
        sb.append(String.join(", ", java.util.Collections.nCopies(CONSTANTS, TYPE))).append(") {\n");
        for (String n : names) sb.append("  ").append(n).append(" = stablehlo.constant dense<0.0> : ").append(TYPE).append('\n');
        sb.append("  return ").append(String.join(", ", names)).append(" : ")
                .append(String.join(", ", java.util.Collections.nCopies(CONSTANTS, TYPE))).append("\n}\n");
        Context ctx = TestContexts.standard();
        ModuleOp m = AsmParser.parse(ctx, sb.toString(), ParseOptions.of("constants.mlir"));
        RankedTensorType type = new RankedTensorType(new long[] {ELEMENTS}, org.stablehlo4j.ir.FloatType.F32);
        int k = 0;
        Block body = m.body().operations().get(0).regions().get(0).blocks().get(0);
        for (Operation op : body.operations()) {
            if (!op.name().equals("stablehlo.constant")) continue;
            DenseElementsAttr value = new DenseElementsAttr(type, data, 4 * k++, BYTES, false);
            if (op.properties().get("value") != null) op.setProperties(op.properties().with("value", value));
            else op.setAttributes(op.attributes().with("value", value));
        }
        assertEquals(CONSTANTS, k);
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
            PortableArtifacts.serializePortableArtifact(ctx, m, "current", false, o);
        }
    }

    /** Runs {@code mainClass} in a child JVM with a 128 MiB heap; returns its output after checking it succeeded. */
    private static String runSmallHeap(Path log, String mainClass, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path") + System.getProperty("path.separator")
                + System.getProperty("jdk.module.path", "");
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx128m", "-XX:+UseSerialGC", "-Xss4m", "-cp", cp,
                mainClass));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean finished = p.waitFor(300, TimeUnit.SECONDS);
        if (!finished) p.destroyForcibly().waitFor();
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(finished, mainClass + " did not finish:\n" + out);
        assertEquals(0, p.exitValue(), mainClass + " failed under -Xmx128m:\n" + out);
        return out;
    }

    private static String read(Path file, long at, int n) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            byte[] b = new byte[n];
            f.seek(at);
            f.readFully(b);
            return new String(b, StandardCharsets.UTF_8);
        }
    }

    private static String hex(byte[] b, int at, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = at; i < at + n; i++) sb.append(String.format("%02X", b[i] & 0xFF));
        return sb.toString();
    }
}
