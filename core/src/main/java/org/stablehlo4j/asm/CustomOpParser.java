package org.stablehlo4j.asm;

/**
 * Parses the custom (pretty) assembly form of one op, registered with
 * {@link OpAsmTable#parser(String, CustomOpParser)}. It is called with the parser positioned right
 * after the op name and fills {@code state}; the trailing {@code loc(...)} and the result names are handled by
 * the caller. Report errors by throwing {@link OpAsmParser#error(String)}.
 */
@FunctionalInterface
public interface CustomOpParser {
    /**
     * Parses the rest of an op's pretty form into {@code state}.
     *
     * @param parser the parser, right after the op name
     * @param state collects operands, types, attributes and regions
     */
    void parse(OpAsmParser parser, OperationState state);
}
