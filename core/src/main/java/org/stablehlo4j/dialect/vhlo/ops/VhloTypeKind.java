package org.stablehlo4j.dialect.vhlo.ops;

import java.util.Optional;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionRange;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Type;

/**
 * Every VHLO type ({@code !vhlo.<mnemonic>}), one row per type from upstream {@code stablehlo/dialect/VhloTypes.td}
 * at 1.20.0: its bytecode code, its mnemonic, the first version it is valid in, the spelling of the
 * builtin/StableHLO type it stands for and the shape of its parameters. Parameterless kinds also know the builtin
 * type itself (used to print integer/tensor attributes the way VHLO does).
 */
public enum VhloTypeKind implements VersionedKind {
    BOOL(0, "bool_v1", "0.9.0", "i1", Form.SIMPLE, IntegerType.I1),
    COMPLEX(1, "complex_v1", "0.9.0", "complex", Form.ELEMENT, null),
    BF16(2, "bf16_v1", "0.9.0", FloatKind.BF16),
    F16(3, "f16_v1", "0.9.0", FloatKind.F16),
    F32(4, "f32_v1", "0.9.0", FloatKind.F32),
    F64(5, "f64_v1", "0.9.0", FloatKind.F64),
    F8E4M3FN(6, "f8E4M3FN_v1", "0.9.0", FloatKind.F8E4M3FN),
    F8E5M2(7, "f8E5M2_v1", "0.9.0", FloatKind.F8E5M2),
    FUNCTION(8, "func_v1", "0.9.0", "function", Form.FUNCTION, null),
    INDEX(9, "index_v1", "0.9.0", "index", Form.SIMPLE, IndexType.INSTANCE),
    I4(10, "i4_v1", "0.9.0", 4, false),
    I8(11, "i8_v1", "0.9.0", 8, false),
    I16(12, "i16_v1", "0.9.0", 16, false),
    I32(13, "i32_v1", "0.9.0", 32, false),
    I64(14, "i64_v1", "0.9.0", 64, false),
    UI4(15, "ui4_v1", "0.9.0", 4, true),
    UI8(16, "ui8_v1", "0.9.0", 8, true),
    UI16(17, "ui16_v1", "0.9.0", 16, true),
    UI32(18, "ui32_v1", "0.9.0", 32, true),
    UI64(19, "ui64_v1", "0.9.0", 64, true),
    RANKED_TENSOR(20, "tensor_v1", "0.9.0", "tensor", Form.RANKED, null),
    /** Code 21 is the ranked tensor with an encoding; it decodes to {@link #RANKED_TENSOR}. */
    TOKEN(22, "token_v1", "0.9.0", "!stablehlo.token", Form.SIMPLE, null),
    TUPLE(23, "tuple_v1", "0.9.0", "tuple", Form.TYPES, null),
    QUANT(24, "quant_v1", "0.9.0", "!quant.uniform", Form.QUANT, null),
    UNRANKED_TENSOR(25, "unranked_tensor_v1", "0.9.0", "tensor", Form.ELEMENT, null),
    WITNESS(26, "witness_v1", "0.9.0", "!shape.witness", Form.SIMPLE, null),
    F8E4M3FNUZ(27, "f8E4M3FNUZ_v1", "0.10.0", FloatKind.F8E4M3FNUZ),
    F8E5M2FNUZ(28, "f8E5M2FNUZ_v1", "0.10.0", FloatKind.F8E5M2FNUZ),
    F8E4M3B11FNUZ(29, "f8E4M3B11FNUZ_v1", "0.11.0", FloatKind.F8E4M3B11FNUZ),
    QUANT_PER_AXIS(30, "quant_per_axis_v1", "0.18.0", "!quant.uniform", Form.QUANT_PER_AXIS, null),
    I2(31, "i2_v1", "1.2.0", 2, false),
    UI2(32, "ui2_v1", "1.2.0", 2, true),
    NONE(33, "none_v1", "1.6.0", "none", Form.SIMPLE, null),
    /** Upstream spells the mnemonic {@code tf31_v1} (sic) for tf32; it is part of the wire format now. */
    TF32(34, "tf31_v1", "1.6.0", FloatKind.TF32),
    F8E4M3(35, "f8E4M3_v1", "1.7.0", FloatKind.F8E4M3),
    F8E3M4(36, "f8E3M4_v1", "1.7.0", FloatKind.F8E3M4),
    F4E2M1FN(37, "f4E2M1FN_v1", "1.8.0", FloatKind.F4E2M1FN),
    F6E2M3FN(38, "f6E2M3FN_v1", "1.8.0", FloatKind.F6E2M3FN),
    F6E3M2FN(39, "f6E3M2FN_v1", "1.8.0", FloatKind.F6E3M2FN),
    F8E8M0FNU(40, "f8E8M0FNU_v1", "1.8.0", FloatKind.F8E8M0FNU),
    RANKED_BUFFER(41, "buffer_v1", "1.13.0", "memref", Form.RANKED, null),
    FUTURE(42, "future_v1", "1.15.0", "!stablehlo.future", Form.TYPES, null);

