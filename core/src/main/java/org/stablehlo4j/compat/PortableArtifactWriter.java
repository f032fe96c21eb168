package org.stablehlo4j.compat;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.bytecode.writer.BytecodeWriterConfig;
import org.stablehlo4j.ir.ModuleOp;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;

/**
 * The last step of StableHLO serialization: writing a module that is already VHLO at the target's opset as a
 * portable artifact, with the target's bytecode format and producer {@code StableHLO_vX.Y.Z} (see
 * {@link #config}).
 */
public final class PortableArtifactWriter {
    private PortableArtifactWriter() {}

    /**
     * What a StableHLO portable artifact targeting {@code target} is written with: the target's bytecode format
     * and producer {@code StableHLO_vX.Y.Z}. Upstream artifacts carry no dialect-version entry (the VHLO
     * version is the producer's), so none is written.
     *
     * @throws IllegalArgumentException if the target is outside the supported window
     */
    public static BytecodeWriterConfig config(Version target) {
        int format = target.bytecodeVersion().orElseThrow(() -> new IllegalArgumentException(
                "target version " + target + " is outside the supported range [" + Version.minimum() + ", "
                        + Version.current() + "]"));
        return new BytecodeWriterConfig(format, target.producerString(), Map.of(), false);
    }

    /**
     * Writes {@code vhloModule} for {@code target}.
     *
     * @throws IllegalArgumentException if the target is outside the supported window or the IR cannot be written
     */
    public static void write(org.stablehlo4j.ir.Context context, ModuleOp vhloModule, Version target, OutputStream out)
            throws IOException {
        BytecodeWriter.write(context, vhloModule, config(target), out);
    }

    /** Like {@link #write(org.stablehlo4j.ir.Context, ModuleOp, Version, OutputStream)}, returning the bytes. */
    public static byte[] write(org.stablehlo4j.ir.Context context, ModuleOp vhloModule, Version target) {
        return BytecodeWriter.write(context, vhloModule, config(target));
    }
}
