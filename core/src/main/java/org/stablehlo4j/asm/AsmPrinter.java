package org.stablehlo4j.asm;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Module;
import org.stablehlo4j.ir.Type;

/**
 * Entry point: IR to MLIR assembly text exactly as upstream's stablehlo-opt prints it.
 *
 * <p>Custom (pretty) op forms are pluggable: dialect packages register an {@link AsmPrinterCustomOp} per op
 * name; ops without one print in the generic form. The builtin/func ops are registered here.
 */
public final class AsmPrinter {
    private static final Map<String, AsmPrinterCustomOp> CUSTOM = new ConcurrentHashMap<>();
    private static final List<Function<Object, String>> ALIAS_PROVIDERS = new CopyOnWriteArrayList<>();

    static {
        AsmPrinterBuiltin.registerAll();
        org.stablehlo4j.compat.legalize.VhloFuncPrinter.register();
        org.stablehlo4j.asm.format.StablehloAssembly.registerAll();
    }

    private AsmPrinter() {}

    /**
     * Prints the module as {@code stablehlo-opt} writes it to its output: the non-deferred aliases, the module,
     * the deferred (location) aliases, the {@code {-# ... #-}} resource section, and the final newline that
     * the tool adds after the printed operation (so the text normally ends in {@code "}\n\n"}, or in
     * {@code "#-}\n\n"} with resources). With local scope only the operation and one newline are written.
     */
    public static String print(Module module, PrintOptions options) {
        StringBuilder sb = new StringBuilder();
        new AsmPrinterImpl(sb, options, module.op()).printModule(module);
        return sb.toString();
    }

    /**
     * Streaming variant of {@link #print(Module, PrintOptions)}: writes the same text to {@code out} in chunks,
     * so modules with gigabytes of constants never need the whole text in memory.
     *
     * @throws java.io.UncheckedIOException if writing fails
     */
    public static void print(Module module, PrintOptions options, java.io.Writer out) {
        AsmPrinterImpl p = new AsmPrinterImpl(new StringBuilder(1 << 16), out, options, module.op());
        p.printModule(module);
        p.flushAll();
    }

    /** A type as MLIR prints it in local scope (no aliases). */
    public static String printType(Type type) {
        StringBuilder sb = new StringBuilder();
        new AsmPrinterImpl(sb, new PrintOptions(false, false, true), null).printType(type);
        return sb.toString();
    }

    /** An attribute as MLIR prints it in local scope (no aliases), including its {@code : type} suffix. */
    public static String printAttribute(Attribute attribute) {
        StringBuilder sb = new StringBuilder();
        new AsmPrinterImpl(sb, new PrintOptions(false, false, true), null).printAttribute(attribute);
        return sb.toString();
    }

    /**
     * A float literal exactly as MLIR prints it ({@code 1.000000e+00}, {@code 0.33333333333333331},
     * {@code 0x7FC00000}), for custom printers.
     */
    public static String formatFloat(org.stablehlo4j.ir.FloatKind kind, java.math.BigInteger bits) {
        StringBuilder sb = new StringBuilder();
        PrinterFloats.appendFloat(sb, kind, bits);
        return sb.toString();
    }

    /** Registers (or replaces) the pretty printer of an op. */
    public static void registerCustomPrinter(String opName, AsmPrinterCustomOp printer) {
        CUSTOM.put(opName, printer);
    }

    /** The pretty printer of an op, or null. */
    public static AsmPrinterCustomOp customPrinter(String opName) {
        return CUSTOM.get(opName);
    }

    /**
     * Adds a dialect alias hook (MLIR's {@code OpAsmDialectInterface::getAlias}): given a type or attribute,
     * returns an alias base name such as {@code "map"}, or null.
     */
    public static void registerAliasProvider(Function<Object, String> provider) {
        ALIAS_PROVIDERS.add(provider);
    }

    static List<Function<Object, String>> aliasProviders() {
        return ALIAS_PROVIDERS;
    }
}
