package org.stablehlo4j.interpreter;

import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.InlinePass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Upstream's testdata programs ({@code stablehlo-opt -inline F | stablehlo-translate --interpret}) for a set of
 * op families the interpreter covers: each one that parses must run with all its checks passing.
 */
class TestdataCorpusTest {
    private static final List<String> FAMILIES = List.of("abs_", "add_", "subtract_", "multiply_", "div_", "max_",
            "min_", "select_", "compare_", "convert_", "broadcast_in_dim_", "reshape_", "transpose_", "slice_",
            "concatenate_", "pad_", "reduce_", "dot_general_float32", "gather_", "scatter_", "sort_int", "cumsum_",
            "iota_", "bitcast_convert_", "round_", "shift_", "clamp_", "exp_", "log_", "sqrt_", "real_", "imag_");

    @Test
    void selectedFamiliesPass() throws Exception {
        Path dir = Path.of(System.getProperty("stablehlo.shared", "../shared/stablehlo"), "stablehlo", "testdata");
        Assumptions.assumeTrue(Files.isDirectory(dir), "upstream corpus not found at " + dir);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> {
                String n = p.getFileName().toString();
                return n.endsWith(".mlir") && FAMILIES.stream().anyMatch(n::startsWith);
            }).sorted().toList();
        }
        int ran = 0;
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            ModuleOp m;
            try {
                m = AsmParser.parse(TestContexts.standard(), Files.readString(f), new ParseOptions(f.toString(), 1, false));
            } catch (DiagnosticException e) {
                continue; // needs parser features (pretty forms) not available in this build
            }
            ran++;
            try {
                new InlinePass().run(m);
                InterpreterDriver.interpret(TestContexts.standard(), m, "", false);
            } catch (DiagnosticException e) {
                failures.add(f.getFileName() + ": " + e.diagnostics().get(0).message().split("\n")[0]);
            }
        }
        Assumptions.assumeTrue(ran > 0, "no testdata file parses in this build");
        assertEquals(List.of(), failures, failures.size() + " of " + ran + " failed");
    }
}
