package org.stablehlo4j.dialect.stablehlo.ops;

import static org.stablehlo4j.dialect.stablehlo.ops.RuleSupport.single;

import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.OpHooks;

/**
 * The code of the StableHLO ops (upstream's StablehloOps.cpp and TypeInference.cpp beside StablehloOps.td): each
 * op's verifier, result type inference, symbol-use rules, folder and canonicalization patterns, attached by
 * mnemonic to {@link StablehloOps}' signature rows. {@link #TABLE} is what the dialect registers and what the typed
 * op classes compare with. The rows stay data only, so the typed classes are generated from them before this code,
 * which uses them, is compiled. Sections follow the row classes. The typed classes' {@code DEFINITION} is read from
 * {@link #TABLE}, so a rule class must not read one in its static initializer (this class initializes some of
 * them while it builds the table): use {@code XxxOp.is(op)} in the rule's body.
 *
 * <p>The code is given per op ({@link OpHooks.PerOp}, a {@code switch} on the mnemonic per section) and attached
 * the first time an op is used: a run links only its own ops' method references instead of all ~150 of them,
 * which cost a third of a tiny run's start-up (docs/performance.md).
 */
public final class StablehloOpHooks {
    /** The StableHLO rows with their code. */
    public static final DialectOpTable TABLE = StablehloOps.SIGNATURES.withHooksPerOp(StablehloOpHooks::attach);

    private StablehloOpHooks() {}

    /** The code of op {@code m}: each section gives what it has for it. */
    private static void attach(String m, OpHooks.Hook h) {
        dataMovement(m, h);
        elementwise(m, h);
        controlFlow(m, h);
        collective(m, h);
        compute(m, h);
        StablehloShapeReification.attach(m, h);
        StablehloSpeculatability.attach(m, h);
    }

    /** {@link DataMovementOps}. */
    private static void dataMovement(String m, OpHooks.Hook h) {
        switch (m) {
            case "constant" -> h.inferTypes(single(ShapeRules::inferConstant)).folder(StablehloFolding::foldConstant);
            case "iota" -> h.verifier(ShapeRules::iota);
            case "dynamic_iota" -> h.verifier(ShapeRules::dynamicIota);
            case "slice" -> h.inferTypes(single(ShapeRules::inferSlice));
            case "dynamic_slice" -> h.inferTypes(single(ShapeRules::inferDynamicSlice));
            case "dynamic_update_slice" -> h.inferTypes(single(ShapeRules::inferDynamicUpdateSlice));
            case "bitcast_convert" -> h.verifier(ReshapeRules::bitcastConvert);
            case "broadcast" -> h.inferTypes(single(ReshapeRules::inferBroadcast));
            case "broadcast_in_dim" -> h.verifier(ReshapeRules::broadcastInDim);
            case "dynamic_broadcast_in_dim" -> h.verifier(ReshapeRules::dynamicBroadcastInDim);
            case "concatenate" -> h.inferTypes(single(ReshapeRules::inferConcatenate));
            case "gather" -> h.inferTypes(single(ShapeRules::inferGather));
            case "get_dimension_size" -> h.inferTypes(single(ShapeRules::inferGetDimensionSize));
            case "reshape" -> h.verifier(ReshapeRules::reshape);
            case "dynamic_reshape" -> h.verifier(ReshapeRules::dynamicReshape);
            case "scatter" -> h.verifier(RegionRules.SCATTER).inferTypes(RegionRules::inferScatter);
            case "set_dimension_size" -> h.inferTypes(single(ShapeRules::inferSetDimensionSize));
            case "reverse" -> h.verifier(ReshapeRules::reverse).inferTypes(single(ShapeRules::inferReverse));
            case "pad" -> h.inferTypes(single(ReshapeRules::inferPad));
            case "transpose" ->
                    h.verifier(ReshapeRules::transposeQuant).inferTypes(single(ReshapeRules::inferTranspose));
            case "real_dynamic_slice" -> h.verifier(ShapeRules::realDynamicSlice);
            case "dynamic_pad" -> h.verifier(ReshapeRules::dynamicPad);
            case "dynamic_gather" -> h.inferTypes(single(ShapeRules::inferDynamicGather));
            default -> { }
        }
    }

    /** {@link ElementwiseOps}. */
    private static void elementwise(String m, OpHooks.Hook h) {
        switch (m) {
            // HLO_CompatibleOperandsAndResultType: the result is typed like the operands
            case "cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic",
                    "rsqrt", "sine", "sqrt", "tan", "tanh", "ceil", "floor", "round_nearest_afz",
                    "round_nearest_even", "count_leading_zeros", "popcnt", "not", "negate", "sign", "atan2",
                    "divide", "power", "remainder", "subtract", "maximum", "minimum", "multiply", "shift_left",
                    "shift_right_arithmetic", "shift_right_logical", "and", "or", "xor", "reduce_precision" ->
                    h.inferTypes(TypeInference::compatibleOperandsAndResultType);
            case "abs", "imag", "real" -> h.inferTypes(single(ElementwiseTypeRules::inferRealPart));
            case "is_finite" -> h.inferTypes(single(ElementwiseTypeRules::inferIsFinite));
            case "add" -> h.verifier(ElementwiseRules::add).inferTypes(single(ElementwiseTypeRules::inferAdd));
            case "complex" -> h.inferTypes(single(ElementwiseTypeRules::inferComplex));
            case "compare" -> h.inferTypes(single(ElementwiseTypeRules::inferCompare));
            case "clamp" -> h.inferTypes(single(ElementwiseTypeRules::inferClamp));
            case "map" -> h.verifier(RegionRules::singleBlockRegions).inferTypes(ControlFlowRules::inferMap);
            case "select" -> h.inferTypes(single(ElementwiseTypeRules::inferSelect));
            case "uniform_quantize" -> h.verifier(ElementwiseTypeRules::uniformQuantize);
            case "uniform_dequantize" -> h.inferTypes(single(ElementwiseTypeRules::inferUniformDequantize));
            default -> { }
        }
        switch (m) {
            // the transcendental ops carry a result_accuracy
            case "cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic",
                    "rsqrt", "sine", "sqrt", "tan", "tanh" -> h.verifier(ElementwiseRules::resultAccuracy);
            default -> { }
        }
    }

