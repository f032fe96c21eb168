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
 */
public final class StablehloOpHooks {
    /** The StableHLO rows with their code. */
    public static final DialectOpTable TABLE = StablehloOps.SIGNATURES.withHooks(StablehloOpHooks::hooks);

    private StablehloOpHooks() {}

    private static void hooks(OpHooks h) {
        dataMovement(h);
        elementwise(h);
        controlFlow(h);
        collective(h);
        compute(h);
        StablehloShapeReification.hooks(h);
        StablehloSpeculatability.hooks(h);
    }

    /** {@link DataMovementOps}. */
    private static void dataMovement(OpHooks h) {
        h.op("constant").inferTypes(single(ShapeRules::inferConstant)).folder(StablehloFolding::foldConstant);
        h.op("iota").verifier(ShapeRules::iota);
        h.op("dynamic_iota").verifier(ShapeRules::dynamicIota);
        h.op("slice").inferTypes(single(ShapeRules::inferSlice));
        h.op("dynamic_slice").inferTypes(single(ShapeRules::inferDynamicSlice));
        h.op("dynamic_update_slice").inferTypes(single(ShapeRules::inferDynamicUpdateSlice));
        h.op("bitcast_convert").verifier(ReshapeRules::bitcastConvert);
        h.op("broadcast").inferTypes(single(ReshapeRules::inferBroadcast));
        h.op("broadcast_in_dim").verifier(ReshapeRules::broadcastInDim);
        h.op("dynamic_broadcast_in_dim").verifier(ReshapeRules::dynamicBroadcastInDim);
        h.op("concatenate").inferTypes(single(ReshapeRules::inferConcatenate));
        h.op("gather").inferTypes(single(ShapeRules::inferGather));
        h.op("get_dimension_size").inferTypes(single(ShapeRules::inferGetDimensionSize));
        h.op("reshape").verifier(ReshapeRules::reshape);
        h.op("dynamic_reshape").verifier(ReshapeRules::dynamicReshape);
        h.op("scatter").verifier(RegionRules.SCATTER).inferTypes(RegionRules::inferScatter);
        h.op("set_dimension_size").inferTypes(single(ShapeRules::inferSetDimensionSize));
        h.op("reverse").verifier(ReshapeRules::reverse).inferTypes(single(ShapeRules::inferReverse));
        h.op("pad").inferTypes(single(ReshapeRules::inferPad));
        h.op("transpose").verifier(ReshapeRules::transposeQuant).inferTypes(single(ReshapeRules::inferTranspose));
        h.op("real_dynamic_slice").verifier(ShapeRules::realDynamicSlice);
        h.op("dynamic_pad").verifier(ReshapeRules::dynamicPad);
        h.op("dynamic_gather").inferTypes(single(ShapeRules::inferDynamicGather));
    }

    /** {@link ElementwiseOps}. */
    private static void elementwise(OpHooks h) {
        // HLO_CompatibleOperandsAndResultType: the result is typed like the operands
        h.op("cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic", "rsqrt",
                "sine", "sqrt", "tan", "tanh", "ceil", "floor", "round_nearest_afz", "round_nearest_even",
                "count_leading_zeros", "popcnt", "not", "negate", "sign", "atan2", "divide", "power", "remainder",
                "subtract", "maximum", "minimum", "multiply", "shift_left", "shift_right_arithmetic",
                "shift_right_logical", "and", "or", "xor", "reduce_precision")
                .inferTypes(TypeInference::compatibleOperandsAndResultType);
        // the transcendental ops carry a result_accuracy
        h.op("cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic", "rsqrt",
                "sine", "sqrt", "tan", "tanh").verifier(ElementwiseRules::resultAccuracy);
        h.op("abs", "imag", "real").inferTypes(single(ElementwiseTypeRules::inferRealPart));
        h.op("is_finite").inferTypes(single(ElementwiseTypeRules::inferIsFinite));
        h.op("add").verifier(ElementwiseRules::add).inferTypes(single(ElementwiseTypeRules::inferAdd));
        h.op("complex").inferTypes(single(ElementwiseTypeRules::inferComplex));
        h.op("compare").inferTypes(single(ElementwiseTypeRules::inferCompare));
        h.op("clamp").inferTypes(single(ElementwiseTypeRules::inferClamp));
        h.op("map").verifier(RegionRules::singleBlockRegions).inferTypes(ControlFlowRules::inferMap);
        h.op("select").inferTypes(single(ElementwiseTypeRules::inferSelect));
        h.op("uniform_quantize").verifier(ElementwiseTypeRules::uniformQuantize);
        h.op("uniform_dequantize").inferTypes(single(ElementwiseTypeRules::inferUniformDequantize));
    }

