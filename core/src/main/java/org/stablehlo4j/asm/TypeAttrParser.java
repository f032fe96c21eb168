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
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;

/** Parses types, attributes and locations (MLIR's TypeParser, AttributeParser and LocationParser). */
class TypeAttrParser extends ParserBase {
    static final int MAX_INT_WIDTH = 16777215;

    /** The dialects: their type/attribute parse hooks, which ops are registered. */
    final org.stablehlo4j.ir.Context mlirContext;

    TypeAttrParser(org.stablehlo4j.ir.Context context, String text, ParseOptions options) {
        super(text, options);
        this.mlirContext = context;
    }

    /** The parse hooks of dialect {@code namespace} (loading it), or null. */
    final AsmDialectInterface asmHooks(String namespace) {
        return mlirContext.dialectInterface(namespace, AsmDialectInterface.class);
    }

    // =====================================================================================================
    // Types
    // =====================================================================================================

    /** type ::= function-type | non-function-type */
    final Type parseType() {
        if (is(Kind.L_PAREN)) return parseFunctionType();
        return parseNonFunctionType();
    }

    /** Whether the current token can start a type. */
    final boolean atTypeStart() {
        if (is(Kind.L_PAREN) || is(Kind.EXCLAMATION_IDENTIFIER)) return true;
        if (!is(Kind.BARE_IDENTIFIER)) return false;
        String s = spelling();
        return intTypeSignedness(s) != null || FloatKind.fromKeyword(s) != null || s.equals("index")
                || s.equals("none") || s.equals("tensor") || s.equals("memref") || s.equals("complex") || s.equals("tuple");
    }

    final FunctionType parseFunctionType() {
        enter();
        List<Type> inputs = parseTypeListParens();
        expect(Kind.ARROW, "expected '->' in function type");
        List<Type> results = parseFunctionResultTypes();
        leave();
        return new FunctionType(inputs, results);
    }

    /** function-result-types ::= '(' type-list? ')' | non-function-type */
    final List<Type> parseFunctionResultTypes() {
        if (is(Kind.L_PAREN)) return parseTypeListParens();
        return List.of(parseNonFunctionType());
    }

    final List<Type> parseTypeListParens() {
        expect(Kind.L_PAREN, "expected '('");
        List<Type> types = new ArrayList<>();
        if (consumeIf(Kind.R_PAREN)) return types;
        do {
            types.add(parseType());
        } while (consumeIf(Kind.COMMA));
        expect(Kind.R_PAREN, "expected ')'");
        return types;
    }

    /** A comma separated list of types without delimiters (at least one). */
    final List<Type> parseTypeList() {
        List<Type> types = new ArrayList<>();
        do {
            types.add(parseType());
        } while (consumeIf(Kind.COMMA));
        return types;
    }

    final Type parseNonFunctionType() {
        switch (tok.kind) {
            case EXCLAMATION_IDENTIFIER:
                return parseExtendedType();
            case BARE_IDENTIFIER:
                break;
            default:
                throw wrongToken("expected non-function type");
        }
        String s = spelling();
        IntegerType.Signedness sg = intTypeSignedness(s);
        if (sg != null) {
            int prefix = sg == IntegerType.Signedness.SIGNLESS ? 1 : 2;
            int width;
            if (s.length() - prefix > 8) {
                throw error("invalid integer width");
            }
            width = Integer.parseInt(s.substring(prefix));
            if (width > MAX_INT_WIDTH) {
                throw error("integer bitwidth is limited to " + MAX_INT_WIDTH + " bits");
            }
            consume();
            return new IntegerType(width, sg);
        }
        FloatKind fk = FloatKind.fromKeyword(s);
        if (fk != null) {
            consume();
            return new FloatType(fk);
        }
        switch (s) {
            case "index": consume(); return IndexType.INSTANCE;
            case "none": consume(); return NoneType.INSTANCE;
            case "tensor": return parseShapedType(false);
            case "memref": return parseShapedType(true);
            case "complex": return parseComplexType();
            case "tuple": return parseTupleType();
            default: throw wrongToken("expected non-function type");
        }
    }

