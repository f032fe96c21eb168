package org.stablehlo4j.asm.format;

import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.check.CheckOps;
import org.stablehlo4j.dialect.stablehlo.OpSpec;
import org.stablehlo4j.dialect.stablehlo.StablehloOps;

/**
 * Registers the pretty forms of the StableHLO and check ops with the printer and the parser: every op-table row
 * with a declarative assembly format gets a {@link FormatOp}; constant, while, reduce, chlo.scan and
 * chlo.constant their hand-written forms.
 */
public final class StablehloAssembly {
    private static boolean registered;

    private StablehloAssembly() {}

    /** Idempotent; called from the static initializers of {@link AsmParser} and {@link AsmPrinter}. */
    public static synchronized void registerAll() {
        if (registered) return;
        registered = true;
        for (OpSpec spec : StablehloOps.all()) register(spec);
        for (OpSpec spec : CheckOps.TABLE.all()) register(spec);
        for (OpSpec spec : org.stablehlo4j.dialect.interpreter.InterpreterOps.TABLE.all()) register(spec);
        for (OpSpec spec : org.stablehlo4j.dialect.chlo.ChloOps.TABLE.all()) register(spec);
        for (OpSpec spec : org.stablehlo4j.dialect.mlir.MlirOps.all()) register(spec);
        register("stablehlo.constant", HandWrittenOps.CONSTANT);
        register("arith.constant", HandWrittenOps.ARITH_CONSTANT);
        register("stablehlo.while", HandWrittenOps.WHILE);
        register("stablehlo.reduce", HandWrittenOps.REDUCE);
        register("chlo.scan", org.stablehlo4j.dialect.chlo.ChloScanAssembly.INSTANCE);
        register("chlo.constant", HandWrittenOps.CHLO_CONSTANT);
    }

    private static void register(OpSpec spec) {
        if (spec.assemblyFormat() == null) return;
        register(spec.name(), new FormatOp(spec));
    }

    private static <T extends org.stablehlo4j.asm.AsmPrinterCustomOp & org.stablehlo4j.asm.AsmCustomOpParser> void register(
            String name, T op) {
        AsmPrinter.registerCustomPrinter(name, op);
        AsmParser.registerFormatParser(name, op);
    }
}
