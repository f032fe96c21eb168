package org.stablehlo4j.ir;

/**
 * An op's symbol-use rules (MLIR's {@code SymbolUserOpInterface::verifySymbolUses}), attached to its row as the
 * extension of this kind; the verifier runs them when the enclosing symbol table (the module) is verified, after
 * everything nested in it. Throws {@link VerificationError} at the first violation.
 */
@FunctionalInterface
public interface SymbolUseVerifier {
    /**
     * Checks the symbol uses of {@code op}.
     *
     * @param op the op
     * @throws VerificationError at the first violation
     */
    void verifySymbolUses(Operation op);
}
