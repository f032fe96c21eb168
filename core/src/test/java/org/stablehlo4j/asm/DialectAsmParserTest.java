package org.stablehlo4j.asm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;

/**
 * {@link DialectAsmParser}: a dialect's attribute body parsed from the file's own lexer
 * ({@link AsmDialectInterface#parseAttribute(String, DialectAsmParser)}), and {@link DialectAsmParser#parsePrefix}
 * (one value read with the file grammar from the middle of a body text).
 */
class DialectAsmParserTest {
    /** A test dialect {@code tst} whose {@code #tst.pair<INT, "STR">} is parsed token by token. */
    static final Context CTX = new Context(org.stablehlo4j.init.AllDialects.registry().insert("tst",
            ctx -> new Dialect("tst", ctx) {
                {
                    addInterface(AsmDialectInterface.class, new AsmDialectInterface() {
                        @Override
                        public Attribute parseAttribute(String mnemonic, DialectAsmParser p) {
                            if (!mnemonic.equals("pair")) return null;
                            p.expect("<");
                            long n = p.parseInteger();
                            p.expect(",");
                            String s = p.parseString("expected string");
                            p.expect(">");
                            return new ArrayAttr(List.of(IntegerAttr.of(IntegerType.I64, n), StringAttr.of(s)));
                        }
                    });
                }
            }));

    @Test
    void liveHookParsesTheBodyFromTheFileLexer() throws DiagnosticException {
        Attribute a = AsmParser.parseAttribute(CTX, "#tst.pair< -3 , \"x y\" >");
        assertEquals(new ArrayAttr(List.of(IntegerAttr.of(IntegerType.I64, -3), StringAttr.of("x y"))), a);
        // a mnemonic the hook does not take stays opaque text
        assertInstanceOf(DialectAttr.class, AsmParser.parseAttribute(CTX, "#tst.other<1>"));
    }

    @Test
    void liveHookErrorsAreAtFilePositions() {
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> AsmParser.parseAttribute(CTX, "#tst.pair<1 \"x\">"));
        assertEquals("expected ','", e.diagnostics().get(0).message());
        Location.FileLineCol loc = assertInstanceOf(Location.FileLineCol.class, e.diagnostics().get(0).location());
        // as MLIR's emitWrongTokenError: just after the previous token ('1' ends at column 11)
        assertEquals(12, loc.column());
    }

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
