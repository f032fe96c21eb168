package org.stablehlo4j.dialect.vhlo.ops;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionRange;

/**
 * Every VHLO attribute, one row per attribute from upstream {@code stablehlo/dialect/VhloAttrs.td} and
 * {@code VhloEnums.td} at 1.20.0: its bytecode code, mnemonic, the first version it is valid in, parameter layout,
 * and for enums the case names (indexed by value) and for struct-like attributes the named parameters in encoding
 * (and printing) order. Struct-like attributes print as {@code #vhlo.<mnemonic><...>}; enum attributes print as
 * {@code #vhlo<mnemonic CASE>}.
 */
public enum VhloAttrKind implements VersionedKind {
    ARRAY(1, "array_v1", "0.9.0", Form.ARRAY),
    BOOL(2, "bool_v1", "0.9.0", Form.BOOL),
    COMPARISON_DIRECTION(3, "comparison_direction_v1", "0.9.0", "EQ", "NE", "GE", "GT", "LE", "LT"),
    COMPARISON_TYPE(4, "comparison_type_v1", "0.9.0", "NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"),
    CUSTOM_CALL_API_VERSION(5, "api_version_v1", "0.9.0", "API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL",
            "API_VERSION_STATUS_RETURNING", "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI"),
    DICT(6, "dict_v1", "0.9.0", Form.DICT),
    FFT_TYPE(7, "fft_type_v1", "0.9.0", "FFT", "IFFT", "RFFT", "IRFFT"),
    FLOAT(8, "float_v1", "0.9.0", Form.FLOAT),
    INTEGER(9, "integer_v1", "0.9.0", Form.INTEGER),
    OUTPUT_OPERAND_ALIAS(10, "output_operand_alias_v1", "0.9.0", new Param("outputTupleIndices", ParamKind.DIMS),
            new Param("operandIndex", ParamKind.INT), new Param("operandTupleIndices", ParamKind.DIMS)),
    PRECISION(11, "precision_v1", "0.9.0", "DEFAULT", "HIGH", "HIGHEST"),
    RNG_ALGORITHM(12, "rng_algorithm_v1", "0.9.0", "DEFAULT", "THREE_FRY", "PHILOX"),
    RNG_DISTRIBUTION(13, "rng_distribution_v1", "0.9.0", null, "UNIFORM", "NORMAL"),
    STRING(14, "string_v1", "0.9.0", Form.STRING),
    TENSOR(15, "tensor_v1", "0.9.0", Form.TENSOR),
    TRANSPOSE(16, "transpose_v1", "0.9.0", "TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"),
    TYPE(17, "type_v1", "0.9.0", Form.TYPE),
    TYPE_EXTENSIONS(18, "type_extensions_v1", "0.9.0", new Param("bounds", ParamKind.DIMS)),
    RESULT_ACCURACY_MODE(19, "result_accuracy_mode_v1", "1.9.0", "DEFAULT", "HIGHEST", "TOLERANCE"),
    RESULT_ACCURACY(20, "result_accuracy_v1", "1.9.0", new Param("atol", ParamKind.F64), new Param("rtol", ParamKind.F64),
            new Param("ulps", ParamKind.INT), new Param("mode", ParamKind.ATTR)),
    SUB_AXIS_INFO(21, "sub_axis_info_v1", "1.16.0", new Param("pre_size", ParamKind.INT), new Param("size", ParamKind.INT)),
    AXIS_REF(22, "axis_ref_v1", "1.16.0", new Param("name", ParamKind.ATTR),
            new Param("sub_axis_info", ParamKind.ATTR_IF_FLAG)),
    REPLICA_GROUP_MESH_AXES(23, "replica_group_mesh_axes_v1", "1.16.0", new Param("mesh", ParamKind.ATTR),
            new Param("axes", ParamKind.ATTR)),
    MESH_AXIS(24, "mesh_axis_v1", "1.16.0", new Param("name", ParamKind.ATTR), new Param("size", ParamKind.INT)),
    MESH(25, "mesh_v1", "1.16.0", new Param("axes", ParamKind.ATTR), new Param("device_ids", ParamKind.OPTIONAL_ATTR));

    /** The layout of a kind's parameters. */
    public enum Form { ENUM, ARRAY, BOOL, DICT, FLOAT, INTEGER, STRING, TENSOR, TYPE, STRUCT }

    /** How one struct parameter is encoded and printed. */
    public enum ParamKind {
        /** An attribute reference. */
        ATTR,
        /** A varint presence flag, then the attribute if present; omitted from the printed form when absent. */
        ATTR_IF_FLAG,
        /** An attribute reference with a presence flag in its low bit; omitted when absent. */
        OPTIONAL_ATTR,
        /** A zigzag varint. */
        INT,
        /** A list of zigzag varints, printed {@code [1, ?]}. */
        DIMS,
        /** An IEEE double (its 64 bits as a zigzag varint). */
        F64
    }

    /** A named struct parameter. */
    public record Param(String name, ParamKind kind) {}

    public final int code;
    public final String mnemonic;
    public final Form form;
    /** Enum case names indexed by value (null entries are unused values); empty for other forms. */
    public final List<String> cases;
    /** Struct parameters in order; empty for other forms. */
    public final List<Param> params;
    private final VersionRange versions;

    private VhloAttrKind(int code, String mnemonic, String since, Form form, List<String> cases, List<Param> params) {
        this.code = code;
        this.mnemonic = mnemonic;
        this.form = form;
        this.cases = cases;
        this.params = params;
        this.versions = VersionRange.of(since, Version.CURRENT_KEYWORD);
    }

    VhloAttrKind(int code, String mnemonic, String since, Form form) {
        this(code, mnemonic, since, form, List.of(), List.of());
    }

    VhloAttrKind(int code, String mnemonic, String since, String... cases) {
        this(code, mnemonic, since, Form.ENUM, Collections.unmodifiableList(Arrays.asList(cases)), List.of());
    }

    VhloAttrKind(int code, String mnemonic, String since, Param... params) {
        this(code, mnemonic, since, Form.STRUCT, List.of(), List.of(params));
    }

    private static final KindIndex<VhloAttrKind> ROWS = new KindIndex<>(values(), k -> k.code, "#vhlo.");

    /** The mnemonic, e.g. {@code integer_v1}. */
    @Override
    public String mnemonic() {
        return mnemonic;
    }

    @Override
    public VersionRange versions() {
        return versions;
    }

    /** The case name for an enum value, or null if the value is not a case of this enum. */
    public String caseName(long value) {
        return value >= 0 && value < cases.size() ? cases.get((int) value) : null;
    }

    /** The kind with this bytecode code, or null. */
    public static VhloAttrKind fromCode(long code) {
        return ROWS.byCode(code);
    }

    /** Looks an attribute up by mnemonic ({@code integer_v1}) or with its prefix ({@code #vhlo.integer_v1}). */
    public static Optional<VhloAttrKind> byMnemonic(String name) {
        return ROWS.find(name);
    }
}
