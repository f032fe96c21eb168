package org.stablehlo4j.cli;

import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code stablehlo-opt} and {@code stablehlo-translate} share: the common options, reading the input
 * (file or stdin, bytecode detection, strict UTF-8), {@code --split-input-file} chunking, diagnostics
 * (printed, or checked with {@code --verify-diagnostics}) and the all-or-nothing output.
 */
abstract class Tool implements LlvmArgs.Target {
    /** Largest input accepted, to avoid huge allocations. */
    static final long MAX_INPUT = Integer.MAX_VALUE - 64;

    /** Options both tools have, as in MLIR's tool drivers. */
    private static final List<OptionDef> COMMON_OPTIONS = List.of(
            OptionDef.value("o", "<filename>", "Output filename (- for stdout, the default)"),
            OptionDef.optionalValue("split-input-file", SplitInput.DEFAULT_MARKER, "<marker>",
                    "Split the input file into chunks using the given or default marker and process each chunk "
                            + "independently"),
            OptionDef.optionalValue("verify-diagnostics", "all", "all|only-expected",
                    "Check that emitted diagnostics match expected-* lines on the corresponding line"),
            OptionDef.flag("allow-unregistered-dialect", "Allow operation with no registered dialects"),
            OptionDef.flag("mlir-print-op-generic", "Print the generic op form"),
            OptionDef.flag("mlir-print-debuginfo", "Print debug info in MLIR output"),
            OptionDef.flag("mlir-print-local-scope", "Print with local scope and inline information (no aliases)"),
            OptionDef.flag("mlir-disable-threading", "Disable multi-threading (stablehlo4j is single-threaded)"),
            OptionDef.value("output-split-marker", "<marker>", "Split marker to use for merging the output"),
            OptionDef.flag("help", "Display available options"),
            OptionDef.flag("version", "Display the version of stablehlo4j and of StableHLO it implements"));

    String input = "-";
    String output = "-";
    /** {@code --split-input-file} marker; null when not splitting. */
    String splitMarker;
    /** {@code --verify-diagnostics} level; null when not verifying. */
    String verifyDiagnostics;
    boolean allowUnregisteredDialect;
    /** The dialects of this run (stablehlo-opt's list, {@link org.stablehlo4j.init.AllDialects}); made on first use. */
    private org.stablehlo4j.ir.Context context;

    /** The context of this run, with the {@code --allow-unregistered-dialect} setting. */
    org.stablehlo4j.ir.Context context() {
        if (context == null) context = org.stablehlo4j.init.AllDialects.newContext();
        context.allowUnregisteredDialects(allowUnregisteredDialect);
        return context;
    }
    boolean printGeneric;
    boolean printDebugInfo;
    boolean printLocalScope;
    boolean help;
    boolean version;

    final String toolName;
    private final List<OptionDef> toolOptions;
    private final String[] usage;
    /** Written between the outputs of split chunks, followed by a newline. */
    String outputMarker;
    /** Whether each split chunk is its own buffer (mlir-translate) rather than a view of the file (mlir-opt). */
    private final boolean separateChunks;
    PrintStream err;

    /**
     * @param toolOptions    the tool's own options (besides the common ones)
     * @param usage          synopsis, description and footer (may be null) for {@code --help}
     * @param outputMarker   default {@code --output-split-marker}
     * @param separateChunks whether split chunks are separate buffers named {@code within split at FILE:N offset }
     */
    Tool(String toolName, List<OptionDef> toolOptions, String[] usage, String outputMarker, boolean separateChunks) {
        this.toolName = toolName;
        this.toolOptions = toolOptions;
        this.usage = usage;
        this.outputMarker = outputMarker;
        this.separateChunks = separateChunks;
    }

    /** Stores the value of one of the tool's own options. */
    abstract void setToolOption(String name, Object value);

    @Override
    public final List<OptionDef> options() {
        List<OptionDef> all = new java.util.ArrayList<>(COMMON_OPTIONS);
        all.addAll(toolOptions);
        return all;
    }

    @Override
    public final void setInput(String input) {
        this.input = input;
    }

