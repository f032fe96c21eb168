package org.stablehlo4j.ir;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.func.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.TransposeOp;
import org.junit.jupiter.api.Test;

/** Interned op names and the typed op classes generated from the rows. */
class TypedOpsTest {
    static final StableHlo API = StableHlo.create();

    static final String MODULE = """
            func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<3x2xf32> {
              %0 = stablehlo.add %a, %b : tensor<2x3xf32>
              %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
              return %1 : tensor<3x2xf32>
            }
            """;

    @Test
    void namesAreInternedPerContextWithTheirRow() throws Exception {
        ModuleOp m = API.parse(MODULE);
        Context ctx = m.op().opName().context();
        assertNotNull(ctx);
        List<Operation> adds = m.op().collect(AddOp::is);
        assertEquals(1, adds.size());
        OperationName n = adds.get(0).opName();
        assertSame(n, ctx.opName(AddOp.NAME));
        assertSame(AddOp.DEFINITION, n.definition());
        assertEquals("stablehlo", n.dialectNamespace());
        assertEquals("add", n.mnemonic());
        OperationName unknown = ctx.opName("nope.thing");
        assertFalse(unknown.isRegistered());
        assertSame(unknown, ctx.opName("nope.thing"));
        assertFalse(AddOp.is(Operation.create(AddOp.NAME, List.of(), List.of(), null, null, 0, List.of(), null)),
                "an op of a detached name is not of any registered kind");
    }

    @Test
    void viewsNameTheRowsGroupsAndAttributes() throws Exception {
        ModuleOp m = API.parse(MODULE);
        FuncOp f = FuncOp.cast(m.body().first());
        assertEquals("main", f.symName().value());
        Block entry = f.body().entry();
        AddOp add = AddOp.match(entry.first());
        assertNotNull(add);
        assertSame(entry.argument(0), add.lhs());
        assertSame(entry.argument(1), add.rhs());
        assertSame(add.operation().result(0), add.result());
        TransposeOp t = TransposeOp.match(entry.first().next());
        assertNull(AddOp.match(t.operation()));
        assertEquals(DenseArrayAttr.ofLongs(1, 0), t.permutation());
        ReturnOp ret = ReturnOp.cast(entry.last());
        assertEquals(List.of(t.result()), ret.operands());
    }

    @Test
    void buildersInferResultTypesFromTheRow() throws Exception {
        ModuleOp m = API.parse(MODULE);
        Block entry = FuncOp.cast(m.body().first()).body().entry();
        OpBuilder b = OpBuilder.before(entry.last());
        AddOp add = AddOp.create(b, null, entry.argument(0), entry.argument(1));
        assertEquals(entry.argument(0).type(), add.result().type());
        ConcatenateOp cat = ConcatenateOp.create(b, null, List.of(add.result(), entry.argument(1)),
                IntegerAttr.of(IntegerType.I64, 0));
        assertEquals("tensor<4x3xf32>", org.stablehlo4j.asm.AsmPrinter.printType(cat.result().type()));
        API.verify(m);
        assertSame(add.operation(), entry.first().next().next());
    }

    @Test
    void variadicGroupsSplitBySameVariadicOperandSize() throws Exception {
        ModuleOp m = API.parse("""
                func.func @r(%x: tensor<4xf32>, %y: tensor<4xi32>, %i: tensor<f32>, %j: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
                  %0:2 = stablehlo.reduce(%x init: %i), (%y init: %j) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
                    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
                      %s = stablehlo.add %a, %c : tensor<f32>
                      %t = stablehlo.add %b, %d : tensor<i32>
                      stablehlo.return %s, %t : tensor<f32>, tensor<i32>
                    }
                  return %0#0, %0#1 : tensor<f32>, tensor<i32>
                }
                """);
        ReduceOp r = ReduceOp.cast(m.op().collect(ReduceOp::is).get(0));
        Block entry = r.operation().parent();
        assertEquals(List.of(entry.argument(0), entry.argument(1)), r.inputs());
        assertEquals(List.of(entry.argument(2), entry.argument(3)), r.initValues());
        assertEquals(2, r.results().size());
    }
}
