package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Region;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads MLIR bytecode (magic {@code ML\xEFR}, format versions 0 through 6) into an {@link ModuleOp}.
 *
 * <p>All sections are read: strings, dialects (with op names, registration flags and dialect version
 * entries), attributes/types (lazily, through their offset table), resources, properties and the IR with
 * nested regions, isolated-region sub-sections and use-list orders (parsed and validated; the IR does not model
 * use-list order). Dense element data and resource blobs stay slices of the input array.
 *
 * <p>Every malformed input ends in a {@link BytecodeException} that names the section and byte offset.
 */
public final class BytecodeReader {
    /** The newest bytecode format version this reader understands (what LLVM 22 writes). */
    public static final long MAX_VERSION = 6;

    static final int V_DIALECT_VERSIONING = 1;
    static final int V_LAZY_LOADING = 2;
    static final int V_USE_LIST_ORDERING = 3;
    static final int V_ELIDE_UNKNOWN_BLOCK_ARG_LOC = 4;
    static final int V_NATIVE_PROPERTIES = 5;

    /** Region nesting deeper than this is rejected: the limit text shares ({@link org.stablehlo4j.ir.Limits}). */
    static final int MAX_REGION_DEPTH = org.stablehlo4j.ir.Limits.MAX_NESTING;

    /**
     * The codec of dialect {@code name}: builtin's is the format's own; any other dialect contributes its
     * {@link DialectBytecode} as an interface in the context (null when it has none or is not registered).
     */
    public static DialectBytecode codec(Context context, String name) {
        if (name.equals("builtin")) return BuiltinBytecode.INSTANCE;
        return context == null ? null : context.dialectInterface(name, DialectBytecode.class);
    }

    /** The file header: format version and producer string. */
    public record Header(long version, String producer) {}

    private BytecodeReader() {}

    /** True if {@code data} starts with the bytecode magic number. */
    public static boolean isBytecode(byte[] data) {
        return data.length >= 4 && data[0] == 'M' && data[1] == 'L' && (data[2] & 0xFF) == 0xEF && data[3] == 'R';
    }

    /** Reads a file; ops of dialects that are not registered are accepted (as unregistered ops). */
    public static ModuleOp read(Context context, byte[] data, String bufferName) throws BytecodeException {
        return read(context, data, bufferName, true);
    }

    /**
     * Reads a file. Unless {@code allowUnregisteredDialect}, an op of a dialect that is neither registered
     * (in {@code context}) nor has a bytecode codec is an error, as in MLIR.
     */
    public static ModuleOp read(Context context, byte[] data, String bufferName, boolean allowUnregisteredDialect)
            throws BytecodeException {
        SectionReader impl = new SectionReader(context, data, bufferName);
        impl.allowUnregisteredDialect = allowUnregisteredDialect;
        return impl.read();
    }

    /**
     * Reads a file, building every op as {@code conversion} says (see {@link ReadConversion}); ops of dialects
     * that are not registered are accepted.
     *
     * @param context where dialect codecs come from
     * @param data the file's bytes
     * @param bufferName the name diagnostics give the file
     * @param conversion applied to every op and value type as the IR is built
     * @return the module built
     * @throws BytecodeException if the file is malformed
     */
    public static ModuleOp read(Context context, byte[] data, String bufferName, ReadConversion conversion)
            throws BytecodeException {
        SectionReader impl = new SectionReader(context, data, bufferName);
        impl.conversion = conversion;
        return impl.read();
    }

    /**
     * {@link #read(Context, byte[], String, ReadConversion)} over a buffer's remaining bytes; a memory-mapped
     * buffer is read in place as by {@link #read(Context, ByteBuffer, String)}.
     *
     * @param context where dialect codecs come from
     * @param buffer the file's bytes
     * @param bufferName the name diagnostics give the file
     * @param conversion applied to every op and value type as the IR is built
     * @return the module built
     * @throws BytecodeException if the file is malformed
     */
    public static ModuleOp read(Context context, ByteBuffer buffer, String bufferName, ReadConversion conversion)
            throws BytecodeException {
        if (buffer.hasArray() || !buffer.isDirect()) return read(context, toArray(buffer), bufferName, conversion);
        SectionReader impl = new SectionReader(context, buffer.slice(), bufferName);
        impl.conversion = conversion;
        return impl.read();
    }

    /**
     * Reads a file from a buffer's remaining bytes. A buffer that is not a whole heap array (a memory-mapped
     * file) is read in place: dense element data of {@value DenseData#MIN_MAPPED_BYTES} bytes or more stays in
     * it (see {@link org.stablehlo4j.ir.DenseElementsAttr#isMapped()}), so the buffer must stay valid and
     * unchanged while the module is used.
     */
    public static ModuleOp read(Context context, ByteBuffer buffer, String bufferName) throws BytecodeException {
        return read(context, buffer, bufferName, true);
    }

