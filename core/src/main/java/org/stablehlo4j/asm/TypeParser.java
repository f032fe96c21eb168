package org.stablehlo4j.asm;

import java.math.BigInteger;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * Parses types and dialect symbols (MLIR's TypeParser), and the integer helpers types and attributes share.
 * {@link AttributeParser} parses attributes and locations over the same {@link ParserState}.
 */
final class TypeParser {
    /** The token cursor shared with the attribute, SSA and operation parsers. */
    final ParserState in;
    /** The attribute parser that attributes inside types (encodings, layouts, dialect bodies) go to. */
    AttributeParser attributes;

    static final int MAX_INT_WIDTH = 16777215;

    /** The dialects: their type/attribute parse hooks, which ops are registered. */
    final org.stablehlo4j.ir.Context mlirContext;

    TypeParser(ParserState in, org.stablehlo4j.ir.Context context) {
        this.in = in;
        this.mlirContext = context;
    }

    /** Instead of the context's dialects: the hooks a standalone body parse was given ({@link DialectAsmParser}). */
    java.util.function.Function<String, AsmDialectInterface> hookLookup;

    /** The parse hooks of dialect {@code namespace} (loading it), or null. */
    AsmDialectInterface asmHooks(String namespace) {
        if (hookLookup != null) return hookLookup.apply(namespace);
        return mlirContext == null ? null : mlirContext.dialectInterface(namespace, AsmDialectInterface.class);
    }

    // =====================================================================================================
    // Types
    // =====================================================================================================

    /** type ::= function-type | non-function-type */
    Type parseType() {
        int start = in.tok.start;
        long scan = simpleTypeSpan(start);
        if (scan < 0) return parseTypeUncached();
        int end = (int) scan;
        int opens = (int) (scan >>> 32);
        int len = end - start;
        int hash = scanHash;
        if (typeCache == null) typeCache = new SpanTable<>(in.lex.buffer());
        Type cached = typeCache.get(start, len, hash);
        if (cached != null && in.depth() + 2 * opens + 2 <= ParserState.MAX_NESTING) {
            in.prevEnd = end;
            in.resetTo(end);
            lastSimpleStart = start;
            lastSimpleOpens = opens;
            return cached;
        }
        Type t = parseTypeUncached();
        if (cached == null && in.prevEnd == end) typeCache.put(start, len, hash, t);
        if (in.prevEnd == end) {
            lastSimpleStart = start;
            lastSimpleOpens = opens;
        }
        return t;
    }

    /**
     * Where the last type that went through the table of types started (its end is then {@link #prevEnd}), and
     * its number of opening brackets: such a text may be compared with a later one directly
     * ({@link #sameTypeText}).
     */
    int lastSimpleStart = -1;
    int lastSimpleOpens;

    /**
     * Whether the text at the current token repeats the {@code len} characters at {@code start}, the whole text of
     * a type that went through the table of types, and ends where that type ended: its last token is a closing
     * bracket, or a word that the next character does not continue. The type there is then the same type.
     */
    boolean sameTypeText(int start, int len, int opens) {
        char[] b = in.lex.buffer();
        int at = in.tok.start;
        int end = at + len;
        if (end > b.length || in.depth() + 2 * opens + 2 > ParserState.MAX_NESTING) return false;
        if (java.util.Arrays.mismatch(b, start, start + len, b, at, end) >= 0) return false;
        char last = b[end - 1];
        if (last != '>' && last != ')' && end < b.length) {
            char c = b[end];
            if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
                    || c == '.') {
                return false;
            }
        }
        in.prevEnd = end;
        in.resetTo(end);
        return true;
    }

    private Type parseTypeUncached() {
        if (in.is(Kind.L_PAREN)) return parseFunctionType();
        return parseNonFunctionType();
    }

    /**
     * Types already built, by their text: a type spelled only with builtin words, numbers and brackets (no alias,
     * dialect symbol, string or comment: see {@link #simpleTypeSpan}) means the same wherever it stands, so its
     * text is parsed once per parse (MLIR uniques types the same way). Filled only by a parse that consumed exactly
     * the span, and so only with texts that parse.
     */
    private SpanTable<Type> typeCache;

    /**
     * Where a type at {@code start} would end if it is made of simple characters only: a bare word optionally
     * followed by a balanced {@code <...>}, or a balanced {@code (...)} with {@code -> result}. Returns the end
     * offset with the number of opening brackets in the high 32 bits, or -1 when the text has anything else.
     * The parse decides: a span is cached only if the parser consumed exactly it.
     */
    private long simpleTypeSpan(int start) {
        char[] b = in.lex.buffer();
        int n = b.length;
        scanHash = 0;
        if (start >= n) return -1;
        if (b[start] == '(') {
            long inputs = balanced(b, start);
            if (inputs < 0) return -1;
            int p = (int) inputs;
            int h = scanHash;
            while (p < n && b[p] == ' ') {
                h = 31 * h + ' ';
                p++;
            }
            if (p + 1 >= n || b[p] != '-' || b[p + 1] != '>') return -1;
            h = 31 * (31 * h + '-') + '>';
            p += 2;
            while (p < n && b[p] == ' ') {
                h = 31 * h + ' ';
                p++;
            }
            scanHash = h;
            long result = p < n && b[p] == '(' ? balanced(b, p) : wordType(b, p);
            if (result < 0) return -1;
            return ((inputs >>> 32) + (result >>> 32) + 1) << 32 | (result & 0xFFFFFFFFL);
        }
        return wordType(b, start);
    }

    /** {@link #simpleTypeSpan} for a type starting at {@code start} (not at the current token). */
    long simpleTypeSpanAt(int start) { return simpleTypeSpan(start); }

    /** The text hash ({@link SpanTable#hash}) of what {@link #simpleTypeSpan} read, computed as it reads. */
    private int scanHash;

    /** A bare word (as the lexer reads one) and an immediately following balanced {@code <...>}. */
    private long wordType(char[] b, int p) {
        int n = b.length;
        if (p >= n || !(b[p] >= 'a' && b[p] <= 'z' || b[p] >= 'A' && b[p] <= 'Z' || b[p] == '_')) return -1;
        int h = 31 * scanHash + b[p++];
        while (p < n) {
            char c = b[p];
            if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
                    || c == '.') {
                h = 31 * h + c;
                p++;
            } else {
                break;
            }
        }
        scanHash = h;
        if (p < n && b[p] == '<') {
            long body = balanced(b, p);
            if (body < 0) return -1;
            return body + (1L << 32);
        }
        return p;
    }

    /**
     * The end of the bracketed group opening at {@code p} ({@code <} or {@code (}), allowing letters, digits,
     * spaces and {@code _$.,?*-} inside ({@code ->} closes nothing), with the number of nested openings in the
     * high 32 bits; -1 on any other character or at the end of the text.
     */
    private long balanced(char[] b, int p) {
        int n = b.length;
        int level = 0;
        long opens = 0;
        int h = scanHash;
        while (p < n) {
            char c = b[p++];
            h = 31 * h + c;
            if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') continue;
            switch (c) {
                case '<', '(' -> { level++; opens++; }
                case '>', ')' -> {
                    if (--level == 0) {
                        scanHash = h;
                        return opens << 32 | p;
                    }
                }
                case '-' -> {
                    if (p < n && b[p] == '>') {
                        h = 31 * h + '>';
                        p++;
                    }
                }
                case ' ', ',', '_', '$', '.', '?', '*' -> { }
                default -> {
                    if (!(c >= 'A' && c <= 'Z')) return -1;
                }
            }
        }
        return -1;
    }


    /** Whether the current token can start a type. */
    boolean atTypeStart() {
        if (in.is(Kind.L_PAREN) || in.is(Kind.EXCLAMATION_IDENTIFIER)) return true;
        if (!in.is(Kind.BARE_IDENTIFIER)) return false;
        String s = in.spelling();
        return intTypeSignedness(s) != null || FloatKind.fromKeyword(s) != null || s.equals("index")
                || s.equals("none") || s.equals("tensor") || s.equals("memref") || s.equals("complex") || s.equals("tuple");
    }

    FunctionType parseFunctionType() {
        in.enter();
        List<Type> inputs = parseTypeListParens();
        in.expect(Kind.ARROW, "expected '->' in function type");
        List<Type> results = parseFunctionResultTypes();
        in.leave();
        return new FunctionType(inputs, results);
    }

    /** function-result-types ::= '(' type-list? ')' | non-function-type */
    List<Type> parseFunctionResultTypes() {
        if (in.is(Kind.L_PAREN)) return parseTypeListParens();
        return List.of(parseType()); // not '(': a non-function type, through the table of types
    }

    List<Type> parseTypeListParens() {
        in.expect(Kind.L_PAREN, "expected '('");
        List<Type> types = new ArrayList<>();
        if (in.consumeIf(Kind.R_PAREN)) return types;
        do {
            types.add(parseType());
        } while (in.consumeIf(Kind.COMMA));
        in.expect(Kind.R_PAREN, "expected ')'");
        return types;
    }

    /** A comma separated list of types without delimiters (at least one). */
    List<Type> parseTypeList() {
        List<Type> types = new ArrayList<>();
        do {
            types.add(parseType());
        } while (in.consumeIf(Kind.COMMA));
        return types;
    }

    Type parseNonFunctionType() {
        switch (in.tok.kind) {
            case EXCLAMATION_IDENTIFIER:
                return parseExtendedType();
            case BARE_IDENTIFIER:
                break;
            default:
                throw in.wrongToken("expected non-function type");
        }
        String s = in.internedSpelling();
        IntegerType.Signedness sg = intTypeSignedness(s);
        if (sg != null) {
            int prefix = sg == IntegerType.Signedness.SIGNLESS ? 1 : 2;
            int width;
            if (s.length() - prefix > 8) {
                throw in.error("invalid integer width");
            }
            width = Integer.parseInt(s.substring(prefix));
            if (width > MAX_INT_WIDTH) {
                throw in.error("integer bitwidth is limited to " + MAX_INT_WIDTH + " bits");
            }
            in.consume();
            return new IntegerType(width, sg);
        }
        FloatKind fk = FloatKind.fromKeyword(s);
        if (fk != null) {
            in.consume();
            return new FloatType(fk);
        }
        switch (s) {
            case "index": in.consume(); return IndexType.INSTANCE;
            case "none": in.consume(); return NoneType.INSTANCE;
            case "tensor": return parseShapedType(false);
            case "memref": return parseShapedType(true);
            case "complex": return parseComplexType();
            case "tuple": return parseTupleType();
            default: throw in.wrongToken("expected non-function type");
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

    Type parseComplexType() {
        in.consume();
        in.enter();
        in.expect(Kind.LESS, "expected '<' in complex type");
        int at = in.tok.start;
        Type elt = parseType();
        if (!(elt instanceof FloatType) && !(elt instanceof IntegerType)) {
            throw ParserState.errorAt(at, "invalid element type for complex");
        }
        in.expect(Kind.GREATER, "expected '>' in complex type");
        in.leave();
        return new ComplexType(elt);
    }

    Type parseTupleType() {
        in.consume();
        in.enter();
        in.expect(Kind.LESS, "expected '<' in tuple type");
        List<Type> types = List.of();
        if (!in.consumeIf(Kind.GREATER)) {
            types = parseTypeList();
            in.expect(Kind.GREATER, "expected '>' in tuple type");
        }
        in.leave();
        return new TupleType(types);
    }

    /** {@code tensor<dims x elem[, encoding]>} or {@code memref<dims x elem[, layout][, memory space]>}. */
    Type parseShapedType(boolean memref) {
        String what = memref ? "memref" : "tensor";
        in.consume();
        in.enter();
        in.expect(Kind.LESS, "expected '<' in " + what + " type");
        boolean unranked = false;
        long[] shape = null;
        if (in.consumeIf(Kind.STAR)) {
            unranked = true;
            parseXInDimensionList();
        } else {
            shape = parseDimensionList();
        }
        int eltAt = in.tok.start;
        Type elt = parseType();
        if (!RankedTensorType.isValidElementType(elt)) throw ParserState.errorAt(eltAt, "invalid " + what + " element type");
        Attribute first = null;
        Attribute second = null;
        if (in.consumeIf(Kind.COMMA)) {
            if (unranked && !memref) throw in.error("cannot apply encoding to unranked tensor");
            first = parseAttribute(null);
            if (memref && in.consumeIf(Kind.COMMA)) second = parseAttribute(null);
            if (!memref) {
                String problem = RankedTensorType.verifyInvariants(shape, elt, first);
                if (problem != null) throw in.error(problem);
            }
        }
        in.expect(Kind.GREATER, "expected '>' in " + what + " type");
        in.leave();
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

    /** dimension-list ::= (dimension 'x')* with dimension ::= '?' | decimal-literal */
    long[] parseDimensionList() {
        long[] dims = new long[4];
        int n = 0;
        while (in.is(Kind.INTEGER) || in.is(Kind.QUESTION)) {
            long d;
            if (in.is(Kind.QUESTION)) {
                d = ShapedType.DYNAMIC;
                in.consume();
            } else {
                d = parseIntegerInDimensionList();
            }
            if (n == dims.length) {
                if (n >= 1 << 20) throw in.error("too many dimensions");
                dims = java.util.Arrays.copyOf(dims, n * 2);
            }
            dims[n++] = d;
            parseXInDimensionList();
        }
        return java.util.Arrays.copyOf(dims, n);
    }

    long parseIntegerInDimensionList() {
        // `0x3xf32` lexes as the hex integer 0x3...; dimensions are decimal, so split it after the `0`.
        if (in.lex.spelling(in.tok).startsWith("0x")) {
            in.resetTo(in.tok.start + 1);
            return 0;
        }
        long v = 0;
        for (int i = in.tok.start; i < in.tok.end; i++) {
            v = v * 10 + (in.text.charAt(i) - '0');
            if (v > Long.MAX_VALUE / 10 && i + 1 < in.tok.end) throw in.error("invalid dimension");
        }
        if (v < 0) throw in.error("invalid dimension");
        in.consume();
        return v;
    }

    void parseXInDimensionList() {
        if (!in.is(Kind.BARE_IDENTIFIER) || in.text.charAt(in.tok.start) != 'x') {
            throw in.wrongToken("expected 'x' in dimension list");
        }
        if (in.tok.end - in.tok.start > 1) {
            in.prevEnd = in.tok.start + 1;
            in.resetTo(in.tok.start + 1);
        } else {
            in.consume();
        }
    }

    // ---- dialect symbols

    /**
     * Scans a pretty dialect symbol body starting at the {@code '<'} at {@code start}: balanced
     * {@code <>()[]{}} with strings skipped and {@code ->} not closing anything. Returns the offset after the
     * matching {@code '>'} and positions the lexer there.
     */
    int scanDialectSymbolBody(int start) {
        char[] stack = new char[16];
        int sp = 0;
        int p = start;
        int n = in.text.length();
        do {
            if (p >= n) {
                if (sp > 0) throw ParserState.errorAt(p > 0 ? p - 1 : 0, "unbalanced '" + stack[sp - 1]
                        + "' character in pretty dialect name");
                throw ParserState.errorAt(p, "unexpected nul or EOF in pretty dialect name");
            }
            char c = in.text.charAt(p++);
            switch (c) {
                case '<', '[', '(', '{' -> {
                    if (sp == stack.length) {
                        if (sp >= 1 << 16) throw ParserState.errorAt(p - 1, "nesting depth exceeded in pretty dialect name");
                        stack = java.util.Arrays.copyOf(stack, sp * 2);
                    }
                    stack[sp++] = c;
                }
                case '-' -> {
                    if (p < n && in.text.charAt(p) == '>') p++;
                }
                case '>', ']', ')', '}' -> {
                    char open = c == '>' ? '<' : c == ']' ? '[' : c == ')' ? '(' : '{';
                    if (stack[sp - 1] != open) {
                        throw ParserState.errorAt(p - 1, "unbalanced '" + stack[sp - 1] + "' character in pretty dialect name");
                    }
                    sp--;
                }
                case '"' -> {
                    in.lex.reset(p - 1);
                    Token s = in.lex.next();
                    p = s.end;
                }
                default -> { }
            }
        } while (sp > 0);
        in.prevEnd = p;
        in.resetTo(p);
        return p;
    }

    /** A parsed {@code !dialect...} / {@code #dialect...} head: name parts and whether a body follows. */
    record ExtendedSymbol(String identifier, String dialect, String data, boolean pretty, boolean trailing,
                                  int start, int end) {}

    ExtendedSymbol extendedSymbolHead() {
        String identifier = in.text.substring(in.tok.start + 1, in.tok.end);
        int dot = identifier.indexOf('.');
        String dialect = dot < 0 ? identifier : identifier.substring(0, dot);
        String data = dot < 0 ? "" : identifier.substring(dot + 1);
        boolean trailing = in.tok.end < in.text.length() && in.text.charAt(in.tok.end) == '<';
        ExtendedSymbol head = new ExtendedSymbol(identifier, dialect, data, dot >= 0, trailing, in.tok.start, in.tok.end);
        in.consume();
        return head;
    }

    /** The raw body of an extended symbol: for pretty names the data plus the {@code <...>} part. */
    String extendedSymbolBody(ExtendedSymbol h) {
        if (!h.trailing()) return h.data();
        int end = scanDialectSymbolBody(h.end());
        if (h.pretty()) return h.data() + in.text.substring(h.end(), end);
        return in.text.substring(h.end() + 1, end - 1);
    }

    Type parseExtendedType() {
        return parseExtendedSymbol(in.typeAliases, (hooks, mnemonic, p) -> hooks.parseType(mnemonic, p),
                (h, body) -> new DialectType(h.dialect(), body, h.pretty()),
                (hooks, t) -> hooks.parseType((DialectType) t), false);
    }

    /** How a dialect parses a pretty {@code ns.mnemonic<...>} from the live lexer (null: from its opaque text). */
    interface LiveHook<T> {
        T parse(AsmDialectInterface hooks, String mnemonic, DialectAsmParser p);
    }

    /**
     * The extended symbol at the current token ({@code !...} or {@code #...}): an alias, else what the dialect's
     * live-lexer hook parses, else the opaque text, structured by the dialect's hook when it is loaded. Errors of
     * the opaque hook are placed in the body; {@code attributeErrors} adds the attribute rules (an "expected 'x'"
     * points after the last token, and a struct parser's follow-up error is reported too).
     */
    <T> T parseExtendedSymbol(Map<String, T> aliases, LiveHook<T> live,
                                    java.util.function.BiFunction<ExtendedSymbol, String, T> opaque,
                                    java.util.function.BiFunction<AsmDialectInterface, T, T> resolve,
                                    boolean attributeErrors) {
        int at = in.tok.start;
        ExtendedSymbol h = extendedSymbolHead();
        if (!h.pretty() && !h.trailing()) {
            T t = aliases.get(h.identifier());
            if (t == null) throw ParserState.errorAt(at, "undefined symbol alias id '" + h.identifier() + "'");
            return t;
        }
        AsmDialectInterface hooks = asmHooks(h.dialect());
        if (hooks != null && h.pretty() && h.trailing()) {
            T lexed = live.parse(hooks, h.data(), new DialectAsmParser(this));
            if (lexed != null) return lexed;
        }
        String body = extendedSymbolBody(h);
        T t = opaque.apply(h, body);
        if (hooks == null) {
            requireRegisteredDialect(at, h.dialect(), attributeErrors
                    ? "#\"" + h.dialect() + "\"<\"" + body + "\"> : 'none' attribute"
                    : "`!\"" + h.dialect() + "\"<\"" + body + "\">` type");
            return t;
        }
        try {
            return resolve.apply(hooks, t);
        } catch (DialectBodyException e) {
            int where = bodyStart(h) + e.offset();
            if (!attributeErrors) throw ParserState.errorAt(where, e.reason());
            ParseError error = e.reason().startsWith("expected '") ? in.wrongTokenAt(where, e.reason())
                    : ParserState.errorAt(where, e.reason());
            // Like upstream's struct parsers, which add their own error at the token they stopped on.
            for (String followUp : e.followUps()) error.followUps.add(ParserState.errorAt(where, followUp));
            throw error;
        }
    }

    /**
     * MLIR's OpaqueAttr/OpaqueType verifiers: an attribute or type of a dialect that is not registered needs
     * {@code --allow-unregistered-dialect}.
     */
    private void requireRegisteredDialect(int at, String dialect, String what) {
        if (mlirContext == null || in.options.allowUnregisteredDialect() || mlirContext.allowsUnregisteredDialects()
                || mlirContext.isDialectRegistered(dialect)) {
            return;
        }
        throw ParserState.errorAt(at, what + " created with unregistered dialect. If this is intended, please call "
                + "allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR "
                + "opt tool used");
    }

    /** Offset in the text where the body of an extended symbol (as kept in DialectAttr/DialectType) starts. */
    static int bodyStart(ExtendedSymbol h) {
        return h.pretty() ? h.start() + 1 + h.dialect().length() + 1 : h.end() + 1;
    }

    /** An optionally negative decimal integer that fits in a long. */
    long parseSignedLong() {
        boolean neg = in.consumeIf(Kind.MINUS);
        if (!in.is(Kind.INTEGER)) throw in.wrongToken("expected integer value");
        BigInteger v = integerTokenValue(in.tok);
        if (v == null || v.bitLength() > 63) throw in.error("integer value too large");
        in.consume();
        return neg ? -v.longValue() : v.longValue();
    }

    /**
     * The unsigned value of an integer token (decimal or {@code 0x} hex), or null if it has more digits than any
     * supported width allows (such literals are rejected without building a huge number).
     */
    BigInteger integerTokenValue(Token t) {
        int len = t.end - t.start;
        boolean hex = len > 2 && in.text.charAt(t.start + 1) == 'x';
        if (len <= 18 && !hex) {
            long v = 0;
            for (int i = t.start; i < t.end; i++) v = v * 10 + (in.text.charAt(i) - '0');
            return BigInteger.valueOf(v);
        }
        int from = hex ? t.start + 2 : t.start;
        while (from < t.end - 1 && in.text.charAt(from) == '0') from++;
        int digits = t.end - from;
        // 16777215 bits needs at most ~5.05M decimal or ~4.2M hex digits; far beyond is never in range.
        if (digits > 100_000) return null;
        return new BigInteger(in.text.substring(from, t.end), hex ? 16 : 10);
    }

    boolean isHex(Token t) {
        return t.end - t.start > 2 && in.text.charAt(t.start + 1) == 'x';
    }

    /** Number of digits of an integer token without the {@code 0x} prefix and leading zeros. */
    int significantDigits(Token t) {
        int from = isHex(t) ? t.start + 2 : t.start;
        while (from < t.end - 1 && in.text.charAt(from) == '0') from++;
        return t.end - from;
    }

    /** Parses an attribute (a tensor encoding, a memref layout); {@code type} is the expected type or null. */
    /** Parses an attribute ({@link AttributeParser#parseAttribute}). */
    Attribute parseAttribute(Type type) {
        return attributes.parseAttribute(type);
    }
}
