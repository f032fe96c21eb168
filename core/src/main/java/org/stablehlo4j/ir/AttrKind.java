package org.stablehlo4j.ir;


/** The sort of value an inherent attribute holds (the op table's attribute "type"). */
public enum AttrKind {
    /** {@code 5 : i64} */
    I64,
    /** {@code 5 : i32} */
    I32,
    /** {@code 5 : ui64} */
    UI64,
    /** {@code 5 : ui32} */
    UI32,
    /** an integer-valued enum without a dialect attribute (printed as {@code 1 : i32}) */
    I32_ENUM,
    /** {@code true} or {@code false} */
    BOOL,
    /** {@code 1.0 : f32} */
    F32,
    /** {@code 1.0 : f64} */
    F64,
    /** a string {@code "..."} */
    STRING,
    /** a string or a dictionary */
    STRING_OR_DICTIONARY,
    /** {@code @name} */
    FLAT_SYMBOL_REF,
    /** {@code [@a, @b]} */
    FLAT_SYMBOL_REF_ARRAY,
    /** a dictionary {@code {...}} */
    DICTIONARY,
    /** any builtin array attribute */
    ARRAY,
    /** {@code array<i64: ...>} */
    DENSE_I64_ARRAY,
    /** {@code array<i1: ...>} */
    DENSE_BOOL_ARRAY,
    /** any elements attribute ({@code dense<...>}, {@code dense_resource<...>}, ...) */
    ELEMENTS,
    /** a dense elements attribute of i64 */
    I64_ELEMENTS,
    /** array of rank-1 index tensors (layouts) */
    LAYOUT_ARRAY,
    /** array of arrays of rank-1 index tensors (tilings) */
    TILING_ARRAY,
    /** replica groups: an i64 elements attribute or {@code #stablehlo.replica_group_mesh_axes} */
    REPLICA_GROUPS,
    /** a StableHLO enum attribute ({@code StablehloEnum}) */
    ENUM,
    /** an array of StableHLO enum attributes */
    ENUM_ARRAY,
    /** a structured StableHLO attribute ({@code #stablehlo.<mnemonic><...>}) */
    STRUCT,
    /** an array of structured StableHLO attributes */
    STRUCT_ARRAY,
    /** a unit attribute: present or absent */
    UNIT,
    /** anything */
    ANY
}
