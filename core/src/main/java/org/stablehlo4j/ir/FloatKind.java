package org.stablehlo4j.ir;

import java.util.HashMap;
import java.util.Map;

/**
 * The floating-point formats MLIR knows, with their bit layout.
 *
 * <p>{@code exponentBits}/{@code mantissaBits} describe the encoding; {@code bias} the exponent bias;
 * {@code hasInf}/{@code nanEncoding} how non-finite values are encoded; {@code signed} is false for the
 * unsigned exponent-only format f8E8M0FNU.
 */
public enum FloatKind {
    /** bfloat16: 8 exponent bits, 7 mantissa bits. */
    BF16("bf16", 8, 7, 127, true, NanEncoding.IEEE, true),
    /** IEEE half precision. */
    F16("f16", 5, 10, 15, true, NanEncoding.IEEE, true),
    /** NVIDIA's TensorFloat-32: f32's range with f16's precision, in 19 bits. */
    TF32("tf32", 8, 10, 127, true, NanEncoding.IEEE, true),
    /** IEEE single precision. */
    F32("f32", 8, 23, 127, true, NanEncoding.IEEE, true),
    /** IEEE double precision. */
    F64("f64", 11, 52, 1023, true, NanEncoding.IEEE, true),
    /** x87 80-bit extended precision (explicit integer bit). */
    F80("f80", 15, 64, 16383, true, NanEncoding.IEEE, true),
    /** IEEE quadruple precision. */
    F128("f128", 15, 112, 16383, true, NanEncoding.IEEE, true),
    /** OCP MX 4-bit float: 2 exponent bits, 1 mantissa bit, finite only. */
    F4E2M1FN("f4E2M1FN", 2, 1, 1, false, NanEncoding.NONE, true),
    /** OCP MX 6-bit float: 2 exponent bits, 3 mantissa bits, finite only. */
    F6E2M3FN("f6E2M3FN", 2, 3, 1, false, NanEncoding.NONE, true),
    /** OCP MX 6-bit float: 3 exponent bits, 2 mantissa bits, finite only. */
    F6E3M2FN("f6E3M2FN", 3, 2, 3, false, NanEncoding.NONE, true),
    /** 8-bit float with 3 exponent and 4 mantissa bits, IEEE-like. */
    F8E3M4("f8E3M4", 3, 4, 3, true, NanEncoding.IEEE, true),
    /** 8-bit float with 4 exponent and 3 mantissa bits, IEEE-like. */
    F8E4M3("f8E4M3", 4, 3, 7, true, NanEncoding.IEEE, true),
    /** 8-bit float with 4 exponent and 3 mantissa bits, finite only, NaN all ones. */
    F8E4M3FN("f8E4M3FN", 4, 3, 7, false, NanEncoding.ALL_ONES, true),
    /** 8-bit float with 4 exponent and 3 mantissa bits, finite, unsigned zero, NaN at negative zero. */
    F8E4M3FNUZ("f8E4M3FNUZ", 4, 3, 8, false, NanEncoding.NEG_ZERO, true),
    /** Graphcore's 8-bit float: {@link #F8E4M3FNUZ} with exponent bias 11. */
    F8E4M3B11FNUZ("f8E4M3B11FNUZ", 4, 3, 11, false, NanEncoding.NEG_ZERO, true),
    /** 8-bit float with 5 exponent and 2 mantissa bits, IEEE-like. */
    F8E5M2("f8E5M2", 5, 2, 15, true, NanEncoding.IEEE, true),
    /** 8-bit float with 5 exponent and 2 mantissa bits, finite, unsigned zero, NaN at negative zero. */
    F8E5M2FNUZ("f8E5M2FNUZ", 5, 2, 16, false, NanEncoding.NEG_ZERO, true),
    /** OCP MX scale type: 8 exponent bits, no mantissa, no sign, NaN all ones. */
    F8E8M0FNU("f8E8M0FNU", 8, 0, 127, false, NanEncoding.ALL_ONES, false);

    /** How NaN is represented. */
    public enum NanEncoding {
        /** Exponent all ones, mantissa non-zero (and infinity when hasInf). */
        IEEE,
        /** Only the all-ones exponent and mantissa pattern is NaN (no infinity). */
        ALL_ONES,
        /** The bit pattern of negative zero is NaN; there is no negative zero and no infinity. */
        NEG_ZERO,
        /** No NaN at all. */
        NONE
    }

    /** The MLIR type keyword, e.g. {@code f8E4M3FN}. */
    public final String keyword;
    /** Total bits of one value: sign (if any), exponent and mantissa. */
    public final int width;
    /** Bits of the exponent field. */
    public final int exponentBits;
    /** Bits of the stored mantissa (fraction). */
    public final int mantissaBits;
    /** The exponent bias. */
    public final int bias;
    /** Whether the format has infinities. */
    public final boolean hasInf;
    /** How NaN is represented. */
    public final NanEncoding nanEncoding;
    /** Whether the format has a sign bit. */
    public final boolean signed;

    FloatKind(String keyword, int exponentBits, int mantissaBits, int bias, boolean hasInf, NanEncoding nanEncoding,
              boolean signed) {
        this.keyword = keyword;
        this.exponentBits = exponentBits;
        this.mantissaBits = mantissaBits;
        this.width = (signed ? 1 : 0) + exponentBits + mantissaBits;
        this.bias = bias;
        this.hasInf = hasInf;
        this.nanEncoding = nanEncoding;
        this.signed = signed;
    }

    private static final Map<String, FloatKind> BY_KEYWORD = new HashMap<>();

    static {
        for (FloatKind k : values()) BY_KEYWORD.put(k.keyword, k);
    }

    /**
     * The format of MLIR type keyword {@code keyword}.
     *
     * @param keyword e.g. {@code bf16}
     * @return the format, or null if the keyword names none
     */
    public static FloatKind fromKeyword(String keyword) {
        return BY_KEYWORD.get(keyword);
    }

    /** {@return bytes one element takes in dense storage (and in MLIR's hex form)} */
    public int storageBytes() {
        return (width + 7) / 8;
    }
}