    /** Signedness if {@code s} spells an integer type keyword ({@code i32}, {@code si8}, {@code ui16}). */
    static IntegerType.Signedness intTypeSignedness(String s) {
        IntegerType.Signedness sg;
        int p;
        if (s.startsWith("i")) { sg = IntegerType.Signedness.SIGNLESS; p = 1; }
        else if (s.startsWith("si")) { sg = IntegerType.Signedness.SIGNED; p = 2; }
        else if (s.startsWith("ui")) { sg = IntegerType.Signedness.UNSIGNED; p = 2; }
        else return null;
        if (s.length() == p) return null;
        for (int i = p; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return null;
        }
        return sg;
    }

    private Type parseComplexType() {
        consume();
        enter();
        expect(Kind.LESS, "expected '<' in complex type");
        int at = tok.start;
        Type elt = parseType();
        if (!(elt instanceof FloatType) && !(elt instanceof IntegerType)) {
            throw errorAt(at, "invalid element type for complex");
        }
        expect(Kind.GREATER, "expected '>' in complex type");
        leave();
        return new ComplexType(elt);
    }

    private Type parseTupleType() {
        consume();
        enter();
        expect(Kind.LESS, "expected '<' in tuple type");
        List<Type> types = new ArrayList<>();
        if (!consumeIf(Kind.GREATER)) {
            do {
                types.add(parseType());
            } while (consumeIf(Kind.COMMA));
            expect(Kind.GREATER, "expected '>' in tuple type");
        }
        leave();
        return new TupleType(types);
    }

    /** {@code tensor<dims x elem[, encoding]>} or {@code memref<dims x elem[, layout][, memory space]>}. */
    private Type parseShapedType(boolean memref) {
        String what = memref ? "memref" : "tensor";
        consume();
        enter();
        expect(Kind.LESS, "expected '<' in " + what + " type");
        boolean unranked = false;
        long[] shape = null;
        if (consumeIf(Kind.STAR)) {
            unranked = true;
            parseXInDimensionList();
        } else {
            shape = parseDimensionList();
        }
        int eltAt = tok.start;
        Type elt = parseType();
        if (!isValidTensorElementType(elt)) throw errorAt(eltAt, "invalid " + what + " element type");
        Attribute first = null;
        Attribute second = null;
        if (consumeIf(Kind.COMMA)) {
            if (unranked && !memref) throw error("cannot apply encoding to unranked tensor");
            first = parseAttribute(null);
            if (memref && consumeIf(Kind.COMMA)) second = parseAttribute(null);
            if (!memref && first instanceof org.stablehlo4j.ir.VerifiableTensorEncoding enc) {
                String problem = enc.verifyEncoding(shape, elt);
                if (problem != null) throw error(problem);
            }
        }
        expect(Kind.GREATER, "expected '>' in " + what + " type");
        leave();
        if (memref) {
            // A lone trailing attribute is a memory space when it is a plain integer or string, else a layout.
            boolean firstIsSpace = second == null && !unranked
                    ? first instanceof IntegerAttr || first instanceof StringAttr : second == null;
            Attribute layout = firstIsSpace ? null : first;
            Attribute space = firstIsSpace ? first : second;
            return new MemRefType(unranked ? null : shape, elt, layout, space);
        }
        return unranked ? new UnrankedTensorType(elt) : new RankedTensorType(shape, elt, first);
    }

    private static boolean isValidTensorElementType(Type t) {
        return !(t instanceof FunctionType) && !(t instanceof ShapedType) && !(t instanceof NoneType);
    }

    /** dimension-list ::= (dimension 'x')* with dimension ::= '?' | decimal-literal */
    private long[] parseDimensionList() {
        long[] dims = new long[4];
        int n = 0;
        while (is(Kind.INTEGER) || is(Kind.QUESTION)) {
            long d;
            if (is(Kind.QUESTION)) {
                d = ShapedType.DYNAMIC;
                consume();
            } else {
                d = parseIntegerInDimensionList();
            }
            if (n == dims.length) {
                if (n >= 1 << 20) throw error("too many dimensions");
                dims = java.util.Arrays.copyOf(dims, n * 2);
            }
            dims[n++] = d;
            parseXInDimensionList();
        }
        return java.util.Arrays.copyOf(dims, n);
    }

