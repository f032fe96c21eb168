package org.stablehlo4j.compat;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.bytecode.writer.BytecodeWriterConfig;
import org.stablehlo4j.bytecode.UnwritableIRException;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.verify.Verifier;

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
     * @param target the StableHLO version to write for
     * @return the bytecode writer configuration
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
     * @param context the context the module belongs to
     * @param vhloModule the module, already in VHLO at the target's opset
     * @param target the StableHLO version to write for
     * @param out where the bytes go
     * @throws IOException if writing to {@code out} fails
     * @throws IllegalArgumentException if the target is outside the supported window or the IR cannot be written
     */
    public static void write(org.stablehlo4j.ir.Context context, ModuleOp vhloModule, Version target, OutputStream out)
            throws IOException {
        verify(context, vhloModule);
        BytecodeWriter.write(context, vhloModule, config(target), out);
    }

    /**
     * An artifact holds only verified IR: a module that does not verify is refused with the verifier's first
     * error (its location and text).
     *
     * @throws UnwritableIRException if {@code vhloModule} does not verify
     */
    private static void verify(org.stablehlo4j.ir.Context context, ModuleOp vhloModule) {
        try {
            Verifier.verify(context, vhloModule);
        } catch (DiagnosticException e) {
            Diagnostic first = e.diagnostics().get(0);
            throw new UnwritableIRException(first.location(), first.message());
        }
    }

    /**
     * Like {@link #write(org.stablehlo4j.ir.Context, ModuleOp, Version, OutputStream)}, returning the bytes.
     *
     * @param context the context the module belongs to
     * @param vhloModule the module, already in VHLO at the target's opset
     * @param target the StableHLO version to write for
     * @return the artifact
     * @throws IllegalArgumentException if the target is outside the supported window or the IR cannot be written
     */
    public static byte[] write(org.stablehlo4j.ir.Context context, ModuleOp vhloModule, Version target) {
        verify(context, vhloModule);
        return BytecodeWriter.write(context, vhloModule, config(target));
    }
}
