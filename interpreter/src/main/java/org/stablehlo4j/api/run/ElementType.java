package org.stablehlo4j.api.run;

import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Type;

/** The element types a {@link TensorValue} can hold, with their MLIR spelling. */
public enum ElementType {
    /** {@code i1}: booleans. */
    I1("i1", IntegerType.I1),
    I8("i8", IntegerType.signless(8)),
    I16("i16", IntegerType.signless(16)),
    I32("i32", IntegerType.I32),
    I64("i64", IntegerType.I64),
    UI8("ui8", new IntegerType(8, IntegerType.Signedness.UNSIGNED)),
    UI16("ui16", new IntegerType(16, IntegerType.Signedness.UNSIGNED)),
    UI32("ui32", new IntegerType(32, IntegerType.Signedness.UNSIGNED)),
    UI64("ui64", new IntegerType(64, IntegerType.Signedness.UNSIGNED)),
    F16("f16", FloatType.F16),
    BF16("bf16", FloatType.BF16),
    F32("f32", FloatType.F32),
    F64("f64", FloatType.F64);

    private final String mlirName;
    private final Type type;

    ElementType(String mlirName, Type type) {
        this.mlirName = mlirName;
        this.type = type;
    }

    /** {@code f32}, {@code i1}, {@code ui8}, ... */
    public String mlirName() {
        return mlirName;
    }

    /** The IR type. */
    public Type type() {
        return type;
    }

    public boolean isFloat() {
        return type instanceof FloatType;
    }

    public boolean isUnsigned() {
        return type instanceof IntegerType it && it.isUnsigned();
    }

    /** Bits per element (1 for {@code i1}). */
    public int bitWidth() {
        return type instanceof IntegerType it ? it.width() : ((FloatType) type).width();
    }

    /** Bytes per element in the dense little-endian layout (one byte for {@code i1}). */
    public int byteWidth() {
        return Math.max(1, (bitWidth() + 7) / 8);
    }

    /** The element type named {@code mlirName} ({@code f32}, {@code si32} = {@code i32}, ...), or null. */
    public static ElementType fromMlirName(String mlirName) {
        String n = mlirName.startsWith("si") ? mlirName.substring(1) : mlirName;
        for (ElementType e : values()) if (e.mlirName.equals(n)) return e;
        return null;
    }

    /** The element type of an IR type (signed and signless integers alike), or null if none fits. */
    public static ElementType of(Type t) {
        if (t instanceof IntegerType it) {
            for (ElementType e : values()) {
                if (e.type instanceof IntegerType et && et.width() == it.width() && et.isUnsigned() == it.isUnsigned()) {
                    return e;
                }
            }
            return null;
        }
        if (t instanceof FloatType ft) {
            for (ElementType e : values()) if (e.type.equals(ft)) return e;
        }
        return null;
    }
}
