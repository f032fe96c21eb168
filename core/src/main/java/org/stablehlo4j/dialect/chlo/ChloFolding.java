package org.stablehlo4j.dialect.chlo;

import java.math.BigInteger;
import java.util.List;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

/**
 * CHLO's folding code, exactly upstream's (ChloOps.td / ChloOps.cpp): {@code chlo.constant} folds to its value,
 * {@code chlo.constant_like} of a statically shaped operand folds to a splat of its value in the operand's shape,
 * and the dialect materializes constants as {@code chlo.constant} from elements attributes. {@link ChloOpHooks}
 * attaches the folders to the rows.
 */
public final class ChloFolding {
    private ChloFolding() {}

    /**
     * The {@code chlo.constant} folder: the op's value.
     *
     * @param op a constant
     * @param operands the constant operands (none)
     * @return the value
     */
    static List<Object> foldConstant(Operation op, Attribute[] operands) {
        return List.of(ConstantOp.cast(op).value());
    }

    /**
     * The {@code chlo.constant_like} folder: a splat of the value in the operand's static shape.
     *
     * @param op a constant_like
     * @param operands the constant operands (ignored)
     * @return the splat, or null
     */
    static List<Object> foldConstantLike(Operation op, Attribute[] operands) {
        Attribute splat = foldConstantLike(ConstantLikeOp.cast(op));
        return splat == null ? null : List.of(splat);
    }

    /** A splat of the op's value shaped like its operand, or null (dynamic shape, complex or unknown value). */
    private static Attribute foldConstantLike(ConstantLikeOp op) {
        if (!(op.operand().type() instanceof RankedTensorType t) || !t.hasStaticShape()) return null;
        Type elementType;
        BigInteger bits;
        if (op.value() instanceof IntegerAttr i) {
            elementType = i.type();
            bits = i.value();
        } else if (op.value() instanceof FloatAttr f) {
            elementType = f.type();
            bits = f.bits();
        } else {
            return null; // complex values: not yet
        }
        int eb = DenseElementsAttr.elementStorageBytes(elementType);
        byte[] data = new byte[eb];
        for (int k = 0; k < eb; k++) data[k] = bits.shiftRight(8 * k).byteValue();
        return new DenseElementsAttr(new RankedTensorType(t.shape(), elementType), data, 0, eb, true);
    }

    /**
     * CHLO's {@code materializeConstant}: a {@code chlo.constant} of {@code value} when it is an elements attribute.
     *
     * @param builder where to create it
     * @param value the value
     * @param type the result type
     * @param loc the location
     * @return the constant op, or null
     */
    public static Operation materializeConstant(OpBuilder builder, Attribute value, Type type, Location loc) {
        if (!(value instanceof DenseElementsAttr)) return null;
        return ConstantOp.createWithTypes(builder, loc, List.of(type), value).operation();
    }
}