    /** {@link ControlFlowOps}. */
    private static void controlFlow(String m, OpHooks.Hook h) {
        switch (m) {
            case "create_token", "outfeed", "after_all" -> h.inferTypes(CollectiveRules::inferToken);
            case "infeed" -> h.verifier(CollectiveRules::infeed);
            case "send" -> h.inferTypes(CollectiveRules::send);
            case "recv" -> h.verifier(CollectiveRules::recv);
            case "if", "case" ->
                    h.verifier(RegionRules::singleBlockRegions).inferTypes(ControlFlowRules::inferConditional);
            case "while" -> h.verifier(RegionRules.WHILE).inferTypes(RegionRules::inferOperandTypes);
            case "async_start" -> h.inferTypes(CollectiveRules::asyncStart);
            case "async_done" -> h.inferTypes(CollectiveRules::asyncDone);
            case "get_tuple_element" -> h.inferTypes(CollectiveRules::getTupleElement);
            case "tuple" -> h.inferTypes(CollectiveRules::inferTuple);
            case "composite" -> h.symbolUses(CollectiveRules::composite);
            case "custom_call" -> h.verifier(CollectiveCustomCall::verify);
            case "optimization_barrier" -> h.inferTypes(CollectiveRules::inferOperandTypes);
            default -> { }
        }
        switch (m) {
            case "case" -> h.canonicalization(StablehloFolding.FOLD_CONSTANT_CASE);
            default -> { }
        }
    }

    /** {@link CollectiveOps}. */
    private static void collective(String m, OpHooks.Hook h) {
        switch (m) {
            case "replica_id", "partition_id" -> h.inferTypes(CollectiveRules::inferReplicaId);
            case "all_gather" -> h.verifier(CollectiveRules::allGather);
            case "all_reduce" -> h.verifier(CollectiveRules::allReduce).inferTypes(CollectiveRules::inferAllReduce);
            case "reduce_scatter" -> h.verifier(CollectiveRules::reduceScatter);
            case "all_to_all" -> h.inferTypes(CollectiveRules::allToAll);
            case "collective_broadcast" -> h.verifier(CollectiveRules::collectiveBroadcast)
                    .inferTypes(CollectiveRules::inferCollectiveBroadcast);
            case "collective_reduce" -> h.verifier(CollectiveRules::collectiveReduce)
                    .inferTypes(CollectiveRules::inferCollectiveReduce);
            case "collective_permute" -> h.verifier(CollectiveRules::collectivePermute)
                    .inferTypes(CollectiveRules::inferOperandTypes);
            default -> { }
        }
        switch (m) {
            // replica groups given as mesh axes name a mesh (SymbolUserOpInterface)
            case "all_gather", "all_reduce", "reduce_scatter", "all_to_all", "collective_broadcast",
                    "collective_reduce" -> h.symbolUses(CollectiveRules::meshSymbolUse);
            default -> { }
        }
    }

    /** {@link ComputeOps}. */
    private static void compute(String m, OpHooks.Hook h) {
        switch (m) {
            case "reduce" -> h.verifier(RegionRules.REDUCE).inferTypes(RegionRules::inferReduce);
            case "batch_norm_grad" -> h.inferTypes(DotConvRules::inferBatchNormGrad);
            case "batch_norm_inference" -> h.inferTypes(DotConvRules::inferBatchNormInference);
            case "batch_norm_training" -> h.inferTypes(DotConvRules::inferBatchNormTraining);
            case "cholesky" -> h.inferTypes(LinalgRules::cholesky);
            case "convolution" -> h.verifier(DotConvRules::verifyConvolution);
            case "dot" -> h.verifier(DotConvRules::dot).inferTypes(DotConvRules::inferDot);
            case "dot_general" -> h.verifier(DotConvRules::dotGeneral).inferTypes(DotConvRules::inferDotGeneral);
            case "fft" -> h.inferTypes(LinalgRules::fft);
            case "select_and_scatter" -> h.verifier(RegionRules.SELECT_AND_SCATTER)
                    .inferTypes(RegionRules::inferSelectAndScatter);
            case "sort" -> h.verifier(RegionRules.SORT).inferTypes(RegionRules::inferOperandTypes);
            case "triangular_solve" -> h.inferTypes(LinalgRules::triangularSolve);
            case "reduce_window" -> h.verifier(RegionRules.REDUCE_WINDOW).inferTypes(RegionRules::inferReduceWindow);
            case "rng" -> h.inferTypes(LinalgRules::rng);
            case "rng_bit_generator" -> h.verifier(DotConvRules::rngBitGenerator);
            case "dynamic_conv" -> h.verifier(DotConvRules::verifyDynamicConv);
            default -> { }
        }
        switch (m) {
            case "batch_norm_grad", "batch_norm_inference", "batch_norm_training" ->
                    h.verifier(DotConvRules::featureIndexConstraint);
            default -> { }
        }
    }
}