    private long parseIntegerInDimensionList() {
        // `0x3xf32` lexes as the hex integer 0x3...; dimensions are decimal, so split it after the `0`.
        if (lex.spelling(tok).startsWith("0x")) {
            resetTo(tok.start + 1);
            return 0;
        }
        long v = 0;
        for (int i = tok.start; i < tok.end; i++) {
            v = v * 10 + (text.charAt(i) - '0');
            if (v > Long.MAX_VALUE / 10 && i + 1 < tok.end) throw error("invalid dimension");
        }
        if (v < 0) throw error("invalid dimension");
        consume();
        return v;
    }

    private void parseXInDimensionList() {
        if (!is(Kind.BARE_IDENTIFIER) || text.charAt(tok.start) != 'x') {
            throw wrongToken("expected 'x' in dimension list");
        }
        if (tok.end - tok.start > 1) {
            prevEnd = tok.start + 1;
            resetTo(tok.start + 1);
        } else {
            consume();
        }
    }

    // ---- dialect symbols

    /**
     * Scans a pretty dialect symbol body starting at the {@code '<'} at {@code start}: balanced
     * {@code <>()[]{}} with strings skipped and {@code ->} not closing anything. Returns the offset after the
     * matching {@code '>'} and positions the lexer there.
     */
    final int scanDialectSymbolBody(int start) {
        char[] stack = new char[16];
        int sp = 0;
        int p = start;
        int n = text.length();
        do {
            if (p >= n) {
                if (sp > 0) throw errorAt(p > 0 ? p - 1 : 0, "unbalanced '" + stack[sp - 1]
                        + "' character in pretty dialect name");
                throw errorAt(p, "unexpected nul or EOF in pretty dialect name");
            }
            char c = text.charAt(p++);
            switch (c) {
                case '<', '[', '(', '{' -> {
                    if (sp == stack.length) {
                        if (sp >= 1 << 16) throw errorAt(p - 1, "nesting depth exceeded in pretty dialect name");
                        stack = java.util.Arrays.copyOf(stack, sp * 2);
                    }
                    stack[sp++] = c;
                }
                case '-' -> {
                    if (p < n && text.charAt(p) == '>') p++;
                }
                case '>', ']', ')', '}' -> {
                    char open = c == '>' ? '<' : c == ']' ? '[' : c == ')' ? '(' : '{';
                    if (stack[sp - 1] != open) {
                        throw errorAt(p - 1, "unbalanced '" + stack[sp - 1] + "' character in pretty dialect name");
                    }
                    sp--;
                }
                case '"' -> {
                    lex.reset(p - 1);
                    Token s = lex.next();
                    p = s.end;
                }
                default -> { }
            }
        } while (sp > 0);
        prevEnd = p;
        resetTo(p);
        return p;
    }

    /** A parsed {@code !dialect...} / {@code #dialect...} head: name parts and whether a body follows. */
    private record ExtendedSymbol(String identifier, String dialect, String data, boolean pretty, boolean trailing,
                                  int start, int end) {}

    private ExtendedSymbol extendedSymbolHead() {
        String identifier = text.substring(tok.start + 1, tok.end);
        int dot = identifier.indexOf('.');
        String dialect = dot < 0 ? identifier : identifier.substring(0, dot);
        String data = dot < 0 ? "" : identifier.substring(dot + 1);
        boolean trailing = tok.end < text.length() && text.charAt(tok.end) == '<';
        ExtendedSymbol head = new ExtendedSymbol(identifier, dialect, data, dot >= 0, trailing, tok.start, tok.end);
        consume();
        return head;
    }

    /** The raw body of an extended symbol: for pretty names the data plus the {@code <...>} part. */
    private String extendedSymbolBody(ExtendedSymbol h) {
        if (!h.trailing()) return h.data();
        int end = scanDialectSymbolBody(h.end());
        if (h.pretty()) return h.data() + text.substring(h.end(), end);
        return text.substring(h.end() + 1, end - 1);
    }

