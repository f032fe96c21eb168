package org.stablehlo4j.cli;

/**
 * Translates a POSIX extended regular expression (as LLVM's Regex accepts in {@code -re} annotations and
 * FileCheck patterns) into java.util.regex syntax: bracket expressions take their contents literally
 * (backslash included) and may use {@code [:class:]} names.
 */
final class PosixRegex {
    private PosixRegex() {}

    static String toJava(String ere) {
        StringBuilder sb = new StringBuilder(ere.length() + 8);
        int i = 0;
        while (i < ere.length()) {
            char c = ere.charAt(i);
            if (c == '\\' && i + 1 < ere.length()) {
                char n = ere.charAt(i + 1);
                // An escaped ordinary character stands for itself in POSIX.
                if (Character.isLetterOrDigit(n)) sb.append(n);
                else sb.append('\\').append(n);
                i += 2;
            } else if (c == '[') {
                i = bracket(ere, i, sb);
            } else {
                sb.append(c);
                i++;
            }
        }
        return sb.toString();
    }

    /** Copies the bracket expression starting at {@code i}; returns the index after it. */
    private static int bracket(String s, int i, StringBuilder sb) {
        int j = i + 1;
        StringBuilder inner = new StringBuilder("[");
        if (j < s.length() && s.charAt(j) == '^') {
            inner.append('^');
            j++;
        }
        boolean first = true;
        while (j < s.length()) {
            char c = s.charAt(j);
            if (c == ']' && !first) {
                sb.append(inner).append(']');
                return j + 1;
            }
            if (c == '[' && j + 1 < s.length() && s.charAt(j + 1) == ':') {
                int end = s.indexOf(":]", j + 2);
                if (end > 0) {
                    inner.append(posixClass(s.substring(j + 2, end)));
                    j = end + 2;
                    first = false;
                    continue;
                }
            }
            if (c == '\\' || c == '[' || c == '&' || (c == '^' && !first)) inner.append('\\');
            inner.append(c);
            first = false;
            j++;
        }
        // Unterminated: let java.util.regex report it.
        sb.append(s, i, s.length());
        return s.length();
    }

    private static String posixClass(String name) {
        return switch (name) {
            case "alpha" -> "\\p{Alpha}";
            case "digit" -> "\\p{Digit}";
            case "alnum" -> "\\p{Alnum}";
            case "upper" -> "\\p{Upper}";
            case "lower" -> "\\p{Lower}";
            case "space" -> "\\s\\x0B";
            case "punct" -> "\\p{Punct}";
            case "xdigit" -> "\\p{XDigit}";
            case "blank" -> " \\t";
            case "cntrl" -> "\\p{Cntrl}";
            case "print" -> "\\p{Print}";
            case "graph" -> "\\p{Graph}";
            default -> "\\Q[:" + name + ":]\\E";
        };
    }
}
