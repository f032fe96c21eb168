package org.stablehlo4j.interpreter;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * {@code interpreter.probe} and {@code check.expect_serialized_eq}: a probed tensor is written as a NumPy
 * {@code .npy} file (format 1.0, little-endian, row-major) named {@code probe<N>.npy} in the probe directory, and a
 * line {@code probe_id,type,path} is appended to {@code index.csv} there. The index is cleared when a run starts;
 * {@code expect_serialized_eq} looks up the {@code iteration}-th entry of a probe id and compares its data.
 */
final class Probes {
    private Probes() {}

    static final String INDEX = "index.csv";
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};

    /** Clears the index of the previous run (if there is a probe directory). */
    static void startRun(Interpreter.Session s) {
        if (s.probeDir == null) return;
        try {
            Files.deleteIfExists(Path.of(s.probeDir, INDEX));
        } catch (IOException e) {
            throw new InterpreterException("Failed to remove existing instrumentation metadata file.");
        }
    }

    /** Serializes {@code t} for {@code probeId}; returns {@code t} unchanged. */
    static Tensor probe(Interpreter.Session s, Tensor t, String probeId) {
        if (s.probeDir == null) throw new InterpreterException("Probe serialization directory cannot be empty.");
        Path file = Path.of(s.probeDir, "probe" + s.probeFiles.incrementAndGet() + ".npy");
        String line = probeId + "," + AsmPrinter.printType(t.type) + "," + file + "\n";
        try {
            Files.write(file, npy(t));
            synchronized (Probes.class) {
                Files.writeString(Path.of(s.probeDir, INDEX), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            }
        } catch (IOException e) {
            throw new InterpreterException("Failed to write probe data for " + probeId + ": " + e.getMessage());
        }
        return t;
    }

    /** Checks that the {@code iteration}-th serialized value of {@code probeId} equals {@code expected}. */
    static void expectSerializedEq(Interpreter.Session s, Tensor expected, String probeId, long iteration) {
        String[] entry = s.probeDir == null ? null : find(Path.of(s.probeDir, INDEX), probeId, iteration);
        if (entry == null) throw new InterpreterException("Failed to find serialized data for probe " + probeId + ".");
        String expectedType = AsmPrinter.printType(expected.type);
        if (!entry[1].equals(expectedType)) {
            throw new InterpreterException("Serialized types don't match: " + expectedType + " (actual) vs " + entry[1]
                    + " (expected) for probe " + probeId + ".");
        }
        Tensor actual;
        try {
            actual = fromNpy(Files.readAllBytes(Path.of(entry[2])), expected.type);
        } catch (IOException | InterpreterException e) {
            throw new InterpreterException("Failed to verify serialized tensor " + probeId + ".");
        }
        Checks.expectEq(expected, actual);
    }

    private static String[] find(Path index, String probeId, long iteration) {
        List<String> lines;
        try {
            lines = Files.readAllLines(index, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
        long seen = 0;
        for (String line : lines) {
            // The id may itself contain commas: the type and path are the last two fields.
            int pathComma = line.lastIndexOf(',');
            int typeComma = pathComma <= 0 ? -1 : line.lastIndexOf(',', pathComma - 1);
            if (typeComma < 0 || !line.substring(0, typeComma).equals(probeId)) continue;
            if (seen++ == iteration) {
                return new String[] {probeId, line.substring(typeComma + 1, pathComma), line.substring(pathComma + 1)};
            }
        }
        return null;
    }

    // ---------------------------------------------------------------------------------------------------------
    // NumPy format 1.0

    /** The NumPy type code of an element type: the kind letter and the item size in bytes. */
    private static String descr(Type e, int itemBytes) {
        char kind = switch (Tensor.kindOf(e)) {
            case BOOL -> 'b';
            case SINT -> 'i';
            case UINT -> 'u';
            case FLOAT -> e instanceof org.stablehlo4j.ir.FloatType f && isIeee(f) ? 'f' : 'V';
            case COMPLEX -> 'c';
        };
        return (itemBytes == 1 || kind == 'V' ? "|" : "<") + kind + itemBytes;
    }

    private static boolean isIeee(org.stablehlo4j.ir.FloatType f) {
        return switch (f.kind()) {
            case F16, F32, F64 -> true;
            default -> false;
        };
    }

    static byte[] npy(Tensor t) {
        DenseElementsAttr attr = t.toAttr();
        int itemBytes = DenseElementsAttr.elementStorageBytes(t.type.elementType());
        StringBuilder shape = new StringBuilder();
        for (int d = 0; d < t.shape.length; d++) shape.append(d > 0 ? ", " : "").append(t.shape[d]);
        if (t.shape.length == 1) shape.append(',');
        StringBuilder header = new StringBuilder("{'descr': '").append(descr(t.type.elementType(), itemBytes))
                .append("', 'fortran_order': False, 'shape': (").append(shape).append("), }");
        // Pad with spaces so that the data starts at a multiple of 64 bytes; the header ends with a newline.
        int total = MAGIC.length + 2 + header.length() + 1;
        header.append(" ".repeat((64 - total % 64) % 64)).append('\n');
        byte[] h = header.toString().getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[MAGIC.length + 2 + h.length + itemBytes * t.size];
        System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
        out[MAGIC.length] = (byte) h.length;
        out[MAGIC.length + 1] = (byte) (h.length >> 8);
        System.arraycopy(h, 0, out, MAGIC.length + 2, h.length);
        // A splat attribute stores its one element once: repeat it for every element.
        int dataStart = MAGIC.length + 2 + h.length;
        for (int at = dataStart; at < out.length; at += attr.length()) {
            System.arraycopy(attr.rawArray(), attr.offset(), out, at, attr.length());
        }
        return out;
    }

    /** Reads the data of a NumPy file written by {@link #npy} as a tensor of {@code type}. */
    static Tensor fromNpy(byte[] data, RankedTensorType type) {
        if (data.length < MAGIC.length + 2) throw new InterpreterException("truncated NumPy file");
        for (int i = 0; i < MAGIC.length; i++) {
            if (data[i] != MAGIC[i]) throw new InterpreterException("Invalid NumPy file format detected.");
        }
        int headerLen = (data[MAGIC.length] & 0xFF) | (data[MAGIC.length + 1] & 0xFF) << 8;
        int start = MAGIC.length + 2 + headerLen;
        int itemBytes = DenseElementsAttr.elementStorageBytes(type.elementType());
        long expected = (long) itemBytes * Tensor.product(Tensor.dims(type));
        if (start + expected != data.length) throw new InterpreterException("NumPy data size does not match " + type);
        return Tensor.fromAttr(new DenseElementsAttr(type, data, start, (int) expected, false));
    }
}
