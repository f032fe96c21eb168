package org.stablehlo4j.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.dialect.stablehlo.HloTraits;
import org.stablehlo4j.dialect.stablehlo.HloTypeConstraints;
import org.stablehlo4j.dialect.builtin.BuiltinDialect;
import org.stablehlo4j.dialect.func.FuncDialect;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectRegistry;
import org.stablehlo4j.ir.DialectTypeConstraints;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpTable;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Traits;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.testing.TestContexts;

/**
 * Traits are objects with their own verification, and a dialect brings its traits and type constraints: a test
 * dialect defined here (no generic layer names it) gets its own trait run in declaration order, the body of a
 * promised trait it implements, and its own ODS type constraints with their descriptions.
 */
class OpenTraitsTest {
    /** Traits the test dialect's ops ran, in order. */
    private static final List<String> ran = new ArrayList<>();

    /** A trait of the test dialect: no operand may be i1. */
    static final OpTrait NO_BOOL_OPERANDS = Traits.rule("Test_NoBoolOperands", op -> {
        ran.add("no-bool");
        for (int i = 0; i < op.numOperands(); i++) {
            if (op.operand(i).type().equals(IntegerType.I1)) throw VerificationError.op(op, "takes no i1");
        }
    });

    /** The test dialect's body of the promised pairwise trait: records that it ran, then the usual rule. */
    static final OpTrait PAIRWISE = Traits.rule("Test_Pairwise", op -> {
        ran.add("pairwise");
        if (op.numOperands() != op.numResults()) {
            throw VerificationError.op(op, "pairs operands and results");
        }
    });

    /** The test dialect's constraints: {@code Test_I8Tensor} over its element class {@code Test_I8}. */
    static final DialectTypeConstraints CONSTRAINTS = new DialectTypeConstraints() {
        @Override
        public String definition(String name) {
            return name.equals("Test_I8Tensor") ? "RankedTensorOf<[Test_I8], [HasRank1]>" : null;
        }

        @Override
        public TypeClass elementClass(String name) {
            return name.equals("Test_I8") ? new TypeClass("8-bit test integer",
                    t -> t instanceof IntegerType i && i.width() == 8) : null;
        }

        @Override
        public TypeClass typeClass(String name) {
            return null;
        }

        @Override
        public Predicate<RankedTensorType> shapePredicate(String name) {
            return null;
        }
    };

    static final class TestDialect extends Dialect {
        TestDialect(Context ctx, boolean implement) {
            super("tt", ctx);
            addOperations(OpTable.define("tt", t -> {
                t.op("pair").varIn("operands", "Test_I8Tensor").varOut("results", "")
                        .traits(NO_BOOL_OPERANDS, OpTrait.PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE, OpTrait.PURE);
            }).all());
            declareCompleteSignatures();
            if (implement) {
                implementTrait(OpTrait.PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE, PAIRWISE);
                addInterface(DialectTypeConstraints.class, CONSTRAINTS);
            }
        }
    }

    private static Context context(boolean implement) {
        DialectRegistry r = new DialectRegistry();
        r.insert("builtin", BuiltinDialect::new);
        r.insert("func", FuncDialect::new);
        r.insert("tt", c -> new TestDialect(c, implement));
        return new Context(r);
    }

    private static String error(Context ctx, String body) throws DiagnosticException {
        ModuleOp m = AsmParser.parse(ctx, "func.func @f(%a: tensor<2xi8>, %b: tensor<2xi1>, %s: tensor<i8>) {\n"
                + body + "\n  func.return\n}\n", new ParseOptions("t.mlir", 1, false));
        ran.clear();
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Verifier.verify(ctx, m));
        return e.diagnostics().get(0).message();
    }

    @Test
    void aDialectsTraitsRunInDeclarationOrder() throws DiagnosticException {
        Context ctx = context(true);
        assertEquals("'tt.pair' op pairs operands and results",
                error(ctx, "  %0 = \"tt.pair\"(%a, %a) : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>"));
        assertEquals(List.of("no-bool", "pairwise"), ran);
        // the dialect's constraint, with its description from its own definitions
        assertEquals("'tt.pair' op operand #0 must be variadic of ranked tensor of 8-bit test integer values, but got"
                + " 'tensor<2xi1>'", error(ctx, "  %0 = \"tt.pair\"(%b) : (tensor<2xi1>) -> tensor<2xi1>"));
        assertEquals(List.of(), ran);
        // ... and its shape predicate: HasRank1
        assertTrue(error(ctx, "  %0 = \"tt.pair\"(%s) : (tensor<i8>) -> tensor<i8>").startsWith(
                "'tt.pair' op operand #0 must be variadic of ranked tensor of 8-bit test integer values"));
        assertSame(PAIRWISE, ctx.getOrLoadDialect("tt").resolveTrait(OpTrait.PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE));
        assertSame(OpTrait.PURE, ctx.getOrLoadDialect("tt").resolveTrait(OpTrait.PURE));
    }

    @Test
    void aPromisedTraitWithoutBodyIsAProgrammingError() throws DiagnosticException {
        Context ctx = context(false);
        ModuleOp m = AsmParser.parse(ctx, "func.func @f(%a: tensor<2xi8>) {\n  %0 = \"tt.pair\"(%a) : (tensor<2xi8>)"
                + " -> tensor<2xi8>\n  func.return\n}\n", new ParseOptions("t.mlir", 1, false));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Verifier.verify(ctx, m));
        assertTrue(e.getMessage().contains("PairwiseSameOperandAndResultType"), e.getMessage());
    }

    @Test
    void stablehloAndChloBringTheHloBase() {
        Context ctx = TestContexts.standard();
        for (String ns : List.of("stablehlo", "chlo")) {
            Dialect d = ctx.getOrLoadDialect(ns);
            assertSame(HloTypeConstraints.INSTANCE, d.getInterface(DialectTypeConstraints.class), ns);
            assertSame(HloTraits.COMPATIBLE_OPERANDS_AND_RESULT_TYPE,
                    d.resolveTrait(OpTrait.COMPATIBLE_OPERANDS_AND_RESULT_TYPE), ns);
            assertSame(HloTraits.PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE,
                    d.resolveTrait(OpTrait.PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE), ns);
        }
        assertEquals(List.of(OpTrait.INFER_TYPE), HloTraits.COMPATIBLE_OPERANDS_AND_RESULT_TYPE.implied());
        // the generic layer alone knows ODS's combinators and builtin leaves, not HLO_*
        assertNull(TypeConstraints.get("HLO_Tensor", null));
        assertNotNull(TypeConstraints.get("RankedTensorOf<[I32]>", null));
        Type token = org.stablehlo4j.dialect.stablehlo.TokenType.INSTANCE;
        assertTrue(TypeConstraints.get("HLO_Token", HloTypeConstraints.INSTANCE).matches(token));
        assertEquals("token", TypeConstraints.get("HLO_Token", HloTypeConstraints.INSTANCE).description());
    }
}
