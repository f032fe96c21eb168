package org.stablehlo4j.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a command line the way LLVM's cl library does: any number of leading dashes ({@code -flag},
 * {@code --flag}); values after {@code =} or, for options that require one, in the next argument
 * ({@code -o FILE}); {@link OptionDef.Kind#OPTIONAL_VALUE} options take a value only after {@code =};
 * booleans accept {@code =true/false/1/0}; {@code --} ends the options; {@code -} is the stdin positional.
 * Names that are not declared options are offered to {@link Target#acceptExtra} (pass flags, translations)
 * and are otherwise an "Unknown command line argument" error, as in LLVM. Each option may occur once.
 */
public final class LlvmArgs {
    /** Where parsed values go. */
    public interface Target {
        /** The declared options. */
        List<OptionDef> options();

        /** Stores a value: a {@code Boolean} for flags, else the string. */
        void set(String name, Object value);

        /** Stores the positional input. */
        void setInput(String input);

        /** Handles a flag outside the declared options; returns false if it is not one of them. */
        boolean acceptExtra(String name, String value, String arg) throws ToolException;
    }

    private LlvmArgs() {}

    public static void parse(String tool, Target target, String[] args) throws ToolException {
        Map<String, OptionDef> options = new HashMap<>();
        for (OptionDef d : target.options()) options.put(d.name(), d);
        List<String> positional = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        boolean onlyPositionals = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (onlyPositionals || arg.equals("-") || !arg.startsWith("-")) {
                positional.add(arg);
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
            String shown = arg.substring(0, d + name.length());
            OptionDef def = options.get(name);
            if (def == null) {
                if (!name.isEmpty() && target.acceptExtra(name, value, arg)) continue;
                throw new ToolException(tool + ": Unknown command line argument '" + arg + "'.  Try: '" + tool
                        + " --help'");
            }
            if (!seen.add(name)) {
                throw new ToolException(tool + ": for the " + shown + " option: may only occur zero or one times!");
            }
            switch (def.kind()) {
                case FLAG -> target.set(name, parseBool(tool, shown, value));
                case OPTIONAL_VALUE -> target.set(name, value == null ? def.fallback() : value);
                default -> {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new ToolException(tool + ": for the " + shown + " option: requires a value!");
                        }
                        value = args[++i];
                    }
                    target.set(name, value);
                }
            }
        }
        if (positional.size() > 1) {
            throw new ToolException(tool + ": Too many positional arguments specified!\n"
                    + "Can specify at most 1 positional arguments: See: " + tool + " --help");
        }
        if (!positional.isEmpty()) target.setInput(positional.get(0));
    }

    private static Boolean parseBool(String tool, String shown, String value) throws ToolException {
        if (value == null) return Boolean.TRUE;
        switch (value) {
            case "", "true", "TRUE", "True", "1":
                return Boolean.TRUE;
            case "false", "FALSE", "False", "0":
                return Boolean.FALSE;
            default:
                throw new ToolException(tool + ": for the " + shown + " option: '" + value
                        + "' is invalid value for boolean argument! Try 0 or 1");
        }
    }
}
