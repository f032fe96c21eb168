package org.stablehlo4j.compat.legalize;

import java.util.List;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.dialect.vhlo.VhloAttr;
import org.stablehlo4j.dialect.vhlo.VhloType;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

/**
 * The pretty form of {@code vhlo.func_v1} (upstream's {@code custom<FunctionBody>} directive followed by the
 * attribute dictionary): {@code vhlo.func_v1 @name(%arg0: T) -> (R) { ... } {arg_attrs = ..., ...}}.
 */
public final class VhloFuncPrinter implements AsmPrinterCustomOp {
    private VhloFuncPrinter() {}

    static final String OP = "vhlo.func_v1";

    /** Registers the printer with {@link AsmPrinter} (called from its static initializer). */
    public static void register() {
        // Like MLIR, only registered ops print in their custom form: stablehlo-opt always loads VHLO.
        org.stablehlo4j.dialect.vhlo.ops.VhloOpTable.registerAll();
        if (AsmPrinter.customPrinter(OP) == null) AsmPrinter.registerCustomPrinter(OP, new VhloFuncPrinter());
    }

    @Override
    public void print(Operation op, AsmPrinterContext p) {
        if (!(op.attr("sym_name") instanceof VhloAttr name) || name.stringBytes() == null
                || !(op.attr("function_type") instanceof VhloAttr ft) || !(ft.typeParam() instanceof VhloType fn)
                || op.numRegions() != 1 || op.region(0).entry() == null) {
            throw new IllegalStateException("malformed vhlo.func_v1");
        }
        p.printOpName(op);
        p.append(" ");
        p.printSymbolName(new String(name.stringBytes(), java.nio.charset.StandardCharsets.UTF_8));
        p.append("(");
        List<BlockArgument> args = op.region(0).entry().arguments();
        for (int i = 0; i < args.size(); i++) {
            if (i > 0) p.append(", ");
            p.printRegionArgument(args.get(i), DictionaryAttr.EMPTY, false);
        }
        p.append(") -> (");
        List<Type> results = fn.results();
        p.printTypes(results);
        p.append(") ");
        p.printRegion(op.region(0), false, true, true);
        p.printOptionalAttrDict(p.allAttributes(op), List.of("sym_name", "function_type"));
    }
}
