package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectPrintable;

/** A structured {@code #stablehlo...} attribute; it prints its own body. */
public interface StablehloAttribute extends Attribute, DialectPrintable {
    @Override
    default String dialectNamespace() {
        return StablehloAsm.DIALECT;
    }
}