    /** {@link ControlFlowOps}. */
    private static void controlFlow(OpHooks h) {
        h.op("create_token", "outfeed", "after_all").inferTypes(CollectiveRules::inferToken);
        h.op("infeed").verifier(CollectiveRules::infeed);
        h.op("send").inferTypes(CollectiveRules::send);
        h.op("recv").verifier(CollectiveRules::recv);
        h.op("if", "case").verifier(RegionRules::singleBlockRegions).inferTypes(ControlFlowRules::inferConditional);
        h.op("case").canonicalization(StablehloFolding.FOLD_CONSTANT_CASE);
        h.op("while").verifier(RegionRules.WHILE).inferTypes(RegionRules::inferOperandTypes);
        h.op("async_start").inferTypes(CollectiveRules::asyncStart);
        h.op("async_done").inferTypes(CollectiveRules::asyncDone);
        h.op("get_tuple_element").inferTypes(CollectiveRules::getTupleElement);
        h.op("tuple").inferTypes(CollectiveRules::inferTuple);
        h.op("composite").symbolUses(CollectiveRules::composite);
        h.op("custom_call").verifier(CollectiveCustomCall::verify);
        h.op("optimization_barrier").inferTypes(CollectiveRules::inferOperandTypes);
    }

    /** {@link CollectiveOps}. */
    private static void collective(OpHooks h) {
        h.op("replica_id", "partition_id").inferTypes(CollectiveRules::inferReplicaId);
        // replica groups given as mesh axes name a mesh (SymbolUserOpInterface)
        h.op("all_gather", "all_reduce", "reduce_scatter", "all_to_all", "collective_broadcast", "collective_reduce")
                .symbolUses(CollectiveRules::meshSymbolUse);
        h.op("all_gather").verifier(CollectiveRules::allGather);
        h.op("all_reduce").verifier(CollectiveRules::allReduce).inferTypes(CollectiveRules::inferAllReduce);
        h.op("reduce_scatter").verifier(CollectiveRules::reduceScatter);
        h.op("all_to_all").inferTypes(CollectiveRules::allToAll);
        h.op("collective_broadcast").verifier(CollectiveRules::collectiveBroadcast)
                .inferTypes(CollectiveRules::inferCollectiveBroadcast);
        h.op("collective_reduce").verifier(CollectiveRules::collectiveReduce)
                .inferTypes(CollectiveRules::inferCollectiveReduce);
        h.op("collective_permute").verifier(CollectiveRules::collectivePermute)
                .inferTypes(CollectiveRules::inferOperandTypes);
    }

    /** {@link ComputeOps}. */
    private static void compute(OpHooks h) {
        h.op("reduce").verifier(RegionRules.REDUCE).inferTypes(RegionRules::inferReduce);
        h.op("batch_norm_grad", "batch_norm_inference", "batch_norm_training")
                .verifier(DotConvRules::featureIndexConstraint);
        h.op("batch_norm_grad").inferTypes(DotConvRules::inferBatchNormGrad);
        h.op("batch_norm_inference").inferTypes(DotConvRules::inferBatchNormInference);
        h.op("batch_norm_training").inferTypes(DotConvRules::inferBatchNormTraining);
        h.op("cholesky").inferTypes(LinalgRules::cholesky);
        h.op("convolution").verifier(DotConvRules::verifyConvolution);
        h.op("dot").verifier(DotConvRules::dot).inferTypes(DotConvRules::inferDot);
        h.op("dot_general").verifier(DotConvRules::dotGeneral).inferTypes(DotConvRules::inferDotGeneral);
        h.op("fft").inferTypes(LinalgRules::fft);
        h.op("select_and_scatter").verifier(RegionRules.SELECT_AND_SCATTER)
                .inferTypes(RegionRules::inferSelectAndScatter);
        h.op("sort").verifier(RegionRules.SORT).inferTypes(RegionRules::inferOperandTypes);
        h.op("triangular_solve").inferTypes(LinalgRules::triangularSolve);
        h.op("reduce_window").verifier(RegionRules.REDUCE_WINDOW).inferTypes(RegionRules::inferReduceWindow);
        h.op("rng").inferTypes(LinalgRules::rng);
        h.op("rng_bit_generator").verifier(DotConvRules::rngBitGenerator);
        h.op("dynamic_conv").verifier(DotConvRules::verifyDynamicConv);
    }
}
