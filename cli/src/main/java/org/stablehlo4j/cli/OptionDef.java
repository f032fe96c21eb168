package org.stablehlo4j.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.io.PrintStream;
import java.util.List;

/**
 * One command-line option of a tool, in LLVM cl terms.
 *
 * @param name        the name without dashes ({@code split-input-file}, {@code o})
 * @param kind        how a value is given
 * @param fallback    for {@link Kind#OPTIONAL_VALUE}: the value when none is given
 * @param label       value placeholder for the help text
 * @param description help text
 */
public record OptionDef(String name, Kind kind, String fallback, String label, String description) {
    /** How an option takes its value. */
    public enum Kind {
        /** Boolean; {@code =true/false/1/0} allowed. */
        FLAG,
        /** Value only after {@code =}, else the fallback (LLVM's ValueOptional). */
        OPTIONAL_VALUE,
        /** Value after {@code =} or in the next argument. */
        VALUE
    }

    public static OptionDef flag(String name, String description) {
        return new OptionDef(name, Kind.FLAG, null, null, description);
    }

    public static OptionDef value(String name, String label, String description) {
        return new OptionDef(name, Kind.VALUE, null, label, description);
    }

    public static OptionDef optionalValue(String name, String fallback, String label, String description) {
        return new OptionDef(name, Kind.OPTIONAL_VALUE, fallback, label, description);
    }

    /**
     * Prints {@code --help} for a tool with these options, rendered by picocli, then {@code epilogue} as it is
     * (may be null).
     */
    static void printUsage(String tool, String synopsis, String description, String footer, List<OptionDef> defs,
                           String epilogue, PrintStream out) {
        CommandSpec spec = CommandSpec.create().name(tool);
        spec.usageMessage().customSynopsis(synopsis).description(description);
        if (footer != null) spec.usageMessage().footer(footer);
        for (OptionDef d : defs) {
            String flag = d.name().length() == 1 ? "-" + d.name() : "--" + d.name();
            OptionSpec.Builder b = OptionSpec.builder(flag).description(d.description());
            switch (d.kind()) {
                case FLAG -> b.arity("0").type(boolean.class);
                case OPTIONAL_VALUE -> b.arity("0..1").type(String.class).paramLabel(d.label()); // shown as [=<label>]
                default -> b.arity("1").type(String.class).paramLabel(d.label());
            }
            spec.addOption(b.build());
        }
        spec.addPositional(PositionalParamSpec.builder().paramLabel("<input file>").arity("0..1")
                .description("Input file, - for stdin (the default)").build());
        new CommandLine(spec).usage(out);
        if (epilogue != null) out.print(epilogue);
    }
}