    /** {@link #read(Context, ByteBuffer, String)}, with {@code allowUnregisteredDialect} as in the array form. */
    public static ModuleOp read(Context context, ByteBuffer buffer, String bufferName,
                                boolean allowUnregisteredDialect) throws BytecodeException {
        if (buffer.hasArray() || !buffer.isDirect()) {
            return read(context, toArray(buffer), bufferName, allowUnregisteredDialect);
        }
        SectionReader impl = new SectionReader(context, buffer.slice(), bufferName);
        impl.allowUnregisteredDialect = allowUnregisteredDialect;
        return impl.read();
    }

    /** Files at least this large are read in place from a memory mapping; smaller ones are read onto the heap. */
    public static final long MIN_MAPPED_FILE = 16L << 20;

    /**
     * A read-only mapping of a whole file (for {@link #read(Context, ByteBuffer, String)}).
     *
     * @throws IOException if it cannot be opened or is 2 GiB or larger
     */
    public static ByteBuffer map(Path path) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            if (ch.size() > Integer.MAX_VALUE - 16) throw new IOException("file too large: " + path);
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
        }
    }

    public static ModuleOp read(Context context, InputStream in, String bufferName)
            throws BytecodeException, IOException {
        return read(context, in.readAllBytes(), bufferName);
    }

    /**
     * Reads a file: one of {@value #MIN_MAPPED_FILE} bytes or more through a read-only memory mapping that its
     * large dense constants keep referring to (see {@link #read(Context, ByteBuffer, String)}).
     */
    public static ModuleOp read(Context context, Path path) throws BytecodeException, IOException {
        if (java.nio.file.Files.size(path) < MIN_MAPPED_FILE) {
            return read(context, java.nio.file.Files.readAllBytes(path), path.toString());
        }
        return read(context, map(path), path.toString());
    }

    /** The bytes of the buffer's remaining content, without copying when it is a whole heap array. */
    private static byte[] toArray(ByteBuffer buffer) {
        if (buffer.hasArray() && buffer.arrayOffset() == 0 && buffer.position() == 0
                && buffer.remaining() == buffer.array().length) {
            return buffer.array();
        }
        byte[] out = new byte[buffer.remaining()];
        buffer.duplicate().get(out);
        return out;
    }

    /**
     * What the header and dialect section declare: format version, producer, each dialect with its raw version
     * entry (null when it has none), and the op names in the order of the op name table.
     */
    public record FileInfo(long version, String producer, Map<String, byte[]> dialectVersions, List<String> opNames) {}

    /** Reads the header, string and dialect sections only. */
    public static FileInfo describe(byte[] data, String bufferName) throws BytecodeException {
        SectionReader impl = new SectionReader(null, data, bufferName);
        impl.headerOnly = true;
        impl.read();
        Map<String, byte[]> versions = new LinkedHashMap<>();
        for (AttrTypeTable.DialectEntry d : impl.dialects) {
            ByteCursor.Slice v = d.version();
            versions.put(d.name(), v == null ? null : java.util.Arrays.copyOfRange(data, v.offset(), v.end()));
        }
        List<String> ops = new ArrayList<>();
        for (SectionReader.OpName n : impl.opNames) ops.add(n.fullName());
        return new FileInfo(impl.version, impl.producer, versions, List.copyOf(ops));
    }

    /** Reads only the magic number, version and producer. */
    public static Header readHeader(byte[] data, String bufferName) throws BytecodeException {
        ByteCursor c = new ByteCursor(data, 0, data.length, "header", bufferName);
        if (!isBytecode(data)) throw c.error("input buffer is not an MLIR bytecode file");
        c.skip(4);
        long version = c.readVarInt();
        return new Header(version, c.readNullTerminatedString());
    }

    /**
     * The StableHLO version of a portable artifact, taken from its producer string {@code StableHLO_vX.Y.Z}, or
     * null if the data is not bytecode or the producer is not StableHLO.
     */
    public static String getPortableArtifactVersion(byte[] data) {
        try {
            String producer = readHeader(data, "artifact").producer();
            String prefix = "StableHLO_v";
            if (!producer.startsWith(prefix)) return null;
            String v = producer.substring(prefix.length());
            return v.matches("\\d+\\.\\d+\\.\\d+") ? v : null;
        } catch (BytecodeException e) {
            return null;
        }
    }
}
