package org.stablehlo4j.asm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A map-backed {@link OpAsmDialectInterface}: a dialect fills one in its constructor and then only reads it.
 */
public final class OpAsmTable implements OpAsmDialectInterface {
    private final Map<String, CustomOpParser> parsers = new HashMap<>();
    private final Map<String, AsmCustomOpParser> formatParsers = new HashMap<>();
    private final Map<String, AsmPrinterCustomOp> printers = new HashMap<>();
    private final List<Function<Object, String>> aliases = new ArrayList<>();

    /**
     * The pretty forms of the builtin ops ({@code module}, {@code unrealized_conversion_cast}). They live here
     * because the parser itself relies on them (the module is the top level).
     *
     * @return the table
     */
    public static OpAsmTable builtinForms() {
        OpAsmTable t = new OpAsmTable();
        BuiltinCustomParsers.registerAll(t);
        AsmPrinterBuiltin.registerAll(t);
        return t;
    }

    /**
     * Registers the {@link OpAsmParser}-based parser of op {@code fullName}.
     *
     * @param fullName the full op name
     * @param parser the parser
     * @return this table
     */
    public OpAsmTable parser(String fullName, CustomOpParser parser) {
        parsers.put(fullName, parser);
        return this;
    }

    /**
     * Registers the printer of op {@code fullName}.
     *
     * @param fullName the full op name
     * @param printer the printer
     * @return this table
     */
    public OpAsmTable printer(String fullName, AsmPrinterCustomOp printer) {
        printers.put(fullName, printer);
        return this;
    }

    /**
     * An op whose pretty form is printed and parsed by one object (asm.format ops).
     *
     * @param <T> the format's type
     * @param fullName the full op name
     * @param op the printer and parser
     * @return this table
     */
    public <T extends AsmPrinterCustomOp & AsmCustomOpParser> OpAsmTable format(String fullName, T op) {
        printers.put(fullName, op);
        formatParsers.put(fullName, op);
        return this;
    }

    /**
     * Adds an alias provider (see {@link OpAsmDialectInterface#alias}).
     *
     * @param provider an alias base name for a type or attribute, or null
     * @return this table
     */
    public OpAsmTable alias(Function<Object, String> provider) {
        aliases.add(provider);
        return this;
    }

    @Override
    public CustomOpParser customParser(String fullName) {
        return parsers.get(fullName);
    }

    @Override
    public AsmCustomOpParser formatParser(String fullName) {
        return formatParsers.get(fullName);
    }

    @Override
    public AsmPrinterCustomOp customPrinter(String fullName) {
        return printers.get(fullName);
    }

    @Override
    public String alias(Object typeOrAttribute) {
        for (Function<Object, String> f : aliases) {
            String a = f.apply(typeOrAttribute);
            if (a != null) return a;
        }
        return null;
    }
}
