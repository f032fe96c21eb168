package org.stablehlo4j.bytecode;

import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.bytecode.writer.BytecodeWriterConfig;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A ~1 GiB bytecode artifact of dense f32 constants, written by {@link BytecodeWriter} to a file in a JVM capped
 * at {@code -Xmx1g}, then read back with {@link BytecodeReader#read(Path)} in a JVM capped at {@code -Xmx128m};
 * each JVM reports its peak heap use, the reader also spot-checks element values.
 *
 * <p>The writer streams the constants' data from the IR without copying it, so its peak stays far below the file
 * size. The reader memory-maps the file and every constant stays a slice of that mapping (issue 15), so its peak
 * heap is a small fraction of the file size.
 */
class LargeArtifactTest {
    /** Constants in the artifact; each one is {@link #ELEMENTS} f32 values with its own shape. */
    static final int CONSTANTS = 8;
    /** 124 MiB of f32 per constant: 8 of them stay just below 1 GiB so no buffer has to grow past 1 GiB. */
    static final int ELEMENTS = 31 << 20;
    private static final long MIB = 1L << 20;
    /** Flat indices checked in every constant. */
    private static final int[] PROBES = {0, 1, 4095, 1 << 24, ELEMENTS / 2 + 7, ELEMENTS - 1};

    /** The value stored at flat index {@code i} (exact in f32). */
    static float valueAt(int i) {
        return (i & 0xFFFFFF) * 0.25f;
    }

    /** The shape of constant {@code k}: 2^k rows, so all types and hence all attributes differ. */
    static long[] shape(int k) {
        return k == 0 ? new long[] {ELEMENTS} : new long[] {1L << k, ELEMENTS >> k};
    }

    /**
     * A module with one unregistered {@code test.constants} op whose attributes {@code c0..c7} are the dense
     * constants. They all share one data array (different shapes keep them distinct attributes), so building
     * the IR costs 124 MiB, not 1 GiB.
     */
    static ModuleOp buildModule() {
        ByteBuffer data = ByteBuffer.allocate(ELEMENTS * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < ELEMENTS; i++) data.putFloat(valueAt(i));
        FloatType f32 = new FloatType(FloatKind.F32);
        List<NamedAttribute> attrs = new ArrayList<>();
        for (int k = 0; k < CONSTANTS; k++) {
            RankedTensorType t = new RankedTensorType(shape(k), f32, null);
            attrs.add(new NamedAttribute("c" + k, new DenseElementsAttr(t, data.array(), 0, data.capacity(), false)));
        }
        Operation op = Operation.create("test.constants", List.of(), List.<Type>of(), DictionaryAttr.EMPTY,
                DictionaryAttr.of(attrs), 0, List.of(), Location.UNKNOWN);
        ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
        m.body().append(op);
        return m;
    }

    @Test
    void gigabyteArtifactIsReadInPlace(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("large.mlirbc");
        // Both sides run in their own JVM with a fixed heap, so the figures do not depend on surefire's defaults.
        String written = runJava(dir, "-Xmx1g", WriteLarge.class, file);
        long size = Files.size(file);
        assertTrue(size > CONSTANTS * (long) ELEMENTS * 4, "artifact is only " + size + " bytes");
        String read = runJava(dir, "-Xmx128m", ReadLarge.class, file);
        long writePeak = Long.parseLong(field(written, "peakHeap"));
        long readPeak = Long.parseLong(field(read, "peakHeap"));
        System.out.printf("LargeArtifactTest: artifact %d MiB; writer peak heap %d MiB (%s ms); "
                        + "reader peak heap %d MiB (%s ms)%n", size / MIB, writePeak / MIB, field(written, "millis"),
                readPeak / MIB, field(read, "millis"));
        // The shared 124 MiB data array plus small buffers: the writer must not buffer the constants.
        assertTrue(writePeak < 512 * MIB, "writer peak heap " + writePeak / MIB + " MiB for " + size / MIB + " MiB");
        // The constants stay in the mapping: a small IR only (a heap copy of one constant alone is 124 MiB).
        assertTrue(readPeak < 64 * MIB, "reader peak heap " + readPeak / MIB + " MiB for " + size / MIB
                + " MiB");
    }

    /** Runs {@code main.main(file)} in a new JVM with {@code heap}; returns its output, failing on exit != 0. */
    private static String runJava(Path dir, String heap, Class<?> main, Path file) throws Exception {
        String cp = codeSource(LargeArtifactTest.class) + java.io.File.pathSeparator
                + codeSource(BytecodeReader.class);
        Path log = dir.resolve(main.getSimpleName() + ".out");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap, "-cp", cp, main.getName(), file.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(main.getSimpleName() + " did not finish within 120 s");
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), output);
        return output;
    }

    /** Sum of the heap pools' peak use in this JVM. */
    static long peakHeap() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) peak += pool.getPeakUsage().getUsed();
        }
        return peak;
    }

    /** The writer side, run in its own JVM: builds the module and streams it to the file. */
    public static final class WriteLarge {
        public static void main(String[] args) throws IOException {
            long t0 = System.nanoTime();
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(Path.of(args[0])), 1 << 20)) {
                BytecodeWriter.write(TestContexts.standard(), buildModule(), BytecodeWriterConfig.current("stablehlo4j-test"), out);
            }
            System.out.println("peakHeap=" + peakHeap());
            System.out.println("millis=" + (System.nanoTime() - t0) / 1_000_000);
        }
    }

    private static String codeSource(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static String field(String output, String name) {
        for (String line : output.split("\n")) {
            if (line.startsWith(name + "=")) return line.substring(name.length() + 1).trim();
        }
        throw new AssertionError("no " + name + " in the output:\n" + output);
    }

    /** The reader side, run in its own JVM: reads the artifact, checks it, prints its peak heap use. */
    public static final class ReadLarge {
        public static void main(String[] args) throws IOException, BytecodeException {
            Path file = Path.of(args[0]);
            long t0 = System.nanoTime();
            ModuleOp m = BytecodeReader.read(TestContexts.standard(), file);
            long readMillis = (System.nanoTime() - t0) / 1_000_000;
            Operation op = m.body().operations().get(0);
            if (!op.name().equals("test.constants")) throw new AssertionError("unexpected op " + op.name());
            for (int k = 0; k < CONSTANTS; k++) {
                DenseElementsAttr d = (DenseElementsAttr) op.attr("c" + k);
                RankedTensorType t = (RankedTensorType) d.type();
                if (!java.util.Arrays.equals(t.shape(), shape(k))) throw new AssertionError("shape of c" + k);
                if (d.isSplat() || d.length() != ELEMENTS * 4) throw new AssertionError("length of c" + k);
                if (!d.isMapped()) throw new AssertionError("c" + k + " was copied onto the heap");
                ByteBuffer b = d.buffer();
                for (int i : PROBES) {
                    float v = b.getFloat(4 * i);
                    if (v != valueAt(i)) throw new AssertionError("c" + k + "[" + i + "] = " + v);
                }
            }
            System.out.println("peakHeap=" + peakHeap());
            System.out.println("millis=" + readMillis);
        }
    }
}
