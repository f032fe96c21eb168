package org.stablehlo4j.api.build;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.Attribute;

/**
 * The dimension numbers a builder method takes ({@link DotDimensions}, {@link ConvDimensions},
 * {@link GatherDimensions}, {@link ScatterDimensions}): each is the StableHLO attribute it stands for, built (and
 * its lists copied) by that attribute's own record when the value is constructed, so the builder holds no second
 * copy of the attribute's fields. Two values are equal when they are of one class and their attributes are equal;
 * they print as the attribute ({@code #stablehlo.dot<...>}).
 */
abstract class DimensionNumbers {
    /** The attribute the builder puts on the op. */
    final Attribute attribute;

    DimensionNumbers(Attribute attribute) {
        this.attribute = attribute;
    }

    /**
     * Whether {@code other} is dimension numbers of the same kind with an equal attribute.
     *
     * @param other the object compared
     * @return whether they are equal
     */
    @Override
    public final boolean equals(Object other) {
        return other != null && other.getClass() == getClass() && ((DimensionNumbers) other).attribute.equals(attribute);
    }

    /** {@return the attribute's hash code} */
    @Override
    public final int hashCode() {
        return attribute.hashCode();
    }

    /** {@return the attribute as MLIR prints it, e.g. {@code #stablehlo.dot<lhs_contracting_dimensions = [1], ...>}} */
    @Override
    public final String toString() {
        return AsmPrinter.printAttribute(attribute);
    }
}
