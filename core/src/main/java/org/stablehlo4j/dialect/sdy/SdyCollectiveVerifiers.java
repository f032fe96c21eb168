package org.stablehlo4j.dialect.sdy;

import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.VerificationError;
import static org.stablehlo4j.dialect.sdy.SdyVerifiers.*;
import static org.stablehlo4j.dialect.sdy.SdyAxes.*;

/**
 * The verifiers of sdy's collective ops (shardy/dialect/sdy/ir/verifiers.cc): the Sdy_CollectiveOpInterface's
 * {@code verifyCollectiveOp} and each op's {@code verifySymbolUses}.
 */
final class SdyCollectiveVerifiers {
    private SdyCollectiveVerifiers() {}

    // ---- the collective interface (verifyCollectiveOp)

    /** {@code verifyCollectiveOp}: the Sdy_CollectiveOpInterface's verifier. */
    static void collective(Operation op) {
        boolean allowMissing = op.name().equals("sdy.all_slice") || op.name().equals("sdy.all_reduce")
                || op.name().equals("sdy.reduce_scatter");
        TensorShardingAttr operandSharding = shardingOf(op.operand(0));
        if (!allowMissing && operandSharding == null) {
            throw VerificationError.op(op, "collective on operand without sharding");
        }
        if (!(op.attr("out_sharding") instanceof TensorShardingAttr result)) return;
        MeshAttr resultMesh = meshOf(result, op);
        verifyTensorSharding(result, op.result(0).type(), resultMesh, opError(op), false,
                parentManualComputations(op));
        if (!op.name().equals("sdy.collective_permute")) {
            MeshAttr operandMesh = operandSharding == null ? null : meshOf(operandSharding, op);
            if (operandMesh != null && !operandMesh.equals(resultMesh)) {
                throw VerificationError.op(op, "result mesh does not match operand mesh")
                        .note(op.operand(0).location(), "operand mesh: #sdy.mesh" + operandMesh.stripped());
            }
        }
        if (operandSharding != null && result.dimShardings().size() != operandSharding.dimShardings().size()) {
            throw VerificationError.op(op, "result sharding has rank " + result.dimShardings().size()
                    + " but operand sharding has rank " + operandSharding.dimShardings().size());
        }
    }

}
