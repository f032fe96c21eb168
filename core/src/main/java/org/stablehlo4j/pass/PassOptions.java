package org.stablehlo4j.pass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A pass's options as MLIR's pass-option parser reads them: {@code key=value} pairs separated by spaces, a value
 * possibly quoted ({@code '...'}, {@code "..."}) or bracketed, a bare {@code key} meaning {@code key=true}. An
 * option the pass does not declare, or a value of the wrong kind, is an {@link IllegalArgumentException} naming
 * the pass and the option.
 */
public final class PassOptions {
    private final String pass;
    private final Map<String, String> values;

    private PassOptions(String pass, Map<String, String> values) {
        this.pass = pass;
        this.values = values;
    }

    /**
     * Parses {@code options} for pass {@code pass}, which declares the options {@code known}.
     *
     * @param pass the pass's name, for messages
     * @param options the option text (may be empty)
     * @param known the option names the pass declares
     * @return the options
     * @throws IllegalArgumentException on an option not in {@code known}
     */
    public static PassOptions parse(String pass, String options, Set<String> known) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String item : split(options, ' ')) {
            int eq = item.indexOf('=');
            String key = eq < 0 ? item : item.substring(0, eq);
            if (!known.contains(key)) {
                throw new IllegalArgumentException("pass '" + pass + "': unknown option '" + key
                        + "' (known options: " + String.join(", ", known.stream().sorted().toList()) + ")");
            }
            values.put(key, eq < 0 ? "true" : unquote(item.substring(eq + 1)));
        }
        return new PassOptions(pass, values);
    }

    /**
     * A boolean option.
     *
     * @param key the option
     * @param fallback its default
     * @return its value
     * @throws IllegalArgumentException when the value is not one LLVM reads as a boolean ({@code true}, {@code TRUE},
     *     {@code True}, {@code 1}, and the same for false)
     */
    public boolean bool(String key, boolean fallback) {
        String v = values.get(key);
        if (v == null) return fallback;
        return switch (v) {
            // LLVM's cl::parser<bool>
            case "true", "TRUE", "True", "1" -> true;
            case "false", "FALSE", "False", "0" -> false;
            default -> throw invalid(key, v);
        };
    }

    /**
     * A 32-bit integer option.
     *
     * @param key the option
     * @param fallback its default
     * @return its value
     * @throws IllegalArgumentException when the value is not an {@code int32_t}
     */
    public int int32(String key, int fallback) {
        long v = int64(key, fallback);
        if (v != (int) v) throw invalid(key, values.get(key));
        return (int) v;
    }

    /**
     * A 64-bit integer option.
     *
     * @param key the option
     * @param fallback its default
     * @return its value
     * @throws IllegalArgumentException when the value is not an {@code int64_t}
     */
    public long int64(String key, long fallback) {
        String v = values.get(key);
        if (v == null) return fallback;
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw invalid(key, v);
        }
    }

    /**
     * A string option.
     *
     * @param key the option
     * @param fallback its default
     * @return its value
     */
    public String string(String key, String fallback) {
        String v = values.get(key);
        return v == null ? fallback : v;
    }

    /**
     * A list option ({@code a,b,c}); empty items are dropped and items trimmed.
     *
     * @param key the option
     * @return its items, empty when not given
     */
    public List<String> list(String key) {
        String v = values.get(key);
        List<String> out = new ArrayList<>();
        if (v == null) return out;
        for (String item : split(v, ',')) if (!item.isBlank()) out.add(unquote(item.trim()));
        return out;
    }

    private IllegalArgumentException invalid(String key, String value) {
        return new IllegalArgumentException("pass '" + pass + "': invalid value '" + value + "' for option '" + key
                + "'");
    }

    /** Splits at {@code sep} outside quotes and brackets; empty items are dropped. */
    private static List<String> split(String text, char sep) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '{' || c == '[' || c == '(' || c == '<') {
                depth++;
            } else if ((c == '}' || c == ']' || c == ')' || c == '>') && depth > 0) {
                depth--;
            } else if (depth == 0 && (c == sep || sep == ' ' && Character.isWhitespace(c))) {
                if (!cur.isEmpty()) out.add(cur.toString());
                cur.setLength(0);
                continue;
            }
            cur.append(c);
        }
        if (!cur.isEmpty()) out.add(cur.toString());
        return out;
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && (v.charAt(0) == '\'' || v.charAt(0) == '"') && v.charAt(v.length() - 1) == v.charAt(0)) {
            return v.substring(1, v.length() - 1);
        }
        if (v.length() >= 2 && v.charAt(0) == '{' && v.charAt(v.length() - 1) == '}') {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }
}
