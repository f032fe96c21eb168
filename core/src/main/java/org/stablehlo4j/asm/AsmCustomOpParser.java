package org.stablehlo4j.asm;

import org.stablehlo4j.ir.Operation;

/**
 * The parser of an op's pretty form; register with {@link OpAsmTable} (a dialect's
 * {@link OpAsmDialectInterface}). Called with the context positioned right after the op name.
 */
@FunctionalInterface
public interface AsmCustomOpParser {
    Operation parse(String opName, AsmParserContext p, int opStart);
}
