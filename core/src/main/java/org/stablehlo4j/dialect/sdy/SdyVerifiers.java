package org.stablehlo4j.dialect.sdy;

import org.stablehlo4j.ir.Operation;

/** The sdy ops' own verifiers (shardy/dialect/sdy/ir/verifiers.cc), referenced from the rows of {@link SdyOps}. */
final class SdyVerifiers {
    private SdyVerifiers() {}

    static void mesh(Operation op) {}

    static void shardingOnResult(Operation op) {}

    static void manualComputation(Operation op) {}

    static void collective(Operation op) {}
}
