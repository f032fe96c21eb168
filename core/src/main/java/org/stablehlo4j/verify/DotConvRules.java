package org.stablehlo4j.verify;

import java.util.List;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

/** Verification and type inference rules of: convolution, dynamic_conv, dot, dot_general, einsum, unary_einsum, fft, triangular_solve, cholesky, batch_norm_*, rng, rng_bit_generator, torch_index_select. */
final class DotConvRules {
    private DotConvRules() {}

    /** Checks the op's own rules; false when this group has none for it. */
    static boolean verify(Operation op) {
        switch (op.name()) {
            default:
                return false;
        }
    }

    /** The op's inferred result types, null when this group has no inference for it; see {@link OpVerifiers#infer}. */
    static List<Type> infer(Operation op) {
        switch (op.name()) {
            default:
                return null;
        }
    }
}
