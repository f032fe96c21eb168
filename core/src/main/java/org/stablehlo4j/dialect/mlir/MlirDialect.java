package org.stablehlo4j.dialect.mlir;

import java.util.function.Consumer;
import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.DialectTypeConstraints;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

/**
 * What the arith and tensor dialects share: their op rows with complete signatures, the declarative forms plus the
 * hand-written ones of {@link MlirAsm}, MLIR's type constraints, and folded constants materialized as
 * {@code arith.constant}s (MLIR's {@code materializeConstant} of both dialects).
 */
abstract class MlirDialect extends Dialect {
    MlirDialect(String name, Context context, DialectOpTable ops, Consumer<OpAsmTable> forms) {
        super(name, context);
        addOperations(ops);
        declareCompleteSignatures();
        OpAsmTable asm = FormatForms.declarativeTable(ops.all());
        forms.accept(asm);
        addInterface(OpAsmDialectInterface.class, asm);
        addInterface(DialectTypeConstraints.class, MlirTypeConstraints.INSTANCE);
    }

    /**
     * An {@code arith.constant} of {@code value} when it is a typed attribute of type {@code type}.
     *
     * @param builder where to create it
     * @param value the value
     * @param type the result type
     * @param loc the location
     * @return the constant op, or null
     */
    @Override
    public Operation materializeConstant(OpBuilder builder, Attribute value, Type type, Location loc) {
        return MlirOpHooks.materializeConstant(builder, value, type, loc);
    }
}
