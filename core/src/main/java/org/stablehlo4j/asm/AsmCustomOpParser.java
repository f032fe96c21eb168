package org.stablehlo4j.asm;

import org.stablehlo4j.ir.Operation;

/**
 * The parser of an op's pretty form; register with {@link OpAsmTable} (a dialect's
 * {@link OpAsmDialectInterface}). Called with the context positioned right after the op name.
 */
@FunctionalInterface
public interface AsmCustomOpParser {
    /**
     * Parses the rest of op {@code opName}'s pretty form and builds the op.
     *
     * @param opName the full op name
     * @param p the parser, right after the op name
     * @param opStart the op's start offset (for its location)
     * @return the op
     */
    Operation parse(String opName, AsmParserContext p, int opStart);
}
