package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Type;

/**
 * An {@link AsmSink} collecting text, with nested types and attributes rendered by the module printer
 * ({@link AsmPrinter#printType}, {@link AsmPrinter#printAttribute}, no aliases). For printing a directive or an
 * attribute body on its own.
 */
public final class TextSink implements AsmSink {
    private final StringBuilder out = new StringBuilder();

    @Override
    public TextSink append(String text) {
        out.append(text);
        return this;
    }

    @Override
    public TextSink type(Type type) {
        out.append(AsmPrinter.printType(type));
        return this;
    }

    @Override
    public TextSink attribute(Attribute attribute) {
        out.append(AsmPrinter.printAttribute(attribute));
        return this;
    }

    /** {@code @name}, quoted when the name is not a bare identifier. */
    static String symbolText(String name) {
        return AsmPrinter.printAttribute(org.stablehlo4j.ir.SymbolRefAttr.flat(name));
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
