package org.stablehlo4j.ir;


/** The op traits and interfaces that matter to printing, parsing and verification. */
public enum OpTrait {
    /** no side effects and always speculatable (MLIR's Pure) */
    PURE,
    /** no memory effects (NoMemoryEffect) */
    NO_MEMORY_EFFECT,
    /** the op's effects are those of its nested ops (RecursiveMemoryEffects) */
    RECURSIVE_MEMORY_EFFECTS,
    /** reads and writes a side-effect resource (infeed, outfeed, send, recv) */
    SIDE_EFFECTING,
    /** speculatable under a condition on its operands (ConditionallySpeculatable) */
    CONDITIONALLY_SPECULATABLE,
    /** applies element by element (Elementwise) */
    ELEMENTWISE,
    /** element-wise with implicit broadcasting (BroadcastingElementwise) */
    BROADCASTING_ELEMENTWISE,
    /** operand order does not matter (Commutative) */
    COMMUTATIVE,
    /** materializes a constant (ConstantLike) */
    CONSTANT_LIKE,
    /** ends a block (IsTerminator) */
    TERMINATOR,
    /** the op's single-block regions need no terminator (MLIR's NoTerminator) */
    NO_TERMINATOR,
    /** the op's regions are graph regions: no SSA dominance within a block (RegionKindInterface, HasOnlyGraphRegion) */
    GRAPH_REGION,
    /** the op's region is a symbol table: its ops' {@code sym_name}s are unique (MLIR's SymbolTable trait) */
    SYMBOL_TABLE,
    /** no use of values defined outside its regions (IsolatedFromAbove) */
    ISOLATED_FROM_ABOVE,
    /** regions have one block whose implicit terminator is {@code stablehlo.return} */
    SINGLE_BLOCK_IMPLICIT_TERMINATOR,
    /** operands and results have the same shape (SameOperandsAndResultShape) */
    SAME_OPERANDS_AND_RESULT_SHAPE,
    /** operands and results have the same element type (SameOperandsAndResultElementType) */
    SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE,
    /** operands have the same element type (SameOperandsElementType) */
    SAME_OPERANDS_ELEMENT_TYPE,
    /** operand and result types are equal up to compatibility (HLO_CompatibleOperandsAndResultType) */
    COMPATIBLE_OPERANDS_AND_RESULT_TYPE,
    /** operand and result element types are equal up to compatibility */
    COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE,
    /** operand element types are equal up to compatibility */
    COMPATIBLE_OPERANDS_ELEMENT_TYPE,
    /** operand {@code i} and result {@code i} have the same type, pairwise */
    PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE,
    /** operand {@code i} and result {@code i} have the same element type, pairwise */
    PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE,
    /** named operands/results have matching types, element types, ranks or sizes (AllTypesMatch &amp; co.) */
    NAMED_VALUES_MATCH,
    /** variadic operand groups have the same size (SameVariadicOperandSize) */
    SAME_VARIADIC_OPERAND_SIZE,
    /** operands have the same type (SameTypeOperands) */
    SAME_TYPE_OPERANDS,
    /** result types are inferred (InferTypeOpInterface) */
    INFER_TYPE,
    /** result shapes and element types are inferred (InferShapedTypeOpInterface) */
    INFER_SHAPED_TYPE,
    /** result tensor types are inferred (InferTensorType) */
    INFER_TENSOR_TYPE,
    /** refers to symbols (SymbolUserOpInterface) */
    SYMBOL_USER,
    /**
     * FunctionOpInterface: its argument/result attributes ({@code arg_attrs}/{@code res_attrs}) are checked by the
     * dialects their names' prefixes name ({@link DialectAttributeVerifier})
     */
    FUNCTION_LIKE,
    /** names results/block arguments in the pretty form (OpAsmOpInterface) */
    ASM_NAMES
}
