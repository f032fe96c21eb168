package org.stablehlo4j.dialect.shape;

import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectTypeConstraints;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

/**
 * MLIR's shape dialect (upstream {@code ShapeDialect}): the ops of {@link ShapeOps} with their code
 * ({@link ShapeOpHooks}), their pretty forms, the {@code !shape.*} types ({@link ShapeTypes}) and the dialect's
 * constants. Like upstream's, the dialect accepts ops it does not define (kept in the generic form).
 */
public final class ShapeDialect extends Dialect {
    /**
     * Loads the dialect into {@code context}.
     *
     * @param context the context that owns the dialect
     */
    public ShapeDialect(Context context) {
        super(ShapeOps.DIALECT, context);
        addOperations(ShapeOpHooks.TABLE);
        declareCompleteSignatures();
        // upstream's ShapeDialect::initialize allows unknown operations "during prototyping and testing"
        allowUnknownOperations();
        OpAsmTable asm = FormatForms.declarativeTable(ShapeOpHooks.TABLE.all(), ShapeAsm.FORMATS);
        asm.format(ConstShapeOp.NAME, ShapeAsm.CONST_SHAPE);
        asm.format(ConstSizeOp.NAME, ShapeAsm.CONST_SIZE);
        asm.format(AssumingOp.NAME, ShapeAsm.ASSUMING);
        addInterface(OpAsmDialectInterface.class, asm);
        addInterface(AsmDialectInterface.class, ShapeTypes.ASM);
        addInterface(DialectTypeConstraints.class, ShapeTypes.CONSTRAINTS);
    }

    /**
     * The dialect's constants: {@code shape.const_shape}, {@code shape.const_size}, {@code shape.const_witness},
     * else {@code arith.constant} (MLIR's {@code ShapeDialect::materializeConstant}).
     *
     * @param builder where to create it
     * @param value the value
     * @param type the result type
     * @param loc the location
     * @return the constant op, or null
     */
    @Override
    public Operation materializeConstant(OpBuilder builder, Attribute value, Type type, Location loc) {
        return ShapeOpHooks.materializeConstant(builder, value, type, loc);
    }
}
