package org.stablehlo4j.compat.legalize;

import org.stablehlo4j.asm.ParseOptions;

import org.stablehlo4j.asm.AsmParser;

import org.stablehlo4j.compat.PortableArtifactWriter;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;

import java.io.OutputStream;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.compat.CompatibilityApi;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.verify.Verifier;

/**
 * Reading portable artifacts (MLIR bytecode of VHLO) back into StableHLO, as upstream's
 * {@code deserializePortableArtifact}: read the bytecode, convert every op to the current VHLO version, then
 * legalize VHLO to StableHLO. A file that cannot be read reports the reader's errors followed by
 * {@code failed to deserialize portable artifact using StableHLO_v1.20.0}.
 */
public final class PortableArtifacts {
    private PortableArtifacts() {}

    public static ModuleOp deserializePortableArtifact(Context context, byte[] artifact) throws DiagnosticException {
        return deserializePortableArtifact(context, artifact, "<artifact>");
    }

    public static ModuleOp deserializePortableArtifact(Context context, byte[] artifact, String bufferName)
            throws DiagnosticException {
        ModuleOp stablehlo;
        if (BytecodeReader.isBytecode(artifact)) {
            // One pass: every op is upgraded and legalized as the reader builds it.
            VhloReadConversion conversion = new VhloReadConversion();
            try {
                stablehlo = BytecodeReader.read(context, artifact, bufferName, conversion);
            } catch (DiagnosticException e) {
                throw withDeserializationFailure(e);
            }
            conversion.finish(stablehlo);
        } else {
            ModuleOp vhlo;
            try {
                // Like upstream (which parses the buffer as MLIR source of either kind), assembly text is accepted.
                vhlo = AsmParser.parse(context, new String(artifact, java.nio.charset.StandardCharsets.UTF_8),
                        ParseOptions.of(bufferName));
                // Upstream parses the artifact with parseSourceString, which verifies what it read.
                Verifier.verify(context, vhlo);
            } catch (DiagnosticException e) {
                throw withDeserializationFailure(e);
            }
            stablehlo = Legalize.vhloToStablehlo(VhloToVersion.convert(vhlo, Version.current()));
        }
        return verified(context, stablehlo);
    }

    /**
     * {@link #deserializePortableArtifact(Context, byte[], String)} over a buffer's remaining bytes. A
     * memory-mapped buffer is read in place and the module's large dense constants keep referring to it (see
     * {@link BytecodeReader#read(Context, java.nio.ByteBuffer, String)}).
     */
    public static ModuleOp deserializePortableArtifact(Context context, java.nio.ByteBuffer artifact,
                                                       String bufferName) throws DiagnosticException {
        java.nio.ByteBuffer b = artifact.slice();
        if (b.hasArray() || !b.isDirect() || b.remaining() < 4 || b.get(0) != 'M' || b.get(1) != 'L'
                || (b.get(2) & 0xFF) != 0xEF || b.get(3) != 'R') {
            byte[] a = new byte[b.remaining()];
            b.get(a);
            return deserializePortableArtifact(context, a, bufferName);
        }
        // One pass, as for a byte array: every op is upgraded and legalized as the reader builds it.
        VhloReadConversion conversion = new VhloReadConversion();
        ModuleOp stablehlo;
        try {
            stablehlo = BytecodeReader.read(context, b, bufferName, conversion);
        } catch (DiagnosticException e) {
            throw withDeserializationFailure(e);
        }
        conversion.finish(stablehlo);
        return verified(context, stablehlo);
    }

    private static ModuleOp verified(Context context, ModuleOp stablehlo) throws DiagnosticException {
        try {
            // Upstream's deserialization pipeline runs under a pass manager that verifies its result. (What the
            // bytecode reader built is only verified here, as StableHLO: the conversion keeps every op, operand,
            // result, region and block of the VHLO read, so this also checks the structure the VHLO had.)
            Verifier.verify(context, stablehlo);
        } catch (DiagnosticException e) {
            throw withDeserializationFailure(e);
        }
        return stablehlo;
    }

    /** The reader's or verifier's errors followed by upstream's {@code failed to deserialize ...} line. */
    private static DiagnosticException withDeserializationFailure(DiagnosticException e) {
        List<Diagnostic> out = new ArrayList<>(e.diagnostics());
        out.add(new Diagnostic(Diagnostic.Severity.ERROR, Location.UNKNOWN,
                CompatibilityApi.deserializationFailureMessage(), List.of()));
        return new DiagnosticException(out);
    }

    public static ModuleOp deserializePortableArtifact(Context context, InputStream in)
            throws DiagnosticException, IOException {
        return deserializePortableArtifact(context, in.readAllBytes());
    }

    /** Reads a file; one of {@link BytecodeReader#MIN_MAPPED_FILE} bytes or more is memory-mapped, not copied. */
    public static ModuleOp deserializePortableArtifact(Context context, Path path) throws DiagnosticException, IOException {
        if (Files.size(path) >= BytecodeReader.MIN_MAPPED_FILE) {
            return deserializePortableArtifact(context, BytecodeReader.map(path), path.toString());
        }
        return deserializePortableArtifact(context, Files.readAllBytes(path), path.toString());
    }

