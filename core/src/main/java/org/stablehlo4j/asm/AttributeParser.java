package org.stablehlo4j.asm;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.AffineMapAttr;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;

/** Parses attributes and locations (MLIR's AttributeParser and LocationParser), with its {@link TypeParser} for the types in them. */
final class AttributeParser {
    final ParserState in;
    final TypeParser types;

    AttributeParser(TypeParser types) {
        this.in = types.in;
        this.types = types;
        types.attributes = this;
    }

    /** A type and attribute parser over {@code text} on its own (no operations). */
    static AttributeParser of(org.stablehlo4j.ir.Context context, String text, ParseOptions options) {
        return new AttributeParser(new TypeParser(new ParserState(text, options), context));
    }

    // =====================================================================================================
    // Attributes
    // =====================================================================================================

    /** Parses an attribute; {@code type} is the type the context expects (may be null). */
    Attribute parseAttribute(Type type) {
        if (type == null && (in.tok.kind == Kind.HASH_IDENTIFIER || in.tok.kind == Kind.BARE_IDENTIFIER)) {
            int start = in.tok.start;
            long scan = simpleAttributeSpan(start);
            if (scan >= 0) {
                int end = (int) scan;
                int opens = (int) (scan >>> 32);
                int len = end - start;
                char[] buf = in.lex.buffer();
                int hash = SpanTable.hash(buf, start, len);
                if (attributeCache == null) attributeCache = new SpanTable<>(buf);
                Attribute cached = attributeCache.get(start, len, hash);
                if (cached != null && in.depth() + 2 * opens + 2 <= ParserState.MAX_NESTING) {
                    in.prevEnd = end;
                    in.resetTo(end);
                    return cached;
                }
                Attribute a = parseAttributeUncached(null);
                if (cached == null && in.prevEnd == end) attributeCache.put(start, len, hash, a);
                return a;
            }
        }
        return parseAttributeUncached(type);
    }

    /**
     * Attributes already built, by their text: like {@link TypeParser}'s types, a dialect attribute
     * ({@code #stablehlo.dot<...>}) or a {@code dense<...>}/{@code array<...>} whose text has no alias, string,
     * SSA name, block or comment is parsed once per parse; cached only after a parse that consumed exactly the span.
     */
    private SpanTable<Attribute> attributeCache;

    /**
     * Where an attribute at {@code start} ends if it is {@code #name} with an optional {@code <...>} body, or
     * {@code dense<...>}/{@code array<...>} with an optional {@code : type} of simple characters; the number of
     * opening brackets in the high 32 bits. -1 for anything else, and when a {@code :} follows that is not part of
     * the span (the parser might read on).
     */
    private long simpleAttributeSpan(int start) {
        char[] b = in.lex.buffer();
        int n = b.length;
        int p = in.tok.end;
        boolean hash = b[start] == '#';
        if (hash) {
            boolean dot = false;
            for (int i = start + 1; i < p; i++) dot |= b[i] == '.';
            if (!dot && (p >= n || b[p] != '<')) return -1; // an alias: depends on the alias table
        } else if (!(p - start == 5 && b[start] == 'd' && in.lex.spells(in.tok, "dense")
                || p - start == 5 && b[start] == 'a' && in.lex.spells(in.tok, "array"))) {
            return -1;
        }
        long opens = 0;
        if (p < n && b[p] == '<') {
            int level = 0;
            while (true) {
                if (p >= n) return -1;
                char c = b[p++];
                if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z') continue;
                switch (c) {
                    case '<', '(', '[' -> { level++; opens++; }
                    case '>', ')', ']' -> { level--; }
                    case '-' -> {
                        if (p < n && b[p] == '>') p++;
                    }
                    case ' ', ',', '_', '$', '.', '?', '*', '+', ':', '=' -> { }
                    default -> { return -1; }
                }
                if (level == 0) break;
            }
        } else if (!hash) {
            return -1;
        }
        int q = p;
        while (q < n && b[q] == ' ') q++;
        if (q < n && b[q] == ':') {
            if (hash) return -1;
            q++;
            while (q < n && b[q] == ' ') q++;
            long type = types.simpleTypeSpanAt(q);
            if (type < 0) return -1;
            return (opens + (type >>> 32)) << 32 | (type & 0xFFFFFFFFL);
        }
        return opens << 32 | p;
    }

