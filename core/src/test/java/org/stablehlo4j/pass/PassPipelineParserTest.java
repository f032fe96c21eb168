package org.stablehlo4j.pass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;

class PassPipelineParserTest {
    private static List<String> names(String pipeline) {
        return PassPipelineParser.parse(pipeline).stream().map(p -> p.name() + "|" + p.options()).toList();
    }

    /** A pass that records the op names it ran on; op-agnostic unless given an anchor. */
    private record Recorder(String name, String anchor, List<String> log) implements Pass {
        @Override
        public void run(ModuleOp module, PassContext context) {
            runOn(module.op(), context);
        }

        @Override
        public void runOn(Operation op, PassContext context) {
            String sym = op.attr("sym_name") instanceof org.stablehlo4j.ir.StringAttr s ? "@" + s.value() : "";
            log.add(name + ":" + op.name() + sym);
        }
    }

    private static OpPassManager build(String pipeline, List<String> log) {
        return PassPipelineParser.build(pipeline, item -> new Recorder(item.name(),
                item.name().startsWith("m-") ? PassPipelineParser.MODULE : null, log));
    }

    @Test
    void modulePipelineExpandsInOrderWithOptions() {
        // tests/vhlo/stablehlo_legalize_to_vhlo.mlir: --pass-pipeline='builtin.module(stablehlo-deserialize)'
        assertEquals(List.of("stablehlo-deserialize|"), names("'builtin.module(stablehlo-deserialize)'"));
        assertEquals(List.of("inline|", "vhlo-to-version|target=1.9.0", "strip-debuginfo|"),
                names("builtin.module(inline, vhlo-to-version{target=1.9.0} ,strip-debuginfo)"));
        assertEquals(List.of("inline|"), names("inline"));
        assertEquals(List.of("a|x={1,2} y=3", "b|"), names("a{x={1,2} y=3},b"));
        assertEquals(List.of(), names(""));
        assertEquals(List.of(), names("builtin.module()"));
    }

    @Test
    void nestedAnchorsParseIntoATree() {
        PassPipelineParser.Pipeline p = PassPipelineParser.parsePipeline(
                "builtin.module(func.func(canonicalize{top-down=false}, cse), any(cse), inline)");
        assertEquals("builtin.module", p.anchor());
        assertTrue(p.anchored());
        assertEquals(List.of(
                new PassPipelineParser.Nested("func.func", List.of(
                        new PassPipelineParser.Item("canonicalize", "top-down=false", "canonicalize{top-down=false}"),
                        new PassPipelineParser.Item("cse", "", "cse"))),
                new PassPipelineParser.Nested("any", List.of(new PassPipelineParser.Item("cse", "", "cse"))),
                new PassPipelineParser.Item("inline", "", "inline")), p.elements());
        PassPipelineParser.Pipeline bare = PassPipelineParser.parsePipeline("func.func(cse), inline");
        assertEquals("builtin.module", bare.anchor());
        assertFalse(bare.anchored());
        assertEquals("func.func", PassPipelineParser.parsePipeline("func.func(cse)").anchor());
    }

    @Test
    void malformedPipelinesAreRejectedWithMlirMessages() {
        // mlir/test/Pass/pipeline-parsing.mlir CHECK_ERROR_1..4.
        assertMessage("encountered unbalanced parentheses while parsing pipeline", "builtin.module(test-module-pass");
        assertMessage("encountered extra closing ')' creating unbalanced parentheses while parsing pipeline",
                "builtin.module(test-module-pass))");
        assertMessage("expected ',' after parsing pipeline", "builtin.module()(");
        assertMessage("'' does not refer to a registered pass or pass pipeline", ",");
        assertMessage("missing closing '}' while processing pass options", "vhlo-to-version{target=1.9.0");
        assertMessage("encountered extra closing ')'", "inline)");
        assertMessage("expected ',' after parsing pipeline", "func.func{x}(cse)");
        // A flat list of passes cannot hold nested pipelines or another root anchor.
        assertThrows(IllegalArgumentException.class, () -> names("func.func(canonicalize)"));
        assertThrows(IllegalArgumentException.class, () -> names("builtin.module(func.func(canonicalize))"));
    }

