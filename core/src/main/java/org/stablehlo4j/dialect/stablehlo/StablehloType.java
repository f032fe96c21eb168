package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.Type;

/** A structured {@code !stablehlo...} type; it prints its own body. */
public interface StablehloType extends Type, DialectPrintable {
    @Override
    default String dialectNamespace() {
        return StablehloAsm.DIALECT;
    }
}