    private Attribute parseAttributeUncached(Type type) {
        switch (in.tok.kind) {
            case L_SQUARE: {
                in.enter();
                in.consume();
                List<Attribute> elts = new ArrayList<>();
                if (!in.consumeIf(Kind.R_SQUARE)) {
                    do {
                        elts.add(parseAttribute(null));
                    } while (in.consumeIf(Kind.COMMA));
                    in.expect(Kind.R_SQUARE, "expected ']'");
                }
                in.leave();
                return new ArrayAttr(elts);
            }
            case L_BRACE:
                return parseDictionary();
            case AT_IDENTIFIER:
                return parseSymbolRef();
            case HASH_IDENTIFIER:
                return parseExtendedAttr();
            case STRING: {
                byte[] bytes = in.lex.stringBytes(in.tok);
                in.consume();
                Type t = type == null && in.consumeIf(Kind.COLON) ? types.parseType() : null;
                return new StringAttr(bytes, t);
            }
            case MINUS:
            case INTEGER:
            case FLOAT:
                return parseNumberAttr(type);
            case BARE_IDENTIFIER:
                return parseKeywordAttr(type);
            case L_PAREN:
            case EXCLAMATION_IDENTIFIER:
                return new TypeAttr(types.parseType());
            default:
                throw in.wrongToken("expected attribute value");
        }
    }

    private Attribute parseKeywordAttr(Type type) {
        String s = in.internedSpelling();
        switch (s) {
            case "true": in.consume(); return BoolAttr.TRUE;
            case "false": in.consume(); return BoolAttr.FALSE;
            case "unit": in.consume(); return UnitAttr.INSTANCE;
            case "dense": return new DenseParser(this).parseDense();
            case "array": return new DenseParser(this).parseDenseArray();
            case "dense_resource": return parseDenseResource();
            case "loc": return parseLocation();
            case "affine_map": {
                int open = in.tok.end;
                if (open >= in.text.length() || in.text.charAt(open) != '<') throw ParserState.errorAt(open, "expected '<'");
                in.consume();
                int end = types.scanDialectSymbolBody(open);
                return new AffineMapAttr(in.text.substring(open + 1, end - 1));
            }
            default:
                if (types.atTypeStart()) return new TypeAttr(types.parseType());
                throw in.wrongToken("expected attribute value");
        }
    }

    private Attribute parseDenseResource() {
        in.consume();
        in.expect(Kind.LESS, "expected '<'");
        String handle;
        if (in.is(Kind.BARE_IDENTIFIER) || in.is(Kind.STRING)) {
            handle = in.is(Kind.STRING) ? in.lex.stringValue(in.tok) : in.spelling();
            in.consume();
        } else {
            throw in.wrongToken("expected identifier key for 'resource' entry");
        }
        in.expect(Kind.GREATER, "expected '>'");
        in.expect(Kind.COLON, "expected ':'");
        int at = in.tok.start;
        Type t = types.parseType();
        if (!(t instanceof ShapedType st)) throw ParserState.errorAt(at, "expected a shaped type for dense_resource");
        return new DenseResourceElementsAttr(st, handle);
    }

