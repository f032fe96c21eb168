package org.stablehlo4j.bytecode;

import org.stablehlo4j.testing.TestContexts;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.ModuleOp;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The acceptance check of the VHLO artifacts: the generic print of each {@code stablehlo_legalize_to_vhlo.X.mlir.bc}
 * is fed to LLVM's real FileCheck against the matching {@code .mlir} (skipped when FileCheck is not installed).
 */
class FileCheckTest {
    static final Path FILECHECK = Path.of("/usr/lib/llvm-22/bin/FileCheck");

    @Test
    void genericPrintPassesUpstreamFileCheck() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(FILECHECK), "FileCheck not installed");
        List<String> failures = new ArrayList<>();
        int passed = 0;
        for (Path bc : BytecodeReaderTest.artifacts()) {
            String name = bc.getFileName().toString();
            if (!name.startsWith("stablehlo_legalize_to_vhlo.")) continue;
            Path mlir = bc.resolveSibling(name.substring(0, name.length() - 3));
            ModuleOp m = BytecodeReader.read(TestContexts.standard(), Files.readAllBytes(bc), bc.toString());
            String text = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, false, false));
            Process p = new ProcessBuilder(FILECHECK.toString(), mlir.toString()).redirectErrorStream(true).start();
            p.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                failures.add(name + ": FileCheck timed out");
            } else if (p.exitValue() != 0) {
                failures.add(name + ": " + out.substring(0, Math.min(out.length(), 1500)));
            } else {
                passed++;
            }
        }
        assertEquals(List.of(), failures);
        assertEquals(32, passed);
    }
}
