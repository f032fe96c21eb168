package org.stablehlo4j.asm;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.Type;

/**
 * A dialect's parse hooks for its types and attributes (MLIR's {@code Dialect::parseType/parseAttribute}). A
 * pretty {@code !ns.mnemonic<...>} / {@code #ns.mnemonic<...>} is first offered to the live-lexer hooks
 * ({@link DialectAsmParser}: one grammar with the rest of the file); otherwise the parser reads the extended symbol
 * as opaque text and asks the dialect of {@code ns} to build the real object, errors being
 * {@link DialectBodyException}s with offsets into the body. Types and attributes print themselves ({@link org.stablehlo4j.ir.DialectPrintable}).
 */
public interface AsmDialectInterface {
    /**
     * The type an opaque {@code !ns...} stands for, or {@code opaque} itself to keep it opaque.
     *
     * @param opaque the opaque type
     * @return the type it stands for
     */
    default Type parseType(DialectType opaque) {
        return opaque;
    }

    /**
     * The attribute an opaque {@code #ns...} stands for, or {@code opaque} itself to keep it opaque.
     *
     * @param opaque the opaque attribute
     * @return the attribute it stands for
     */
    default Attribute parseAttribute(DialectAttr opaque) {
        return opaque;
    }

    /**
     * A type whose grammar needs the live lexer ({@code !quant.uniform<...>}), parsed from {@code p} positioned on
     * the {@code '<'} after {@code ns.mnemonic}; null when this dialect has no such type {@code mnemonic}.
     *
     * @param mnemonic the name after {@code ns.}
     * @param p the parser
     * @return the type, or null
     */
    default Type parseType(String mnemonic, DialectAsmParser p) {
        return null;
    }

    /**
     * An attribute parsed from the live lexer ({@code #sdy.sharding<...>}), from {@code p} positioned on the
     * {@code '<'} after {@code #ns.mnemonic}; null (consuming nothing) when this dialect parses attribute
     * {@code mnemonic} from its opaque text instead.
     *
     * @param mnemonic the name after {@code ns.}
     * @param p the parser
     * @return the attribute, or null
     */
    default Attribute parseAttribute(String mnemonic, DialectAsmParser p) {
        return null;
    }
}
