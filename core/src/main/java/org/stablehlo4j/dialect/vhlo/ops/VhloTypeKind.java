package org.stablehlo4j.dialect.vhlo.ops;

import java.util.Optional;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionRange;

/**
 * The version table of VHLO types ({@code !vhlo.<mnemonic>}), one row per type from upstream
 * {@code stablehlo/dialect/VhloTypes.td} at 1.20.0: mnemonic, the builtin/StableHLO type it stands for, and the
 * versions it is valid in. Only the table; the type objects themselves live elsewhere.
 */
public enum VhloTypeKind implements VersionedKind {
    BOOL("bool_v1", "i1", "0.9.0"),
    COMPLEX("complex_v1", "complex", "0.9.0"),
    BF16("bf16_v1", "bf16", "0.9.0"),
    F16("f16_v1", "f16", "0.9.0"),
    F32("f32_v1", "f32", "0.9.0"),
    F64("f64_v1", "f64", "0.9.0"),
    F4E2M1FN("f4E2M1FN_v1", "f4E2M1FN", "1.8.0"),
    F6E2M3FN("f6E2M3FN_v1", "f6E2M3FN", "1.8.0"),
    F6E3M2FN("f6E3M2FN_v1", "f6E3M2FN", "1.8.0"),
    F8E3M4("f8E3M4_v1", "f8E3M4", "1.7.0"),
    F8E4M3("f8E4M3_v1", "f8E4M3", "1.7.0"),
    F8E4M3FN("f8E4M3FN_v1", "f8E4M3FN", "0.9.0"),
    F8E5M2("f8E5M2_v1", "f8E5M2", "0.9.0"),
    F8E4M3FNUZ("f8E4M3FNUZ_v1", "f8E4M3FNUZ", "0.10.0"),
    F8E4M3B11FNUZ("f8E4M3B11FNUZ_v1", "f8E4M3B11FNUZ", "0.11.0"),
    F8E5M2FNUZ("f8E5M2FNUZ_v1", "f8E5M2FNUZ", "0.10.0"),
    F8E8M0FNU("f8E8M0FNU_v1", "f8E8M0FNU", "1.8.0"),
    /** Upstream spells the mnemonic {@code tf31_v1} (sic) for tf32; it is part of the wire format now. */
    TF32("tf31_v1", "tf32", "1.6.0"),
    FUNCTION("func_v1", "function", "0.9.0"),
    INDEX("index_v1", "index", "0.9.0"),
    SI2("i2_v1", "i2", "1.2.0"),
    SI4("i4_v1", "i4", "0.9.0"),
    SI8("i8_v1", "i8", "0.9.0"),
    SI16("i16_v1", "i16", "0.9.0"),
    SI32("i32_v1", "i32", "0.9.0"),
    SI64("i64_v1", "i64", "0.9.0"),
    UI2("ui2_v1", "ui2", "1.2.0"),
    UI4("ui4_v1", "ui4", "0.9.0"),
    UI8("ui8_v1", "ui8", "0.9.0"),
    UI16("ui16_v1", "ui16", "0.9.0"),
    UI32("ui32_v1", "ui32", "0.9.0"),
    UI64("ui64_v1", "ui64", "0.9.0"),
    NONE("none_v1", "none", "1.6.0"),
    RANKED_TENSOR("tensor_v1", "tensor", "0.9.0"),
    TOKEN("token_v1", "!stablehlo.token", "0.9.0"),
    FUTURE("future_v1", "!stablehlo.future", "1.15.0"),
    TUPLE("tuple_v1", "tuple", "0.9.0"),
    UNIFORM_QUANTIZED("quant_v1", "!quant.uniform", "0.9.0"),
    UNIFORM_QUANTIZED_PER_AXIS("quant_per_axis_v1", "!quant.uniform", "0.18.0"),
    UNRANKED_TENSOR("unranked_tensor_v1", "tensor", "0.9.0"),
    WITNESS("witness_v1", "!shape.witness", "0.9.0"),
    RANKED_BUFFER("buffer_v1", "memref", "1.13.0");

    private static final MnemonicIndex<VhloTypeKind> LOOKUP = new MnemonicIndex<>(values(), "!vhlo.");

    private final String mnemonic;
    private final String builtin;
    private final VersionRange versions;

    VhloTypeKind(String mnemonic, String builtin, String min) {
        this.mnemonic = mnemonic;
        this.builtin = builtin;
        this.versions = VersionRange.of(min, Version.CURRENT_KEYWORD);
    }

    /** The mnemonic after {@code !vhlo.}, e.g. {@code f32_v1}. */
    @Override
    public String mnemonic() {
        return mnemonic;
    }

    /**
     * The spelling (for parameterized types: the keyword) of the builtin/StableHLO type this stands for, e.g.
     * {@code f8E4M3}, {@code tensor}, {@code !stablehlo.token}. Signless integers map to the {@code iN_v1} rows;
     * per-axis and per-tensor quantized types share {@code !quant.uniform}.
     */
    public String builtin() {
        return builtin;
    }

    @Override
    public VersionRange versions() {
        return versions;
    }

    /** Looks a type up by its mnemonic ({@code f32_v1}) or full name ({@code !vhlo.f32_v1} / {@code vhlo.f32_v1}). */
    public static Optional<VhloTypeKind> byMnemonic(String name) {
        return LOOKUP.find(name);
    }
}