    /** dictionary-attribute ::= '{' (attribute-entry (',' attribute-entry)*)? '}' */
    DictionaryAttr parseDictionary() {
        in.enter();
        in.expect(Kind.L_BRACE, "expected '{' in attribute dictionary");
        List<NamedAttribute> entries = new ArrayList<>();
        Set<String> seen = null;
        if (!in.consumeIf(Kind.R_BRACE)) {
            do {
                int at = in.tok.start;
                String name;
                if (in.is(Kind.BARE_IDENTIFIER)) {
                    name = in.internedSpelling();
                } else if (in.is(Kind.STRING)) {
                    name = in.lex.stringValue(in.tok);
                    if (name.isEmpty()) throw in.error("expected valid attribute name");
                } else {
                    throw in.wrongToken("expected attribute name");
                }
                in.consume();
                boolean duplicate = false;
                if (seen == null && entries.size() < 8) {
                    for (NamedAttribute e : entries) duplicate |= e.name().equals(name);
                } else {
                    if (seen == null) {
                        seen = new HashSet<>();
                        for (NamedAttribute e : entries) seen.add(e.name());
                    }
                    duplicate = !seen.add(name);
                }
                if (duplicate) throw ParserState.errorAt(at, "duplicate key '" + name + "' in dictionary attribute");
                if (in.consumeIf(Kind.EQUAL)) {
                    entries.add(new NamedAttribute(name, parseAttribute(null)));
                } else {
                    entries.add(new NamedAttribute(name, UnitAttr.INSTANCE));
                }
            } while (in.consumeIf(Kind.COMMA));
            in.expect(Kind.R_BRACE, "expected '}' in attribute dictionary");
        }
        in.leave();
        return DictionaryAttr.of(entries);
    }

    private String symbolName(Token t) {
        if (in.text.charAt(t.start + 1) == '"') return in.lex.stringValue(t);
        return in.text.substring(t.start + 1, t.end);
    }

    private Attribute parseSymbolRef() {
        String root = symbolName(in.tok);
        in.consume();
        List<String> nested = new ArrayList<>();
        while (in.is(Kind.COLON_COLON)) {
            in.consume();
            if (!in.is(Kind.AT_IDENTIFIER)) throw in.wrongToken("expected nested symbol reference identifier");
            nested.add(symbolName(in.tok));
            in.consume();
        }
        return new SymbolRefAttr(root, nested);
    }

    private Attribute parseExtendedAttr() {
        return types.parseExtendedSymbol(in.attributeAliases, (hooks, mnemonic, p) -> hooks.parseAttribute(mnemonic, p),
                (h, body) -> new DialectAttr(h.dialect(), body, h.pretty()),
                (hooks, a) -> hooks.parseAttribute((DialectAttr) a), true);
    }

    private Attribute parseNumberAttr(Type expected) {
        int at = in.tok.start;
        boolean neg = in.consumeIf(Kind.MINUS);
        Token num = in.tok;
        if (!in.is(Kind.INTEGER) && !in.is(Kind.FLOAT)) {
            throw in.wrongToken("expected constant integer or floating point value");
        }
        in.consume();
        Type type = expected;
        // Like MLIR, a literal only takes a `: type` suffix when the caller does not supply its type.
        if (expected == null && in.consumeIf(Kind.COLON)) type = types.parseType();
        if (num.kind == Kind.FLOAT) {
            if (type == null) type = FloatType.F64;
            if (!(type instanceof FloatType ft)) throw ParserState.errorAt(at, "floating point value not valid for specified type");
            return new FloatAttr(ft, floatBits(ft.kind(), num, neg));
        }
        if (type == null) type = IntegerType.I64;
        if (type instanceof FloatType ft) {
            if (!types.isHex(num)) {
                throw ParserState.errorAt(num.start, "unexpected decimal integer literal for a floating point value");
            }
            return new FloatAttr(ft, hexFloatBits(ft.kind(), num, neg));
        }
        if (!(type instanceof IntegerType) && !(type instanceof IndexType)) {
            throw ParserState.errorAt(at, "integer literal not valid for specified type");
        }
        BigInteger v = checkedInteger(type, num, neg, "integer constant out of range for attribute");
        return new IntegerAttr(type, v);
    }

