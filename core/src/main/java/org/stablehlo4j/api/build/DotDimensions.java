package org.stablehlo4j.api.build;

import java.util.List;

import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;

/** The {@code dot_dimension_numbers} of {@code stablehlo.dot_general}: a {@code #stablehlo.dot<...>} attribute. */
public final class DotDimensions extends DimensionNumbers {
    /**
     * Dimension numbers from their fields (the lists are copied).
     *
     * @param lhsBatchingDimensions    batch dimensions of the left operand
     * @param rhsBatchingDimensions    batch dimensions of the right operand
     * @param lhsContractingDimensions contracting dimensions of the left operand
     * @param rhsContractingDimensions contracting dimensions of the right operand
     */
    public DotDimensions(List<Long> lhsBatchingDimensions, List<Long> rhsBatchingDimensions,
                         List<Long> lhsContractingDimensions, List<Long> rhsContractingDimensions) {
        super(new DotDimensionNumbersAttr(lhsBatchingDimensions, rhsBatchingDimensions, lhsContractingDimensions,
                rhsContractingDimensions));
    }

    /**
     * A matrix product: one contracting dimension on each side, no batch dimensions.
     *
     * @param lhs the contracting dimension of the left operand
     * @param rhs the contracting dimension of the right operand
     * @return the dimension numbers
     */
    public static DotDimensions contracting(long lhs, long rhs) {
        return new DotDimensions(List.of(), List.of(), List.of(lhs), List.of(rhs));
    }
}
