package org.stablehlo4j.ir;

/**
 * A dialect's verification of its discardable attributes on other ops (MLIR's {@code Dialect::
 * verifyOperationAttribute}, {@code verifyRegionArgAttribute}, {@code verifyRegionResultAttribute}), registered as
 * the dialect's interface of this kind. The verifier asks the dialect named by an attribute's prefix
 * ({@code sdy.sharding} → {@code sdy}); each method throws {@link VerificationError} at the first violation.
 */
public interface DialectAttributeVerifier {
    /**
     * A discardable attribute of {@code op} whose name has this dialect's prefix; checked before the op's rules.
     *
     * @param op the op
     * @param attr the attribute
     * @throws VerificationError if the attribute is invalid
     */
    default void verifyOperationAttribute(Operation op, NamedAttribute attr) {}

    /**
     * An attribute of argument {@code argIndex} of region {@code regionIndex} of a function-like op.
     *
     * @param op the function-like op
     * @param regionIndex the region's index
     * @param argIndex the argument's index
     * @param attr the attribute
     * @throws VerificationError if the attribute is invalid
     */
    default void verifyRegionArgAttribute(Operation op, int regionIndex, int argIndex, NamedAttribute attr) {}

    /**
     * An attribute of result {@code resultIndex} of a function-like op (region {@code regionIndex}).
     *
     * @param op the function-like op
     * @param regionIndex the region's index
     * @param resultIndex the result's index
     * @param attr the attribute
     * @throws VerificationError if the attribute is invalid
     */
    default void verifyRegionResultAttribute(Operation op, int regionIndex, int resultIndex, NamedAttribute attr) {}
}
