package org.stablehlo4j.interpreter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AndOp;
import org.stablehlo4j.dialect.stablehlo.ops.MultiplyOp;
import org.stablehlo4j.dialect.stablehlo.ops.OrOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftLeftOp;
import org.stablehlo4j.dialect.stablehlo.ops.ShiftRightLogicalOp;
import org.stablehlo4j.dialect.stablehlo.ops.SubtractOp;
import org.stablehlo4j.dialect.stablehlo.ops.XorOp;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

/**
 * The element-wise loops of the common binary ops compute exactly what each op's per-element function computes
 * (wrap-around, normalization to the width, shifts by negative or too large amounts, f32/bf16 rounding, strides of
 * 0 for broadcast operands), and {@code bitcast_convert} between equal widths keeps every bit.
 */
class ElementwiseLoopsTest {
    private static final List<OpDefinition> OPS = List.of(AddOp.DEFINITION, SubtractOp.DEFINITION,
            MultiplyOp.DEFINITION, AndOp.DEFINITION, OrOp.DEFINITION, XorOp.DEFINITION, ShiftLeftOp.DEFINITION,
            ShiftRightLogicalOp.DEFINITION);

    private static Tensor random(Type e, int n, Random r) {
        RankedTensorType t = new RankedTensorType(new long[] {n}, e);
        Tensor p = Tensor.zeros(t);
        if (p.ints != null) {
            long[] v = new long[n];
            for (int i = 0; i < n; i++) v[i] = r.nextInt(4) == 0 ? r.nextInt(80) - 8 : r.nextLong();
            return Tensor.ofLongs(t, v);
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = r.nextInt(8) == 0 ? Double.NaN : r.nextGaussian() * 1e3;
        return Tensor.ofDoubles(t, v);
    }

    @Test
    void loopsMatchThePerElementFunctions() {
        Random rnd = new Random(7);
        List<Type> types = List.of(IntegerType.signless(8), new IntegerType(8, IntegerType.Signedness.UNSIGNED),
                IntegerType.signless(32), new IntegerType(32, IntegerType.Signedness.UNSIGNED), IntegerType.signless(64),
                new IntegerType(64, IntegerType.Signedness.UNSIGNED), FloatType.F32, FloatType.BF16, FloatType.F64);
        int n = 37;
        for (Type e : types) {
            for (OpDefinition op : OPS) {
                Elementwise.Def def = Elementwise.BINARY.get(op);
                Tensor a = random(e, n, rnd);
                Tensor b = random(e, n + 3, rnd);
                if (a.ints == null && def.reals() == null) continue;
                for (int bs = 0; bs <= 1; bs++) {
                    Tensor r = a.zerosLike();
                    Elementwise.applyRange(op.name(), def, a, 0, 1, b, 3, bs, r, 0, n);
                    for (int k = 0; k < n; k++) {
                        String where = op.name() + " on " + e + " stride " + bs + " element " + k;
                        if (a.ints != null) {
                            assertEquals(r.normalize(def.ints().apply(a.ints[k], b.ints[3 + k * bs], a)), r.ints[k], where);
                        } else {
                            double want = r.round(def.reals().apply(a.reals[k], b.reals[3 + k * bs]));
                            assertEquals(Double.doubleToRawLongBits(want), Double.doubleToRawLongBits(r.reals[k]), where);
                        }
                    }
                }
            }
        }
    }

    @Test
    void bitcastOfEqualWidthsKeepsTheBits() {
        Random rnd = new Random(3);
        Type u32 = new IntegerType(32, IntegerType.Signedness.UNSIGNED);
        Tensor u = random(u32, 64, rnd);
        Tensor f = Elementwise.bitcast(u, new RankedTensorType(new long[] {64}, FloatType.F32));
        Tensor back = Elementwise.bitcast(f, new RankedTensorType(new long[] {64}, IntegerType.signless(32)));
        for (int i = 0; i < 64; i++) {
            assertEquals(Float.intBitsToFloat((int) u.ints[i]), (float) f.reals[i], 0.0f);
            if (!Float.isNaN((float) f.reals[i])) assertEquals((int) u.ints[i], back.ints[i]);
        }
    }
}