    private Type parseExtendedType() {
        int at = tok.start;
        ExtendedSymbol h = extendedSymbolHead();
        if (!h.pretty() && !h.trailing()) {
            Type t = typeAliases.get(h.identifier());
            if (t == null) throw errorAt(at, "undefined symbol alias id '" + h.identifier() + "'");
            return t;
        }
        AsmDialectInterface hooks = asmHooks(h.dialect());
        if (hooks != null && h.pretty() && h.trailing()) {
            Type lexed = hooks.parseType(h.data(), new DialectAsmParser(this));
            if (lexed != null) return lexed;
        }
        DialectType t = new DialectType(h.dialect(), extendedSymbolBody(h), h.pretty());
        if (hooks == null) return t;
        try {
            return hooks.parseType(t);
        } catch (DialectBodyException e) {
            throw errorAt(bodyStart(h) + e.offset(), e.reason());
        }
    }

    /** Offset in the text where the body of an extended symbol (as kept in DialectAttr/DialectType) starts. */
    private static int bodyStart(ExtendedSymbol h) {
        return h.pretty() ? h.start() + 1 + h.dialect().length() + 1 : h.end() + 1;
    }

    /** An optionally negative decimal integer that fits in a long. */
    final long parseSignedLong() {
        boolean neg = consumeIf(Kind.MINUS);
        if (!is(Kind.INTEGER)) throw wrongToken("expected integer value");
        BigInteger v = integerTokenValue(tok);
        if (v == null || v.bitLength() > 63) throw error("integer value too large");
        consume();
        return neg ? -v.longValue() : v.longValue();
    }

    /**
     * The unsigned value of an integer token (decimal or {@code 0x} hex), or null if it has more digits than any
     * supported width allows (such literals are rejected without building a huge number).
     */
    final BigInteger integerTokenValue(Token t) {
        int len = t.end - t.start;
        boolean hex = len > 2 && text.charAt(t.start + 1) == 'x';
        if (len <= 18 && !hex) {
            long v = 0;
            for (int i = t.start; i < t.end; i++) v = v * 10 + (text.charAt(i) - '0');
            return BigInteger.valueOf(v);
        }
        int from = hex ? t.start + 2 : t.start;
        while (from < t.end - 1 && text.charAt(from) == '0') from++;
        int digits = t.end - from;
        // 16777215 bits needs at most ~5.05M decimal or ~4.2M hex digits; far beyond is never in range.
        if (digits > 100_000) return null;
        return new BigInteger(text.substring(from, t.end), hex ? 16 : 10);
    }

    /** Number of digits of an integer token without the {@code 0x} prefix and leading zeros. */
    private int significantDigits(Token t) {
        int from = isHex(t) ? t.start + 2 : t.start;
        while (from < t.end - 1 && text.charAt(from) == '0') from++;
        return t.end - from;
    }

    // =====================================================================================================
    // Attributes
    // =====================================================================================================

