package org.stablehlo4j.ir;

import java.util.List;

/**
 * An op trait (MLIR's {@code OpTrait::*} classes): an object with a name and its own verification, run by the
 * generic verifier for each op whose row lists it, in the row's declaration order (MLIR's {@code verifyTrait}).
 * Traits without rules of their own (effects, speculation, interfaces whose checks sit in op verifiers) are
 * markers the generic layers ask about with {@link OpDefinition#hasTrait}.
 *
 * <p>The constants below are the traits the op rows name. The generic MLIR ones carry their bodies
 * ({@link Traits}). Those a dialect defines (StableHLO's {@code HLO_Compatible*} and {@code HLO_Pairwise*} traits
 * of its Base.td, also named by the CHLO and interpreter rows) are promises here ({@link Traits#promised}): the
 * dialect that owns the op hands over the body ({@link Dialect#implementTrait}), and the verifier runs that.
 *
 * <p>Implementations are made with {@link Traits#rule} and {@link Traits#marker} or by hand; this interface has no
 * default methods, so initializing an implementing class never initializes it (no class-initialization cycle with
 * the constants).
 */
public interface OpTrait {
    /** {@return upstream's name of the trait, e.g. {@code SameOperandsAndResultShape}} */
    String name();

    /**
     * MLIR's {@code verifyTrait}: checks {@code op}, throwing the diagnostic as a {@link VerificationError}.
     * A trait without rules of its own returns.
     *
     * @param op the op carrying the trait
     */
    void verify(Operation op);

    /** {@return whether {@link #verify} checks anything (the verifier skips the traits that do not)} */
    boolean hasVerifier();

    /**
     * The traits this one brings along (ODS's {@code TraitList}: {@code HLO_CompatibleOperandsAndResultType}
     * includes {@code InferTypeOpInterface}); the verifier asks about them as if the row listed them.
     *
     * @return the implied traits, often none
     */
    List<OpTrait> implied();

