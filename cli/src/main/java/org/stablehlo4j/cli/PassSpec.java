package org.stablehlo4j.cli;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A pass named on the {@code stablehlo-opt} command line, in order: {@code --NAME} or {@code --NAME=OPTIONS}
 * ({@code --pass-pipeline=...}/{@code -p} and {@code -debug-only=...} are kept the same way).
 *
 * @param name    the flag name without dashes
 * @param options the text after {@code =}, empty if none
 * @param arg     the argument as written
 */
public record PassSpec(String name, String options, String arg) {
    /** Pass families of StableHLO/CHLO/VHLO/shape and the interpreter and test passes, by prefix. */
    private static final Pattern FAMILY = Pattern.compile(
            "(stablehlo|vhlo|chlo|shape|hlo-test|interpreter|tosa|linalg)-[a-z0-9-]+");

    /** Core MLIR passes and pipeline options that upstream's stablehlo-opt registers. */
    private static final List<String> GENERIC = List.of("inline", "canonicalize", "cse", "symbol-dce",
            "symbol-privatize", "sccp", "loop-invariant-code-motion", "strip-debuginfo", "pass-pipeline", "p",
            "debug-only", "mem2reg", "remove-dead-values", "topological-sort", "print-ir", "view-op-graph",
            "generate-runtime-verification", "control-flow-sink");

    /** Whether {@code name} is recognised as a pass (or pipeline/debug option) flag. */
    public static boolean isPassName(String name) {
        return GENERIC.contains(name) || FAMILY.matcher(name).matches();
    }

    /** How the pass is shown in errors: {@code --NAME}. */
    public String display() {
        return "--" + name;
    }
}
