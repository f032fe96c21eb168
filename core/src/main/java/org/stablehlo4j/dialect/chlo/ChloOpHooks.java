package org.stablehlo4j.dialect.chlo;

import org.stablehlo4j.dialect.stablehlo.ops.TypeInference;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpHooks;
import org.stablehlo4j.ir.ReturnTypeCompatibility;

/**
 * The code of the CHLO ops (upstream's ChloOps.cpp beside ChloOps.td): result type inference, verifiers, the
 * return-type compatibility of the inference check and the folders, attached by mnemonic to {@link ChloOps}'
 * signature rows. {@link #TABLE} is what the dialect registers and what the typed op classes compare with.
 */
public final class ChloOpHooks {
    /** The CHLO rows with their code. */
    public static final DialectOpTable TABLE = ChloOps.SIGNATURES.withHooks(ChloOpHooks::hooks);

    private ChloOpHooks() {}

    private static void hooks(OpHooks h) {
        // CHLO_Op's isCompatibleReturnTypes: HLO's compatibility; broadcast_select and scan compare shapes only
        h.all().ext(ReturnTypeCompatibility.class, ChloRules::isCompatibleReturnTypes);
        h.op("broadcast_select", "scan").ext(ReturnTypeCompatibility.class, ChloRules::isCompatibleShapes);
        // CHLO_BroadcastBinaryElementwiseOp
        h.op("broadcast_add", "broadcast_maximum", "broadcast_minimum", "broadcast_multiply", "broadcast_atan2",
                "broadcast_divide", "broadcast_next_after", "broadcast_polygamma", "broadcast_power",
                "broadcast_remainder", "broadcast_shift_left", "broadcast_shift_right_arithmetic",
                "broadcast_shift_right_logical", "broadcast_subtract", "broadcast_zeta", "broadcast_and",
                "broadcast_or", "broadcast_xor").inferTypes(ChloRules::inferBroadcastBinary);
        h.op("broadcast_complex").inferTypes(ChloRules::inferBroadcastComplex);
        h.op("broadcast_compare").inferTypes(ChloRules::inferBroadcastCompare);
        h.op("broadcast_select").inferTypes(ChloRules::inferBroadcastSelect);
        // HLO_CompatibleOperandsAndResultType
        h.op("next_after", "polygamma", "zeta", "mulhi", "_asin_acos_kernel", "acos", "acosh", "asin", "asinh",
                "atan", "atanh", "bessel_i1e", "conj", "cosh", "sinh", "tan", "square", "digamma", "erf", "erf_inv",
                "erfc", "lgamma").inferTypes(TypeInference::compatibleOperandsAndResultType);
        h.op("is_inf", "is_neg_inf", "is_pos_inf").inferTypes(ChloRules::inferIsInfLike);
        h.op("constant").inferTypes(ChloRules::inferConstant).folder(ChloFolding::foldConstant);
        h.op("constant_like").verifier(ChloRules::verifyConstantLike).inferTypes(ChloRules::inferConstantLike)
                .folder(ChloFolding::foldConstantLike);
        h.op("ragged_dot").verifier(ChloRules::verifyRaggedDot);
        h.op("top_k").inferTypes(ChloRules::inferTopK);
        h.op("scan").verifier(ChloRules::verifyScan).inferTypes(ChloRules::inferScan);
    }
}
