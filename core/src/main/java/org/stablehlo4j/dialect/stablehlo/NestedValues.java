package org.stablehlo4j.dialect.stablehlo;

import java.util.function.Function;
import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Type;

/**
 * The values nested inside StableHLO attribute and type bodies, read with the file grammar
 * ({@link DialectAsmParser}): booleans, floats, and any type or attribute ({@code tensor<...>}, {@code [1, 2]},
 * {@code #stablehlo<...>}), StableHLO's own becoming structured.
 */
final class NestedValues {
    private NestedValues() {}

    /** Nesting limit for bodies parsed inside bodies, so hostile input cannot overflow the stack. */
    private static final int MAX_DEPTH = 256;

    static boolean bool(DialectAsmParser r) {
        if (r.consumeKeyword("true")) return true;
        if (r.consumeKeyword("false")) return false;
        throw r.error("expected 'true' or 'false'");
    }

    /** A float literal (decimal, or an integer), optionally negative, as a double. */
    static double floatValue(DialectAsmParser r) {
        int at = r.offset();
        boolean neg = r.consumeIf(Kind.MINUS);
        if (!r.is(Kind.FLOAT) && !r.is(Kind.INTEGER)) throw r.errorAt(at, "expected floating point value");
        String lit = r.spelling();
        double v;
        try {
            v = lit.startsWith("0x") ? Double.longBitsToDouble(Long.parseUnsignedLong(lit.substring(2), 16))
                    : Double.parseDouble(lit);
        } catch (NumberFormatException e) {
            throw r.errorAt(at, "expected floating point value");
        }
        r.consume();
        return neg ? -v : v;
    }

    /**
     * A StableHLO attribute written either stripped ({@code <...>} / {@code (...)}, as printed inside its parent)
     * or in full ({@code #stablehlo.mnemonic<...>}).
     */
    static <T> T strippedOrFull(DialectAsmParser r, String mnemonic, Class<T> cls, Function<DialectAsmParser, T> params) {
        if (!r.is(Kind.HASH_IDENTIFIER)) return params.apply(r);
        int at = r.offset();
        Attribute a = attribute(r);
        if (!cls.isInstance(a)) throw r.errorAt(at, "expected a #stablehlo." + mnemonic + " attribute");
        return cls.cast(a);
    }

    /** What a nested parse meets of StableHLO becomes structured; other dialects stay opaque text. */
    static final Function<String, AsmDialectInterface> HOOKS =
            ns -> ns.equals(StablehloAsm.DIALECT) ? StablehloAsm.HOOKS : null;

    /** Nesting of body parses on this thread (each nested StableHLO body gets a parser of its own). */
    private static final ThreadLocal<int[]> DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    /** An attribute of any dialect, with the file grammar. */
    static Attribute attribute(DialectAsmParser r) {
        return nested(r, DialectAsmParser::parseAttribute);
    }

    /** A type of any dialect, with the file grammar. */
    static Type type(DialectAsmParser r) {
        return nested(r, DialectAsmParser::parseType);
    }

    private static <T> T nested(DialectAsmParser r, Function<DialectAsmParser, T> fn) {
        int[] depth = DEPTH.get();
        if (depth[0] >= MAX_DEPTH) throw r.error("nesting deeper than " + MAX_DEPTH + " levels");
        depth[0]++;
        try {
            return fn.apply(r);
        } finally {
            depth[0]--;
        }
    }
}
