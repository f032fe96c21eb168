package org.stablehlo4j.dialect.sdy;

import org.stablehlo4j.dialect.sdy.SdyCollectiveVerifiers.Options;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpHooks;
import org.stablehlo4j.ir.SymbolUseVerifier;

/**
 * The code of the sdy ops (MLIR's ops.cpp beside ops.td): each op's verifier, symbol-use rules and
 * canonicalization patterns, attached to {@link SdyOps}' signatures. {@link #TABLE} is what the dialect registers.
 */
public final class SdyOpHooks {
    /** The sdy rows with their code. */
    public static final DialectOpTable TABLE = SdyOps.SIGNATURES.withHooks(SdyOpHooks::hooks);

    private SdyOpHooks() {}

    private static void hooks(OpHooks h) {
        h.op("mesh").verifier(SdyOpVerifiers::meshOp);
        h.op("sharding_constraint").symbolUses(SdyOpVerifiers::shardingOnResultUses);
        h.op("reshard").symbolUses(SdyOpVerifiers::shardingOnResultUses)
                .canonicalization(SdyCanonicalization.RESHARD_CSE, SdyCanonicalization.RESHARD_OF_RESHARD);
        h.op("manual_computation").verifier(SdyOpVerifiers::manualComputation)
                .canonicalization(SdyCanonicalization.MANUAL_COMPUTATION_UNUSED_INPUTS,
                        SdyCanonicalization.REDUNDANT_MANUAL_COMPUTATION)
                .symbolUses(SdyOpVerifiers::manualComputationUses);
        h.op("data_flow_edge").symbolUses(SdyOpVerifiers::dataFlowEdgeUses);
        h.op("propagation_barrier").verifier(SdyOpVerifiers::propagationBarrier);
        h.op("named_computation").inferTypes(SdyOpVerifiers::namedComputationTypes)
                .symbolUses(SdyOpVerifiers::namedComputationUses);
        collective(h, "all_gather", Options.DEFAULT, SdyCollectiveVerifiers::allGatherUses)
                .canonicalization(SdyCollectiveCanonicalization.ALL_GATHER_NOOP);
        collective(h, "all_slice", Options.MISSING_INPUT_SHARDING, SdyCollectiveVerifiers::allSliceUses)
                .canonicalization(SdyCollectiveCanonicalization.ALL_SLICE_OF_ALL_GATHER,
                        SdyCollectiveCanonicalization.ALL_SLICE_NOOP, SdyCollectiveCanonicalization.REDUCE_SCATTER_FUSION);
        collective(h, "all_to_all", Options.DEFAULT, SdyCollectiveVerifiers::allToAllUses)
                .canonicalization(SdyCollectiveCanonicalization.ALL_TO_ALL_FUSION,
                        SdyCollectiveCanonicalization.ALL_TO_ALL_NO_USE);
        collective(h, "collective_permute", Options.DIFFERENT_MESHES, SdyCollectiveVerifiers::collectivePermuteUses)
                .canonicalization(SdyCollectiveCanonicalization.COLLECTIVE_PERMUTE_NOOP);
        collective(h, "all_reduce", Options.MISSING_INPUT_SHARDING, SdyCollectiveVerifiers::allReduceUses)
                .canonicalization(SdyCollectiveCanonicalization.ALL_REDUCE_NOOP,
                        SdyCollectiveCanonicalization.ALL_REDUCE_OF_REPLICATED_TO_UNREDUCED,
                        SdyCollectiveCanonicalization.ALL_REDUCE_OF_SHARDED_TO_UNREDUCED);
        collective(h, "reduce_scatter", Options.MISSING_INPUT_SHARDING, SdyCollectiveVerifiers::reduceScatterUses)
                .canonicalization(SdyCollectiveCanonicalization.REDUCE_SCATTER_NOOP);
        collective(h, "sharded_to_unreduced", Options.DEFAULT, SdyCollectiveVerifiers::shardedToUnreducedUses);
        collective(h, "replicated_to_unreduced", Options.DEFAULT, SdyCollectiveVerifiers::replicatedToUnreducedUses);
        h.op("func_data_flow_edge").symbolUses(SdyOpVerifiers::funcDataFlowEdgeUses);
    }

    private static OpHooks.Hook collective(OpHooks h, String name, Options options, SymbolUseVerifier uses) {
        return h.op(name).verifier(op -> SdyCollectiveVerifiers.collective(op, options)).symbolUses(uses);
    }
}