    /** Raw bits of a hexadecimal float literal such as {@code 0x7FC00000}. */
    BigInteger hexFloatBits(FloatKind k, Token t, boolean neg) {
        if (neg) throw ParserState.errorAt(t.start, "hexadecimal float literal should not have a leading minus");
        BigInteger v = types.integerTokenValue(t);
        if (v == null || v.bitLength() > k.width) {
            throw ParserState.errorAt(t.start, "hexadecimal float constant out of range for type");
        }
        return v;
    }

    /** Bits of a decimal float (or decimal integer) literal rounded to format {@code k}. */
    BigInteger floatBits(FloatKind k, Token t, boolean neg) {
        String lit = in.text.substring(t.start, t.end);
        if (k == FloatKind.F32) {
            float f = Float.parseFloat(lit);
            return BigInteger.valueOf(Float.floatToRawIntBits(neg ? -f : f) & 0xFFFFFFFFL);
        }
        if (k == FloatKind.F64) {
            double d = Double.parseDouble(lit);
            long bits = Double.doubleToRawLongBits(neg ? -d : d);
            return bits >= 0 ? BigInteger.valueOf(bits) : BigInteger.valueOf(bits).add(BigInteger.ONE.shiftLeft(64));
        }
        try {
            return org.stablehlo4j.ir.FloatFormats.parseDecimal(k, neg ? "-" + lit : lit);
        } catch (NumberFormatException e) {
            throw ParserState.errorAt(t.start, "invalid floating point literal");
        }
    }

    /**
     * The value of an integer literal for an integer or index type, range checked like MLIR: signless accepts
     * {@code [-2^(w-1), 2^w)}, signed {@code [-2^(w-1), 2^(w-1))}, unsigned {@code [0, 2^w)}. The result is
     * normalized to the signed value for signless (width > 1) and signed types and to the unsigned value for
     * unsigned types and i1.
     */
    BigInteger checkedInteger(Type type, Token t, boolean neg, String rangeMessage) {
        int width;
        IntegerType.Signedness sg;
        if (type instanceof IntegerType it) {
            width = it.width();
            sg = it.signedness();
        } else {
            width = 64;
            sg = IntegerType.Signedness.SIGNED;
        }
        if (neg && sg == IntegerType.Signedness.UNSIGNED) {
            throw ParserState.errorAt(t.start, "negative integer literal not valid for unsigned integer type");
        }
        if (types.significantDigits(t) > (types.isHex(t) ? width / 4 + 2 : (long) (width * 0.30103) + 2)) {
            throw ParserState.errorAt(t.start, rangeMessage); // far too many digits for the width: skip building the number
        }
        BigInteger v = types.integerTokenValue(t);
        if (v == null) throw ParserState.errorAt(t.start, rangeMessage);
        if (neg) v = v.negate();
        int bl = v.bitLength();
        boolean ok = switch (sg) {
            case UNSIGNED -> bl <= width;
            case SIGNED -> width > 0 && (v.signum() >= 0 ? bl <= width - 1 : bl <= width - 1);
            case SIGNLESS -> v.signum() >= 0 ? bl <= width : width > 0 && bl <= width - 1;
        };
        if (!ok && !(width == 0 && v.signum() == 0)) throw ParserState.errorAt(t.start, rangeMessage);
        if (sg == IntegerType.Signedness.SIGNLESS && width > 1 && v.signum() > 0 && bl == width) {
            v = v.subtract(BigInteger.ONE.shiftLeft(width));
        }
        if (sg == IntegerType.Signedness.SIGNLESS && width == 1 && v.signum() < 0) v = BigInteger.ONE;
        return v;
    }

    // =====================================================================================================
    // Locations
    // =====================================================================================================

