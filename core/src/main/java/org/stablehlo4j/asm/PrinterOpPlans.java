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
    /**
     * One op name: its row (null when unregistered), pretty printer (null for none), and the shape the row
     * declares, counted once ({@link Shape}).
     */
    record Plan(OpDefinition spec, AsmPrinterCustomOp printer, boolean completeSignatures, Shape shape) {
        /** The pretty printer of a registered op, or null. */
        AsmPrinterCustomOp registeredPrinter() {
            return spec == null ? null : printer;
        }
    }

    /**
     * {@link OpDefinition#fits} of one row with its counts taken once: the number of fixed regions, whether more
     * may follow, the bounds on operands and results, and the required inherent attributes.
     */
    static final class Shape {
        private final boolean completeSignature;
        private final boolean regionsDeclared;
        private final boolean variadicRegions;
        private final int fixedRegions;
        private final int successors;
        private final int minOperands;
        private final int maxOperands;
        private final int minResults;
        private final int maxResults;
        private final String[] required;

        Shape(OpDefinition spec, boolean completeSignature) {
            this.completeSignature = completeSignature;
            int fixed = 0;
            boolean variadic = false;
            for (OpDefinition.RegionSpec r : spec.regions()) {
                if (r.variadic()) variadic = true;
                else fixed++;
            }
            fixedRegions = fixed;
            variadicRegions = variadic;
            // A row of a dialect without complete signatures may leave its regions undeclared (builtin.module).
            regionsDeclared = completeSignature || !spec.regions().isEmpty();
            successors = spec.successors();
            int[] operands = bounds(spec.operands());
            minOperands = operands[0];
            maxOperands = operands[1];
            int[] results = bounds(spec.results());
            minResults = results[0];
            maxResults = results[1];
            required = spec.attributes().stream().filter(a -> a.presence() == OpDefinition.Presence.REQUIRED)
                    .map(OpDefinition.AttrSpec::name).toArray(String[]::new);
        }

        /** {min, max} number of values the groups take (max: Integer.MAX_VALUE with a variadic group). */
        private static int[] bounds(java.util.List<OpDefinition.ValueSpec> groups) {
            int fixed = 0;
            int optional = 0;
            boolean variadic = false;
            for (OpDefinition.ValueSpec g : groups) {
                switch (g.arity()) {
                    case SINGLE -> fixed++;
                    case OPTIONAL -> optional++;
                    case VARIADIC -> variadic = true;
                }
            }
            return new int[] {fixed, variadic ? Integer.MAX_VALUE : fixed + optional};
        }

        /** Whether {@code op} has the shape of the row: what {@code spec.fits(op, completeSignature)} says. */
        boolean fits(Operation op) {
            int n = op.numRegions();
            if (regionsDeclared && (variadicRegions ? n < fixedRegions : n != fixedRegions)) return false;
            if (!completeSignature) return true;
            if (op.numSuccessors() != successors) return false;
            int operands = op.numOperands();
            int results = op.numResults();
            if (operands < minOperands || operands > maxOperands || results < minResults || results > maxResults) {
                return false;
            }
            if (required.length > 0) {
                org.stablehlo4j.ir.DictionaryAttr props = op.properties();
                for (String name : required) if (props.get(name) == null) return false;
            }
            return true;
        }
    }

    private static final Plan NONE = new Plan(null, null, false, null);

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
        boolean complete = dialect != null && dialect.hasCompleteSignatures();
        return new Plan(spec, customPrinter(opName), complete, spec == null ? null : new Shape(spec, complete));
    }

    /** The pretty printer of op {@code opName} contributed by its dialect, or null. */
    private AsmPrinterCustomOp customPrinter(String opName) {
        Dialect d = context.opDialect(opName);
        OpAsmDialectInterface asm = d != null ? d.getInterface(OpAsmDialectInterface.class)
                : context.opDialectInterface(opName, OpAsmDialectInterface.class);
        return asm == null ? null : asm.customPrinter(opName);
    }

    /**
     * The pretty printer {@code op} is printed with, or null for the generic form. Like MLIR, only registered ops
     * use their custom form, and only when they have the shape their definition declares (MLIR prints an op
     * that fails verification generically).
     */
    AsmPrinterCustomOp customForm(Operation op) {
        Plan p = plan(op.name());
        AsmPrinterCustomOp custom = p.registeredPrinter();
        return custom != null && p.shape.fits(op) && custom.canPrint(op) ? custom : null;
    }

    /**
     * Where printing the ops of {@code block} stops: its last op when the terminator is to be left out
     * ({@code printTerminator} false) and that op's printer says it is one, else null (every op is printed).
     */
    Operation stopBefore(org.stablehlo4j.ir.Block block, boolean printTerminator) {
        Operation last = block.last();
        if (printTerminator || last == null) return null;
        AsmPrinterCustomOp printer = plan(last.name()).printer();
        return printer != null && printer.isTerminator() ? last : null;
    }
}
