package org.stablehlo4j.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a command line the way LLVM's cl library does and rewrites it into a canonical form for picocli:
 * any number of leading dashes ({@code -flag}, {@code --flag}), values after {@code =} or, for options that
 * require one, in the next argument ({@code -o FILE}); options with an optional value take it only after
 * {@code =}; booleans accept {@code =true/false/1/0}; {@code --} ends the options; {@code -} is the stdin
 * positional. Names the tool's picocli model does not declare are offered to an {@link Extra} handler (pass
 * flags, translations) and are otherwise an "Unknown command line argument" error, as in LLVM.
 */
public final class LlvmArgs {
    /** Handles flags outside the picocli model; returns false if the name is not one of them. */
    @FunctionalInterface
    public interface Extra {
        boolean accept(String name, String value, String arg) throws ToolException;
    }

    private LlvmArgs() {}

    /**
     * @return arguments for picocli: every option as {@code --name=value} (or {@code --name}), then {@code --}
     *     and the positionals
     */
    public static List<String> normalize(String tool, CommandSpec spec, String[] args, Extra extra)
            throws ToolException {
        List<String> options = new ArrayList<>();
        List<String> positionals = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        boolean onlyPositionals = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (onlyPositionals || arg.equals("-") || !arg.startsWith("-")) {
                positionals.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                onlyPositionals = true;
                continue;
            }
            int d = 0;
            while (d < arg.length() && arg.charAt(d) == '-') d++;
            String body = arg.substring(d);
            int eq = body.indexOf('=');
            String name = eq < 0 ? body : body.substring(0, eq);
            String value = eq < 0 ? null : body.substring(eq + 1);
            OptionSpec opt = find(spec, name);
            if (opt == null) {
                if (extra.accept(name, value, arg)) continue;
                throw new ToolException(tool + ": Unknown command line argument '" + arg + "'.  Try: '" + tool
                        + " --help'");
            }
            String canonical = opt.longestName();
            if (!opt.usageHelp() && !seen.add(canonical)) {
                throw new ToolException(tool + ": for the " + arg.substring(0, d + name.length())
                        + " option: may only occur zero or one times!");
            }
            if (isBoolean(opt)) {
                options.add(canonical + "=" + parseBool(tool, arg, name, value));
            } else if (opt.arity().min() == 0) {
                options.add(canonical + "=" + (value == null ? opt.fallbackValue() : value));
            } else {
                if (value == null) {
                    if (i + 1 >= args.length) {
                        throw new ToolException(tool + ": for the " + arg + " option: requires a value!");
                    }
                    value = args[++i];
                }
                options.add(canonical + "=" + value);
            }
        }
        int maxPositionals = spec.positionalParameters().size();
        if (positionals.size() > maxPositionals) {
            throw new ToolException(tool + ": Too many positional arguments specified!\nCan specify at most "
                    + maxPositionals + " positional arguments: See: " + tool + " --help");
        }
        List<String> out = new ArrayList<>(options);
        out.add("--");
        out.addAll(positionals);
        return out;
    }

    private static OptionSpec find(CommandSpec spec, String name) {
        if (name.isEmpty()) return null;
        OptionSpec o = spec.findOption("--" + name);
        return o != null ? o : spec.findOption("-" + name);
    }

    private static boolean isBoolean(OptionSpec opt) {
        Class<?> t = opt.type();
        return t == boolean.class || t == Boolean.class;
    }

    private static boolean parseBool(String tool, String arg, String name, String value) throws ToolException {
        if (value == null) return true;
        switch (value) {
            case "", "true", "TRUE", "True", "1":
                return true;
            case "false", "FALSE", "False", "0":
                return false;
            default:
                throw new ToolException(tool + ": for the " + arg.substring(0, arg.indexOf(name) + name.length())
                        + " option: '" + value + "' is invalid value for boolean argument! Try 0 or 1");
        }
    }
}
