package org.stablehlo4j.cli;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Module;
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
            OptionDef.flag("strip-debuginfo", "Strip debug info from all operations"),
            OptionDef.flag("print-stablehlo-version",
                    "When deserializing a portable artifact, print the StableHLO version"),
            OptionDef.value("args", "<attr>", "Arguments to pass to the interpreter"),
            OptionDef.value("probe-output-dir", "<dir>", "Directory for storing instrumented tensor values"),
            OptionDef.flag("interpreter-print-dense", "Print interpreter results as dense attributes"));

    String target = "";
    boolean allowOtherDialects;
    boolean stripDebugInfo;
    boolean printVersion;
    String interpreterArgs = "";
    String probeOutputDir = "";
    boolean printDense;

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
            case "strip-debuginfo" -> stripDebugInfo = (Boolean) value;
            case "print-stablehlo-version" -> printVersion = (Boolean) value;
            case "args" -> interpreterArgs = (String) value;
            case "probe-output-dir" -> probeOutputDir = (String) value;
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
        for (Translation t : translations) {
            switch (t) {
                case SERIALIZE -> Backends.require(Backends.serializer, "'--serialize'");
                case DESERIALIZE -> Backends.require(Backends.deserializer, "'--deserialize'");
                case INTERPRET -> Backends.require(Backends.interpreter, "'--interpret'");
            }
        }
    }

    @Override
    byte[] processBytecode(SourceBuffer input, DiagnosticHandler handler) throws ToolException {
        return translate(input.bytes(), input.name(), 1, handler);
    }

    @Override
    byte[] processText(String text, String name, int firstLine, DiagnosticHandler handler) throws ToolException {
        return translate(text.getBytes(StandardCharsets.UTF_8), name, firstLine, handler);
    }

    private byte[] translate(byte[] data, String name, int firstLine, DiagnosticHandler handler)
            throws ToolException {
        for (int i = 0; i < translations.size() && data != null; i++) {
            data = translateOne(translations.get(i), data, i == 0 ? name : "<stdin>", i == 0 ? firstLine : 1,
                    handler);
        }
        return data;
    }

    private byte[] translateOne(Translation t, byte[] data, String name, int firstLine, DiagnosticHandler handler)
            throws ToolException {
        try {
            switch (t) {
                case DESERIALIZE -> {
                    if (printVersion) printVersionLine(data);
                    Module m = Backends.deserializer.deserialize(context(), data, name);
                    // Like MLIR's translate-to-MLIR registrations: the op is printed without a final newline.
                    String text = AsmPrinter.print(context(), m, printOptions());
                    if (text.endsWith("\n")) text = text.substring(0, text.length() - 1);
                    return text.getBytes(StandardCharsets.UTF_8);
                }
                case SERIALIZE -> {
                    Module m = parseAny(data, name, firstLine, handler);
                    if (m == null) return null;
                    if (stripDebugInfo) new StripDebugInfoPass().run(m);
                    return Backends.serializer.serialize(context(), m, target, allowOtherDialects);
                }
                default -> {
                    Module m = parseAny(data, name, firstLine, handler);
                    if (m == null) return null;
                    return Backends.interpreter.interpret(context(), m, interpreterArgs,
                            probeOutputDir.isEmpty() ? "" : ToolIO.path(probeOutputDir).toString(), printDense)
                            .getBytes(StandardCharsets.UTF_8);
                }
            }
        } catch (DiagnosticException e) {
            report(e, handler);
            return null;
        }
    }

    private Module parseAny(byte[] data, String name, int firstLine, DiagnosticHandler handler)
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
