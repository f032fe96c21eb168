package org.stablehlo4j.interpreter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.stablehlo4j.api.build.Types.F64;
import static org.stablehlo4j.api.build.Types.I32;
import static org.stablehlo4j.api.build.Types.tensor;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.SerializeOptions;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.api.build.BuildException;
import org.stablehlo4j.api.build.ModuleBuilder;
import org.stablehlo4j.dialect.chlo.BroadcastAddOp;
import org.stablehlo4j.dialect.chlo.BroadcastSelectOp;
import org.stablehlo4j.dialect.chlo.ErfOp;
import org.stablehlo4j.dialect.chlo.NextAfterOp;
import org.stablehlo4j.dialect.shape.ConstWitnessOp;
import org.stablehlo4j.dialect.shape.ShapeOfOp;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.WalkResult;

/**
 * CHLO ops built with the Java builder ({@code ops.chlo()}): the module verifies, runs in the interpreter as it
 * is, serializes only with the CHLO opt-in ({@link SerializeOptions#withLowerChlo}), and the artifact, CHLO-free,
 * computes the same numbers.
 */
class ChloBuilderInterpretTest {
    private static final StableHlo API = StableHlo.create();
    private static final RankedTensorType V3 = tensor(F64, 3);
    private static final RankedTensorType M23 = tensor(F64, 2, 3);
    private static final double[] X = {0.5, -2, 1};
    private static final double[] Y = {1, 2, 3, -4, 5, 6};

    /** erf(x), y + x (x broadcast along rows; implicitly and explicitly), a per-row select, next_after(x, x - x). */
    private static ModuleOp build() {
        return ModuleBuilder.create(API).func("main", List.of(V3, M23), (ops, a) -> {
            Value x = a.get(0);
            Value y = a.get(1);
            Value erf = ops.chlo().erf(x);
            Value sum = ops.chlo().broadcastAdd(y, x);
            Value sumExplicit = ops.chlo().broadcastAdd(y, x, List.of(1L));
            Value after = ops.chlo().nextAfter(x, ops.chlo().broadcastSubtract(x, x));
            return List.of(erf, sum, sumExplicit, after);
        }).build();
    }

    private static int count(ModuleOp m, String name) {
        int[] n = {0};
        m.op().walk(org.stablehlo4j.ir.WalkOrder.PRE_ORDER, o -> {
            if (o.name().equals(name)) n[0]++;
            return WalkResult.ADVANCE;
        });
        return n[0];
    }

    /**
     * A broadcast_select: its decomposition computes the result shape with shape dialect ops (even for static
     * shapes, as upstream's), which neither the interpreter nor the pre-serialization pipeline takes.
     */
    private static ModuleOp buildSelect() {
        return ModuleBuilder.create(API).func("main", List.of(V3, M23), (ops, a) -> {
            Value pred = ops.constant(new boolean[] {true, false}, List.of(2L, 1L));
            return List.of(ops.chlo().broadcastSelect(pred, ops.chlo().broadcastAdd(a.get(1), a.get(0)), a.get(1)));
        }).build();
    }

    private static List<Object> run(ModuleOp m) {
        return new Interpreter(m).run("main", List.of(Tensor.ofDoubles(V3, X), Tensor.ofDoubles(M23, Y)));
    }

    private static void assertResults(List<Object> r) {
        double[] erf = ((Tensor) r.get(0)).toDoubles();
        // erf at 0.5, -2 and 1 (to the double nearest the exact values)
        assertArrayEquals(new double[] {0.5204998778130465, -0.9953222650189527, 0.8427007929497149}, erf, 2e-16);
        double[] sum = {1.5, 0, 4, -3.5, 3, 7};
        assertArrayEquals(sum, ((Tensor) r.get(1)).toDoubles());
        assertArrayEquals(sum, ((Tensor) r.get(2)).toDoubles());
        double[] after = ((Tensor) r.get(3)).toDoubles();
        for (int i = 0; i < X.length; i++) assertEquals(Math.nextAfter(X[i], 0), after[i]);
    }

    @Test
    void builtChloVerifiesRunsAndSerializesOnlyWhenLowered() throws Exception {
        ModuleOp m = build();
        API.verify(m);
        assertEquals(1, count(m, ErfOp.NAME));
        assertEquals(2, count(m, BroadcastAddOp.NAME));
        assertEquals(1, count(m, NextAfterOp.NAME));
        assertResults(run(m));

        // upstream refuses CHLO in a portable artifact unless it is lowered first
        assertThrows(StableHloException.class, () -> API.serializePortableArtifact(m, "1.9.0"));
        byte[] artifact = API.serializePortableArtifact(m, "1.9.0", SerializeOptions.DEFAULT.withLowerChlo(true));
        assertFalse(StableHlo.artifactInfo(artifact).dialects().contains("chlo"));
        ModuleOp back = API.deserializePortableArtifact(artifact);
        assertEquals(0, count(back, ErfOp.NAME));
        assertResults(run(back));
        // the module built stays as it was (the lowering ran on a copy)
        assertEquals(1, count(m, ErfOp.NAME));
    }

    @Test
    void builtBroadcastSelectIsRefusedClearlyWhereItsShapeOpsCannotGo() throws Exception {
        ModuleOp m = buildSelect();
        API.verify(m);
        assertEquals(1, count(m, BroadcastSelectOp.NAME));
        // as upstream's pipeline: --shape-legalize-to-stablehlo has no pattern for the constraint ops
        StableHloException e = assertThrows(StableHloException.class, () -> API.serializePortableArtifact(m, "1.9.0",
                SerializeOptions.DEFAULT.withLowerChlo(true)));
        assertTrue(e.getMessage().contains(ConstWitnessOp.NAME), e.getMessage());
        InterpreterException run = assertThrows(InterpreterException.class, () -> run(m));
        assertTrue(run.getMessage().contains(ShapeOfOp.NAME), run.getMessage());
    }

    @Test
    void invalidChloIsRefusedAsItIsBuilt() {
        Type ints = tensor(I32, 3);
        BuildException e = assertThrows(BuildException.class, () -> ModuleBuilder.create(API)
                .func("main", List.of(ints), (ops, a) -> List.of(ops.chlo().erf(a.get(0)))));
        assertTrue(e.getMessage().contains(ErfOp.NAME), e.getMessage());
        // a predicate that is no i1 tensor
        assertThrows(BuildException.class, () -> ModuleBuilder.create(API)
                .func("main", List.of(V3), (ops, a) -> List.of(ops.chlo().broadcastSelect(a.get(0), a.get(0),
                        a.get(0)))));
    }
}
