package org.stablehlo4j.dialect.vhlo;

import org.stablehlo4j.ir.DialectPrintable;

/** A VHLO type or attribute: printed {@code !vhlo.body} / {@code #vhlo.body}. */
interface VhloPrintable extends DialectPrintable {
    @Override
    default String dialectNamespace() {
        return "vhlo";
    }
}