    /** Parses an attribute; {@code type} is the type the context expects (may be null). */
    final Attribute parseAttribute(Type type) {
        switch (tok.kind) {
            case L_SQUARE: {
                enter();
                consume();
                List<Attribute> elts = new ArrayList<>();
                if (!consumeIf(Kind.R_SQUARE)) {
                    do {
                        elts.add(parseAttribute(null));
                    } while (consumeIf(Kind.COMMA));
                    expect(Kind.R_SQUARE, "expected ']'");
                }
                leave();
                return new ArrayAttr(elts);
            }
            case L_BRACE:
                return parseDictionary();
            case AT_IDENTIFIER:
                return parseSymbolRef();
            case HASH_IDENTIFIER:
                return parseExtendedAttr();
            case STRING: {
                byte[] bytes = lex.stringBytes(tok);
                consume();
                Type t = type == null && consumeIf(Kind.COLON) ? parseType() : null;
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
                return new TypeAttr(parseType());
            default:
                throw wrongToken("expected attribute value");
        }
    }

    private Attribute parseKeywordAttr(Type type) {
        String s = spelling();
        switch (s) {
            case "true": consume(); return BoolAttr.TRUE;
            case "false": consume(); return BoolAttr.FALSE;
            case "unit": consume(); return UnitAttr.INSTANCE;
            case "dense": return new DenseParser(this).parseDense();
            case "array": return new DenseParser(this).parseDenseArray();
            case "dense_resource": return parseDenseResource();
            case "loc": return parseLocation();
            case "affine_map": {
                int open = tok.end;
                if (open >= text.length() || text.charAt(open) != '<') throw errorAt(open, "expected '<'");
                consume();
                int end = scanDialectSymbolBody(open);
                return new AffineMapAttr(text.substring(open + 1, end - 1));
            }
            default:
                if (atTypeStart()) return new TypeAttr(parseType());
                throw wrongToken("expected attribute value");
        }
    }

    private Attribute parseDenseResource() {
        consume();
        expect(Kind.LESS, "expected '<'");
        String handle;
        if (is(Kind.BARE_IDENTIFIER) || is(Kind.STRING)) {
            handle = is(Kind.STRING) ? lex.stringValue(tok) : spelling();
            consume();
        } else {
            throw wrongToken("expected identifier key for 'resource' entry");
        }
        expect(Kind.GREATER, "expected '>'");
        expect(Kind.COLON, "expected ':'");
        int at = tok.start;
        Type t = parseType();
        if (!(t instanceof ShapedType st)) throw errorAt(at, "expected a shaped type for dense_resource");
        return new DenseResourceElementsAttr(st, handle);
    }

    /** dictionary-attribute ::= '{' (attribute-entry (',' attribute-entry)*)? '}' */
    final DictionaryAttr parseDictionary() {
        enter();
        expect(Kind.L_BRACE, "expected '{' in attribute dictionary");
        List<NamedAttribute> entries = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        if (!consumeIf(Kind.R_BRACE)) {
            do {
                int at = tok.start;
                String name;
                if (is(Kind.BARE_IDENTIFIER)) {
                    name = spelling();
                } else if (is(Kind.STRING)) {
                    name = lex.stringValue(tok);
                    if (name.isEmpty()) throw error("expected valid attribute name");
                } else {
                    throw wrongToken("expected attribute name");
                }
                consume();
                if (!seen.add(name)) throw errorAt(at, "duplicate key '" + name + "' in dictionary attribute");
                if (consumeIf(Kind.EQUAL)) {
                    entries.add(new NamedAttribute(name, parseAttribute(null)));
                } else {
                    entries.add(new NamedAttribute(name, UnitAttr.INSTANCE));
                }
            } while (consumeIf(Kind.COMMA));
            expect(Kind.R_BRACE, "expected '}' in attribute dictionary");
        }
        leave();
        return DictionaryAttr.of(entries);
    }

    private String symbolName(Token t) {
        if (text.charAt(t.start + 1) == '"') return lex.stringValue(t);
        return text.substring(t.start + 1, t.end);
    }

    private Attribute parseSymbolRef() {
        String root = symbolName(tok);
        consume();
        List<String> nested = new ArrayList<>();
        while (is(Kind.COLON_COLON)) {
            consume();
            if (!is(Kind.AT_IDENTIFIER)) throw wrongToken("expected nested symbol reference identifier");
            nested.add(symbolName(tok));
            consume();
        }
        return new SymbolRefAttr(root, nested);
    }

    private Attribute parseExtendedAttr() {
        int at = tok.start;
        ExtendedSymbol h = extendedSymbolHead();
        if (!h.pretty() && !h.trailing()) {
            Attribute a = attributeAliases.get(h.identifier());
            if (a == null) throw errorAt(at, "undefined symbol alias id '" + h.identifier() + "'");
            return a;
        }
        DialectAttr a = new DialectAttr(h.dialect(), extendedSymbolBody(h), h.pretty());
        AsmDialectInterface hooks = asmHooks(h.dialect());
        if (hooks == null) return a;
        try {
            return hooks.parseAttribute(a);
        } catch (DialectBodyException e) {
            int where = bodyStart(h) + e.offset();
            ParseError error = bodyError(h, e);
            // Like upstream's struct parsers, which add their own error at the token they stopped on.
            for (String followUp : e.followUps()) error.followUps.add(errorAt(where, followUp));
            throw error;
        }
    }

    /** A dialect body parser's error at its place in the file; "expected 'x'" errors point after the last token. */
    private ParseError bodyError(ExtendedSymbol h, DialectBodyException e) {
        int where = bodyStart(h) + e.offset();
        return e.reason().startsWith("expected '") ? wrongTokenAt(where, e.reason()) : errorAt(where, e.reason());
    }

    private Attribute parseNumberAttr(Type expected) {
        int at = tok.start;
        boolean neg = consumeIf(Kind.MINUS);
        Token num = tok;
        if (!is(Kind.INTEGER) && !is(Kind.FLOAT)) {
            throw wrongToken("expected constant integer or floating point value");
        }
        consume();
        Type type = expected;
        // Like MLIR, a literal only takes a `: type` suffix when the caller does not supply its type.
        if (expected == null && consumeIf(Kind.COLON)) type = parseType();
        if (num.kind == Kind.FLOAT) {
            if (type == null) type = FloatType.F64;
            if (!(type instanceof FloatType ft)) throw errorAt(at, "floating point value not valid for specified type");
            return new FloatAttr(ft, floatBits(ft.kind(), num, neg));
        }
        if (type == null) type = IntegerType.I64;
        if (type instanceof FloatType ft) {
            if (!isHex(num)) {
                throw errorAt(num.start, "unexpected decimal integer literal for a floating point value");
            }
            return new FloatAttr(ft, hexFloatBits(ft.kind(), num, neg));
        }
        if (!(type instanceof IntegerType) && !(type instanceof IndexType)) {
            throw errorAt(at, "integer literal not valid for specified type");
        }
        BigInteger v = checkedInteger(type, num, neg, "integer constant out of range for attribute");
        return new IntegerAttr(type, v);
    }

    final boolean isHex(Token t) {
        return t.end - t.start > 2 && text.charAt(t.start + 1) == 'x';
    }

    /** Raw bits of a hexadecimal float literal such as {@code 0x7FC00000}. */
    final BigInteger hexFloatBits(FloatKind k, Token t, boolean neg) {
        if (neg) throw errorAt(t.start, "hexadecimal float literal should not have a leading minus");
        BigInteger v = integerTokenValue(t);
        if (v == null || v.bitLength() > k.width) {
            throw errorAt(t.start, "hexadecimal float constant out of range for type");
        }
        return v;
    }

    /** Bits of a decimal float (or decimal integer) literal rounded to format {@code k}. */
    final BigInteger floatBits(FloatKind k, Token t, boolean neg) {
        String lit = text.substring(t.start, t.end);
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
            throw errorAt(t.start, "invalid floating point literal");
        }
    }

