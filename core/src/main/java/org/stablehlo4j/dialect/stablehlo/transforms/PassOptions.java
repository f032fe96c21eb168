package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A pass's option text as upstream's pass options read it: space-separated {@code key=value} entries (a bare
 * {@code key} for a flag), a value perhaps in single or double quotes; a later entry overrides an earlier one.
 */
final class PassOptions {
    private final Map<String, String> values;

    private PassOptions(Map<String, String> values) {
        this.values = values;
    }

    /**
     * Reads {@code text}.
     *
     * @param text the option text
     * @param known the option names the pass has
     * @return the options
     * @throws IllegalArgumentException on an option not in {@code known}
     */
    static PassOptions parse(String text, List<String> known) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String entry : text.trim().split("\\s+")) {
            if (entry.isEmpty()) continue;
            int eq = entry.indexOf('=');
            String key = eq < 0 ? entry : entry.substring(0, eq);
            if (!known.contains(key)) {
                throw new IllegalArgumentException("unknown option '" + key + "' (expected " + String.join(", ", known)
                        + ")");
            }
            values.put(key, eq < 0 ? null : unquote(entry.substring(eq + 1)));
        }
        return new PassOptions(values);
    }

    private static String unquote(String s) {
        boolean quoted = s.length() >= 2 && (s.startsWith("'") && s.endsWith("'")
                || s.startsWith("\"") && s.endsWith("\""));
        return quoted ? s.substring(1, s.length() - 1) : s;
    }

    /** A string option's value ({@code ""} when bare or absent). */
    String string(String key) {
        String v = values.get(key);
        return v == null ? "" : v;
    }

    /** A boolean option: {@code true}/{@code false}, bare for true, {@code absent} when not given. */
    boolean flag(String key, boolean absent) {
        if (!values.containsKey(key)) return absent;
        String v = values.get(key);
        if (v == null || v.equals("true")) return true;
        if (v.equals("false")) return false;
        throw new IllegalArgumentException("invalid value '" + v + "' for option '" + key + "'");
    }
}
