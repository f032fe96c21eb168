package org.stablehlo4j.ir;

/** An op's own verification rule (MLIR {@code verify()} / {@code verifyRegions()}); throws to report an error. */
@FunctionalInterface
public interface OpVerifier {
    /**
     * Checks {@code op}.
     *
     * @param op the op
     * @throws VerificationError at the first violation
     */
    void verify(Operation op);
}
