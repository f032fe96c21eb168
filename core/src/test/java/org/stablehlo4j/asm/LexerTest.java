package org.stablehlo4j.asm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.Token.Kind;

class LexerTest {
    private static List<String> lex(String text) {
        Lexer l = new Lexer(text);
        List<String> out = new ArrayList<>();
        for (Token t = l.next(); t.kind != Kind.EOF; t = l.next()) out.add(t.kind + ":" + l.spelling(t));
        return out;
    }

    @Test
    void tokenKinds() {
        assertEquals(List.of("BARE_IDENTIFIER:func.func", "AT_IDENTIFIER:@main", "AT_IDENTIFIER:@\"q s\"",
                "PERCENT_IDENTIFIER:%arg0", "PERCENT_IDENTIFIER:%0", "HASH_IDENTIFIER:#1", "CARET_IDENTIFIER:^bb2",
                "HASH_IDENTIFIER:#loc3", "EXCLAMATION_IDENTIFIER:!vhlo.f32_v", "INTEGER:42", "INTEGER:0x1F",
                "FLOAT:1.5e-3", "FLOAT:2.", "STRING:\"a\\\"b\"", "ARROW:->", "MINUS:-", "COLON_COLON:::",
                "COLON::", "ELLIPSIS:...", "FILE_METADATA_BEGIN:{-#", "FILE_METADATA_END:#-}", "QUESTION:?",
                "STAR:*", "LESS:<", "GREATER:>", "L_SQUARE:[", "R_SQUARE:]", "EQUAL:=", "VERTICAL_BAR:|"),
                lex("func.func @main @\"q s\" %arg0 %0#1 ^bb2 #loc3 !vhlo.f32_v 42 0x1F 1.5e-3 2. \"a\\\"b\""
                        + " -> - :: : ... {-# #-} ? * < > [ ] = | // comment to end of line\n"));
    }

    @Test
    void hexPrefixNeedsADigit() {
        assertEquals(List.of("INTEGER:0", "BARE_IDENTIFIER:xz"), lex("0xz"));
        assertEquals(List.of("INTEGER:0xf32"), lex("0xf32"));
    }

    @Test
    void stringEscapesDecodeToBytes() {
        Lexer l = new Lexer("\"\\n\\t\\\\\\\"\\41\\e9\u00e9\"");
        Token t = l.next();
        assertArrayEquals(new byte[] {'\n', '\t', '\\', '"', 'A', (byte) 0xE9, (byte) 0xC3, (byte) 0xA9},
                l.stringBytes(t));
    }

    @Test
    void lexErrors() {
        assertEquals("expected '\"' in string literal", assertThrows(ParseError.class, () -> lex("\"abc")).getMessage());
        assertEquals("unknown escape in string literal",
                assertThrows(ParseError.class, () -> lex("\"\\q\"")).getMessage());
        assertEquals("unexpected character", assertThrows(ParseError.class, () -> lex("`")).getMessage());
    }

    @Test
    void lineAndColumn() {
        Lexer l = new Lexer("ab\ncd\n\nx");
        assertEquals(1, l.line(0));
        assertEquals(2, l.line(4));
        assertEquals(2, l.column(4));
        assertEquals(4, l.line(7));
        assertEquals(1, l.column(7));
        // columns count UTF-8 bytes, as MLIR's do
        Lexer u = new Lexer("\"\u00e9\u20ac\ud83d\ude00\" x");
        assertEquals(13, u.column(7));
    }
}
