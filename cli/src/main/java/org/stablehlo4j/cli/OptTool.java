package org.stablehlo4j.cli;

import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.OpPassManager;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.pass.PassRegistry;

import java.util.ArrayList;
import java.util.List;

/** {@code stablehlo-opt}: parse, run the passes named on the command line in order, print. */
final class OptTool extends Tool {
    /** The passes of this run ({@link org.stablehlo4j.init.AllPasses}); made on first use. */
    private PassRegistry passRegistry;

    private PassRegistry passRegistry() {
        if (passRegistry == null) passRegistry = org.stablehlo4j.init.AllPasses.registry();
        return passRegistry;
    }

    private static final List<OptionDef> OPTIONS = List.of(
            OptionDef.flag("emit-bytecode", "Emit bytecode when generating output"),
            OptionDef.flag("verify-each", "Run the verifier after each transformation pass"));

    boolean emitBytecode;
    boolean verifyEach = true;

    final List<PassSpec> passSpecs = new ArrayList<>();
    private final List<Pass> passes = new ArrayList<>();

    OptTool() {
        super("stablehlo-opt", OPTIONS, new String[] {
            "stablehlo-opt [options] [--PASS[=OPTIONS]...] [<input file>]",
            "StableHLO optimizer driver (stablehlo4j)", null},
            SplitInput.DEFAULT_MARKER, false);
    }

    @Override
    void setToolOption(String name, Object value) {
        if (name.equals("emit-bytecode")) {
            emitBytecode = (Boolean) value;
        } else {
            verifyEach = (Boolean) value;
        }
    }

    @Override
    public boolean acceptExtra(String name, String value, String arg) {
        if (!PassSpec.isPassName(name, passRegistry())) return false;
        passSpecs.add(new PassSpec(name, value == null ? "" : value, arg));
        return true;
    }

    @Override
    void prepare() throws ToolException {
        for (PassSpec spec : passSpecs) {
            if (!spec.isPipeline()) {
                passes.add(createPass(spec));
                continue;
            }
            try {
                passes.add(PassSpec.buildPipeline(spec.options(), this::createPass));
            } catch (IllegalArgumentException e) {
                throw new ToolException("error: " + spec.display() + ": " + e.getMessage());
            }
        }
    }

    /** The configured pass a flag (or an item of a pipeline) names. */
    private Pass createPass(PassSpec spec) throws ToolException {
        PassRegistry.Factory factory = passRegistry().lookup(spec.name());
        if (factory == null) throw new ToolException(missingPass(spec.name()));
        try {
            return factory.create(spec.options());
        } catch (IllegalArgumentException e) {
            throw new ToolException("error: " + spec.display() + ": " + e.getMessage());
        }
    }

    /**
     * The error for a pass flag or pipeline entry that names no implemented pass: an upstream pass (or
     * {@code -debug-only}) stablehlo4j lacks is "not implemented", any other name an unknown pass.
     */
    private String missingPass(String name) {
        if (name.equals("debug-only")) return "error: option '--debug-only' is not implemented in stablehlo4j";
        if (passRegistry().isUpstream(name)) return "error: pass '--" + name + "' is not implemented in stablehlo4j";
        return "error: unknown pass '" + name + "' (known passes: " + String.join(", ", passRegistry().names())
                + ")";
    }

    /** {@code --help}'s list of the passes, a line each: {@code --NAME} and its description. */
    @Override
    String helpEpilogue() {
        PassRegistry registry = passRegistry();
        int width = 0;
        for (String name : registry.names()) width = Math.max(width, name.length());
        StringBuilder sb = new StringBuilder("Passes (run in the order given):\n");
        for (String name : registry.names()) {
            sb.append("  --").append(name).append(" ".repeat(width - name.length() + 2))
                    .append(registry.description(name)).append('\n');
        }
        return sb.append("Give a pass as --NAME or --NAME=OPTIONS, or several as\n"
                + "--pass-pipeline='builtin.module(NAME{OPTIONS},...)'.\n").toString();
    }

    @Override
    Output.Part processBytecode(SourceBuffer input, DiagnosticHandler handler) throws ToolException {
        return transformAndPrint(readBytecode(input.bytes(), input.name(), handler), handler);
    }

    @Override
    Output.Part processText(String text, String name, int firstLine, DiagnosticHandler handler) throws ToolException {
        return transformAndPrint(parseText(text, name, firstLine, handler), handler);
    }

    private Output.Part transformAndPrint(ModuleOp module, DiagnosticHandler handler) {
        if (module == null) return null;
        // Diagnostics a pass emits without failing (as MLIR's emitError in a pattern) are printed, or checked by
        // --verify-diagnostics, in order with the others; the run still succeeds.
        PassContext context = new PassContext(context(), handler::handle);
        // A pipeline (--pass-pipeline) verifies the module after each of its top-level steps through this hook.
        if (verifyEach) context.afterEachPass(op -> {
            if (op == module.op()) org.stablehlo4j.verify.Verifier.verify(context(), module);
        });
        try {
            for (Pass pass : passes) {
                pass.run(module, context);
                if (verifyEach && !(pass instanceof OpPassManager)) {
                    org.stablehlo4j.verify.Verifier.verify(context(), module);
                }
            }
            if (emitBytecode) return Backends.bytecodeWriter.encode(context(), module);
        } catch (DiagnosticException e) {
            report(e, handler);
            return null;
        }
        return printed(module, false);
    }
}
