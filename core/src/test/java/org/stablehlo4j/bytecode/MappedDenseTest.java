package org.stablehlo4j.bytecode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.compat.legalize.PortableArtifacts;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.testing.TestContexts;

/**
 * Dense constants read in place from a (direct, as if memory-mapped) buffer: the module prints and writes exactly
 * as when it is read from a heap array, the large constants stay in the buffer, small and boolean ones do not.
 */
class MappedDenseTest {
    private static final String PROGRAM = """
            func.func @main() -> (tensor<4096xf32>, tensor<3xi32>, tensor<5000xi1>, tensor<2048xf32>, tensor<4x1024xi8>) {
              %0 = stablehlo.constant dense<"0xHEX1"> : tensor<4096xf32>
              %1 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
              %2 = stablehlo.constant dense<"0xHEX2"> : tensor<5000xi1>
              %3 = stablehlo.constant dense<2.5> : tensor<2048xf32>
              %4 = stablehlo.constant dense<"0xHEX3"> : tensor<4x1024xi8>
              return %0, %1, %2, %3, %4 : tensor<4096xf32>, tensor<3xi32>, tensor<5000xi1>, tensor<2048xf32>, tensor<4x1024xi8>
            }
            """;

    private static String hex(int bytes, int seed, int mask) {
        StringBuilder sb = new StringBuilder();
        long state = seed;
        for (int i = 0; i < bytes; i++) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            sb.append(String.format("%02X", (state >>> 56) & mask));
        }
        return sb.toString();
    }

    private static ModuleOp program(Context ctx) throws Exception {
        String text = PROGRAM.replace("HEX1", hex(4 * 4096, 1, 0xFF)).replace("HEX2", hex(5000, 2, 1))
                .replace("HEX3", hex(4096, 3, 0xFF));
        return AsmParser.parse(ctx, text, ParseOptions.of("mapped.mlir"));
    }

    private static ByteBuffer direct(byte[] bytes) {
        ByteBuffer b = ByteBuffer.allocateDirect(bytes.length);
        b.put(bytes).flip();
        return b;
    }

    private static List<DenseElementsAttr> constants(ModuleOp m) {
        List<DenseElementsAttr> out = new ArrayList<>();
        for (Operation op : m.body().operations().get(0).regions().get(0).blocks().get(0).operations()) {
            Attribute v = op.properties().get("value");
            if (v == null) v = op.attributes().get("value");
            if (v instanceof DenseElementsAttr d) out.add(d);
        }
        return out;
    }

    @Test
    void bytecodeReadInPlacePrintsAndWritesLikeTheHeapRead() throws Exception {
        Context ctx = TestContexts.standard();
        byte[] bytes = BytecodeWriter.write(ctx, program(ctx), "MLIR");
        ModuleOp heap = BytecodeReader.read(ctx, bytes, "heap");
        ModuleOp mapped = BytecodeReader.read(ctx, direct(bytes), "mapped");

        List<DenseElementsAttr> c = constants(mapped);
        assertEquals(5, c.size());
        assertTrue(c.get(0).isMapped(), "16 KiB of f32 stay in the buffer");
        assertFalse(c.get(1).isMapped(), "12 bytes are copied");
        assertFalse(c.get(2).isMapped(), "booleans are unpacked onto the heap");
        assertTrue(c.get(3).isSplat() && !c.get(3).isMapped());
        assertTrue(c.get(4).isMapped());
        assertEquals(constants(heap), c, "equal to the heap-read constants");
        for (int i = 0; i < c.size(); i++) assertEquals(constants(heap).get(i).hashCode(), c.get(i).hashCode());

        assertEquals(AsmPrinter.print(ctx, heap, PrintOptions.DEFAULT), AsmPrinter.print(ctx, mapped, PrintOptions.DEFAULT));
        assertArrayEquals(bytes, BytecodeWriter.write(ctx, mapped, "MLIR"), "written back unchanged");
        ByteArrayOutputStream streamed = new ByteArrayOutputStream();
        BytecodeWriter.write(ctx, mapped, org.stablehlo4j.bytecode.writer.BytecodeWriterConfig.current("MLIR"), streamed);
        assertArrayEquals(bytes, streamed.toByteArray(), "streamed out unchanged");
    }

    @Test
    void portableArtifactReadInPlaceDeserializesLikeTheHeapRead() throws Exception {
        Context ctx = TestContexts.standard();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PortableArtifacts.serializePortableArtifact(ctx, program(ctx), "current", false, out);
        byte[] artifact = out.toByteArray();
        ModuleOp heap = PortableArtifacts.deserializePortableArtifact(ctx, artifact, "heap");
        ModuleOp mapped = PortableArtifacts.deserializePortableArtifact(ctx, direct(artifact), "mapped");
        assertTrue(constants(mapped).get(0).isMapped());
        assertEquals(AsmPrinter.print(ctx, heap, PrintOptions.DEFAULT), AsmPrinter.print(ctx, mapped, PrintOptions.DEFAULT));
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        PortableArtifacts.serializePortableArtifact(ctx, mapped, "current", false, again);
        assertArrayEquals(artifact, again.toByteArray());
    }

    @Test
    void bufferBackedElementsBehaveLikeArrayBackedOnes() {
        RankedTensorType t = new RankedTensorType(new long[] {1024}, FloatType.F32);
        byte[] data = new byte[4100];
        for (int i = 0; i < data.length; i++) data[i] = (byte) (i * 31 + 7);
        DenseElementsAttr onHeap = new DenseElementsAttr(t, data, 4, 4096, false);
        DenseElementsAttr inBuffer = new DenseElementsAttr(t, direct(data).position(4).limit(4100), false);
        assertTrue(inBuffer.isMapped());
        assertFalse(onHeap.isMapped());
        assertEquals(onHeap, inBuffer);
        assertEquals(inBuffer, onHeap);
        assertEquals(onHeap.hashCode(), inBuffer.hashCode());
        assertEquals(4096, inBuffer.length());
        assertEquals(data[4 + 100], inBuffer.byteAt(100));
        assertArrayEquals(onHeap.rawBytes(), inBuffer.rawBytes());
        byte[] part = new byte[8];
        inBuffer.copyTo(4088, part, 0, 8);
        assertArrayEquals(java.util.Arrays.copyOfRange(data, 4092, 4100), part);
        assertEquals(onHeap.buffer(), inBuffer.buffer());

        byte[] other = data.clone();
        other[4000] ^= 1; // not one of the sampled bytes: equal hashes, different data
        DenseElementsAttr different = new DenseElementsAttr(t, direct(other).position(4).limit(4100), false);
        assertNotEquals(inBuffer, different);

        byte[] same = new byte[4096];
        for (int i = 0; i < same.length; i += 4) same[i] = 42;
        DenseElementsAttr uniform = new DenseElementsAttr(t, direct(same), false);
        assertTrue(uniform.isSplat(), "all-equal buffer data becomes a splat");
        assertFalse(uniform.isMapped());
        assertEquals(4, uniform.length());
        assertEquals(new DenseElementsAttr(t, same, 0, same.length, false), uniform);
    }
}