    private static void assertMessage(String expected, String pipeline) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PassPipelineParser.parsePipeline(pipeline));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void passesRestrictedToModulesCannotBeNestedElsewhere() {
        // CHECK_ERROR_5 of pipeline-parsing.mlir.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> build("builtin.module(func.func(m-pass))", new ArrayList<>()));
        assertEquals("Can't add pass 'm-pass' restricted to 'builtin.module' on a PassManager intended to run on "
                + "'func.func', did you intend to nest?", e.getMessage());
        // Under `any` a module pass is accepted; it runs on the modules only (MLIR's canScheduleOn filter).
        build("builtin.module(any(m-pass))", new ArrayList<>());
    }

    private static ModuleOp sample() {
        ModuleOp m = ModuleOp.empty(org.stablehlo4j.ir.Location.UNKNOWN);
        m.body().append(op("func.func", "f"));
        Operation inner = Operation.create("builtin.module", List.of(), List.of(), null, null, 1, List.of(),
                org.stablehlo4j.ir.Location.UNKNOWN);
        inner.region(0).append(new org.stablehlo4j.ir.Block());
        inner.region(0).entry().append(op("func.func", "g"));
        m.body().append(inner);
        m.body().append(op("func.func", "h"));
        return m;
    }

    private static Operation op(String name, String sym) {
        Operation f = Operation.create(name, List.of(), List.of(),
                org.stablehlo4j.ir.DictionaryAttr.EMPTY.with("sym_name", org.stablehlo4j.ir.StringAttr.of(sym)),
                null, 0, List.of(), org.stablehlo4j.ir.Location.UNKNOWN);
        return f;
    }

    @Test
    void nestedPipelinesRunOnDirectlyNestedOpsOfTheirAnchor() throws Exception {
        List<String> log = new ArrayList<>();
        build("builtin.module(a, func.func(b, c), builtin.module(func.func(d)), any(e), m-f)", log)
                .run(sample(), PassContext.discarding());
        assertEquals(List.of("a:builtin.module",
                "b:func.func@f", "c:func.func@f", "b:func.func@h", "c:func.func@h",
                "d:func.func@g",
                "e:func.func@f", "e:builtin.module", "e:func.func@h",
                "m-f:builtin.module"), log);

        // Adjacent nested pipelines on one anchor merge (MLIR's pass list finalization): per op, both passes.
        log.clear();
        build("builtin.module(func.func(b), func.func(c))", log).run(sample(), PassContext.discarding());
        assertEquals(List.of("b:func.func@f", "c:func.func@f", "b:func.func@h", "c:func.func@h"), log);

        // An `any` pipeline skips the ops its passes cannot run on.
        log.clear();
        build("builtin.module(any(m-x))", log).run(sample(), PassContext.discarding());
        assertEquals(List.of("m-x:builtin.module"), log);
    }

    @Test
    void thePipelineAnchorMustNameTheRootOp() {
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> build("func.func(b)", new ArrayList<>()).run(sample(), PassContext.discarding()));
        assertTrue(e.getMessage().contains("can't run 'func.func' pass manager on 'builtin.module' op"), e.getMessage());
    }

    @Test
    void theAfterPassHookSeesEachStepOnItsOp() throws Exception {
        List<String> log = new ArrayList<>();
        PassContext pc = PassContext.discarding().afterEachPass(op -> log.add("verify:" + op.name()));
        build("builtin.module(a, func.func(b))", log).run(sample(), pc);
        assertEquals(List.of("a:builtin.module", "verify:builtin.module", "b:func.func@f", "verify:func.func",
                "b:func.func@h", "verify:func.func", "verify:builtin.module"), log);
    }

    @Test
    void printsAsATextualPipeline() {
        assertEquals("builtin.module(a,func.func(b,c),any(d))",
                build("builtin.module(a, func.func(b), func.func(c), any(d))", new ArrayList<>()).name());
    }
}
