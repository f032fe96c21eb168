package org.stablehlo4j.dialect.shape;

import java.util.Map;
import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.DialectBodyException;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.DialectTypeConstraints;
import org.stablehlo4j.ir.DialectTypeConstraints.TypeClass;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;

/**
 * The shape dialect's types (upstream {@code ShapeBase.td}): {@code !shape.shape}, {@code !shape.size},
 * {@code !shape.value_shape} and {@code !shape.witness}, parameterless, each one {@link DialectType} value (as the
 * compatibility layer spells the witness VHLO converts to); the extent tensor {@code tensor<?xindex>} is a
 * builtin type. Also the ODS constraints the rows name ({@code Shape_ShapeOrExtentTensorType}, ...) for the
 * verifier, and the parse hook that rejects other {@code !shape.*} types.
 */
public final class ShapeTypes {
    /** {@code !shape.shape}: a shape, possibly unranked or an error. */
    public static final DialectType SHAPE = new DialectType(ShapeOps.DIALECT, "shape", true);
    /** {@code !shape.size}: a non-negative size, possibly unknown or an error. */
    public static final DialectType SIZE = new DialectType(ShapeOps.DIALECT, "size", true);
    /** {@code !shape.value_shape}: a value with its shape. */
    public static final DialectType VALUE_SHAPE = new DialectType(ShapeOps.DIALECT, "value_shape", true);
    /** {@code !shape.witness}: the result of a constraint, ordering what relies on it. */
    public static final DialectType WITNESS = new DialectType(ShapeOps.DIALECT, "witness", true);

    private static final Map<String, DialectType> BY_MNEMONIC = Map.of("shape", SHAPE, "size", SIZE,
            "value_shape", VALUE_SHAPE, "witness", WITNESS);

    private ShapeTypes() {}

    /**
     * Whether {@code t} is an extent tensor: a rank-1 tensor of {@code index} (MLIR's {@code isExtentTensorType}).
     *
     * @param t a type
     * @return whether it is one
     */
    public static boolean isExtentTensor(Type t) {
        return t instanceof RankedTensorType r && r.rank() == 1 && r.elementType() instanceof IndexType;
    }

    /**
     * The extent tensor of {@code rank} extents ({@code tensor<rank x index>}; {@code -1}: {@code tensor<?xindex>}).
     *
     * @param rank the number of extents, or -1
     * @return the type
     */
    public static RankedTensorType extentTensor(long rank) {
        return new RankedTensorType(new long[] {rank}, IndexType.INSTANCE);
    }

    /** Whether a value of {@code t} can hold an error (MLIR's {@code isErrorPropagationPossible} per type). */
    static boolean canHoldError(Type t) {
        return SIZE.equals(t) || SHAPE.equals(t) || VALUE_SHAPE.equals(t);
    }

    /** The parse hook: {@code !shape.X} is one of the four types, anything else an error. */
    static final AsmDialectInterface ASM = new AsmDialectInterface() {
        @Override
        public Type parseType(DialectType opaque) {
            DialectType t = opaque.pretty() ? BY_MNEMONIC.get(opaque.body()) : null;
            if (t == null) {
                throw new DialectBodyException(0, "unknown shape type: " + opaque.body());
            }
            return t;
        }
    };

    /** The ODS constraints of ShapeBase.td and the builtin ones the rows name. */
    static final DialectTypeConstraints CONSTRAINTS = DialectTypeConstraints.of(
            Map.of(
                "Shape_ShapeOrSizeType", "AnyTypeOf<[Shape_SizeType, Shape_ShapeType], \"shape or size\">",
                ShapeOps.SHAPE_OR_EXTENT_TENSOR,
                "AnyTypeOf<[Shape_ShapeType, 1DTensorOf<[Index]>], \"shape or extent tensor\">",
                ShapeOps.SIZE_OR_INDEX, "AnyTypeOf<[Shape_SizeType, Index], \"size or index\">",
                "Shape_AnyShapeOrSizeType", "AnyTypeOf<[Shape_SizeOrIndexType, Shape_ShapeOrExtentTensorType], "
                        + "\"any shape or size\">"),
            Map.of(),
            Map.of(
                ShapeOps.SHAPE, new TypeClass("shape", SHAPE::equals),
                ShapeOps.SIZE, new TypeClass("size", SIZE::equals),
                ShapeOps.VALUE_SHAPE, new TypeClass("value shape", VALUE_SHAPE::equals),
                ShapeOps.WITNESS, new TypeClass("witness", WITNESS::equals),
                "Index", new TypeClass("index", t -> t instanceof IndexType),
                "I1", new TypeClass("1-bit signless integer",
                        t -> t instanceof IntegerType i && i.width() == 1 && i.isSignless()),
                "AnyShaped", new TypeClass("shaped of any type values", t -> t instanceof ShapedType)),
            Map.of());
}