    @Override
    public final void set(String name, Object value) {
        switch (name) {
            case "o" -> output = (String) value;
            case "split-input-file" -> splitMarker = (String) value;
            case "verify-diagnostics" -> verifyDiagnostics = (String) value;
            case "allow-unregistered-dialect" -> allowUnregisteredDialect = (Boolean) value;
            case "mlir-print-op-generic" -> printGeneric = (Boolean) value;
            case "mlir-print-debuginfo" -> printDebugInfo = (Boolean) value;
            case "mlir-print-local-scope" -> printLocalScope = (Boolean) value;
            case "help" -> help = (Boolean) value;
            case "version" -> version = (Boolean) value;
            case "output-split-marker" -> outputMarker = (String) value;
            case "mlir-disable-threading" -> { }
            default -> setToolOption(name, value);
        }
    }

    /** Text printed after the options by {@code --help}, or null. */
    String helpEpilogue() {
        return null;
    }

    /**
     * What {@code --version} prints: the stablehlo4j version (the Maven project version, from the filtered
     * {@code version.properties} resource) and the StableHLO version implemented, with the oldest version of
     * portable artifacts read and written.
     */
    static String versionText() {
        return "stablehlo4j " + projectVersion() + "\n"
                + "StableHLO " + org.stablehlo4j.compat.CompatibilityApi.getCurrentVersion()
                + " (portable artifacts from " + org.stablehlo4j.compat.CompatibilityApi.getMinimumVersion()
                + " to " + org.stablehlo4j.compat.CompatibilityApi.getCurrentVersion() + ")\n";
    }

