package org.stablehlo4j.cli;

import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

/**
 * The parts of the tools that other components of stablehlo4j provide: MLIR bytecode reading and writing,
 * portable-artifact (de)serialization and the interpreter. Each is an interface the tools call, and a field here
 * holds its implementation: the one place where the drivers name the bytecode, compat and interpreter code.
 */
public final class Backends {
    private Backends() {}

    /** Reads an MLIR bytecode file (starting with {@code ML\xEFR}) into a module. */
    @FunctionalInterface
    public interface BytecodeReader {
        ModuleOp read(Context context, byte[] bytes, String bufferName, boolean allowUnregisteredDialect)
                throws DiagnosticException;
    }

    /** Writes a module as MLIR bytecode. */
    @FunctionalInterface
    public interface BytecodeWriter {
        byte[] write(Context context, ModuleOp module) throws DiagnosticException;

        /** Like {@link #write}, encoded in full now and streamed into the output when it is committed. */
        default Output.Part encode(Context context, ModuleOp module) throws DiagnosticException {
            return Output.Part.of(write(context, module));
        }
    }

    /** {@code --serialize}: a StableHLO module to a portable artifact for {@code target} (a version). */
    @FunctionalInterface
    public interface Serializer {
        byte[] serialize(Context context, ModuleOp module, String target, boolean allowOtherDialects)
                throws DiagnosticException;

        /**
         * Like {@link #serialize} for a module the tool has just verified (it is not verified again); the artifact
         * is encoded in full now and streamed into the output when it is committed.
         */
        default Output.Part serializeVerified(Context context, ModuleOp module, String target,
                                              boolean allowOtherDialects) throws DiagnosticException {
            return Output.Part.of(serialize(context, module, target, allowOtherDialects));
        }
    }

    /** {@code --deserialize}: a portable artifact to a StableHLO module. */
    @FunctionalInterface
    public interface Deserializer {
        ModuleOp deserialize(Context context, byte[] artifact, String bufferName) throws DiagnosticException;

        /**
         * Deserializes a buffer's remaining bytes (a memory-mapped file); by default copied onto the heap.
         *
         * @param artifact the artifact
         * @param bufferName the name diagnostics use
         */
        default ModuleOp deserialize(Context context, java.nio.ByteBuffer artifact, String bufferName)
                throws DiagnosticException {
            byte[] a = new byte[artifact.remaining()];
            artifact.duplicate().get(a);
            return deserialize(context, a, bufferName);
        }
    }

    /** The StableHLO version recorded in a portable artifact, or null if it cannot be read. */
    @FunctionalInterface
    public interface ArtifactVersion {
        String versionOf(byte[] artifact);
    }

    /**
     * {@code --interpret}: runs the module's {@code main} function and returns the printed results.
     *
     * @param args          {@code --args} text (an array attribute of dense elements), empty if absent
     * @param probeDir      {@code --probe-output-dir}, empty if absent
     * @param printDense    {@code --interpreter-print-dense}
     */
    @FunctionalInterface
    public interface Interpreter {
        String interpret(Context context, ModuleOp module, String args, String probeDir, boolean printDense)
                throws DiagnosticException;
    }

    /**
     * {@code --interpret} with {@code --args-json} / {@code --results-json}: runs {@code main} on the inputs of a
     * JSON file (or on the {@code --args} text when {@code argsJson} is null) and returns the text printed by the
     * program and the outputs as JSON.
     */
    @FunctionalInterface
    public interface JsonInterpreter {
        /**
         * @return {@code {printed text, outputs JSON}}
         * @throws JsonInputsException when the JSON inputs are malformed or do not fit {@code main}
         */
        String[] interpret(Context context, ModuleOp module, String args, byte[] argsJson, String probeDir)
                throws DiagnosticException, JsonInputsException;
    }

    /** The {@code --args-json} file is malformed or does not fit {@code main}; the message names the byte offset. */
    public static final class JsonInputsException extends Exception {
        private static final long serialVersionUID = 1L;

        public JsonInputsException(String message) {
            super(message);
        }
    }