    /** Bytecode code of a ranked tensor type that carries an encoding attribute. */
    public static final int RANKED_TENSOR_WITH_ENCODING_CODE = 21;

    /** The layout of a kind's parameters. */
    public enum Form {
        /** No parameters. */
        SIMPLE,
        /** One element type: {@code <T>}. */
        ELEMENT,
        /** A type list: {@code <T1, T2>}. */
        TYPES,
        /** Inputs and outputs: {@code <(ins) -> outs>}. */
        FUNCTION,
        /** Shape, element type and (tensors only) an optional encoding. */
        RANKED,
        /** Per-tensor uniform quantization. */
        QUANT,
        /** Per-axis uniform quantization. */
        QUANT_PER_AXIS
    }

    public final int code;
    public final String mnemonic;
    public final Form form;
    /** For parameterless scalar kinds: the builtin type printed inside integer/tensor attributes; else null. */
    public final Type builtin;
    private final String spelling;
    private final VersionRange versions;

    VhloTypeKind(int code, String mnemonic, String since, String spelling, Form form, Type builtin) {
        this.code = code;
        this.mnemonic = mnemonic;
        this.form = form;
        this.builtin = builtin;
        this.spelling = spelling;
        this.versions = VersionRange.of(since, Version.CURRENT_KEYWORD);
    }

    /** A float kind; it is spelled like its builtin type. */
    VhloTypeKind(int code, String mnemonic, String since, FloatKind floatKind) {
        this(code, mnemonic, since, floatKind.keyword, Form.SIMPLE, new FloatType(floatKind));
    }

    /** A signless or unsigned integer kind, spelled {@code iN} or {@code uiN}. */
    VhloTypeKind(int code, String mnemonic, String since, int width, boolean unsigned) {
        this(code, mnemonic, since, (unsigned ? "ui" : "i") + width, Form.SIMPLE, new IntegerType(width,
                unsigned ? IntegerType.Signedness.UNSIGNED : IntegerType.Signedness.SIGNLESS));
    }

    private static final KindIndex<VhloTypeKind> ROWS = new KindIndex<>(values(), k -> k.code, "!vhlo.");

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
    public String spelling() {
        return spelling;
    }

    @Override
    public VersionRange versions() {
        return versions;
    }

    /** The kind with this bytecode code (21 maps to {@link #RANKED_TENSOR}), or null. */
    public static VhloTypeKind fromCode(long code) {
        if (code == RANKED_TENSOR_WITH_ENCODING_CODE) return RANKED_TENSOR;
        return ROWS.byCode(code);
    }

    /** Looks a type up by its mnemonic ({@code f32_v1}) or full name ({@code !vhlo.f32_v1} / {@code vhlo.f32_v1}). */
    public static Optional<VhloTypeKind> byMnemonic(String name) {
        return ROWS.find(name);
    }
}
