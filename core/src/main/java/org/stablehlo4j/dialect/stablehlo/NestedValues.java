package org.stablehlo4j.dialect.stablehlo;

import java.util.function.Function;
import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Type;

/**
 * The values nested inside StableHLO attribute and type bodies: booleans and floats of StableHLO's own grammar,
 * and any type or attribute ({@code tensor<...>}, {@code [1, 2]}, {@code #stablehlo<...>}) read with the file
 * grammar through {@link DialectAsmParser#parsePrefix}, StableHLO's own becoming structured.
 */
final class NestedValues {
    private NestedValues() {}

    static boolean bool(BodyReader r) {
        if (r.tryKeyword("true")) return true;
        if (r.tryKeyword("false")) return false;
        throw r.error("expected 'true' or 'false'");
    }

    /** A float literal (decimal, or an integer) as a double. */
    static double floatValue(BodyReader r) {
        int at = r.position();
        String lit = r.floatLiteral("floating point value");
        try {
            return Double.parseDouble(lit);
        } catch (NumberFormatException e) {
            throw new BodyParseException(at, "expected floating point value");
        }
    }

    /**
     * A StableHLO attribute written either stripped ({@code <...>} / {@code (...)}, as printed inside its parent)
     * or in full ({@code #stablehlo.mnemonic<...>}).
     */
    static <T> T strippedOrFull(BodyReader r, String mnemonic, Class<T> cls, Function<BodyReader, T> params) {
        if (r.peek() != '#') return params.apply(r);
        int at = r.position();
        Attribute a = attribute(r);
        if (!cls.isInstance(a)) throw new BodyParseException(at, "expected a #stablehlo." + mnemonic + " attribute");
        return cls.cast(a);
    }

    /** What a nested parse meets of StableHLO becomes structured; other dialects stay opaque text. */
    private static final Function<String, AsmDialectInterface> HOOKS =
            ns -> ns.equals(StablehloOps.DIALECT) ? StablehloDialect.HOOKS : null;

    /** Nesting of body parses on this thread (each nested StableHLO body gets a reader of its own). */
    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    /** An attribute of any dialect, with the file grammar. */
    static Attribute attribute(BodyReader r) {
        return nested(r, DialectAsmParser::parseAttribute);
    }

    /** A type of any dialect, with the file grammar. */
    static Type type(BodyReader r) {
        return nested(r, DialectAsmParser::parseType);
    }

    private static <T> T nested(BodyReader r, Function<DialectAsmParser, T> fn) {
        int[] depth = DEPTH.get();
        if (depth[0] >= BodyReader.MAX_DEPTH) throw r.error("nesting deeper than " + BodyReader.MAX_DEPTH + " levels");
        depth[0]++;
        try {
            return r.nested(HOOKS, fn);
        } finally {
            depth[0]--;
        }
    }
}