    /**
     * The value of an integer literal for an integer or index type, range checked like MLIR: signless accepts
     * {@code [-2^(w-1), 2^w)}, signed {@code [-2^(w-1), 2^(w-1))}, unsigned {@code [0, 2^w)}. The result is
     * normalized to the signed value for signless (width > 1) and signed types and to the unsigned value for
     * unsigned types and i1.
     */
    final BigInteger checkedInteger(Type type, Token t, boolean neg, String rangeMessage) {
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
            throw errorAt(t.start, "negative integer literal not valid for unsigned integer type");
        }
        if (significantDigits(t) > (isHex(t) ? width / 4 + 2 : (long) (width * 0.30103) + 2)) {
            throw errorAt(t.start, rangeMessage); // far too many digits for the width: skip building the number
        }
        BigInteger v = integerTokenValue(t);
        if (v == null) throw errorAt(t.start, rangeMessage);
        if (neg) v = v.negate();
        int bl = v.bitLength();
        boolean ok = switch (sg) {
            case UNSIGNED -> bl <= width;
            case SIGNED -> width > 0 && (v.signum() >= 0 ? bl <= width - 1 : bl <= width - 1);
            case SIGNLESS -> v.signum() >= 0 ? bl <= width : width > 0 && bl <= width - 1;
        };
        if (!ok && !(width == 0 && v.signum() == 0)) throw errorAt(t.start, rangeMessage);
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
    final Location parseLocation() {
        consume();
        expect(Kind.L_PAREN, "expected '(' in location");
        Location l = parseLocationInstance();
        expect(Kind.R_PAREN, "expected ')' in location");
        return l;
    }

