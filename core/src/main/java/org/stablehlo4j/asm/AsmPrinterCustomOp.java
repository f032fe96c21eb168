package org.stablehlo4j.asm;

import java.util.function.BiConsumer;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Value;

/**
 * The pretty form of a registered op (MLIR's custom assembly format). Register with
 * {@link OpAsmTable#printer(String, AsmPrinterCustomOp)}.
 */
public interface AsmPrinterCustomOp {
    /**
     * Whether the op is well-formed enough for its pretty form (MLIR prints ops that fail verification
     * generically); when false the generic form is printed.
     *
     * @param op the op
     * @return whether to print the pretty form
     */
    default boolean canPrint(Operation op) {
        return true;
    }

    /**
     * Prints everything after {@code %results = }, starting with the op name (see {@link AsmPrinterContext#printOpName}).
     *
     * @param op the op
     * @param p the printer
     */
    void print(Operation op, AsmPrinterContext p);

    /**
     * {@return dialect whose prefix may be dropped from op names inside this op's regions (OpAsmOpInterface), or ""}
     */
    default String defaultDialect() {
        return "";
    }

    /**
     * Suggests SSA names for results (e.g. {@code cst}), as the op's {@code OpAsmOpInterface} does; not called
     * with {@link PrintOptions#generic()}. Registered ops without a pretty printer get the names ODS generates
     * ({@link OdsResultNames}); a printer standing for such an op calls that itself.
     *
     * @param op the op
     * @param setName records a name for a result
     */
    default void resultNames(Operation op, BiConsumer<Value, String> setName) {}

    /**
     * Suggests SSA names for the arguments of a region of the op (MLIR's {@code getAsmBlockArgumentNames});
     * called only when printing the custom form, before the region is numbered.
     *
     * @param region the region
     * @param setName records a name for an argument
     */
    default void blockArgumentNames(org.stablehlo4j.ir.Region region, BiConsumer<Value, String> setName) {}

    /** {@return whether the op is a block terminator (lets {@code printBlockTerminators = false} hide it)} */
    default boolean isTerminator() {
        return false;
    }
}
