package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.dialect.stablehlo.transforms.quant.LegalizeQdqToQuantizedOpPass;
import org.stablehlo4j.dialect.stablehlo.transforms.quant.LegalizeQuantToMathPass;
import org.stablehlo4j.dialect.stablehlo.transforms.quant.LegalizeQuantizedOpToQdqPass;
import org.stablehlo4j.pass.PassRegistry;

/** Registers the StableHLO passes of this package (upstream's stablehlo/transforms and its test passes). */
public final class StablehloPasses {
    private StablehloPasses() {}

    /**
     * Registers the passes and declares upstream's StableHLO and MLIR pass names ({@link UpstreamPasses}).
     *
     * @param r the registry
     */
    public static void registerAll(PassRegistry r) {
        r.declareUpstream(UpstreamPasses::isUpstream, UpstreamPasses::isPassShaped);
        r.register(HloTestInferPass.NAME, HloTestInferPass.DESCRIPTION, options -> new HloTestInferPass());
        r.register(HloTestBroadcastPass.NAME, HloTestBroadcastPass.DESCRIPTION, options -> new HloTestBroadcastPass());
        r.register(LegalizeCompositeToCallPass.NAME, LegalizeCompositeToCallPass.DESCRIPTION, LegalizeCompositeToCallPass::fromOptions);
        r.register(ShapeLegalizeToStablehloPass.NAME, ShapeLegalizeToStablehloPass.DESCRIPTION,
                options -> new ShapeLegalizeToStablehloPass());
        // shape refinement (issue 25)
        r.register(RefineArgumentsPass.NAME, RefineArgumentsPass.DESCRIPTION, RefineArgumentsPass::fromOptions);
        r.register(RefineShapesPass.NAME, RefineShapesPass.DESCRIPTION, options -> noOptions(RefineShapesPass.NAME,
                options, new RefineShapesPass()));
        r.register(CanonicalizeDynamismPass.NAME, CanonicalizeDynamismPass.DESCRIPTION,
                options -> noOptions(CanonicalizeDynamismPass.NAME, options, new CanonicalizeDynamismPass()));
        r.register(CheckShapeAssertionsPass.NAME, CheckShapeAssertionsPass.DESCRIPTION,
                CheckShapeAssertionsPass::fromOptions);
        // issue 28: small passes
        r.register(ConvertToSignlessPass.NAME, ConvertToSignlessPass.DESCRIPTION,
                options -> noOptions(ConvertToSignlessPass.NAME, options, new ConvertToSignlessPass()));
        r.register(HloTestSpeculatabilityPass.NAME, HloTestSpeculatabilityPass.DESCRIPTION,
                options -> noOptions(HloTestSpeculatabilityPass.NAME, options, new HloTestSpeculatabilityPass()));
        r.register(WrapInCompositePass.NAME, WrapInCompositePass.DESCRIPTION, WrapInCompositePass::fromOptions);
        // quantization (issue 28)
        r.register(LegalizeQdqToQuantizedOpPass.NAME, LegalizeQdqToQuantizedOpPass.DESCRIPTION,
                options -> noOptions(LegalizeQdqToQuantizedOpPass.NAME, options, new LegalizeQdqToQuantizedOpPass()));
        r.register(LegalizeQuantizedOpToQdqPass.NAME, LegalizeQuantizedOpToQdqPass.DESCRIPTION,
                options -> noOptions(LegalizeQuantizedOpToQdqPass.NAME, options, new LegalizeQuantizedOpToQdqPass()));
        r.register(LegalizeQuantToMathPass.NAME, LegalizeQuantToMathPass.DESCRIPTION,
                options -> noOptions(LegalizeQuantToMathPass.NAME, options, new LegalizeQuantToMathPass()));
        // compatibility (issue 28)
        r.register(CompatibilityExpanderPass.NAME, CompatibilityExpanderPass.DESCRIPTION,
                CompatibilityExpanderPass::fromOptions);
        r.register(LegalizeDeprecatedOpsPass.NAME, LegalizeDeprecatedOpsPass.DESCRIPTION,
                LegalizeDeprecatedOpsPass::fromOptions);
        r.register(TargetIndependentOptimizationPass.NAME, TargetIndependentOptimizationPass.DESCRIPTION,
                options -> new TargetIndependentOptimizationPass(
                        AggressiveFolderOptions.parse(TargetIndependentOptimizationPass.NAME, options)));
        r.register(AggressiveFolderPass.NAME, AggressiveFolderPass.DESCRIPTION, AggressiveFolderPass::fromOptions);
        r.register(AggressiveSimplificationPass.NAME, AggressiveSimplificationPass.DESCRIPTION,
                AggressiveSimplificationPass::fromOptions);
        r.register(ComplexMathExpanderPass.NAME, ComplexMathExpanderPass.DESCRIPTION,
                ComplexMathExpanderPass::fromOptions);
    }

    /** {@code pass}, which takes no options; any given is an error. */
    private static <P> P noOptions(String name, String options, P pass) {
        if (!options.isBlank()) throw new IllegalArgumentException("unknown option '" + options.trim() + "'");
        return pass;
    }
}
