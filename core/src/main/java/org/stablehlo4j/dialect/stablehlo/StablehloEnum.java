package org.stablehlo4j.dialect.stablehlo;

import java.util.List;

/**
 * The StableHLO enums (StablehloEnums.td): each with the mnemonic of its attribute, its case names and their
 * integer values (case i has value {@code firstValue + i}).
 */
public enum StablehloEnum {
    COMPARISON_DIRECTION("comparison_direction", 0, "EQ", "NE", "GE", "GT", "LE", "LT"),
    COMPARISON_TYPE("comparison_type", 0, "NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"),
    PRECISION("precision", 0, "DEFAULT", "HIGH", "HIGHEST"),
    FFT_TYPE("fft_type", 0, "FFT", "IFFT", "RFFT", "IRFFT"),
    TRANSPOSE("transpose", 0, "TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"),
    RNG_DISTRIBUTION("rng_distribution", 1, "UNIFORM", "NORMAL"),
    RNG_ALGORITHM("rng_algorithm", 0, "DEFAULT", "THREE_FRY", "PHILOX"),
    /** Printed in the pretty struct-like form {@code #stablehlo.result_accuracy_mode<DEFAULT>}. */
    RESULT_ACCURACY_MODE("result_accuracy_mode", 0, "DEFAULT", "HIGHEST", "TOLERANCE"),
    /** Has no dialect attribute: stored as a plain {@code i32} integer attribute. */
    CUSTOM_CALL_API_VERSION("custom_call_api_version", 0, "API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL",
            "API_VERSION_STATUS_RETURNING", "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI");

    private final String mnemonic;
    private final int firstValue;
    private final List<String> cases;

    StablehloEnum(String mnemonic, int firstValue, String... cases) {
        this.mnemonic = mnemonic;
        this.firstValue = firstValue;
        this.cases = List.of(cases);
    }

    public String mnemonic() { return mnemonic; }

    public List<String> cases() { return cases; }

    /** Whether the attribute prints as {@code #stablehlo.m<CASE>} rather than {@code #stablehlo<m CASE>}. */
    public boolean angleForm() { return this == RESULT_ACCURACY_MODE; }

    /** Whether the enum has a {@code #stablehlo} attribute at all. */
    public boolean hasAttribute() { return this != CUSTOM_CALL_API_VERSION; }

    /** The index of the case named {@code name}, or -1. */
    public int indexOf(String name) {
        return cases.indexOf(name);
    }

    public int valueOf(int caseIndex) {
        return firstValue + caseIndex;
    }

    /** The case index with integer value {@code value}, or -1. */
    public int indexOfValue(long value) {
        long i = value - firstValue;
        return i >= 0 && i < cases.size() ? (int) i : -1;
    }

    /** The enum whose attribute mnemonic is {@code mnemonic}, or null. */
    public static StablehloEnum byMnemonic(String mnemonic) {
        for (StablehloEnum e : values()) {
            if (e.mnemonic.equals(mnemonic) && e.hasAttribute()) return e;
        }
        return null;
    }
}
