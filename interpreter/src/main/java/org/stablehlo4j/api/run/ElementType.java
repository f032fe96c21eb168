package org.stablehlo4j.api.run;

import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Type;

/**
 * The element types a {@link TensorValue} can hold, with their MLIR spelling: booleans, signless and unsigned
 * integers of 8 to 64 bits, the floats f16, bf16, f32, f64, and the complex numbers complex64 and complex128.
 */
public enum ElementType {
    /** {@code i1}: booleans. */
    I1("i1", IntegerType.I1),
    /** {@code i8}: signless 8-bit integers. */
    I8("i8", IntegerType.signless(8)),
    /** {@code i16}: signless 16-bit integers. */
    I16("i16", IntegerType.signless(16)),
    /** {@code i32}: signless 32-bit integers. */
    I32("i32", IntegerType.I32),
    /** {@code i64}: signless 64-bit integers. */
    I64("i64", IntegerType.I64),
    /** {@code ui8}: unsigned 8-bit integers. */
    UI8("ui8", new IntegerType(8, IntegerType.Signedness.UNSIGNED)),
    /** {@code ui16}: unsigned 16-bit integers. */
    UI16("ui16", new IntegerType(16, IntegerType.Signedness.UNSIGNED)),
    /** {@code ui32}: unsigned 32-bit integers. */
    UI32("ui32", new IntegerType(32, IntegerType.Signedness.UNSIGNED)),
    /** {@code ui64}: unsigned 64-bit integers. */
    UI64("ui64", new IntegerType(64, IntegerType.Signedness.UNSIGNED)),
    /** {@code f16}: IEEE half precision. */
    F16("f16", FloatType.F16),
    /** {@code bf16}: bfloat16. */
    BF16("bf16", FloatType.BF16),
    /** {@code f32}: IEEE single precision. */
    F32("f32", FloatType.F32),
    /** {@code f64}: IEEE double precision. */
    F64("f64", FloatType.F64),
    /** {@code complex<f32>}: complex numbers of two f32 parts (NumPy's {@code complex64}). */
    COMPLEX64("complex<f32>", new ComplexType(FloatType.F32)),
    /** {@code complex<f64>}: complex numbers of two f64 parts (NumPy's {@code complex128}). */
    COMPLEX128("complex<f64>", new ComplexType(FloatType.F64));

    private final String mlirName;
    private final Type type;

    ElementType(String mlirName, Type type) {
        this.mlirName = mlirName;
        this.type = type;
    }

    /**
     * {@code f32}, {@code i1}, {@code ui8}, {@code complex<f32>}, ...
     *
     * @return the MLIR spelling
     */
    public String mlirName() {
        return mlirName;
    }

    /**
     * The IR type.
     *
     * @return the IR type
     */
    public Type type() {
        return type;
    }

    /**
     * Whether this is a floating-point type.
     *
     * @return true for f16, bf16, f32, f64
     */
    public boolean isFloat() {
        return type instanceof FloatType;
    }

    /**
     * Whether this is a complex type.
     *
     * @return true for complex64 and complex128
     */
    public boolean isComplex() {
        return type instanceof ComplexType;
    }

    /**
     * Whether this is an unsigned integer type.
     *
     * @return true for ui8 to ui64
     */
    public boolean isUnsigned() {
        return type instanceof IntegerType it && it.isUnsigned();
    }

    /**
     * Bits per element (1 for {@code i1}; both parts for a complex type: 64 for complex64).
     *
     * @return the bit width
     */
    public int bitWidth() {
        if (type instanceof IntegerType it) return it.width();
        if (type instanceof ComplexType ct) return 2 * ((FloatType) ct.elementType()).width();
        return ((FloatType) type).width();
    }

    /**
     * Bytes per element in the dense little-endian layout (one byte for {@code i1}; a complex number is its real
     * part followed by its imaginary part).
     *
     * @return bytes per element
     */
    public int byteWidth() {
        return Math.max(1, (bitWidth() + 7) / 8);
    }

    /**
     * The element type named {@code mlirName} ({@code f32}, {@code si32} = {@code i32}, {@code complex<f32>}, ...),
     * or null.
     *
     * @param mlirName the mlir name
     * @return the element type, or null
     */
    public static ElementType fromMlirName(String mlirName) {
        String n = mlirName.startsWith("si") ? mlirName.substring(1) : mlirName;
        for (ElementType e : values()) if (e.mlirName.equals(n)) return e;
        return null;
    }

    /**
     * The element type of an IR type (signed and signless integers alike), or null if none fits.
     *
     * @param t the t
     * @return the element type of an IR type (signed and signless integers alike), or null if none fits
     */
    public static ElementType of(Type t) {
        if (t instanceof IntegerType it) {
            for (ElementType e : values()) {
                if (e.type instanceof IntegerType et && et.width() == it.width() && et.isUnsigned() == it.isUnsigned()) {
                    return e;
                }
            }
            return null;
        }
        if (t instanceof FloatType || t instanceof ComplexType) {
            for (ElementType e : values()) if (e.type.equals(t)) return e;
        }
        return null;
    }
}
