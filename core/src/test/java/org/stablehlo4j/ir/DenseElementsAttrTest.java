package org.stablehlo4j.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DenseElementsAttrTest {
    private static final RankedTensorType I64X2 = new RankedTensorType(new long[] {2}, IntegerType.I64);

    /** A non-splat tensor<2xi64> of {@code a, b}, as the constructor normalizes it. */
    private static DenseElementsAttr pair(byte a, byte b) {
        byte[] data = {a, 0, 0, 0, 0, 0, 0, 0, b, 0, 0, 0, 0, 0, 0, 0};
        return new DenseElementsAttr(I64X2, data, 0, data.length, false);
    }

    @Test
    void allEqualElementsBecomeASplat() {
        DenseElementsAttr d = pair((byte) 2, (byte) 2);
        byte[] data = {2, 0, 0, 0, 0, 0, 0, 0};
        assertTrue(d.isSplat());
        assertEquals(8, d.length());
        assertEquals(new DenseElementsAttr(I64X2, data, 0, 8, true), d); // same attribute as the explicit splat
    }

    @Test
    void differingElementsStayDense() {
        DenseElementsAttr d = pair((byte) 2, (byte) 3);
        assertFalse(d.isSplat());
        assertEquals(16, d.length());
    }
}
