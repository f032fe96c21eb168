package org.stablehlo4j.asm;

import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.OpAsmParser.UnresolvedOperand;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;

/** Custom-form parsers plugged in through a dialect's {@link OpAsmDialectInterface}. */
class CustomOpParseTest {
    /** The test forms, contributed by a {@code check} dialect that also has them (see {@link #CTX}). */
    static final OpAsmTable ASM = new OpAsmTable();

    /** Every dialect, with {@code check} replaced by one that adds the test ops' parsers. */
    static final org.stablehlo4j.ir.Context CTX = new org.stablehlo4j.ir.Context(
            org.stablehlo4j.init.AllDialects.registry().insert("check", ctx -> new org.stablehlo4j.ir.Dialect("check", ctx) {
                {
                    addOperations(org.stablehlo4j.dialect.check.CheckOps.TABLE.all());
                    org.stablehlo4j.asm.format.FormatForms.addDeclarative(ASM,
                            org.stablehlo4j.dialect.check.CheckOps.TABLE.all());
                    addInterface(OpAsmDialectInterface.class, ASM);
                    allowUnknownOperations();
                }
            }));

    static {
        // `check.test_binary %a, %b {attrs}? : type` -- operands and the result share one type
        ASM.parser("check.test_binary", (p, state) -> {
            UnresolvedOperand lhs = p.parseOperand();
            p.parse(Kind.COMMA, "expected ','");
            UnresolvedOperand rhs = p.parseOperand();
            state.addAttributes(p.parseOptionalAttrDict());
            p.parse(Kind.COLON, "expected ':'");
            int at = p.offset();
            Type t = p.parseType();
            state.addOperands(p.resolveOperands(List.of(lhs, rhs), List.of(t, t), at));
            state.addResultTypes(List.of(t));
        });
        // `check.test_consts 1, -2` -- one i64 result per bound name, taking integers from the list
        ASM.parser("check.test_consts", (p, state) -> {
            for (int i = 0; i < p.resultCount(); i++) {
                if (i > 0) p.parse(Kind.COMMA, "expected ','");
                state.addAttribute("v" + i, IntegerAttr.of(IntegerType.I64, p.parseInteger()));
                state.addResultTypes(List.of(IntegerType.I64));
            }
        });
        // `check.test_lambda(%x: T, ...) {body}` -- a region whose entry block arguments come from the signature
        ASM.parser("check.test_lambda", (p, state) -> {
            p.parse(Kind.L_PAREN, "expected '('");
            List<OpAsmParser.Argument> args = new java.util.ArrayList<>();
            if (!p.parseOptional(Kind.R_PAREN)) {
                do {
                    args.add(p.parseArgument(true));
                } while (p.parseOptional(Kind.COMMA));
                p.parse(Kind.R_PAREN, "expected ')'");
            }
            state.addRegion(p.parseRegion(args, false, "check"));
        });
        // `check.test_region {body}` -- one non-isolated region whose default dialect is `check`
        ASM.parser("check.test_region",
                (p, state) -> state.addRegion(p.parseRegion(null, false, "check")));
    }

    @Test
    void registeredCustomFormsParse() throws DiagnosticException {
        ModuleOp m = AsmParser.parse(CTX, "func.func @f(%a: i32, %b: i32) -> i32 {\n"
                + "  %0 = check.test_binary %a, %b {k = 1} : i32 loc(\"here\")\n"
                + "  check.test_region {\n    %1 = test_binary %0, %a : i32\n  }\n"
                + "  return %0 : i32\n}", ParseOptions.of("c.mlir"));
        Block body = m.body().operations().get(0).region(0).entry();
        Operation add = body.operations().get(0);
        assertEquals("check.test_binary", add.name());
        assertSame(body.argument(0), add.operand(0));
        assertEquals(IntegerType.I32, add.result(0).type());
        assertEquals(IntegerAttr.of(IntegerType.I64, 1), add.attributes().get("k"));
        assertEquals(new Location.Name(StringAttr.of("here"), null), add.location());
        Operation inner = body.operations().get(1).region(0).entry().operations().get(0);
        assertEquals("check.test_binary", inner.name());
        assertSame(add.result(0), inner.operand(0));
        assertSame(add.result(0), body.operations().get(2).operand(0));
    }

    @Test
    void regionArgumentsFromACustomSignature() throws DiagnosticException {
        ModuleOp m = AsmParser.parse(CTX, "func.func @f(%a: i32) {\n"
                + "  check.test_lambda(%x: i32 loc(\"x\"), %y: i32) {\n    %s = test_binary %x, %a : i32\n  }\n"
                + "  return\n}", ParseOptions.of("c"));
        Block fn = m.body().operations().get(0).region(0).entry();
        Block lambda = fn.operations().get(0).region(0).entry();
        assertEquals(2, lambda.numArguments());
        assertEquals(new Location.Name(StringAttr.of("x"), null), lambda.argument(0).location());
        assertEquals(Location.FileLineCol.point("c", 2, 39), lambda.argument(1).location());
        Operation inner = lambda.operations().get(0);
        assertSame(lambda.argument(0), inner.operand(0));
        assertSame(fn.argument(0), inner.operand(1));
    }

    @Test
    void customParsersSeeHowManyResultsAreBound() throws DiagnosticException {
        ModuleOp m = AsmParser.parse(CTX, "%a, %b:2 = check.test_consts 1, -2, 0x10", ParseOptions.of("c"));
        Operation op = m.body().operations().get(0);
        assertEquals(3, op.numResults());
        assertEquals(IntegerAttr.of(IntegerType.I64, -2), op.attributes().get("v1"));
        assertEquals(IntegerAttr.of(IntegerType.I64, 16), op.attributes().get("v2"));
    }

    @Test
    void errorsOfCustomParsersCarryLocations() {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> AsmParser.parse(CTX, 
                "func.func @f(%a: i32) {\n  %0 = check.test_binary %a : i32\n  return\n}", ParseOptions.of("c")));
        assertEquals("expected ','", e.diagnostics().get(0).message());
        assertEquals(Location.FileLineCol.point("c", 2, 28), e.diagnostics().get(0).location());
        e = assertThrows(DiagnosticException.class, () -> AsmParser.parse(CTX, 
                "func.func @f(%a: i32) {\n  %0, %1 = check.test_binary %a, %a : i32\n  return\n}", ParseOptions.of("c")));
        assertTrue(e.diagnostics().get(0).message().contains("operation defines 1 results but was provided 2"));
    }
}
