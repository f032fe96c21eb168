package org.stablehlo4j.asm;

import java.util.HashMap;
import java.util.Map;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.Operation;

/**
 * What one printer knows about each op name, looked up once per name instead of once per op: the op's row, its
 * dialect's pretty printer and whether the dialect declares complete signatures. Only the per-op checks (the op
 * has the shape its row declares, the pretty printer accepts it) are left for each op.
 */
final class PrinterOpPlans {
    /** One op name: its row (null when unregistered) and pretty printer (null for none). */
    record Plan(OpDefinition spec, AsmPrinterCustomOp printer, boolean completeSignatures) {
        /** The pretty printer of a registered op, or null. */
        AsmPrinterCustomOp registeredPrinter() {
            return spec == null ? null : printer;
        }
    }

    private static final Plan NONE = new Plan(null, null, false);

    private final Context context;
    private final Map<String, Plan> plans = new HashMap<>();
    private String lastName;
    private Plan lastPlan;

    PrinterOpPlans(Context context) {
        this.context = context;
    }

    Plan plan(String opName) {
        if (opName == lastName) return lastPlan;
        Plan p = plans.get(opName);
        if (p == null) {
            p = compute(opName);
            plans.put(opName, p);
        }
        lastName = opName;
        lastPlan = p;
        return p;
    }

    private Plan compute(String opName) {
        if (context == null) return NONE;
        OpDefinition spec = context.opDefinition(opName);
        Dialect dialect = spec == null ? null : context.opDialect(opName);
        return new Plan(spec, AsmPrinter.customPrinter(context, opName),
                dialect != null && dialect.hasCompleteSignatures());
    }

    /**
     * The pretty printer {@code op} is printed with, or null for the generic form. Like MLIR, only registered ops
     * use their custom form, and only when they have the shape their definition declares (MLIR prints an op
     * that fails verification generically).
     */
    AsmPrinterCustomOp customForm(Operation op) {
        Plan p = plan(op.name());
        AsmPrinterCustomOp custom = p.registeredPrinter();
        return custom != null && p.spec.fits(op, p.completeSignatures) && custom.canPrint(op) ? custom : null;
    }
}
