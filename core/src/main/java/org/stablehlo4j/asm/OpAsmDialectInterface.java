package org.stablehlo4j.asm;

/**
 * What a dialect contributes to the text syntax of its ops (MLIR's {@code OpAsmDialectInterface} plus the ops'
 * parse/print hooks): the parsers and printers of its ops' pretty forms and alias names for its types and
 * attributes. A dialect adds one with {@code addInterface(OpAsmDialectInterface.class, ...)}; ops without a
 * pretty form print and parse generically. See {@link OpAsmTable} for a map-backed implementation.
 */
public interface OpAsmDialectInterface {
    /**
     * The {@link OpAsmParser}-based parser of op {@code fullName}'s pretty form, or null.
     *
     * @param fullName the full op name
     * @return the parser, or null
     */
    default CustomOpParser customParser(String fullName) {
        return null;
    }

    /**
     * The {@link AsmParserContext}-based (asm.format) parser of op {@code fullName}'s pretty form, or null.
     *
     * @param fullName the full op name
     * @return the parser, or null
     */
    default AsmCustomOpParser formatParser(String fullName) {
        return null;
    }

    /**
     * The printer of op {@code fullName}'s pretty form, or null.
     *
     * @param fullName the full op name
     * @return the printer, or null
     */
    default AsmPrinterCustomOp customPrinter(String fullName) {
        return null;
    }

    /**
     * An alias base name for a type or attribute of this dialect (e.g. {@code "map"}), or null.
     *
     * @param typeOrAttribute a type or attribute
     * @return the alias base name, or null
     */
    default String alias(Object typeOrAttribute) {
        return null;
    }
}
