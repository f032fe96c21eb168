package org.stablehlo4j.bytecode;

import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compares what was read from each {@code stablehlo_legalize_to_vhlo.X_Y_Z.mlir.bc} with the literal CHECK and
 * CHECK-SAME lines of the matching {@code .mlir} (those without FileCheck patterns): each must occur in the
 * generic print of the module. This pins op names, property names and every VHLO attribute/type rendering.
 */
class CheckLinesTest {
    static List<String> literalChecks(Path mlir) throws Exception {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(mlir)) {
            String t = line.strip();
            int i = t.indexOf("CHECK");
            if (!t.startsWith("//") || i < 0) continue;
            String rest = t.substring(i);
            String text;
            if (rest.startsWith("CHECK:")) text = rest.substring(6);
            else if (rest.startsWith("CHECK-SAME:")) text = rest.substring(11);
            else if (rest.startsWith("CHECK-NEXT:")) text = rest.substring(11);
            else continue;
            text = text.strip();
            if (text.isEmpty() || text.contains("[[") || text.contains("{{")) continue;
            out.add(text);
        }
        return out;
    }

    static String normalize(String s) {
        return s.replaceAll("\\s+", " ");
    }

    @Test
    void literalCheckLinesAppearInDump() throws Exception {
        int files = 0;
        int checked = 0;
        List<String> missing = new ArrayList<>();
        for (Path bc : BytecodeReaderTest.artifacts()) {
            String name = bc.getFileName().toString();
            if (!name.startsWith("stablehlo_legalize_to_vhlo.")) continue;
            Path mlir = bc.resolveSibling(name.substring(0, name.length() - 3));
            ModuleOp m = BytecodeReader.read(TestContexts.standard(), Files.readAllBytes(bc), bc.toString());
            String dump = normalize(AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, false, false)));
            files++;
            for (String check : literalChecks(mlir)) {
                checked++;
                if (!dump.contains(normalize(check))) missing.add(name + ": " + check);
            }
        }
        assertEquals(32, files);
        assertTrue(checked > 10000, "checked " + checked);
        assertEquals(List.of(), missing.subList(0, Math.min(40, missing.size())), missing.size() + " of " + checked);
    }
}
