package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The pass names of upstream's {@code stablehlo-opt}, to tell a pass stablehlo4j lacks ("not implemented in
 * stablehlo4j") from a name that is no pass at all ("unknown pass").
 *
 * <p>StableHLO's own passes and pipelines are listed in full: the {@code Pass<"...">} definitions of
 * {@code stablehlo/transforms/Passes.td}, {@code stablehlo/transforms/optimization/Passes.td},
 * {@code stablehlo/conversions/{linalg,tosa}/transforms/Passes.td}, {@code stablehlo/reference/InterpreterPasses.td}
 * and {@code stablehlo/tests/TestUtils.td}, and the pipelines of {@code stablehlo/transforms/PassPipelines.cpp},
 * at StableHLO 1.20.0. Their name prefixes ({@code stablehlo-}, {@code vhlo-}, {@code chlo-}, {@code hlo-test-},
 * {@code interpreter-}) are StableHLO's alone, so another name with one of them is a typo.
 *
 * <p>Upstream's tool also registers every core MLIR pass ({@code mlir::registerAllPasses}); those are not listed in
 * full: the common ones are named here, and any name in the {@code shape-}, {@code tosa-} and {@code linalg-}
 * namespaces (shared with MLIR's many passes there) counts as upstream's.
 */
public final class UpstreamPasses {
    private UpstreamPasses() {}

    /** StableHLO's passes and pass pipelines (StableHLO 1.20.0). */
    private static final Set<String> STABLEHLO = Set.of(
            // stablehlo/transforms/Passes.td
            "chlo-legalize-to-stablehlo", "shape-legalize-to-stablehlo", "stablehlo-canonicalize-dynamism",
            "stablehlo-check-shape-assertions", "stablehlo-compatibility-expander", "stablehlo-complex-math-expander",
            "stablehlo-convert-to-signless", "stablehlo-legalize-composite-to-call",
            "stablehlo-legalize-deprecated-ops", "stablehlo-legalize-qdq-to-quantized-op",
            "stablehlo-legalize-quantized-op-to-qdq", "stablehlo-legalize-quant-to-math",
            "stablehlo-legalize-to-vhlo", "stablehlo-refine-arguments", "stablehlo-refine-shapes",
            "vhlo-legalize-to-stablehlo", "vhlo-to-version", "stablehlo-wrap-in-composite",
            // stablehlo/transforms/optimization/Passes.td
            "stablehlo-aggressive-folder", "stablehlo-aggressive-simplification",
            "stablehlo-target-independent-optimization",
            // stablehlo/conversions/linalg and tosa
            "stablehlo-legalize-to-linalg", "stablehlo-legalize-to-tosa", "stablehlo-prepare-for-tosa",
            "stablehlo-quant-legalize-to-tosa-rescale", "tosa-rescale-legalize-to-stablehlo",
            // stablehlo/reference/InterpreterPasses.td, stablehlo/tests/TestUtils.td
            "interpreter-instrument-with-probe", "hlo-test-broadcast", "hlo-test-infer", "hlo-test-speculatability",
            // stablehlo/transforms/PassPipelines.cpp
            "stablehlo-deserialize", "chlo-pre-serialization-pipeline");

    /** Name prefixes only StableHLO's passes use. */
    private static final Pattern STABLEHLO_FAMILY =
            Pattern.compile("(stablehlo|vhlo|chlo|hlo-test|interpreter)-[a-z0-9-]+");

    /** Common core MLIR passes that upstream's tool registers. */
    private static final Set<String> MLIR = Set.of("inline", "canonicalize", "cse", "symbol-dce",
            "symbol-privatize", "sccp", "loop-invariant-code-motion", "loop-invariant-subset-hoisting",
            "strip-debuginfo", "mem2reg", "sroa", "remove-dead-values", "topological-sort", "print-ir",
            "print-op-stats", "view-op-graph", "generate-runtime-verification", "control-flow-sink",
            "snapshot-op-locations");

    /** MLIR namespaces with many core passes, shared with a few of StableHLO's. */
    private static final Pattern MLIR_FAMILY = Pattern.compile("(shape|tosa|linalg)-[a-z0-9-]+");

    /**
     * Whether upstream's {@code stablehlo-opt} has a pass or pass pipeline of this name.
     *
     * @param name the name, without dashes
     * @return true for StableHLO's passes, the common MLIR ones and names in MLIR's shape/tosa/linalg namespaces
     */
    public static boolean isUpstream(String name) {
        return STABLEHLO.contains(name) || MLIR.contains(name) || MLIR_FAMILY.matcher(name).matches();
    }

    /**
     * Whether a command-line flag of this name is meant as a pass: an upstream pass, or a name in one of
     * StableHLO's pass namespaces (then a misspelt pass when not {@link #isUpstream upstream's}).
     *
     * @param name the flag name, without dashes
     * @return whether the name has the shape of a pass name
     */
    public static boolean isPassShaped(String name) {
        return isUpstream(name) || STABLEHLO_FAMILY.matcher(name).matches();
    }
}
