package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.compat.Version;
import org.stablehlo4j.ir.ModuleOp;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The last step of StableHLO serialization: writing a module that is already VHLO at the target's opset as a
 * portable artifact, with the target's bytecode format and producer {@code StableHLO_vX.Y.Z} (see
 * {@link BytecodeWriterConfig#forTarget}).
 */
public final class PortableArtifactWriter {
    private PortableArtifactWriter() {}

    /**
     * Writes {@code vhloModule} for {@code target}.
     *
     * @throws IllegalArgumentException if the target is outside the supported window or the IR cannot be written
     */
    public static void write(org.stablehlo4j.ir.Context context, ModuleOp vhloModule, Version target, OutputStream out)
            throws IOException {
        BytecodeWriter.write(context, vhloModule, BytecodeWriterConfig.forTarget(target), out);
    }

    /** Like {@link #write(org.stablehlo4j.ir.Context, ModuleOp, Version, OutputStream)}, returning the bytes. */
    public static byte[] write(org.stablehlo4j.ir.Context context, ModuleOp vhloModule, Version target) {
        return BytecodeWriter.write(context, vhloModule, BytecodeWriterConfig.forTarget(target));
    }
}
