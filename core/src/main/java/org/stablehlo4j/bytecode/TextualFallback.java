package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.Type;

/**
 * Attributes and types of dialects without a bytecode encoding are stored as their assembly text. Until the
 * assembly parser can be called here, dialect-prefixed text ({@code #d.x<...>}, {@code !d<...>}) becomes a
 * {@link DialectAttr}/{@link DialectType}, and builtin float keywords (which have no builtin bytecode code,
 * e.g. {@code f8E4M3FN}) become {@link FloatType}s.
 */
final class TextualFallback {
    private TextualFallback() {}

    static Type parseType(String text, ByteCursor at) throws BytecodeException {
        FloatKind k = FloatKind.fromKeyword(text);
        if (k != null) return new FloatType(k);
        if (text.startsWith("!")) {
            String[] parts = split(text.substring(1));
            if (parts != null) return new DialectType(parts[0], parts[1], parts[2] != null);
        }
        throw at.error("unsupported type in assembly format: " + text);
    }

    static Attribute parseAttribute(String text, ByteCursor at) throws BytecodeException {
        if (text.startsWith("#")) {
            String[] parts = split(text.substring(1));
            if (parts != null) return new DialectAttr(parts[0], parts[1], parts[2] != null);
        }
        throw at.error("unsupported attribute in assembly format: " + text);
    }

    /** {dialect, body, pretty-marker-or-null} for {@code d.body} or {@code d<body>}; null if neither. */
    private static String[] split(String s) {
        int i = 0;
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) i++;
        if (i == 0 || i == s.length()) return null;
        String dialect = s.substring(0, i);
        char c = s.charAt(i);
        if (c == '.') return new String[] {dialect, s.substring(i + 1), "pretty"};
        if (c == '<' && s.endsWith(">")) return new String[] {dialect, s.substring(i + 1, s.length() - 1), null};
        return null;
    }
}
