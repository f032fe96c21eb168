package org.stablehlo4j.asm;

import java.util.List;

import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Module;
import org.stablehlo4j.ir.StringAttr;

/** Entry point: MLIR assembly text to IR. */
public final class AsmParser {
    private static final java.util.Map<String, AsmCustomOpParser> CUSTOM =
            new java.util.concurrent.ConcurrentHashMap<>();

    static {
        org.stablehlo4j.asm.format.StablehloAssembly.registerAll();
    }

    private AsmParser() {}

    /** Registers (or replaces) the pretty-form parser of a registered op. */
    public static void registerCustomParser(String opName, AsmCustomOpParser parser) {
        CUSTOM.put(opName, parser);
    }

    /** The pretty-form parser of an op, or null. */
    public static AsmCustomOpParser customParser(String opName) {
        return CUSTOM.get(opName);
    }

    /**
     * Parses a whole buffer. Top-level ops other than a single {@code builtin.module} are wrapped into an
     * implicit module, as MLIR does. Parsing stops at the first error.
     *
     * @throws DiagnosticException with {@code file:line:col} locations for any syntax error
     */
    public static Module parse(String text, ParseOptions options) throws DiagnosticException {
        try {
            return new OperationParser(text, options).parseModule();
        } catch (ParseError e) {
            DiagnosticException first = failure(text, options, Math.min(e.offset, text.length()), e.getMessage());
            if (e.followUps.isEmpty()) throw first;
            List<Diagnostic> all = new java.util.ArrayList<>(first.diagnostics());
            for (ParseError f : e.followUps) {
                all.addAll(failure(text, options, Math.min(f.offset, text.length()), f.getMessage()).diagnostics());
            }
            throw new DiagnosticException(all);
        } catch (StackOverflowError e) {
            throw failure(text, options, 0, "nesting depth exceeded: input is nested too deeply");
        }
    }

    private static DiagnosticException failure(String text, ParseOptions options, int offset, String message) {
        Location loc = ParserBase.pointLocation(new Lexer(text), StringAttr.of(options.bufferName()),
                options.firstLine(), offset);
        return new DiagnosticException(List.of(Diagnostic.error(loc, message)));
    }
}
