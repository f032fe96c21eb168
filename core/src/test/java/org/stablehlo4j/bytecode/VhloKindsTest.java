package org.stablehlo4j.bytecode;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.vhlo.VhloAttr;
import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.dialect.vhlo.VhloType;
import org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The VHLO type/attribute tables and value classes, printed through the real printer. */
class VhloKindsTest {
    private static final VhloType F32 = VhloType.get(VhloTypeKind.F32);
    private static final VhloType I64 = VhloType.get(VhloTypeKind.I64);

    @Test
    void codesAreUniqueAndRoundTrip() {
        Set<Integer> seen = new HashSet<>();
        for (VhloTypeKind k : VhloTypeKind.values()) {
            assertEquals(true, seen.add(k.code), "duplicate type code " + k.code);
            assertSame(k, VhloTypeKind.fromCode(k.code));
        }
        assertSame(VhloTypeKind.RANKED_TENSOR, VhloTypeKind.fromCode(21));
        assertNull(VhloTypeKind.fromCode(43));
        assertNull(VhloTypeKind.fromCode(-1));
        for (VhloAttrKind k : VhloAttrKind.values()) assertSame(k, VhloAttrKind.fromCode(k.code));
        assertNull(VhloAttrKind.fromCode(0));
        assertNull(VhloAttrKind.RNG_DISTRIBUTION.caseName(0));
        assertEquals("NORMAL", VhloAttrKind.RNG_DISTRIBUTION.caseName(2));
    }

    @Test
    void typesPrintLikeUpstream() {
        Type t = VhloType.ranked(VhloTypeKind.RANKED_TENSOR, new long[] {2, ShapedType.DYNAMIC}, F32, null);
        assertEquals("!vhlo.tensor_v1<2x?x!vhlo.f32_v1>", AsmPrinter.printType(t));
        assertEquals("!vhlo.func_v1<(()) -> ()>", AsmPrinter.printType(VhloType.function(List.of(), List.of())));
        assertEquals("!vhlo.func_v1<(!vhlo.f32_v1, !vhlo.i64_v1) -> !vhlo.f32_v1, !vhlo.f32_v1>",
                AsmPrinter.printType(VhloType.function(List.of(F32, I64), List.of(F32, F32))));
        assertEquals("!vhlo.tuple_v1<>", AsmPrinter.printType(VhloType.types(VhloTypeKind.TUPLE, List.of())));
        VhloType q = VhloType.quant(new VhloType.Quant(1, VhloType.get(VhloTypeKind.I8), F32, -1,
                new long[] {Double.doubleToLongBits(34.0)}, new long[] {16}, -128, 127));
        assertEquals("!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 3.400000e+01:16, -128:127, 1>",
                AsmPrinter.printType(q));
        assertEquals(t, VhloType.ranked(VhloTypeKind.RANKED_TENSOR, new long[] {2, ShapedType.DYNAMIC}, F32, null));
        assertNotEquals(t, VhloType.ranked(VhloTypeKind.RANKED_TENSOR, new long[] {2, 3}, F32, null));
        assertThrows(IllegalArgumentException.class, () -> VhloType.get(VhloTypeKind.TUPLE));
    }

    @Test
    void attributesPrintLikeUpstream() {
        Attribute e = VhloAttr.enumValue(VhloAttrKind.COMPARISON_DIRECTION, 0);
        assertEquals("#vhlo<comparison_direction_v1 EQ>", AsmPrinter.printAttribute(e));
        Attribute s = VhloAttr.string("a\"b\\".getBytes(StandardCharsets.UTF_8));
        assertEquals("#vhlo.string_v1<\"a\\22b\\\\\">", AsmPrinter.printAttribute(s));
        assertEquals("#vhlo.integer_v1<-1 : i64>",
                AsmPrinter.printAttribute(VhloAttr.integer(I64, BigInteger.valueOf(-1))));
        assertEquals("#vhlo.dict_v1<{#vhlo.string_v1<\"a\"> = #vhlo.bool_v1<true>}>", AsmPrinter.printAttribute(
                VhloAttr.dict(List.of(VhloAttr.string("a".getBytes()), VhloAttr.bool(true)))));
        Attribute axis = VhloAttr.struct(VhloAttrKind.AXIS_REF, java.util.Arrays.asList(VhloAttr.string(
                "x".getBytes()), null));
        assertEquals("#vhlo.axis_ref_v1<name = #vhlo.string_v1<\"x\">>", AsmPrinter.printAttribute(axis));
        Attribute ext = VhloAttr.struct(VhloAttrKind.TYPE_EXTENSIONS, List.of(List.of(16L, ShapedType.DYNAMIC)));
        assertEquals("#vhlo.type_extensions_v1<bounds = [16, ?]>", AsmPrinter.printAttribute(ext));
        assertEquals(e, VhloAttr.enumValue(VhloAttrKind.COMPARISON_DIRECTION, 0));
        assertNotEquals(e, VhloAttr.enumValue(VhloAttrKind.COMPARISON_DIRECTION, 1));
        assertThrows(IllegalArgumentException.class, () -> VhloAttr.enumValue(VhloAttrKind.PRECISION, 7));
    }
}
