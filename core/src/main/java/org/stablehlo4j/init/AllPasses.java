package org.stablehlo4j.init;

import org.stablehlo4j.compat.legalize.LegalizePasses;
import org.stablehlo4j.dialect.chlo.transforms.ChloLegalizeToStablehloPass;
import org.stablehlo4j.dialect.interpreter.transforms.InstrumentWithProbePass;
import org.stablehlo4j.dialect.stablehlo.transforms.StablehloPasses;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.pass.OpPassManager;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.pass.PassPipelineParser;
import org.stablehlo4j.pass.PassRegistry;
import org.stablehlo4j.pass.ReconcileUnrealizedCastsPass;

/** The composition root of the passes: the core passes, the StableHLO transforms, the CHLO lowering, the
 * StableHLO/VHLO legalization passes and the pass pipelines built from them. */
public final class AllPasses {
    private AllPasses() {}

    /** The name of the pipeline that lowers CHLO (and shapes) before serialization. */
    public static final String CHLO_PRE_SERIALIZATION_PIPELINE = "chlo-pre-serialization-pipeline";

    /**
     * Fills {@code registry} with every pass and pipeline.
     *
     * @param registry the registry
     * @return the registry
     */
    public static PassRegistry register(PassRegistry registry) {
        PassRegistry.registerCorePasses(registry);
        StablehloPasses.registerAll(registry);
        registry.register(ChloLegalizeToStablehloPass.NAME, ChloLegalizeToStablehloPass.DESCRIPTION,
                ChloLegalizeToStablehloPass::fromOptions);
        LegalizePasses.registerAll(registry);
        registry.register(InstrumentWithProbePass.NAME, InstrumentWithProbePass.DESCRIPTION,
                InstrumentWithProbePass::fromOptions);
        registry.register(CHLO_PRE_SERIALIZATION_PIPELINE,
                "Lower as much as possible to StableHLO, including CHLO, Shape dialect, and index types.",
                options -> {
                    if (!options.isBlank()) {
                        throw new IllegalArgumentException("pipeline '" + CHLO_PRE_SERIALIZATION_PIPELINE
                                + "' takes no options");
                    }
                    return chloPreSerializationPipeline(registry);
                });
        return registry;
    }

    /** A new registry with every pass stablehlo4j implements. */
    public static PassRegistry registry() {
        return register(new PassRegistry());
    }

    /**
     * Upstream's {@code createChloPreSerializationPipeline} (PassPipelines.cpp): CHLO to StableHLO and shape ops
     * ({@code chlo-legalize-to-stablehlo}), shape ops to StableHLO ({@code shape-legalize-to-stablehlo}, when
     * {@code registry} has it: it comes with the shape dialect), then {@code reconcile-unrealized-casts}.
     *
     * @param registry where the passes are looked up
     * @return the pipeline, as one pass named {@value #CHLO_PRE_SERIALIZATION_PIPELINE}
     */
    public static Pass chloPreSerializationPipeline(PassRegistry registry) {
        OpPassManager pm = new OpPassManager(PassPipelineParser.MODULE);
        for (String name : new String[] {ChloLegalizeToStablehloPass.NAME, "shape-legalize-to-stablehlo",
                ReconcileUnrealizedCastsPass.NAME}) {
            PassRegistry.Factory factory = registry.lookup(name);
            if (factory == null) continue;
            Pass pass = factory.create("");
            String anchor = pass.anchor();
            if (anchor == null || anchor.equals(PassPipelineParser.MODULE)) pm.addPass(pass);
            else pm.nest(anchor).addPass(pass);
        }
        return new NamedPipeline(CHLO_PRE_SERIALIZATION_PIPELINE, pm);
    }

    /**
     * Whether {@code module} holds a CHLO op, which {@link #chloPreSerializationPipeline} would lower.
     *
     * @param module the module
     * @return whether any op in it is of the CHLO dialect
     */
    public static boolean containsChlo(ModuleOp module) {
        return ChloLegalizeToStablehloPass.containsChlo(module.op());
    }

    /** A pass pipeline registered under its own name (MLIR's {@code PassPipelineRegistration}). */
    private record NamedPipeline(String name, OpPassManager pipeline) implements Pass {
        @Override
        public void run(ModuleOp module, PassContext context) throws DiagnosticException {
            pipeline.run(module, context);
        }

        @Override
        public void runOn(Operation op, PassContext context) throws DiagnosticException {
            pipeline.runOn(op, context);
        }
    }
}