    public static final BytecodeReader bytecodeReader = new BytecodeReader() {
        // an anonymous class rather than a method reference: no invokedynamic bootstrap at start-up
        @Override
        public ModuleOp read(Context context, byte[] bytes, String bufferName, boolean allowUnregisteredDialect)
                throws DiagnosticException {
            return org.stablehlo4j.bytecode.BytecodeReader.read(context, bytes, bufferName, allowUnregisteredDialect);
        }
    };
    /** Producer string of {@code -emit-bytecode} files, as MLIR writes it ("MLIR" + LLVM version). */
    static final String PRODUCER = "MLIR22.0.0git";

    public static final BytecodeWriter bytecodeWriter = new BytecodeWriter() {
        @Override
        public byte[] write(Context context, ModuleOp module) throws DiagnosticException {
            return encoded(context, module).toByteArray();
        }

        @Override
        public Output.Part encode(Context context, ModuleOp module) throws DiagnosticException {
            org.stablehlo4j.bytecode.writer.BytecodeWriter.Encoded bytes = encoded(context, module);
            return bytes::writeTo;
        }

        private org.stablehlo4j.bytecode.writer.BytecodeWriter.Encoded encoded(Context context, ModuleOp module)
                throws DiagnosticException {
            try {
                return org.stablehlo4j.bytecode.writer.BytecodeWriter.encode(context, module,
                        org.stablehlo4j.bytecode.writer.BytecodeWriterConfig.current(PRODUCER));
            } catch (org.stablehlo4j.bytecode.UnwritableIRException e) {
                throw new DiagnosticException(org.stablehlo4j.ir.Diagnostic.error(e.location(), e.getMessage()));
            }
        }
    };
    public static final Serializer serializer = new Serializer() {
        @Override
        public byte[] serialize(Context context, ModuleOp module, String target, boolean allowOtherDialects)
                throws DiagnosticException {
            return org.stablehlo4j.compat.legalize.PortableArtifacts.serializePortableArtifact(context, module, target,
                    allowOtherDialects);
        }

        @Override
        public Output.Part serializeVerified(Context context, ModuleOp module, String target,
                                             boolean allowOtherDialects) throws DiagnosticException {
            org.stablehlo4j.bytecode.writer.BytecodeWriter.Encoded bytes = org.stablehlo4j.compat.legalize
                    .PortableArtifacts.serializeVerified(context, module, target, allowOtherDialects);
            return bytes::writeTo;
        }
    };
    public static final Deserializer deserializer = new Deserializer() {
        @Override
        public ModuleOp deserialize(Context context, byte[] artifact, String bufferName) throws DiagnosticException {
            return org.stablehlo4j.compat.legalize.PortableArtifacts.deserializePortableArtifact(context, artifact,
                    bufferName);
        }

        @Override
        public ModuleOp deserialize(Context context, java.nio.ByteBuffer artifact, String bufferName)
                throws DiagnosticException {
            return org.stablehlo4j.compat.legalize.PortableArtifacts.deserializePortableArtifact(context, artifact,
                    bufferName);
        }
    };
    public static final ArtifactVersion artifactVersion = new ArtifactVersion() {
        @Override
        public String versionOf(byte[] artifact) {
            return org.stablehlo4j.compat.CompatibilityApi.getPortableArtifactVersion(artifact)
                    .map(Object::toString).orElse(null);
        }
    };
    public static final Interpreter interpreter = new Interpreter() {
        @Override
        public String interpret(Context context, ModuleOp module, String args, String probeDir, boolean printDense)
                throws DiagnosticException {
            return org.stablehlo4j.interpreter.InterpreterDriver.interpret(context, module, args, probeDir, printDense);
        }
    };

    public static final JsonInterpreter jsonInterpreter = new JsonInterpreter() {
        @Override
        public String[] interpret(Context context, ModuleOp module, String args, byte[] argsJson, String probeDir)
                throws DiagnosticException, JsonInputsException {
            try {
                org.stablehlo4j.interpreter.InterpreterDriver.JsonRun run =
                        org.stablehlo4j.interpreter.InterpreterDriver.interpretJson(context, module, args,
                                argsJson, probeDir);
                return new String[] {run.printed(), run.json()};
            } catch (org.stablehlo4j.interpreter.JsonTensors.JsonException e) {
                throw new JsonInputsException(e.getMessage());
            }
        }
    };

    /** Fails unless the backend is installed. */}