    final Location parseLocationInstance() {
        if (is(Kind.HASH_IDENTIFIER)) {
            int at = tok.start;
            Attribute a = parseExtendedAttr();
            if (!(a instanceof Location l)) throw errorAt(at, "expected location attribute, but got " + show(a));
            return l;
        }
        if (is(Kind.STRING)) return parseNameOrFileLineCol();
        if (!is(Kind.BARE_IDENTIFIER)) throw wrongToken("expected location instance");
        enter();
        try {
            if (consumeKeyword("unknown")) return Location.UNKNOWN;
            if (consumeKeyword("callsite")) {
                expect(Kind.L_PAREN, "expected '(' in callsite location");
                Location callee = parseLocationInstance();
                if (!consumeKeyword("at")) throw wrongToken("expected 'at' in callsite location");
                Location caller = parseLocationInstance();
                expect(Kind.R_PAREN, "expected ')' in callsite location");
                return new Location.CallSite(callee, caller);
            }
            if (consumeKeyword("fused")) {
                Attribute metadata = null;
                if (consumeIf(Kind.LESS)) {
                    metadata = parseAttribute(null);
                    expect(Kind.GREATER, "expected '>' after fused location metadata");
                }
                expect(Kind.L_SQUARE, "expected '[' in fused location");
                List<Location> locs = new ArrayList<>();
                if (!is(Kind.R_SQUARE)) {
                    do {
                        locs.add(parseLocationInstance());
                    } while (consumeIf(Kind.COMMA));
                }
                expect(Kind.R_SQUARE, "expected ']' in fused location");
                return new Location.Fused(locs, metadata);
            }
            throw wrongToken("expected location instance");
        } finally {
            leave();
        }
    }

    private Location parseNameOrFileLineCol() {
        StringAttr str = new StringAttr(lex.stringBytes(tok), null);
        consume();
        if (consumeIf(Kind.COLON)) {
            int line = parseLocNumber("expected integer line number in FileLineColRange");
            if (!consumeIf(Kind.COLON)) {
                return new Location.FileLineCol(str, line, 0, line, 0, true);
            }
            int col = parseLocNumber("expected integer column number in FileLineColRange");
            if (!consumeKeyword("to")) return new Location.FileLineCol(str, line, col, line, col, false);
            int endLine = line;
            if (is(Kind.INTEGER)) endLine = parseLocNumber("expected integer line number in FileLineColRange");
            if (!consumeIf(Kind.COLON)) {
                throw wrongToken("expected either integer or `:` post `to` in FileLineColRange");
            }
            int endCol = parseLocNumber("expected integer column number in FileLineColRange");
            return new Location.FileLineCol(str, line, col, endLine, endCol, true);
        }
        if (consumeIf(Kind.L_PAREN)) {
            enter();
            Location child = parseLocationInstance();
            expect(Kind.R_PAREN, "expected ')' after child location of NameLoc");
            leave();
            // MLIR's NameLoc always has a child, unknown by default; an unknown child is the same as none.
            return new Location.Name(str, child instanceof Location.Unknown ? null : child);
        }
        return new Location.Name(str, null);
    }

    private int parseLocNumber(String message) {
        if (!is(Kind.INTEGER) || isHex(tok)) throw wrongToken(message);
        BigInteger v = integerTokenValue(tok);
        if (v == null || v.bitLength() > 32) throw wrongToken(message);
        consume();
        return (int) v.longValue();
    }
}
