package org.stablehlo4j.cli;

import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.dialect.stablehlo.transforms.CompatibilityExpanderPass;
import org.stablehlo4j.init.AllPasses;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.pass.StripDebugInfoPass;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code stablehlo-translate}: one or more translations ({@code --serialize}, {@code --deserialize},
 * {@code --interpret}), applied in the order given, each to the previous one's output.
 */
final class TranslateTool extends Tool {
    /** The translations, by flag name. */
    enum Translation { SERIALIZE, DESERIALIZE, INTERPRET }

    private static final List<OptionDef> OPTIONS = List.of(
            OptionDef.flag("serialize", "Serialize StableHLO program into a portable artifact"),
            OptionDef.flag("deserialize", "Deserialize a portable artifact into a StableHLO program"),
            OptionDef.flag("interpret", "Interpreter for StableHLO"),
            OptionDef.value("target", "<version>", "Target version for serialization (or 'current')"),
            OptionDef.flag("allow-other-dialects", "Allow mixed dialect in serialization"),
            OptionDef.flag("lower-chlo", "Lower CHLO to StableHLO before --serialize (the "
                    + "--chlo-pre-serialization-pipeline of stablehlo-opt), as JAX does; without it CHLO is an error"),
            OptionDef.flag("expand-for-target", "Before --serialize, rewrite what is newer than --target with ops "
                    + "the target has (--stablehlo-compatibility-expander) and list it on stderr; without it such "
                    + "an op is an error"),
            OptionDef.flag("strip-debuginfo", "Strip debug info from all operations"),
            OptionDef.flag("print-stablehlo-version",
                    "When deserializing a portable artifact, print the StableHLO version"),
            OptionDef.value("args", "<attr>", "Arguments to pass to the interpreter"),
            OptionDef.value("probe-output-dir", "<dir>", "Directory for storing instrumented tensor values"),
            OptionDef.flag("interpreter-print-dense", "Print interpreter results as dense attributes"),
            OptionDef.value("args-json", "<filename>",
                    "Read the interpreter's inputs from a JSON file ({\"inputs\": [{\"shape\", \"dtype\", \"data\"}, ...]})"),
            OptionDef.value("results-json", "<filename>",
                    "Write the interpreter's results to a JSON file ({\"outputs\": [...]}); with --args-json and no "
                            + "--results-json they go to the output"));

    String target = "";
    boolean allowOtherDialects;
    boolean lowerChlo;
    boolean expandForTarget;
    boolean stripDebugInfo;
    boolean printVersion;
    String interpreterArgs = "";
    String probeOutputDir = "";
    boolean printDense;
    /** {@code --args-json} / {@code --results-json} file names; empty if absent. */
    String argsJson = "";
    String resultsJson = "";
    /** The {@code --args-json} file's bytes, read by {@link #prepare}. */
    private byte[] argsJsonBytes;
    /** Where {@code --results-json} goes (committed when the run succeeds), or null. */
    private Output resultsOutput;

    final List<Translation> translations = new ArrayList<>();

    TranslateTool() {
        super("stablehlo-translate", OPTIONS, new String[] {
            "stablehlo-translate (--serialize|--deserialize|--interpret)... [options] [<input file>]",
            "StableHLO interpreter driver (stablehlo4j)", null}, "", true);
    }

    @Override
    void setToolOption(String name, Object value) {
        switch (name) {
            case "serialize" -> addTranslation(Translation.SERIALIZE, value);
            case "deserialize" -> addTranslation(Translation.DESERIALIZE, value);
            case "interpret" -> addTranslation(Translation.INTERPRET, value);
            case "target" -> target = (String) value;
            case "allow-other-dialects" -> allowOtherDialects = (Boolean) value;
            case "lower-chlo" -> lowerChlo = (Boolean) value;
            case "expand-for-target" -> expandForTarget = (Boolean) value;
            case "strip-debuginfo" -> stripDebugInfo = (Boolean) value;
            case "print-stablehlo-version" -> printVersion = (Boolean) value;
            case "args" -> interpreterArgs = (String) value;
            case "probe-output-dir" -> probeOutputDir = (String) value;
            case "args-json" -> argsJson = (String) value;
            case "results-json" -> resultsJson = (String) value;
            default -> printDense = (Boolean) value;
        }
    }

    /** Translations run in command-line order. */
    private void addTranslation(Translation t, Object enabled) {
        if ((Boolean) enabled) translations.add(t);
    }

    @Override
    public boolean acceptExtra(String name, String value, String arg) {
        return false;
    }