    /** The stablehlo4j version this tool was built as, or {@code unknown}. */
    static String projectVersion() {
        try (InputStream in = Tool.class.getResourceAsStream("version.properties")) {
            if (in == null) return "unknown";
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            String v = p.getProperty("version", "");
            return v.isEmpty() || v.startsWith("${") ? "unknown" : v;
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Checks the configuration before any input is read. */
    abstract void prepare() throws ToolException;

    /** Writes outputs besides the main one (e.g. {@code --results-json}) after a successful run. */
    void commitExtraOutputs() throws ToolException {}

    /** Processes a whole bytecode input (no splitting); returns the output or null on failure. */
    abstract Output.Part processBytecode(SourceBuffer input, DiagnosticHandler handler) throws ToolException;

    /**
     * Processes one chunk of text; returns its output, or null on failure (diagnostics already reported).
     *
     * @param name      buffer name for locations
     * @param firstLine line number of the text's first line
     */
    abstract Output.Part processText(String text, String name, int firstLine, DiagnosticHandler handler)
            throws ToolException;

    /** Runs the tool; returns the exit code. */
    final int run(String[] args, PrintStream err) {
        this.err = err;
        try {
            parseCommandLine(args);
            if (help) {
                OptionDef.printUsage(toolName, usage[0], usage[1], usage[2], options(), helpEpilogue(),
                        new PrintStream(ToolIO.stdout(), true, java.nio.charset.StandardCharsets.UTF_8));
                return 0;
            }
            if (version) {
                PrintStream out = new PrintStream(ToolIO.stdout(), true, java.nio.charset.StandardCharsets.UTF_8);
                out.print(versionText());
                out.flush();
                return 0;
            }
            prepare();
            Output out = new Output(output);
            out.checkWritable();
            java.nio.ByteBuffer mapped = verifying() || !canProcessMapped() ? null : mapLargeBytecodeInput();
            if (mapped != null) {
                Output.Part result = processMappedBytecode(mapped, input, new DiagnosticPrinter(null, err));
                if (result == null) return 1;
                out.write(result);
                commitExtraOutputs();
                out.commit();
                return 0;
            }
            SourceBuffer buffer = readInput();
            boolean ok = process(buffer, out);
            if (ok) {
                commitExtraOutputs();
                out.commit();
            }
            return ok ? 0 : 1;
        } catch (ToolException e) {
            err.print(e.getMessage() + "\n");
            return 1;
        }
    }

    /** Reads the command line into this object's fields (and the pass/translation lists). */
    final void parseCommandLine(String[] args) throws ToolException {
        LlvmArgs.parse(toolName, this, args);
    }

    /** Whether {@link #processMappedBytecode} handles a large bytecode input file with the current options. */
    boolean canProcessMapped() { return false; }

    /**
     * Processes a large bytecode input file in place, memory-mapped rather than read onto the heap (only called
     * when {@link #canProcessMapped()}); returns the output or null on failure (diagnostics already reported).
     */
    Output.Part processMappedBytecode(java.nio.ByteBuffer input, String name, DiagnosticHandler handler)
            throws ToolException {
        throw new IllegalStateException("not supported by " + toolName);
    }

    /**
     * The input file memory-mapped when it is a regular bytecode file of
     * {@link org.stablehlo4j.bytecode.BytecodeReader#MIN_MAPPED_FILE} bytes or more, else null (then the input
     * is read the ordinary way, which also reports any problem opening it).
     */
    private java.nio.ByteBuffer mapLargeBytecodeInput() {
        if (input.equals("-")) return null;
        try {
            Path p = ToolIO.path(input);
            if (!Files.isRegularFile(p) || Files.size(p) < org.stablehlo4j.bytecode.BytecodeReader.MIN_MAPPED_FILE
                    || Files.size(p) > MAX_INPUT) {
                return null;
            }
            java.nio.ByteBuffer b = org.stablehlo4j.bytecode.BytecodeReader.map(p);
            boolean magic = b.get(0) == 'M' && b.get(1) == 'L' && (b.get(2) & 0xFF) == 0xEF && b.get(3) == 'R';
            return magic ? b : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private SourceBuffer readInput() throws ToolException {
        if (input.equals("-")) {
            if (ToolIO.isProcess() && System.console() != null) {
                // As MLIR's tools: reading a terminal is usually a mistake that looks like a hang.
                err.print("(processing input from stdin now, hit ctrl-c/ctrl-d to interrupt)\n");
            }
            try {
                InputStream in = ToolIO.stdin();
                return new SourceBuffer("<stdin>", in.readAllBytes());
            } catch (IOException | OutOfMemoryError e) {
                throw new ToolException("cannot open input file '-': " + e.getMessage());
            }
        }
        Path p = ToolIO.path(input);
        try {
            if (Files.isDirectory(p)) throw new ToolException("cannot open input file '" + input + "': Is a directory");
            if (Files.size(p) > MAX_INPUT) throw new ToolException("cannot open input file '" + input + "': File too large");
            return new SourceBuffer(input, Files.readAllBytes(p));
        } catch (NoSuchFileException e) {
            throw new ToolException("cannot open input file '" + input + "': No such file or directory");
        } catch (AccessDeniedException e) {
            throw new ToolException("cannot open input file '" + input + "': Permission denied");
        } catch (IOException e) {
            throw new ToolException("cannot open input file '" + input + "': " + e.getMessage());
        }
    }

    private boolean verifying() { return verifyDiagnostics != null; }

    private boolean onlyExpected() throws ToolException {
        switch (verifyDiagnostics) {
            case "", "all":
                return false;
            case "only-expected":
                return true;
            default:
                throw new ToolException(toolName + ": for the --verify-diagnostics option: Cannot find option named '"
                        + verifyDiagnostics + "'!");
        }
    }

    /** Splits (if asked), processes each chunk and collects the output; true on success. */
    final boolean process(SourceBuffer buffer, Output out) throws ToolException {
        DiagnosticPrinter printer = new DiagnosticPrinter(buffer, err);
        boolean onlyExpected = verifying() && onlyExpected();
        if (buffer.isBytecode()) {
            DiagnosticVerifier v = verifying() ? new DiagnosticVerifier(printer, onlyExpected) : null;
            Output.Part result = processBytecode(buffer, v != null ? v : printer);
            if (result != null) out.write(result);
            return v != null ? v.verify() : result != null;
        }
        String text = buffer.decodeUtf8();
        String marker = splitMarker == null ? null : splitMarker.isEmpty() ? SplitInput.DEFAULT_MARKER : splitMarker;
        List<SplitInput.Chunk> chunks = marker == null
                ? List.of(new SplitInput.Chunk(text, 0, 1, 1))
                : SplitInput.split(text, marker, printer);
        boolean separate = separateChunks && marker != null;
        DiagnosticVerifier fileVerifier = verifying() && !separate ? new DiagnosticVerifier(printer, onlyExpected) : null;
        boolean ok = true;
        for (int i = 0; i < chunks.size(); i++) {
            SplitInput.Chunk chunk = chunks.get(i);
            if (i > 0) out.write(outputMarker + "\n");
            Output.Part result;
            if (separate) {
                String name = "within split at " + buffer.name() + ":" + chunk.firstLine() + " offset ";
                DiagnosticPrinter chunkPrinter = new DiagnosticPrinter(
                        new SourceBuffer(name, chunk.text().getBytes(StandardCharsets.UTF_8)), err);
                DiagnosticVerifier v = verifying() ? new DiagnosticVerifier(chunkPrinter, onlyExpected) : null;
                result = processText(chunk.text(), name, 1, v != null ? v : chunkPrinter);
                ok &= v != null ? v.verify() : result != null;
            } else {
                String chunkText = marker == null ? chunk.text() : chunk.paddedText();
                result = processText(chunkText, buffer.name(), chunk.firstLine(),
                        fileVerifier != null ? fileVerifier : printer);
                ok &= fileVerifier != null || result != null;
            }
            if (result != null) out.write(result);
        }
        if (fileVerifier != null) ok = fileVerifier.verify();
        return ok;
    }

    // ---- helpers for subclasses

    PrintOptions printOptions() {
        return new PrintOptions(printGeneric, printDebugInfo, printLocalScope);
    }

    /**
     * {@code module} printed with this run's options when the output is committed, streamed into the output;
     * {@code dropFinalNewline} leaves out the final line break (as MLIR's translations to MLIR print).
     */
    Output.Part printed(ModuleOp module, boolean dropFinalNewline) {
        return out -> {
            java.io.OutputStream o = dropFinalNewline ? new DropFinalNewline(out) : out;
            AsmPrinter.print(context(), module, printOptions(), o);
            o.flush();
        };
    }

    /** Passes bytes through except a line break at the very end. */
    static final class DropFinalNewline extends java.io.OutputStream {
        private final java.io.OutputStream out;
        private boolean pending;

        DropFinalNewline(java.io.OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
            if (len == 0) return;
            if (pending) out.write('\n');
            pending = buf[off + len - 1] == '\n';
            out.write(buf, off, pending ? len - 1 : len);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void flush() throws IOException { out.flush(); }

        @Override
        public void close() throws IOException { out.close(); }
    }

    /** Parses text into a module; null on failure (diagnostics reported). */
    ModuleOp parseText(String text, String name, int firstLine, DiagnosticHandler handler) {
        try {
            ModuleOp module = AsmParser.parse(context(), text, new ParseOptions(name, firstLine, allowUnregisteredDialect));
            org.stablehlo4j.verify.Verifier.verify(context(), module);
            return module;
        } catch (DiagnosticException e) {
            report(e, handler);
            return null;
        }
    }

    /** Reads a bytecode buffer into a module; null on failure (diagnostics reported). */
    ModuleOp readBytecode(byte[] bytes, String name, DiagnosticHandler handler) throws ToolException {
        Backends.BytecodeReader reader = Backends.bytecodeReader;
        try {
            ModuleOp module = reader.read(context(), bytes, name, allowUnregisteredDialect);
            org.stablehlo4j.verify.Verifier.verify(context(), module);
            return module;
        } catch (DiagnosticException e) {
            report(e, handler);
            return null;
        }
    }

    static void report(DiagnosticException e, DiagnosticHandler handler) {
        if (e.diagnostics().isEmpty()) {
            handler.handle(Diagnostic.error(org.stablehlo4j.ir.Location.UNKNOWN, String.valueOf(e.getMessage())));
        }
        for (Diagnostic d : e.diagnostics()) handler.handle(d);
    }
}
