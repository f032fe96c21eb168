package org.stablehlo4j.asm;

import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

/**
 * Entry point: IR to MLIR assembly text exactly as upstream's stablehlo-opt prints it.
 *
 * <p>Custom (pretty) op forms come from the op's dialect in the {@link Context} ({@link OpAsmDialectInterface});
 * registered ops without one, and unregistered ops, print in the generic form.
 */
public final class AsmPrinter {
    private AsmPrinter() {}

    /**
     * Prints the module as {@code stablehlo-opt} writes it to its output: the non-deferred aliases, the module,
     * the deferred (location) aliases, the {@code {-# ... #-}} resource section, and the final newline that
     * the tool adds after the printed operation (so the text normally ends in {@code "}\n\n"}, or in
     * {@code "#-}\n\n"} with resources). With local scope only the operation and one newline are written.
     *
     * @param context the dialects
     * @param module the module
     * @param options what to print
     * @return the text
     */
    public static String print(Context context, ModuleOp module, PrintOptions options) {
        StringBuilder sb = new StringBuilder();
        AsmPrinterImpl.printModule(context, module, options, sb, null);
        return sb.toString();
    }

    /**
     * Streaming variant of {@link #print(Context, ModuleOp, PrintOptions)}: writes the same text to {@code out} in chunks,
     * so modules with gigabytes of constants never need the whole text in memory.
     *
     * @throws java.io.UncheckedIOException if writing fails
     * @param context the dialects
     * @param module the module
     * @param options what to print
     * @param out where the text goes
     */
    public static void print(Context context, ModuleOp module, PrintOptions options, java.io.Writer out) {
        stream(context, module, options, PrinterSink.of(out));
    }

    /**
     * Streaming variant of {@link #print(Context, ModuleOp, PrintOptions)} that writes the text to {@code out} as
     * UTF-8, in chunks: the same bytes as {@link #print(Context, ModuleOp, PrintOptions, java.io.Writer)} through
     * an {@code OutputStreamWriter(out, UTF_8)}, without widening the (almost always ASCII) text to chars.
     *
     * @throws java.io.UncheckedIOException if writing fails
     * @param context the dialects
     * @param module the module
     * @param options what to print
     * @param out where the UTF-8 bytes go
     */
    public static void print(Context context, ModuleOp module, PrintOptions options, java.io.OutputStream out) {
        stream(context, module, options, PrinterSink.utf8(out));
    }

    private static void stream(Context context, ModuleOp module, PrintOptions options, PrinterSink sink) {
        int capacity = AttrTypePrinter.FLUSH_CHARS + (AttrTypePrinter.FLUSH_CHARS >> 1);
        AsmPrinterImpl.printModule(context, module, options, new StringBuilder(capacity), sink);
    }

    /**
     * One op as MLIR streams it into a diagnostic ({@code Diagnostic::appendOp}): alone, in local scope, values
     * defined outside it printed as {@code <<UNKNOWN SSA VALUE>>}; no trailing newline.
     *
     * @param context the dialects
     * @param op the op
     * @return the text
     */
    public static String printOperation(Context context, Operation op) {
        StringBuilder sb = new StringBuilder();
        AsmPrinterImpl.printLocalOp(context, op, sb);
        return sb.toString();
    }

    /**
     * A type as MLIR prints it in local scope (no aliases).
     *
     * @param type the type
     * @return the text
     */
    public static String printType(Type type) {
        AttrTypePrinter p = new AttrTypePrinter(new StringBuilder(), null, null);
        p.printType(type);
        return p.toString();
    }

    /**
     * An attribute as MLIR prints it in local scope (no aliases), including its {@code : type} suffix.
     *
     * @param attribute the attribute
     * @return the text
     */
    public static String printAttribute(Attribute attribute) {
        AttrTypePrinter p = new AttrTypePrinter(new StringBuilder(), null, null);
        p.printAttribute(attribute, AttrTypePrinter.Elision.NEVER);
        return p.toString();
    }

    /**
     * The text a dialect's printer writes to a sink (an attribute or type body, or part of one), with nested types
     * and attributes printed as {@link #printType} and {@link #printAttribute} print them (local scope, no
     * aliases).
     *
     * @param body writes to the sink it is given
     * @return the text
     */
    public static String printBody(java.util.function.Consumer<? super AsmSink> body) {
        AttrTypePrinter p = new AttrTypePrinter(new StringBuilder(), null, null);
        body.accept(p);
        return p.toString();
    }
}
