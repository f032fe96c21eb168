package org.stablehlo4j.interpreter;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.testing.TestContexts;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link InterpreterDriver} keeps the compiled plan of a module between runs; a module changed in between (an
 * attribute replaced, an op erased) must run as it is now, not as the plan it was compiled into.
 */
class InterpreterDriverPlanTest {
    private static final String PROGRAM = """
            func.func @main() -> tensor<3xf32> {
              %c = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
              %d = stablehlo.constant dense<10.0> : tensor<3xf32>
              %r = stablehlo.add %c, %d : tensor<3xf32>
              %n = stablehlo.negate %r : tensor<3xf32>
              return %n : tensor<3xf32>
            }
            """;

    private static String run(ModuleOp m) throws Exception {
        return InterpreterTest.values(InterpreterDriver.interpret(TestContexts.standard(), m, "", false));
    }

    @Test
    void runsTheModuleAsItIsNow() throws Exception {
        ModuleOp m = AsmParser.parse(TestContexts.standard(), PROGRAM, new ParseOptions("test.mlir", 1, false));
        String first = run(m);
        assertEquals(first, run(m));
        assertEquals("[-1.100000e+01, -1.200000e+01, -1.300000e+01]", first);
        Operation func = m.body().operations().get(0);
        java.util.List<Operation> ops = func.region(0).entry().operations();
        // a property replaced: the constant's value
        Operation d = ops.get(1);
        d.setProperties(d.properties().with("value",
                AsmParser.parseAttribute(TestContexts.standard(), "dense<20.0> : tensor<3xf32>")));
        assertEquals("[-2.100000e+01, -2.200000e+01, -2.300000e+01]", run(m));
        // an operand replaced: return the sum, not its negation (the negate left unused)
        Operation ret = ops.get(ops.size() - 1);
        ret.setOperand(0, ops.get(2).result(0));
        assertEquals("[2.100000e+01, 2.200000e+01, 2.300000e+01]", run(m));
    }
}
