package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

/**
 * Parsing of MLIR's {@code struct(params)} attribute form: {@code <a = v, b = w>} with every parameter, in any
 * order (parameters may be marked optional by the caller).
 */
final class Structs {
    private Structs() {}

    /** A field parser: reads the value after {@code =} into slot {@code index}. */
    interface FieldReader {
        void read(int index, DialectAsmParser r);
    }

    /**
     * Parses {@code <name = value, ...>}; {@code optional[i]} marks a parameter that may be absent. Returns which
     * parameters were present.
     */
    static boolean[] parse(DialectAsmParser r, String mnemonic, String[] names, boolean[] optional, FieldReader reader) {
        boolean[] seen = new boolean[names.length];
        r.expect("<");
        if (!r.consumeIf(">")) {
            do {
                int at = r.offset();
                String key = r.parseKeyword("expected parameter name");
                int i = java.util.Arrays.asList(names).indexOf(key);
                if (i < 0) throw r.errorAt(at, "expected a parameter name in struct");
                if (seen[i]) throw r.errorAt(at, "struct has a duplicate parameter: " + key);
                seen[i] = true;
                r.expect("=");
                reader.read(i, r);
            } while (r.consumeIf(","));
            r.expect(">");
        }
        for (int i = 0; i < names.length; i++) {
            if (!seen[i] && (optional == null || !optional[i])) {
                throw r.error("struct is missing required parameter: " + names[i]
                        + " (in #stablehlo." + mnemonic + ")");
            }
        }
        return seen;
    }

    /** A struct of required 64-bit integers. */
    static long[] parseRequiredInts(DialectAsmParser r, String mnemonic, String[] names) {
        long[] out = new long[names.length];
        parse(r, mnemonic, names, null, (i, rr) -> out[i] = rr.parseInteger());
        return out;
    }
}
