package org.stablehlo4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.run.ElementType;

/** How column values become a row's slice, and the messages of bad values (no Spark session needed). */
class RowSlicesTest {
    private static PreparedModel.InputLayout layout(ElementType type, int size, String... columns) {
        return new PreparedModel.InputLayout(new ModelSpec.Input(0, 0, List.of(columns)), type, new long[] {-1, size},
                1, size);
    }

    private static String bad(PreparedModel.InputLayout l, Object... values) {
        return assertThrows(RowSlices.BadValue.class, () -> RowSlices.slice(l, values)).getMessage();
    }

    @Test
    void concatenatesScalarsArraysAndSequences() throws Exception {
        PreparedModel.InputLayout l = layout(ElementType.F32, 6, "a", "b", "c", "d");
        Object slice = RowSlices.slice(l, new Object[] {1.5f, new double[] {2, 3},
                scala.jdk.javaapi.CollectionConverters.asScala(List.of(4, 5)).toList(), List.of(6L)});
        assertArrayEquals(new double[] {1.5, 2, 3, 4, 5, 6}, (double[]) slice);
        PreparedModel.InputLayout ints = layout(ElementType.I32, 3, "x", "flag");
        assertArrayEquals(new long[] {7, -8, 1}, (long[]) RowSlices.slice(ints, new Object[] {new int[] {7, -8}, true}));
        assertArrayEquals(new long[] {1, 2, 0},
                (long[]) RowSlices.slice(ints, new Object[] {List.of(1.0, 2.0), new java.math.BigDecimal("0")}));
    }

    @Test
    void badValuesNameTheColumn() {
        PreparedModel.InputLayout one = layout(ElementType.F32, 4, "features");
        assertEquals("column 'features': expected 4 numbers, got 3", bad(one, (Object) new float[3]));
        assertEquals("column 'features': expected 4 numbers, got 5", bad(one, List.of(1, 2, 3, 4, 5)));
        assertEquals("column 'features': expected 4 numbers, got 1", bad(one, 2.0));
        assertEquals("column 'features': null", bad(one, (Object) null));
        assertEquals("column 'features' element 2: String is not a number", bad(one, List.of(1, 2, "3", 4)));
        PreparedModel.InputLayout two = layout(ElementType.F64, 4, "head", "tail");
        assertEquals("columns head, tail: expected 4 numbers in all (argument 0 without its batch dimension), got 3",
                bad(two, List.of(1, 2), 3));
        assertEquals("columns head, tail: expected 4 numbers in all (argument 0 without its batch dimension), got "
                + "more, at column 'tail'", bad(two, List.of(1, 2, 3), List.of(4, 5)));
        PreparedModel.InputLayout bytes = layout(ElementType.UI8, 1, "b");
        assertEquals("column 'b': 256 does not fit ui8", bad(bytes, 256));
        assertEquals("column 'b': -1 does not fit ui8", bad(bytes, -1L));
        assertEquals("column 'b': 2.5 is not an integer (the argument is ui8)", bad(bytes, 2.5));
        PreparedModel.InputLayout flags = layout(ElementType.I1, 1, "f");
        assertEquals("column 'f': 2 does not fit i1", bad(flags, 2));
    }
}
