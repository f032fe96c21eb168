package org.stablehlo4j.dialect.vhlo.ops;

import java.util.Optional;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionRange;

/**
 * The version table of VHLO attributes, one row per attribute from upstream {@code stablehlo/dialect/VhloAttrs.td}
 * and {@code VhloEnums.td} at 1.20.0. Struct-like attributes print as {@code #vhlo.<mnemonic><...>}; enum
 * attributes print as {@code #vhlo<mnemonic CASE>}. Only the table; the attribute objects live elsewhere.
 */
public enum VhloAttrKind implements VersionedKind {
    ARRAY("array_v1", false, "0.9.0"),
    BOOL("bool_v1", false, "0.9.0"),
    DICT("dict_v1", false, "0.9.0"),
    FLOAT("float_v1", false, "0.9.0"),
    INTEGER("integer_v1", false, "0.9.0"),
    OUTPUT_OPERAND_ALIAS("output_operand_alias_v1", false, "0.9.0"),
    STRING("string_v1", false, "0.9.0"),
    TENSOR("tensor_v1", false, "0.9.0"),
    TYPE("type_v1", false, "0.9.0"),
    TYPE_EXTENSIONS("type_extensions_v1", false, "0.9.0"),
    RESULT_ACCURACY("result_accuracy_v1", false, "1.9.0"),
    SUB_AXIS_INFO("sub_axis_info_v1", false, "1.16.0"),
    AXIS_REF("axis_ref_v1", false, "1.16.0"),
    REPLICA_GROUP_MESH_AXES("replica_group_mesh_axes_v1", false, "1.16.0"),
    MESH_AXIS("mesh_axis_v1", false, "1.16.0"),
    MESH("mesh_v1", false, "1.16.0"),
    COMPARISON_DIRECTION("comparison_direction_v1", true, "0.9.0"),
    COMPARISON_TYPE("comparison_type_v1", true, "0.9.0"),
    CUSTOM_CALL_API_VERSION("api_version_v1", true, "0.9.0"),
    FFT_TYPE("fft_type_v1", true, "0.9.0"),
    PRECISION("precision_v1", true, "0.9.0"),
    RNG_ALGORITHM("rng_algorithm_v1", true, "0.9.0"),
    RNG_DISTRIBUTION("rng_distribution_v1", true, "0.9.0"),
    TRANSPOSE("transpose_v1", true, "0.9.0"),
    RESULT_ACCURACY_MODE("result_accuracy_mode_v1", true, "1.9.0");

    private static final MnemonicIndex<VhloAttrKind> LOOKUP = new MnemonicIndex<>(values(), "#vhlo.");

    private final String mnemonic;
    private final boolean isEnum;
    private final VersionRange versions;

    VhloAttrKind(String mnemonic, boolean isEnum, String min) {
        this.mnemonic = mnemonic;
        this.isEnum = isEnum;
        this.versions = VersionRange.of(min, Version.CURRENT_KEYWORD);
    }

    /** The mnemonic, e.g. {@code integer_v1}. */
    @Override
    public String mnemonic() {
        return mnemonic;
    }

    /** Whether this is an enum attribute, printed {@code #vhlo<mnemonic CASE>}. */
    public boolean isEnum() {
        return isEnum;
    }

    @Override
    public VersionRange versions() {
        return versions;
    }

    /** Looks an attribute up by mnemonic ({@code integer_v1}) or with its prefix ({@code #vhlo.integer_v1}). */
    public static Optional<VhloAttrKind> byMnemonic(String name) {
        return LOOKUP.find(name);
    }
}
