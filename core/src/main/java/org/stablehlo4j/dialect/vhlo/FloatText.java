package org.stablehlo4j.dialect.vhlo;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;

import java.math.BigInteger;

/**
 * Formats a bare float value the way MLIR prints float parameters of dialect attributes and types
 * ({@code printFloat}): the literal part of the printer's builtin float attribute form.
 */
public final class FloatText {
    private FloatText() {}

    public static String format(FloatKind kind, BigInteger bits) {
        FloatType type = new FloatType(kind);
        String text = AsmPrinter.printAttribute(new FloatAttr(type, bits));
        String suffix = " : " + AsmPrinter.printType(type);
        return text.endsWith(suffix) ? text.substring(0, text.length() - suffix.length()) : text;
    }
}
