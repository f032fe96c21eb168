package org.stablehlo4j.asm;

import java.util.List;
import java.util.function.Function;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;

/**
 * Entry point: MLIR assembly text to IR.
 *
 * <p>The parser follows MLIR's own ({@code mlir/lib/AsmParser}): {@link Lexer} produces tokens, the type grammar
 * lives in {@code TypeParser}, attributes and locations in {@code AttributeParser} (dense literals in
 * {@code DenseParser}), SSA scoping in {@code SsaScope}, operations, regions and the top level in
 * {@code OperationParser}. They are composed, not chained: each holds the one {@code ParserState} (the lexer, the
 * current token, aliases, nesting and diagnostics helpers, as MLIR's parsers share one ParserState) and the
 * parsers it calls. Which ops exist and how their
 * pretty forms and dialect types/attributes parse comes from the dialects of the {@link Context}
 * ({@link OpAsmDialectInterface}, {@link AsmDialectInterface}); dialects load lazily as their names appear.
 * Unqualified custom op names are looked up in the enclosing default dialect ({@code func} inside functions and at
 * module level) and then in {@code builtin}.
 */
public final class AsmParser {
    private AsmParser() {}

    /**
     * Parses a whole buffer. Top-level ops other than a single {@code builtin.module} are wrapped into an
     * implicit module, as MLIR does. Parsing stops at the first error.
     *
     * @throws DiagnosticException with {@code file:line:col} locations for any syntax error
     * @param context the dialects
     * @param text the source text
     * @param options buffer name, first line, unregistered dialects
     * @return the module
     */
    public static ModuleOp parse(Context context, String text, ParseOptions options) throws DiagnosticException {
        return run(context, text, options, OperationParser::parseModule);
    }

    /**
     * Parses a single type, e.g. {@code tensor<2xf32>}; the whole text must be consumed.
     *
     * @param context the dialects
     * @param text the type's text
     * @return the type
     * @throws DiagnosticException if the text is not one valid type
     */
    public static Type parseType(Context context, String text) throws DiagnosticException {
        return parseSymbol(context, text, p -> p.types.parseType());
    }

    /**
     * Parses a single attribute, e.g. {@code dense<1> : tensor<i32>}; the whole text must be consumed.
     *
     * @param context the dialects
     * @param text the attribute's text
     * @return the attribute
     * @throws DiagnosticException if the text is not one valid attribute
     */
    public static Attribute parseAttribute(Context context, String text) throws DiagnosticException {
        return parseSymbol(context, text, p -> p.types.parseAttribute(null));
    }

    private static <T> T parseSymbol(Context context, String text, Function<OperationParser, T> fn)
            throws DiagnosticException {
        return run(context, text, ParseOptions.of(text), p -> {
            T result = fn.apply(p);
            if (!p.in.is(Token.Kind.EOF)) {
                throw ParserState.errorAt(p.in.tok.start, "found trailing characters: '" + text.substring(p.in.tok.start) + "'");
            }
            return result;
        });
    }

    private static <T> T run(Context context, String text, ParseOptions options, Function<OperationParser, T> fn)
            throws DiagnosticException {
        try {
            return fn.apply(new OperationParser(context, text, options));
        } catch (ParseError e) {
            throw failure(text, options, e);
        } catch (StackOverflowError e) {
            throw failure(text, options, 0, "nesting depth exceeded: input is nested too deeply");
        }
    }

    private static DiagnosticException failure(String text, ParseOptions options, int offset, String message) {
        return failure(text, options, new ParseError(offset, message));
    }

    private static DiagnosticException failure(String text, ParseOptions options, ParseError e) {
        Lexer lex = new Lexer(text);
        StringAttr buffer = StringAttr.of(options.bufferName());
        List<Diagnostic> notes = new java.util.ArrayList<>();
        for (ParseError.Note n : e.notes) {
            Location at = ParserState.pointLocation(lex, buffer, options.firstLine(), Math.min(n.offset(), text.length()));
            notes.add(new Diagnostic(Diagnostic.Severity.NOTE, at, n.message(), List.of()));
        }
        Location loc = ParserState.pointLocation(lex, buffer, options.firstLine(), Math.min(e.offset, text.length()));
        List<Diagnostic> all = new java.util.ArrayList<>();
        all.add(new Diagnostic(Diagnostic.Severity.ERROR, loc, e.getMessage(), notes));
        for (ParseError f : e.followUps) all.addAll(failure(text, options, f).diagnostics());
        return new DiagnosticException(all);
    }
}
