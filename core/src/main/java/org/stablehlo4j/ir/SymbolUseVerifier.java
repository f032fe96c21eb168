package org.stablehlo4j.ir;

/**
 * An op's symbol-use rules (MLIR's {@code SymbolUserOpInterface::verifySymbolUses}), attached to its row as the
 * extension of this kind; the verifier runs them when the enclosing symbol table (the module) is verified, after
 * everything nested in it. Throws {@link VerificationError} at the first violation.
 */
@FunctionalInterface
public interface SymbolUseVerifier {
    void verifySymbolUses(Operation op);
}
