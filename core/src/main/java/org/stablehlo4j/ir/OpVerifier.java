package org.stablehlo4j.ir;

/** An op's own verification rule (MLIR {@code verify()} / {@code verifyRegions()}); throws to report an error. */
@FunctionalInterface
public interface OpVerifier {
    void verify(Operation op);
}