    /** The deserialized program printed in generic form. */
    public static String deserializePortableArtifactToString(Context context, byte[] artifact)
            throws DiagnosticException {
        return AsmPrinter.print(context, deserializePortableArtifact(context, artifact), new PrintOptions(true, false, false));
    }

    /**
     * The VHLO program a portable artifact for {@code target} holds (upstream's serializePortableArtifact up to
     * the bytecode writing): StableHLO legalized to VHLO, then converted to the target's op versions.
     *
     * @param target {@code X.Y.Z} or {@code current}; validated like the vhlo-to-version pass option
     * @throws DiagnosticException if an op cannot be expressed in VHLO or at the target version, or the target
     *                             is invalid (reported at the module)
     */
    public static ModuleOp legalizeForSerialization(ModuleOp stablehlo, String target, boolean allowOtherDialects)
            throws DiagnosticException {
        Version v = VhloToVersion.target(target, stablehlo);
        return VhloToVersion.convert(Legalize.stablehloToVhlo(stablehlo, allowOtherDialects), v);
    }

    /**
     * Serializes a StableHLO program as a portable artifact for {@code target} (upstream's
     * serializePortableArtifact): legalized to VHLO, converted to the target's op versions and written with the
     * target's bytecode format and producer. Nothing is written if any step fails.
     *
     * @param target {@code X.Y.Z} (a non-zero patch is accepted, the opset is the one of {@code X.Y.0}) or
     *               {@code current}
     */
    public static void serializePortableArtifact(Context context, ModuleOp stablehlo, String target,
                                                 boolean allowOtherDialects, OutputStream out)
            throws DiagnosticException, IOException {
        // Like upstream's parseSourceString before serialization: an invalid program is not written.
        Verifier.verify(context, stablehlo);
        serializeVerified(context, stablehlo, target, allowOtherDialects).writeTo(out);
    }

    /** Like {@link #serializePortableArtifact(Context, ModuleOp, String, boolean, OutputStream)}, returning the bytes. */
    public static byte[] serializePortableArtifact(Context context, ModuleOp stablehlo, String target,
                                                   boolean allowOtherDialects) throws DiagnosticException {
        Verifier.verify(context, stablehlo);
        return serializeVerified(context, stablehlo, target, allowOtherDialects).toByteArray();
    }

    /**
     * Serializes a StableHLO program that the caller has just verified (e.g. parsed and verified it): the
     * program is not verified again, and the VHLO made from it is not verified either (the conversion of a
     * valid program is valid; {@link PortableArtifactWriter#write} still verifies VHLO handed in from outside).
     * The artifact is encoded in full here, so every error is raised before a byte is written.
     *
     * @param target {@code X.Y.Z} or {@code current}
     * @return the encoded artifact
     * @throws DiagnosticException if an op cannot be expressed in VHLO or at the target
     */
    public static BytecodeWriter.Encoded serializeVerified(Context context, ModuleOp stablehlo, String target,
                                                           boolean allowOtherDialects) throws DiagnosticException {
        BytecodeWriter.Encoded onePass = serializeOnePass(context, stablehlo, target, allowOtherDialects);
        return onePass != null ? onePass : serializeTwoPass(context, stablehlo, target, allowOtherDialects);
    }

    /**
     * Serialization in one pass ({@link VhloWriteConversion}): the writer writes each StableHLO op as its VHLO
     * record, no VHLO module is built. Null where the one pass gives up (ops of other dialects, ops renamed at the
     * target, anything that cannot be converted): the two-pass way then gives the bytes or the passes' errors.
     */
    static BytecodeWriter.Encoded serializeOnePass(Context context, ModuleOp stablehlo, String target,
                                                   boolean allowOtherDialects) throws DiagnosticException {
        Version v = VhloToVersion.target(target, stablehlo);
        try {
            return BytecodeWriter.encode(context, stablehlo,
                    PortableArtifactWriter.config(Version.resolveSerializationTarget(target)),
                    new VhloWriteConversion(v, allowOtherDialects));
        } catch (VhloWriteConversion.NotOnePass | org.stablehlo4j.bytecode.UnwritableIRException e) {
            return null;
        }
    }

    /**
     * The reference serialization (two passes): the module legalized to VHLO and converted to the target as
     * modules ({@link #legalizeForSerialization}), then written.
     */
    static BytecodeWriter.Encoded serializeTwoPass(Context context, ModuleOp stablehlo, String target,
                                                   boolean allowOtherDialects) throws DiagnosticException {
        ModuleOp vhlo = legalizeForSerialization(stablehlo, target, allowOtherDialects);
        return BytecodeWriter.encode(context, vhlo,
                PortableArtifactWriter.config(Version.resolveSerializationTarget(target)));
    }

    /** Parses StableHLO assembly text and serializes it (see {@link #serializePortableArtifact(Context, ModuleOp, String, boolean)}). */
    public static byte[] serializePortableArtifact(Context context, String stablehloText, String target)
            throws DiagnosticException {
        ModuleOp m = AsmParser.parse(context, stablehloText, ParseOptions.of("<string>"));
        return serializePortableArtifact(context, m, target, false);
    }

    /** The StableHLO version in the artifact's producer string, if it has one. */
    public static Optional<Version> getPortableArtifactVersion(byte[] artifact) {
        return CompatibilityApi.getPortableArtifactVersion(artifact);
    }
}