    @Override
    void prepare() throws ToolException {
        if (translations.isEmpty()) {
            throw new ToolException(toolName + ": a translation is required: --serialize, --deserialize or --interpret");
        }
        if (!argsJson.isEmpty() || !resultsJson.isEmpty()) prepareJson();
    }

    /** Checks the {@code --args-json}/{@code --results-json} combination, reads the inputs, opens the results. */
    private void prepareJson() throws ToolException {
        if (!translations.contains(Translation.INTERPRET)) {
            throw new ToolException("error: --args-json and --results-json need --interpret");
        }
        if (!argsJson.isEmpty() && !interpreterArgs.isEmpty()) {
            throw new ToolException("error: --args and --args-json cannot be used together");
        }
        if (!resultsJson.isEmpty() && splitMarker != null) {
            throw new ToolException("error: --results-json cannot be used with --split-input-file");
        }
        if (!argsJson.isEmpty()) {
            java.nio.file.Path p = ToolIO.path(argsJson);
            try {
                if (java.nio.file.Files.isDirectory(p)) {
                    throw new ToolException("error: cannot open --args-json file '" + argsJson + "': Is a directory");
                }
                argsJsonBytes = java.nio.file.Files.readAllBytes(p);
            } catch (java.nio.file.NoSuchFileException e) {
                throw new ToolException("error: cannot open --args-json file '" + argsJson
                        + "': No such file or directory");
            } catch (IOException | OutOfMemoryError e) {
                throw new ToolException("error: cannot open --args-json file '" + argsJson + "': " + e.getMessage());
            }
        }
        if (!resultsJson.isEmpty()) {
            resultsOutput = new Output(resultsJson);
            resultsOutput.checkWritable();
        }
    }

    /** Writes the {@code --results-json} file once the whole run succeeded. */
    @Override
    void commitExtraOutputs() throws ToolException {
        if (resultsOutput != null) resultsOutput.commit();
    }

    /** A lone {@code --deserialize} reads a large artifact in place: its dense constants stay in the mapping. */
    @Override
    boolean canProcessMapped() {
        return translations.size() == 1 && translations.get(0) == Translation.DESERIALIZE && !printVersion;
    }

    @Override
    Output.Part processMappedBytecode(java.nio.ByteBuffer input, String name, DiagnosticHandler handler)
            throws ToolException {
        try {
            ModuleOp m = Backends.deserializer.deserialize(context(), input, name);
            return printed(m, true);
        } catch (DiagnosticException e) {
            report(e, handler);
            return null;
        }
    }

    @Override
    Output.Part processBytecode(SourceBuffer input, DiagnosticHandler handler) throws ToolException {
        return translate(input.bytes(), input.name(), 1, handler);
    }

    @Override
    Output.Part processText(String text, String name, int firstLine, DiagnosticHandler handler) throws ToolException {
        return translate(text.getBytes(StandardCharsets.UTF_8), name, firstLine, handler);
    }

    /** Runs the translations in order, each on the previous one's output; the last one's is streamed. */
    private Output.Part translate(byte[] data, String name, int firstLine, DiagnosticHandler handler)
            throws ToolException {
        Output.Part result = Output.Part.of(data);
        for (int i = 0; i < translations.size(); i++) {
            if (i > 0) {
                try {
                    data = Output.Part.bytes(result);
                } catch (IOException e) {
                    throw new ToolException("error: " + e.getMessage());
                }
            }
            result = translateOne(translations.get(i), data, i == 0 ? name : "<stdin>", i == 0 ? firstLine : 1,
                    handler);
            if (result == null) return null;
        }
        return result;
    }