    /** no side effects and always speculatable (MLIR's Pure) */
    OpTrait PURE = Traits.marker("Pure");
    /** no memory effects (NoMemoryEffect) */
    OpTrait NO_MEMORY_EFFECT = Traits.marker("NoMemoryEffect");
    /** the op's effects are those of its nested ops (RecursiveMemoryEffects) */
    OpTrait RECURSIVE_MEMORY_EFFECTS = Traits.marker("RecursiveMemoryEffects");
    /** reads and writes a side-effect resource (infeed, outfeed, send, recv) */
    OpTrait SIDE_EFFECTING = Traits.marker("MemoryEffects");
    /** speculatable under a condition on its operands (ConditionallySpeculatable) */
    OpTrait CONDITIONALLY_SPECULATABLE = Traits.marker("ConditionallySpeculatable");
    /** applies element by element (Elementwise) */
    OpTrait ELEMENTWISE = Traits.rule("Elementwise", Traits::verifyElementwise);
    /** element-wise with implicit broadcasting (BroadcastingElementwise) */
    OpTrait BROADCASTING_ELEMENTWISE = Traits.marker("BroadcastingElementwise");
    /** operand order does not matter (Commutative) */
    OpTrait COMMUTATIVE = Traits.marker("Commutative");
    /**
     * beside {@link #COMMUTATIVE}: commutative without MLIR's trait folder, which moves constant operands last
     * (StableHLO's own {@code IsCommutative}, kept free of default folders)
     */
    OpTrait COMMUTATIVE_WITHOUT_FOLDER = Traits.marker("IsCommutativeWithoutFolder");
    /** materializes a constant (ConstantLike) */
    OpTrait CONSTANT_LIKE = Traits.marker("ConstantLike");
    /** ends a block (IsTerminator) */
    OpTrait TERMINATOR = Traits.rule("IsTerminator", Traits::verifyTerminator);
    /** the op's single-block regions need no terminator (MLIR's NoTerminator) */
    OpTrait NO_TERMINATOR = Traits.marker("NoTerminator");
    /** the op's regions are graph regions: no SSA dominance within a block (RegionKindInterface, HasOnlyGraphRegion) */
    OpTrait GRAPH_REGION = Traits.marker("HasOnlyGraphRegion");
    /** the op's region is a symbol table: its ops' {@code sym_name}s are unique (MLIR's SymbolTable trait) */
    OpTrait SYMBOL_TABLE = Traits.marker("SymbolTable");
    /** no use of values defined outside its regions (IsolatedFromAbove) */
    OpTrait ISOLATED_FROM_ABOVE = Traits.marker("IsolatedFromAbove");
    /**
     * regions have one block whose terminator the parser and printer may leave implicit
     * (SingleBlockImplicitTerminator: {@code stablehlo.return} for StableHLO's ops, {@code sdy.return} for Shardy's);
     * the ops' region verifiers check the blocks
     */
    OpTrait SINGLE_BLOCK_IMPLICIT_TERMINATOR = Traits.marker("SingleBlockImplicitTerminator");
    /** operands and results have the same shape (SameOperandsAndResultShape) */
    OpTrait SAME_OPERANDS_AND_RESULT_SHAPE = Traits.rule("SameOperandsAndResultShape",
            Traits::verifySameOperandsAndResultShape);
    /** operands and results have the same element type (SameOperandsAndResultElementType) */
    OpTrait SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE = Traits.rule("SameOperandsAndResultElementType",
            Traits::verifySameOperandsAndResultElementType);
    /** operands have the same element type (SameOperandsElementType) */
    OpTrait SAME_OPERANDS_ELEMENT_TYPE = Traits.rule("SameOperandsElementType", Traits::verifySameOperandsElementType);
    /**
     * operand and result types are equal up to compatibility (HLO_CompatibleOperandsAndResultType); promised, the
     * body is the StableHLO dialect's
     */
    OpTrait COMPATIBLE_OPERANDS_AND_RESULT_TYPE = Traits.promised("CompatibleOperandsAndResultType");
    /** operand and result element types are equal up to compatibility; promised, the body is the StableHLO dialect's */
    OpTrait COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE = Traits.promised("CompatibleOperandsAndResultElementType");
    /** operand element types are equal up to compatibility; promised, the body is the StableHLO dialect's */
    OpTrait COMPATIBLE_OPERANDS_ELEMENT_TYPE = Traits.promised("CompatibleOperandsElementType");
    /** operand {@code i} and result {@code i} have the same type, pairwise; promised, the body is the StableHLO dialect's */
    OpTrait PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE = Traits.promised("PairwiseSameOperandAndResultType");
    /**
     * operand {@code i} and result {@code i} have the same element type, pairwise; promised, the body is the
     * StableHLO dialect's
     */
    OpTrait PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE = Traits.promised("PairwiseSameOperandAndResultElementType");
    /** named operands/results have matching types, element types, ranks or sizes (AllTypesMatch &amp; co.) */
    OpTrait NAMED_VALUES_MATCH = Traits.marker("AllTypesMatch");
    /** variadic operand groups have the same size (SameVariadicOperandSize) */
    OpTrait SAME_VARIADIC_OPERAND_SIZE = Traits.marker("SameVariadicOperandSize");
    /** operands have the same type (SameTypeOperands) */
    OpTrait SAME_TYPE_OPERANDS = Traits.rule("SameTypeOperands", Traits::verifySameTypeOperands);
    /** result types are inferred (InferTypeOpInterface); checked on exit, after the op's own rules and its regions */
    OpTrait INFER_TYPE = Traits.marker("InferTypeOpInterface");
    /** result shapes and element types are inferred (InferShapedTypeOpInterface) */
    OpTrait INFER_SHAPED_TYPE = Traits.marker("InferShapedTypeOpInterface");
    /** result tensor types are inferred (InferTensorType) */
    OpTrait INFER_TENSOR_TYPE = Traits.marker("InferTensorType");
    /** refers to symbols (SymbolUserOpInterface) */
    OpTrait SYMBOL_USER = Traits.marker("SymbolUserOpInterface");
    /**
     * FunctionOpInterface: its argument/result attributes ({@code arg_attrs}/{@code res_attrs}) are checked by the
     * dialects their names' prefixes name ({@link DialectAttributeVerifier})
     */
    OpTrait FUNCTION_LIKE = Traits.marker("FunctionOpInterface");
    /** calls the function its {@code callee} symbol names (CallOpInterface), e.g. what the inliner inlines */
    OpTrait CALL_LIKE = Traits.marker("CallOpInterface");
    /** names results/block arguments in the pretty form (OpAsmOpInterface) */
    OpTrait ASM_NAMES = Traits.marker("OpAsmOpInterface");
}
