package org.stablehlo4j.interpreter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.dialect.check.ExpectEqOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.CholeskyOp;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.ModuleOp;

import java.util.List;

class OpKernelsTest {
    private static Dialect stablehlo(Context c) {
        return c.opName(AddOp.NAME).dialect();
    }

    @Test
    void eachDialectOfEachContextHasItsOwnTable() {
        Context a = StableHlo.create().context();
        OpKernels table = OpKernels.of(stablehlo(a));
        assertSame(table, stablehlo(a).getInterface(OpKernels.class), "attached to the dialect");
        assertSame(table, OpKernels.of(stablehlo(a)));
        assertNotSame(table, OpKernels.of(stablehlo(StableHlo.create().context())));
        assertNotNull(table.get(AddOp.DEFINITION));
        assertNull(table.get(ExpectEqOp.DEFINITION), "check's kernels live with check");
        assertNotNull(OpKernels.of(a.opName(ExpectEqOp.NAME).dialect()).get(ExpectEqOp.DEFINITION));
        assertThrows(IllegalArgumentException.class, () -> table.register(AddOp.DEFINITION, (in, op, x, sc, rt) -> null));
        assertThrows(IllegalArgumentException.class, () -> table.register(ExpectEqOp.DEFINITION, (in, op, x, sc, rt) -> null));
    }

    @Test
    void aKernelAddedToOneContextRunsThereOnly() throws Exception {
        String text = "func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {\n"
                + "  %0 = \"stablehlo.cholesky\"(%x) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>\n"
                + "  return %0 : tensor<2x2xf32>\n}\n";
        StableHlo with = StableHlo.create();
        assertNull(OpKernels.of(stablehlo(with.context())).get(CholeskyOp.DEFINITION), "pick an op without a built-in kernel");
        OpKernels.of(stablehlo(with.context())).register(CholeskyOp.DEFINITION,
                (in, op, x, sc, rt) -> List.of(Interpreter.tensor(x[0])));
        ModuleOp m = with.parse(text);
        Tensor in = Tensor.zeros(Interpreter.resultType(m.body().operations().get(0).region(0).entry()
                .operations().get(0), 0));
        assertSame(in, new Interpreter(m).run("main", List.of(in)).get(0));

        StableHlo without = StableHlo.create();
        InterpreterException e = assertThrows(InterpreterException.class,
                () -> new Interpreter(without.parse(text)).run("main", List.of(in)));
        assertTrue(e.getMessage().contains("Unsupported op"), e.getMessage());
    }
}
