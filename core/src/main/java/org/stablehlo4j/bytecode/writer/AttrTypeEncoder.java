package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Type;

/** A dialect's custom bytecode encodings for its attributes and types. */
interface AttrTypeEncoder {
    /** Writes {@code a} (kind code first) and returns true, or returns false to use the textual fallback. */
    boolean attribute(Attribute a, EncodingSink out);

    /** Writes {@code t} (kind code first) and returns true, or returns false to use the textual fallback. */
    boolean type(Type t, EncodingSink out);
}
