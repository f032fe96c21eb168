package org.stablehlo4j.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

/** {@link DialectAsmParser#parsePrefix}: one value read with the file grammar from the middle of a body text. */
class DialectAsmParserTest {
    @Test
    void readsOneValueAndReportsWhereItEnds() {
        String body = "x = tensor<2xi8> , y";
        DialectAsmParser.Parsed<Type> t = DialectAsmParser.parsePrefix(body, 4, null, DialectAsmParser::parseType);
        assertEquals(new RankedTensorType(new long[] {2}, IntegerType.I8), t.value());
        assertEquals(body.indexOf('>') + 1, t.end());
    }

    @Test
    void otherDialectsStayOpaqueWithoutHooks() {
        String body = "a = [#foo.bar<1>, 2]";
        var a = DialectAsmParser.parsePrefix(body, 4, null, DialectAsmParser::parseAttribute);
        ArrayAttr arr = assertInstanceOf(ArrayAttr.class, a.value());
        DialectAttr d = assertInstanceOf(DialectAttr.class, arr.elements().get(0));
        assertEquals("foo", d.dialect());
        assertEquals(body.length(), a.end());
    }

    @Test
    void errorsAreBodyErrorsAtOffsetsIntoTheText() {
        String body = "t = tensor<2xbogus>";
        DialectBodyException e = assertThrows(DialectBodyException.class,
                () -> DialectAsmParser.parsePrefix(body, 4, null, DialectAsmParser::parseType));
        assertEquals(body.indexOf("bogus"), e.offset(), e.getMessage());
        // a lexer error on the very first token is a body error too
        String bad = "s = \"unterminated";
        DialectBodyException l = assertThrows(DialectBodyException.class,
                () -> DialectAsmParser.parsePrefix(bad, 4, null, DialectAsmParser::parseAttribute));
        assertTrue(l.offset() >= 4 && l.offset() <= bad.length(), l.getMessage());
    }
}