    private Output.Part translateOne(Translation t, byte[] data, String name, int firstLine, DiagnosticHandler handler)
            throws ToolException {
        try {
            switch (t) {
                case DESERIALIZE -> {
                    if (printVersion) printVersionLine(data);
                    ModuleOp m = Backends.deserializer.deserialize(context(), data, name);
                    // Like MLIR's translate-to-MLIR registrations: the op is printed without a final newline.
                    return printed(m, true);
                }
                case SERIALIZE -> {
                    ModuleOp m = parseAny(data, name, firstLine, handler);
                    if (m == null) return null;
                    if (stripDebugInfo) new StripDebugInfoPass().run(m);
                    boolean hadChlo = AllPasses.containsChlo(m);
                    if (expandForTarget) {
                        for (String line : CompatibilityExpanderPass.expandForSerialization(m.op(), target).lines()) {
                            err.print(toolName + ": " + line + "\n");
                        }
                        org.stablehlo4j.verify.Verifier.verify(context(), m);
                    }
                    // CHLO the expander made (constant_like of a dynamic shape) is lowered as its own detail
                    if ((lowerChlo || !hadChlo) && AllPasses.containsChlo(m)) {
                        // as stablehlo-opt --chlo-pre-serialization-pipeline would, verified after the pipeline
                        AllPasses.chloPreSerializationPipeline(AllPasses.registry())
                                .run(m, new PassContext(context(), handler::handle));
                        org.stablehlo4j.verify.Verifier.verify(context(), m);
                    }
                    // parseAny verified m (strip-debuginfo keeps it valid): it is not verified again
                    try {
                        return Backends.serializer.serializeVerified(context(), m, target, allowOtherDialects);
                    } catch (DiagnosticException e) {
                        throw expandForTarget ? e : CompatibilityExpanderPass.withExpansionHint(e, m.op(), target);
                    }
                }
                default -> {
                    ModuleOp m = parseForInterpreter(data, name, firstLine, handler);
                    if (m == null) return null;
                    String probeDir = probeOutputDir.isEmpty() ? "" : ToolIO.path(probeOutputDir).toString();
                    if (argsJsonBytes != null || resultsOutput != null) {
                        String[] run;
                        try {
                            run = Backends.jsonInterpreter.interpret(context(), m, interpreterArgs, argsJsonBytes, probeDir);
                        } catch (Backends.JsonInputsException e) {
                            throw new ToolException("error: " + argsJson + ": " + e.getMessage());
                        }
                        if (resultsOutput == null) return Output.Part.of((run[0] + run[1]).getBytes(StandardCharsets.UTF_8));
                        resultsOutput.write(run[1]);
                        return Output.Part.of(run[0].getBytes(StandardCharsets.UTF_8));
                    }
                    return Output.Part.of(Backends.interpreter.interpret(context(), m, interpreterArgs,
                            probeOutputDir.isEmpty() ? "" : ToolIO.path(probeOutputDir).toString(), printDense)
                            .getBytes(StandardCharsets.UTF_8));
                }
            }
        } catch (DiagnosticException e) {
            report(e, handler);
            return null;
        }
    }

    /**
     * The module to interpret: a portable artifact (MLIR bytecode whose dialect section lists VHLO) is
     * deserialized to StableHLO first, as the interpreter runs StableHLO; other input is parsed as text or MLIR
     * bytecode. The artifact is recognized by its dialects, not by its producer string: JAX's exports of early
     * 2023 say {@code MLIRxxx-trunk} rather than {@code StableHLO_vX.Y.Z}, and {@code --deserialize} reads them.
     */
    private ModuleOp parseForInterpreter(byte[] data, String name, int firstLine, DiagnosticHandler handler)
            throws ToolException, DiagnosticException {
        SourceBuffer buf = new SourceBuffer(name, data);
        if (buf.isBytecode() && usesVhlo(data, name)) {
            return Backends.deserializer.deserialize(context(), data, name);
        }
        return parseAny(data, name, firstLine, handler);
    }

    /** Whether MLIR bytecode declares the VHLO dialect; false if its header or dialect section cannot be read. */
    static boolean usesVhlo(byte[] bytecode, String name) {
        try {
            return org.stablehlo4j.bytecode.BytecodeReader.describe(bytecode, name).dialectVersions()
                    .containsKey("vhlo");
        } catch (org.stablehlo4j.bytecode.BytecodeException | RuntimeException e) {
            // not readable this far: the bytecode reader reports what is wrong with it
            return false;
        }
    }

    private ModuleOp parseAny(byte[] data, String name, int firstLine, DiagnosticHandler handler)
            throws ToolException {
        SourceBuffer buf = new SourceBuffer(name, data);
        if (buf.isBytecode()) return readBytecode(data, name, handler);
        return parseText(buf.decodeUtf8(), name, firstLine, handler);
    }

    /** {@code --print-stablehlo-version}: goes straight to stdout, as upstream writes it to llvm::outs(). */
    private static void printVersionLine(byte[] artifact) {
        Backends.ArtifactVersion av = Backends.artifactVersion;
        String version = av == null ? null : av.versionOf(artifact);
        String line = version == null ? "// Failed parsing StableHLO version from portable artifact\n"
                : "// Reading portable artifact with StableHLO version: " + version + "\n";
        try {
            java.io.OutputStream out = ToolIO.stdout();
            out.write(line.getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException ignored) {
            // stdout closed: nothing to report to
        }
    }
}
