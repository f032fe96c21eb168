package org.stablehlo4j.ir;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.dialect.stablehlo.AxisRefAttr;
import org.stablehlo4j.dialect.stablehlo.ChannelHandleAttr;
import org.stablehlo4j.dialect.stablehlo.ConvDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.DotAlgorithmAttr;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.FutureType;
import org.stablehlo4j.dialect.stablehlo.GatherDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.MeshAttr;
import org.stablehlo4j.dialect.stablehlo.MeshAxisAttr;
import org.stablehlo4j.dialect.stablehlo.OutputOperandAliasAttr;
import org.stablehlo4j.dialect.stablehlo.ReplicaGroupMeshAxesAttr;
import org.stablehlo4j.dialect.stablehlo.ResultAccuracyAttr;
import org.stablehlo4j.dialect.stablehlo.ScatterDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.dialect.stablehlo.SubAxisInfoAttr;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hand-written {@code equals}/{@code hashCode} of the hot IR records keep the semantics of the generated
 * ones: equal components (equal, not identical) give equal records with the record's hash
 * ({@code h = 31 * h + hash(component)} from 0, wrappers' hashes for primitives); a change in any one
 * component gives an unequal record; null and other types are never equal.
 */
class RecordEqualityTest {
    private static final IntegerType I32 = new IntegerType(32, IntegerType.Signedness.SIGNLESS);
    private static final Type F32 = new FloatType(FloatKind.F32);

    /**
     * Checks one record class: {@code base} are the canonical constructor's arguments, {@code other[i]} a value
     * for component i that differs from {@code base[i]}.
     */
    private static void check(Class<? extends Record> type, Object[] base, Object[] other) throws Exception {
        RecordComponent[] comps = type.getRecordComponents();
        assertEquals(comps.length, base.length, type + " arity");
        assertEquals(comps.length, other.length, type + " arity");
        Class<?>[] sig = new Class<?>[comps.length];
        for (int i = 0; i < comps.length; i++) sig[i] = comps[i].getType();
        Constructor<? extends Record> ctor = type.getDeclaredConstructor(sig);
        ctor.setAccessible(true);

        Record a = ctor.newInstance(base);
        Object[] copy = new Object[base.length];
        for (int i = 0; i < base.length; i++) copy[i] = freshCopy(base[i]);
        Record b = ctor.newInstance(copy);
        assertEquals(a, a, type + " reflexive");
        assertEquals(a, b, type + " equal components");
        assertEquals(b, a, type + " equal components (symmetric)");
        assertEquals(a.hashCode(), b.hashCode(), type + " equal hashes");
        assertEquals(recordHash(a, comps), a.hashCode(), type + " hash as the record defines it");
        assertFalse(a.equals(null), type + " equals(null)");
        assertFalse(a.equals("not a record"), type + " equals(other type)");

        for (int i = 0; i < comps.length; i++) {
            Object[] changed = base.clone();
            changed[i] = other[i];
            Record c = ctor.newInstance(changed);
            assertNotEquals(a, c, type + " differs in " + comps[i].getName());
            assertNotEquals(c, a, type + " differs in " + comps[i].getName() + " (symmetric)");
            assertEquals(recordHash(c, comps), c.hashCode(), type + " hash with changed " + comps[i].getName());
        }
    }

    /** The hash a record's generated hashCode gives. */
    private static int recordHash(Record r, RecordComponent[] comps) throws Exception {
        int h = 0;
        for (RecordComponent c : comps) {
            var accessor = c.getAccessor();
            accessor.setAccessible(true);
            h = 31 * h + Objects.hashCode(accessor.invoke(r));
        }
        return h;
    }

    /** An equal but (where the type allows) distinct object. */
    private static Object freshCopy(Object o) {
        if (o instanceof String s) return new String(s);
        if (o instanceof BigInteger b) return new BigInteger(b.toByteArray());
        if (o instanceof List<?> l) return new ArrayList<>(l);
        if (o instanceof StringAttr s) return StringAttr.of(new String(s.value()));
        if (o instanceof IntegerType t) return new IntegerType(t.width(), t.signedness());
        return o;
    }

    private static Object[] args(Object... a) {
        return a;
    }

    @Test
    void builtinTypes() throws Exception {
        check(IntegerType.class, args(32, IntegerType.Signedness.SIGNLESS), args(64, IntegerType.Signedness.SIGNED));
        check(FloatType.class, args(FloatKind.F32), args(FloatKind.F16));
        check(FunctionType.class, args(List.of(I32, F32), List.of(F32)), args(List.of(I32), List.of(I32)));
        check(TupleType.class, args(List.of(I32, F32)), args(List.of(F32, I32)));
        check(ComplexType.class, args(F32), args(new FloatType(FloatKind.F64)));
        check(UnrankedTensorType.class, args(I32), args(F32));
        check(DialectType.class, args("foo", "bar<1>", true), args("baz", "bar<2>", false));
    }

    @Test
    void builtinAttributes() throws Exception {
        Type tensor = new UnrankedTensorType(F32);
        check(NamedAttribute.class, args("a", new BoolAttr(true)), args("b", new BoolAttr(false)));
        check(IntegerAttr.class, args(I32, BigInteger.valueOf(7)), args(new IntegerType(64,
                IntegerType.Signedness.SIGNLESS), BigInteger.valueOf(8)));
        check(FloatAttr.class, args(F32, BigInteger.valueOf(0x3f800000L)),
                args(new FloatType(FloatKind.F16), BigInteger.valueOf(0x3c00)));
        check(BoolAttr.class, args(true), args(false));
        check(ArrayAttr.class, args(List.of(new BoolAttr(true))), args(List.of(new BoolAttr(false))));
        check(TypeAttr.class, args(I32), args(F32));
        check(SymbolRefAttr.class, args("root", List.of("a", "b")), args("other", List.of("a")));
        check(DialectAttr.class, args("foo", "x", true), args("bar", "y", false));
        check(DenseStringElementsAttr.class, args(tensor, List.of(StringAttr.of("s")), false),
                args(new UnrankedTensorType(I32), List.of(StringAttr.of("t")), true));
        check(AffineMapAttr.class, args("(d0) -> (d0)"), args("(d0) -> (d0 + 1)"));
        check(DenseResourceElementsAttr.class, args(tensor, "blob"), args(new UnrankedTensorType(I32), "other"));
    }

    @Test
    void locations() throws Exception {
        Location point = Location.FileLineCol.point("f.mlir", 1, 2);
        Location other = Location.FileLineCol.point("g.mlir", 3, 4);
        check(Location.Unknown.class, args(), args());
        assertEquals(Location.UNKNOWN, new Location.Unknown());
        assertEquals(new Location.Unknown().hashCode(), Location.UNKNOWN.hashCode());
        assertNotEquals(Location.UNKNOWN, point);
        check(Location.FileLineCol.class, args(StringAttr.of("f.mlir"), 1, 2, 3, 4, true),
                args(StringAttr.of("g.mlir"), 5, 6, 7, 8, false));
        check(Location.Name.class, args(StringAttr.of("n"), point), args(StringAttr.of("m"), other));
        check(Location.Name.class, args(StringAttr.of("n"), null), args(StringAttr.of("m"), point));
        check(Location.CallSite.class, args(point, other), args(other, point));
        check(Location.Fused.class, args(List.of(point, other), new BoolAttr(true)),
                args(List.of(point), null));
    }

    @Test
    void stablehloAttributes() throws Exception {
        EnumAttr mode = EnumAttr.of(StablehloEnum.RESULT_ACCURACY_MODE, "TOLERANCE");
        EnumAttr modeDefault = EnumAttr.of(StablehloEnum.RESULT_ACCURACY_MODE, "DEFAULT");
        List<Long> l1 = List.of(1L, 2L);
        List<Long> l2 = List.of(3L);
        check(EnumAttr.class, args(StablehloEnum.PRECISION, 1), args(StablehloEnum.COMPARISON_DIRECTION, 2));
        check(DotDimensionNumbersAttr.class, args(l1, l1, l1, l1), args(l2, l2, l2, l2));
        check(ConvDimensionNumbersAttr.class, args(0L, 1L, l1, 2L, 3L, l1, 4L, 5L, l1),
                args(9L, 9L, l2, 9L, 9L, l2, 9L, 9L, l2));
        check(GatherDimensionNumbersAttr.class, args(l1, l1, l1, l1, l1, 1L), args(l2, l2, l2, l2, l2, 2L));
        check(ScatterDimensionNumbersAttr.class, args(l1, l1, l1, l1, l1, 1L), args(l2, l2, l2, l2, l2, 2L));
        check(ChannelHandleAttr.class, args(1L, 2L), args(3L, 4L));
        check(OutputOperandAliasAttr.class, args(l1, 1L, l1), args(l2, 2L, l2));
        check(TypeExtensionsAttr.class, args(l1), args(l2));
        check(DotAlgorithmAttr.class, args(F32, F32, F32, 1L, 1L, 1L, false), args(I32, I32, I32, 2L, 2L, 2L, true));
        check(ResultAccuracyAttr.class, args(1e-5, 0.0, 1L, mode), args(2e-5, 1.0, 2L, modeDefault));
        check(FutureType.class, args(List.of(I32)), args(List.of(F32)));
        MeshAxisAttr x = new MeshAxisAttr("x", 2);
        MeshAxisAttr y = new MeshAxisAttr("y", 4);
        check(MeshAxisAttr.class, args("x", 2L), args("y", 4L));
        check(MeshAttr.class, args(List.of(x), new BoolAttr(true)), args(List.of(x, y), null));
        check(SubAxisInfoAttr.class, args(1L, 2L), args(2L, 4L));
        check(AxisRefAttr.class, args("x", new SubAxisInfoAttr(1, 2)), args("y", null));
        check(ReplicaGroupMeshAxesAttr.class, args(new BoolAttr(true), new ArrayAttr(List.of())),
                args(new BoolAttr(false), new ArrayAttr(List.of(x))));
    }

    @Test
    void doublesCompareAsTheWrapperDoes() {
        EnumAttr mode = EnumAttr.of(StablehloEnum.RESULT_ACCURACY_MODE, "TOLERANCE");
        ResultAccuracyAttr nan = new ResultAccuracyAttr(Double.NaN, 0.0, 0, mode);
        assertEquals(nan, new ResultAccuracyAttr(Double.NaN, 0.0, 0, mode));
        assertEquals(nan.hashCode(), new ResultAccuracyAttr(Double.NaN, 0.0, 0, mode).hashCode());
        ResultAccuracyAttr zero = new ResultAccuracyAttr(0.0, 0.0, 0, mode);
        assertNotEquals(zero, new ResultAccuracyAttr(-0.0, 0.0, 0, mode));
        assertNotEquals(zero, new ResultAccuracyAttr(0.0, -0.0, 0, mode));
        assertTrue(zero.equals(new ResultAccuracyAttr(0.0, 0.0, 0, mode)));
    }
}