    /** {@code loc(...)} with the lexer on {@code loc}. */
    Location parseLocation() {
        in.consume();
        in.expect(Kind.L_PAREN, "expected '(' in location");
        Location l = parseLocationInstance();
        in.expect(Kind.R_PAREN, "expected ')' in location");
        return l;
    }

    Location parseLocationInstance() {
        if (in.is(Kind.HASH_IDENTIFIER)) {
            int at = in.tok.start;
            Attribute a = parseExtendedAttr();
            if (!(a instanceof Location l)) throw ParserState.errorAt(at, "expected location attribute, but got " + ParserState.show(a));
            return l;
        }
        if (in.is(Kind.STRING)) return parseNameOrFileLineCol();
        if (!in.is(Kind.BARE_IDENTIFIER)) throw in.wrongToken("expected location instance");
        in.enter();
        try {
            if (in.consumeKeyword("unknown")) return Location.UNKNOWN;
            if (in.consumeKeyword("callsite")) {
                in.expect(Kind.L_PAREN, "expected '(' in callsite location");
                Location callee = parseLocationInstance();
                if (!in.consumeKeyword("at")) throw in.wrongToken("expected 'at' in callsite location");
                Location caller = parseLocationInstance();
                in.expect(Kind.R_PAREN, "expected ')' in callsite location");
                return new Location.CallSite(callee, caller);
            }
            if (in.consumeKeyword("fused")) {
                Attribute metadata = null;
                if (in.consumeIf(Kind.LESS)) {
                    metadata = parseAttribute(null);
                    in.expect(Kind.GREATER, "expected '>' after fused location metadata");
                }
                in.expect(Kind.L_SQUARE, "expected '[' in fused location");
                List<Location> locs = new ArrayList<>();
                if (!in.is(Kind.R_SQUARE)) {
                    do {
                        locs.add(parseLocationInstance());
                    } while (in.consumeIf(Kind.COMMA));
                }
                in.expect(Kind.R_SQUARE, "expected ']' in fused location");
                return new Location.Fused(locs, metadata);
            }
            throw in.wrongToken("expected location instance");
        } finally {
            in.leave();
        }
    }

    private Location parseNameOrFileLineCol() {
        StringAttr str = new StringAttr(in.lex.stringBytes(in.tok), null);
        in.consume();
        if (in.consumeIf(Kind.COLON)) {
            int line = parseLocNumber("expected integer line number in FileLineColRange");
            if (!in.consumeIf(Kind.COLON)) {
                return new Location.FileLineCol(str, line, 0, line, 0, true);
            }
            int col = parseLocNumber("expected integer column number in FileLineColRange");
            if (!in.consumeKeyword("to")) return new Location.FileLineCol(str, line, col, line, col, false);
            int endLine = line;
            if (in.is(Kind.INTEGER)) endLine = parseLocNumber("expected integer line number in FileLineColRange");
            if (!in.consumeIf(Kind.COLON)) {
                throw in.wrongToken("expected either integer or `:` post `to` in FileLineColRange");
            }
            int endCol = parseLocNumber("expected integer column number in FileLineColRange");
            return new Location.FileLineCol(str, line, col, endLine, endCol, true);
        }
        if (in.consumeIf(Kind.L_PAREN)) {
            in.enter();
            Location child = parseLocationInstance();
            in.expect(Kind.R_PAREN, "expected ')' after child location of NameLoc");
            in.leave();
            // MLIR's NameLoc always has a child, unknown by default; an unknown child is the same as none.
            return new Location.Name(str, child instanceof Location.Unknown ? null : child);
        }
        return new Location.Name(str, null);
    }

    private int parseLocNumber(String message) {
        if (!in.is(Kind.INTEGER) || types.isHex(in.tok)) throw in.wrongToken(message);
        BigInteger v = types.integerTokenValue(in.tok);
        if (v == null || v.bitLength() > 32) throw in.wrongToken(message);
        in.consume();
        return (int) v.longValue();
    }
}
