package org.stablehlo4j.dialect.mlir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.pass.CanonicalizePass;
import org.stablehlo4j.testing.TestContexts;
import org.stablehlo4j.verify.Verifier;

class ScfAndBufferOpsTest {
    private static String roundTrip(String text) throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, false));
        Verifier.verify(TestContexts.standard(), m);
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
    }

    @Test
    void forWithoutCarriedValuesGetsAnImplicitYieldAndPrintsItsInductionType() throws Exception {
        String out = roundTrip("""
                func.func @f(%lb: i32, %ub: i32, %t: tensor<2xf32>) -> tensor<2xf32> {
                  scf.for %i = %lb to %ub step %lb : i32 {
                    %0 = stablehlo.abs %t : tensor<2xf32>
                  }
                  return %t : tensor<2xf32>
                }
                """);
        assertTrue(out.contains("scf.for %arg3 = %arg0 to %arg1 step %arg0 : i32 {\n"), out);
        assertTrue(!out.contains("scf.yield"), "the implicit terminator is not printed: " + out);
        assertEquals(out, roundTrip(out), "a fixed point");
    }

    @Test
    void carriedValuesMustMatchTheirTypes() {
        Exception e = assertThrows(Exception.class, () -> roundTrip("""
                func.func @f(%c: index, %t: tensor<2xf32>) -> tensor<2xf32> {
                  %0 = scf.for %i = %c to %c step %c iter_args(%a = %t) -> (tensor<2xf32>, tensor<2xf32>) {
                    scf.yield %a : tensor<2xf32>
                  }
                  return %0 : tensor<2xf32>
                }
                """));
        assertTrue(e.getMessage().contains("mismatch in number of loop-carried values and defined values"),
                e.getMessage());
    }

    @Test
    void insertAndCastFormsRoundTrip() throws Exception {
        String text = """
                func.func @f(%x: f32, %t: tensor<2xf32>, %i: index, %m: memref<*xf32>) -> tensor<2xf32> {
                  %0 = tensor.insert %x into %t[%i] : tensor<2xf32>
                  %1 = memref.cast %m : memref<*xf32> to memref<2xf32>
                  %2 = bufferization.to_tensor %1 {restrict} : memref<2xf32> to tensor<2xf32>
                  %3 = arith.addf %0, %2 : tensor<2xf32>
                  return %3 : tensor<2xf32>
                }
                """;
        String out = roundTrip(text);
        assertTrue(out.contains("%inserted = tensor.insert %arg0 into %arg1[%arg2] : tensor<2xf32>"), out);
        assertTrue(out.contains("bufferization.to_tensor %0 {restrict} : memref<2xf32> to tensor<2xf32>"), out);
        assertTrue(out.contains("arith.addf %inserted, "), out);
    }

    @Test
    void castsOfTheWrongKindAreVerifierErrors() {
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> roundTrip("""
                func.func @f(%t: tensor<2xf32>) -> memref<2xf32> {
                  %0 = memref.cast %t : tensor<2xf32> to memref<2xf32>
                  return %0 : memref<2xf32>
                }
                """));
        assertTrue(e.diagnostics().get(0).message().contains("operand #0 must be ranked or unranked memref"),
                e.diagnostics().toString());
    }

    @Test
    void canonicalizeFoldsBufferRoundTripsAndCastPairs() throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), """
                func.func @f(%m: memref<2xi8>) -> memref<2xi8> {
                  %0 = builtin.unrealized_conversion_cast %m : memref<2xi8> to memref<2xui8>
                  %1 = builtin.unrealized_conversion_cast %0 : memref<2xui8> to memref<2xi8>
                  %2 = bufferization.to_tensor %1 : memref<2xi8> to tensor<2xi8>
                  %3 = bufferization.to_buffer %2 : tensor<2xi8> to memref<2xi8>
                  return %3 : memref<2xi8>
                }
                """, new ParseOptions("t.mlir", 1, false));
        CanonicalizePass.fromOptions("").run(m, new org.stablehlo4j.pass.PassContext(TestContexts.standard(),
                d -> { }));
        String out = AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(false, false, false));
        assertTrue(out.contains("return %arg0 : memref<2xi8>"), out);
        assertTrue(!out.contains("unrealized_conversion_cast"), out);
    }
}
