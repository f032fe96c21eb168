package org.stablehlo4j.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DenseElementsAttrTest {
    private static final RankedTensorType I64X2 = new RankedTensorType(new long[] {2}, IntegerType.I64);

    @Test
    void allEqualElementsBecomeASplat() {
        byte[] data = {2, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0};
        DenseElementsAttr d = new DenseElementsAttr(I64X2, data, 0, data.length, false);
        assertTrue(d.isSplat());
        assertEquals(8, d.length());
        assertEquals(new DenseElementsAttr(I64X2, data, 0, 8, true), d); // same attribute as the explicit splat
    }

    @Test
    void differingElementsStayDense() {
        byte[] data = {2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0};
        DenseElementsAttr d = new DenseElementsAttr(I64X2, data, 0, data.length, false);
        assertFalse(d.isSplat());
        assertEquals(16, d.length());
    }
}
