package org.stablehlo4j.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.testing.TestContexts;

class OperationPassTest {
    private static final String MODULE = """
            "test.unit"() {tag = "a"} : () -> ()
            "test.other"() {tag = "b"} : () -> ()
            "test.unit"() {tag = "c"} : () -> ()
            """;

    /** Records the tags of the ops it runs on; fails on those whose tag is in {@code failOn}. */
    private static final class Recording implements OperationPass {
        final List<String> seen = new ArrayList<>();
        final List<String> failOn;

        Recording(List<String> failOn) {
            this.failOn = failOn;
        }

        @Override
        public String name() {
            return "test-recording";
        }

        @Override
        public String anchor() {
            return "test.unit";
        }

        @Override
        public void runOn(Operation op, PassContext context) throws DiagnosticException {
            String tag = ((StringAttr) op.attr("tag")).value();
            seen.add(tag);
            if (failOn.contains(tag)) throw new DiagnosticException(Diagnostic.error(op.location(), "failed " + tag));
        }
    }

    private static ModuleOp parse() throws Exception {
        return AsmParser.parse(TestContexts.allowingUnregistered(), MODULE, new ParseOptions("t.mlir", 1, true));
    }

    @Test
    void runsOnEachAnchorOpOfTheModule() throws Exception {
        Recording pass = new Recording(List.of());
        pass.run(parse());
        assertEquals(List.of("a", "c"), pass.seen);
    }

    @Test
    void runsOnEveryOpThenFailsWithAllDiagnostics() throws Exception {
        Recording pass = new Recording(List.of("a", "c"));
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> pass.run(parse()));
        assertEquals(List.of("a", "c"), pass.seen);
        assertEquals(List.of("failed a", "failed c"), e.diagnostics().stream().map(Diagnostic::message).toList());
    }
}
