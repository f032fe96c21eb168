package org.stablehlo4j.asm;

import java.util.List;

import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The parsing primitives offered to {@link CustomOpParser}s (after MLIR's {@code OpAsmParser}): tokens,
 * keywords, operands, types, attributes, arguments, regions and successors. Errors abort the whole parse.
 */
public final class OpAsmParser {
    /** A use of an SSA value not resolved to a type yet: {@code %name} or {@code %name#number}. */
    public record UnresolvedOperand(String name, int number, int offset) {}

    /** A {@code loc(...)} specifier: a location, or a {@code #alias} defined later in the file. */
    public record LocationRef(Location location, String alias, int offset) {}

    /**
     * An argument of a signature or block: {@code %name : type {attrs} loc(...)}; name is null for type-only
     * arguments, attributes empty and location null when absent.
     */
    public record Argument(String name, int offset, Type type, DictionaryAttr attributes, LocationRef location) {}

    private final OperationParser p;
    private final int resultCount;

    OpAsmParser(OperationParser p, int resultCount) {
        this.p = p;
        this.resultCount = resultCount;
    }

    /** How many results the source binds to names ({@code %a, %b:2 = ...} gives 3; 0 without names). */
    public int resultCount() { return resultCount; }

    /** The text of the current token. */
    public String tokenText() { return p.spelling(); }

    /** {@code loc("buffer":line:col)} of a character offset, as MLIR gives ops without an explicit location. */
    public Location locationOf(int offset) { return p.locationOf(offset); }

    /** An optionally negative decimal or hexadecimal integer that fits in a long. */
    public long parseInteger() { return p.parseSignedLong(); }

    // ---- tokens and keywords

    /** Kind of the current token. */
    public Kind peek() { return p.tok.kind; }

    /** Character offset of the current token (for later {@link #errorAt} calls). */
    public int offset() { return p.tok.start; }

    /** Consumes a token of the given kind if it is next. */
    public boolean parseOptional(Kind kind) { return p.consumeIf(kind); }

    /** Consumes a token of the given kind or fails with {@code message}. */
    public void parse(Kind kind, String message) { p.expect(kind, message); }

    /** The current token's text if it is a bare identifier (keyword), else null. */
    public String peekKeyword() { return p.is(Kind.BARE_IDENTIFIER) ? p.spelling() : null; }

    public boolean parseOptionalKeyword(String keyword) { return p.consumeKeyword(keyword); }

    public void parseKeyword(String keyword) {
        if (!p.consumeKeyword(keyword)) throw expected("expected '" + keyword + "'");
    }

    // ---- operands

    public boolean isOperand() { return p.is(Kind.PERCENT_IDENTIFIER); }

    public UnresolvedOperand parseOperand() { return p.parseSsaUse(); }

    /** A possibly empty comma separated list of operands. */
    public List<UnresolvedOperand> parseOptionalOperandList() { return p.parseSsaUseList(); }

    public Value resolveOperand(UnresolvedOperand operand, Type type) { return p.resolve(operand, type); }

    /** Resolves operands against types, failing at {@code offset} when the counts differ. */
    public List<Value> resolveOperands(List<UnresolvedOperand> operands, List<Type> types, int offset) {
        return p.resolveAll(operands, types, offset);
    }

    // ---- types and attributes

    public boolean isType() { return p.atTypeStart(); }
    public Type parseType() { return p.parseType(); }
    public Type parseNonFunctionType() { return p.parseNonFunctionType(); }
    /** One or more comma separated types. */
    public List<Type> parseTypeList() { return p.parseTypeList(); }
    public FunctionType parseFunctionType() { return p.parseFunctionType(); }

    public Attribute parseAttribute() { return p.parseAttribute(null); }
    /** An attribute whose bare numbers default to {@code type}. */
    public Attribute parseAttribute(Type type) { return p.parseAttribute(type); }

    /** {@code {...}} if present, else the empty dictionary. */
    public DictionaryAttr parseOptionalAttrDict() {
        return p.is(Kind.L_BRACE) ? p.parseDictionary() : DictionaryAttr.EMPTY;
    }

    /** {@code attributes {...}} if present, else the empty dictionary. */
    public DictionaryAttr parseOptionalAttrDictWithKeyword() {
        return p.consumeKeyword("attributes") ? p.parseDictionary() : DictionaryAttr.EMPTY;
    }

    public boolean isSymbolName() { return p.is(Kind.AT_IDENTIFIER); }

    /** {@code @name} or {@code @"name"} as a string attribute. */
    public StringAttr parseSymbolName() {
        if (!p.is(Kind.AT_IDENTIFIER)) throw p.wrongToken("expected valid '@'-identifier for symbol name");
        StringAttr s = new StringAttr(p.symbolBytes(p.tok), null);
        p.consume();
        return s;
    }

    public LocationRef parseOptionalLocation() { return p.parseOptionalLocationSpecifier(); }

    // ---- arguments, regions, successors

    /**
     * {@code %name : type {attrs}? loc(...)?} when {@code named}, else {@code type {attrs}? loc(...)?}.
     */
    public Argument parseArgument(boolean named) {
        int at = p.tok.start;
        String name = null;
        if (named) {
            if (!p.is(Kind.PERCENT_IDENTIFIER)) throw p.wrongToken("expected SSA identifier");
            name = p.spelling();
            p.consume();
            p.expect(Kind.COLON, "expected ':'");
        }
        Type type = p.parseType();
        DictionaryAttr attrs = parseOptionalAttrDict();
        return new Argument(name, at, type, attrs, p.parseOptionalLocationSpecifier());
    }

    /**
     * A region {@code {...}}. {@code entryArgs} (named arguments) become the entry block's arguments when non-null;
     * {@code isolated} regions see no values from outside; {@code defaultDialect} prefixes unqualified op names.
     */
    public List<Block> parseRegion(List<Argument> entryArgs, boolean isolated, String defaultDialect) {
        return p.parseRegionWithDialect(entryArgs, isolated, defaultDialect);
    }

    /** {@code ^name} as a (possibly forward referenced) block of the current region. */
    public Block parseSuccessor() { return p.parseSuccessor(); }

    // ---- errors

    /** An error at the current token; throw it. */
    public RuntimeException error(String message) { return p.error(message); }

    /**
     * An "expected ..." error about the current token; like MLIR, it points at the end of the previous line when
     * the token starts a line. Throw it.
     */
    public RuntimeException expected(String message) { return p.wrongToken(message); }

    /** An error at a character offset obtained from {@link #offset()}; throw it. */
    public RuntimeException errorAt(int offset, String message) { return ParserBase.errorAt(offset, message); }
}
