package org.stablehlo4j.ir;


/** The op traits and interfaces that matter to printing, parsing and verification. */
public enum OpTrait {
    PURE,
    NO_MEMORY_EFFECT,
    RECURSIVE_MEMORY_EFFECTS,
    /** reads and writes a side-effect resource (infeed, outfeed, send, recv) */
    SIDE_EFFECTING,
    CONDITIONALLY_SPECULATABLE,
    ELEMENTWISE,
    BROADCASTING_ELEMENTWISE,
    COMMUTATIVE,
    CONSTANT_LIKE,
    TERMINATOR,
    /** the op's single-block regions need no terminator (MLIR's NoTerminator) */
    NO_TERMINATOR,
    /** the op's regions are graph regions: no SSA dominance within a block (RegionKindInterface, HasOnlyGraphRegion) */
    GRAPH_REGION,
    /** the op's region is a symbol table: its ops' {@code sym_name}s are unique (MLIR's SymbolTable trait) */
    SYMBOL_TABLE,
    ISOLATED_FROM_ABOVE,
    /** regions have one block whose implicit terminator is {@code stablehlo.return} */
    SINGLE_BLOCK_IMPLICIT_TERMINATOR,
    SAME_OPERANDS_AND_RESULT_SHAPE,
    SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE,
    SAME_OPERANDS_ELEMENT_TYPE,
    /** operand and result types are equal up to compatibility (HLO_CompatibleOperandsAndResultType) */
    COMPATIBLE_OPERANDS_AND_RESULT_TYPE,
    COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE,
    COMPATIBLE_OPERANDS_ELEMENT_TYPE,
    PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE,
    PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE,
    /** named operands/results have matching types, element types, ranks or sizes (AllTypesMatch &amp; co.) */
    NAMED_VALUES_MATCH,
    SAME_VARIADIC_OPERAND_SIZE,
    SAME_TYPE_OPERANDS,
    INFER_TYPE,
    INFER_SHAPED_TYPE,
    INFER_TENSOR_TYPE,
    SYMBOL_USER,
    /**
     * FunctionOpInterface: its argument/result attributes ({@code arg_attrs}/{@code res_attrs}) are checked by the
     * dialects their names' prefixes name ({@link DialectAttributeVerifier})
     */
    FUNCTION_LIKE,
    /** names results/block arguments in the pretty form (OpAsmOpInterface) */
    ASM_NAMES
}
