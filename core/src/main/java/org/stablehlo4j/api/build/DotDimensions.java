package org.stablehlo4j.api.build;

import java.util.List;

/**
 * The {@code dot_dimension_numbers} of {@code stablehlo.dot_general}.
 *
 * @param lhsBatchingDimensions    batch dimensions of the left operand
 * @param rhsBatchingDimensions    batch dimensions of the right operand
 * @param lhsContractingDimensions contracting dimensions of the left operand
 * @param rhsContractingDimensions contracting dimensions of the right operand
 */
public record DotDimensions(List<Long> lhsBatchingDimensions, List<Long> rhsBatchingDimensions,
                            List<Long> lhsContractingDimensions, List<Long> rhsContractingDimensions) {
    /**
     * Copies the lists.
     *
     * @param lhsBatchingDimensions    batch dimensions of the left operand
     * @param rhsBatchingDimensions    batch dimensions of the right operand
     * @param lhsContractingDimensions contracting dimensions of the left operand
     * @param rhsContractingDimensions contracting dimensions of the right operand
     */
    public DotDimensions {
        lhsBatchingDimensions = List.copyOf(lhsBatchingDimensions);
        rhsBatchingDimensions = List.copyOf(rhsBatchingDimensions);
        lhsContractingDimensions = List.copyOf(lhsContractingDimensions);
        rhsContractingDimensions = List.copyOf(rhsContractingDimensions);
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
