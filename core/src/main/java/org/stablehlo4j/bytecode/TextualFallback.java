package org.stablehlo4j.bytecode;

import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

/**
 * Attributes and types of dialects without a bytecode encoding are stored as their assembly text; they are
 * parsed with the assembly parser, by wrapping the text into a one-op module ({@code "bytecode.entry"() {v = T}}
 * or {@code ... -> T}) and taking it back out of the parsed op.
 */
final class TextualFallback {
    private TextualFallback() {}

    /** Assembly text longer than this is rejected rather than parsed. */
    private static final int MAX_TEXT = 1 << 24;

    static Type parseType(org.stablehlo4j.ir.Context context, String text, ByteCursor at) throws BytecodeException {
        Operation op = parse(context, "\"bytecode.entry\"() : () -> (" + text + ")", "type", text, at);
        if (op.numResults() != 1) throw at.error("trailing characters found after type assembly format: " + text);
        return op.result(0).type();
    }

    static Attribute parseAttribute(org.stablehlo4j.ir.Context context, String text, ByteCursor at) throws BytecodeException {
        Operation op = parse(context, "\"bytecode.entry\"() {v = " + text + "} : () -> ()", "attribute", text, at);
        Attribute a = op.attributes().get("v");
        if (a == null || op.attributes().size() != 1) {
            throw at.error("trailing characters found after attribute assembly format: " + text);
        }
        return a;
    }

    private static Operation parse(org.stablehlo4j.ir.Context context, String source, String kind, String text, ByteCursor at)
            throws BytecodeException {
        if (text.length() > MAX_TEXT) throw at.error(kind + " assembly text too long: " + text.length());
        try {
            ModuleOp m = AsmParser.parse(context, source, new ParseOptions("bytecode", 1, true));
            if (m.body().operations().size() != 1) throw at.error("invalid " + kind + " assembly format: " + text);
            return m.body().operations().get(0);
        } catch (DiagnosticException e) {
            throw at.error("invalid " + kind + " assembly format '" + text + "': " + e.getMessage());
        } catch (RuntimeException e) {
            throw at.error("invalid " + kind + " assembly format '" + text + "': " + e);
        }
    }
}
