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
    /** The token cursor of {@link #p}. */
    private final ParserState in;
    private final int resultCount;

    OpAsmParser(OperationParser p, int resultCount) {
        this.p = p;
        this.in = p.in;
        this.resultCount = resultCount;
    }

    /** {@return how many results the source binds to names ({@code %a, %b:2 = ...} gives 3; 0 without names)} */
    public int resultCount() { return resultCount; }

    /** {@return the text of the current token} */
    public String tokenText() { return in.spelling(); }

    /**
     * {@code loc("buffer":line:col)} of a character offset, as MLIR gives ops without an explicit location.
     *
     * @param offset the character offset
     * @return the location
     */
    public Location locationOf(int offset) { return in.locationOf(offset); }

    /**
     * The interned op name {@code fullName} of the context being parsed into.
     *
     * @param fullName the full op name
     * @return the interned name
     */
    public org.stablehlo4j.ir.OperationName opName(String fullName) { return p.opName(fullName); }

    /** {@return the parsed optionally negative decimal or hexadecimal integer that fits in a long} */
    public long parseInteger() { return p.types.parseSignedLong(); }

    // ---- tokens and keywords

    /** {@return kind of the current token} */
    public Kind peek() { return in.tok.kind; }

    /** {@return character offset of the current token (for later {@link #errorAt} calls)} */
    public int offset() { return in.tok.start; }

    /**
     * Consumes a token of the given kind if it is next.
     *
     * @param kind the token kind
     * @return whether it was consumed
     */
    public boolean parseOptional(Kind kind) { return in.consumeIf(kind); }

    /**
     * Consumes a token of the given kind or fails with {@code message}.
     *
     * @param kind the token kind
     * @param message the error text
     */
    public void parse(Kind kind, String message) { in.expect(kind, message); }

    /** {@return the current token's text if it is a bare identifier (keyword), else null} */
    public String peekKeyword() { return in.is(Kind.BARE_IDENTIFIER) ? in.spelling() : null; }

    /**
     * Consumes the bare identifier {@code keyword} when it is next.
     *
     * @param keyword the keyword
     * @return whether it was consumed
     */
    public boolean parseOptionalKeyword(String keyword) { return in.consumeKeyword(keyword); }

    /**
     * Consumes the bare identifier {@code keyword} or fails.
     *
     * @param keyword the keyword
     */
    public void parseKeyword(String keyword) {
        if (!in.consumeKeyword(keyword)) throw expected("expected '" + keyword + "'");
    }

    // ---- operands

    /** {@return whether the next token is {@code %name}} */
    public boolean isOperand() { return in.is(Kind.PERCENT_IDENTIFIER); }

    /**
     * Parses an SSA use {@code %name} or {@code %name#n}.
     *
     * @return the unresolved use
     */
    public UnresolvedOperand parseOperand() { return p.ssa.parseSsaUse(); }

    /** {@return the parsed possibly empty comma separated list of operands} */
    public List<UnresolvedOperand> parseOptionalOperandList() { return p.ssa.parseSsaUseList(); }

    /**
     * Resolves (or forward-declares) a use with its type.
     *
     * @param operand the use
     * @param type its type
     * @return the value
     */
    public Value resolveOperand(UnresolvedOperand operand, Type type) { return p.ssa.resolve(operand, type); }

    /**
     * Resolves operands against types, failing at {@code offset} when the counts differ.
     *
     * @param operands the uses
     * @param types their types
     * @param offset where to report a count mismatch
     * @return the values
     */
    public List<Value> resolveOperands(List<UnresolvedOperand> operands, List<Type> types, int offset) {
        return p.ssa.resolveAll(operands, types, offset);
    }

    // ---- types and attributes

    /** {@return whether the next token starts a type} */
    public boolean isType() { return p.types.atTypeStart(); }
    /**
     * Parses a type.
     *
     * @return the type
     */
    public Type parseType() { return p.types.parseType(); }
    /**
     * Parses a type other than a function type.
     *
     * @return the type
     */
    public Type parseNonFunctionType() { return p.types.parseNonFunctionType(); }
    /** {@return one or more comma separated types} */
    public List<Type> parseTypeList() { return p.types.parseTypeList(); }
    /**
     * Parses {@code (inputs) -> results}.
     *
     * @return the function type
     */
    public FunctionType parseFunctionType() { return p.types.parseFunctionType(); }

    /**
     * Parses an attribute.
     *
     * @return the attribute
     */
    public Attribute parseAttribute() { return p.types.parseAttribute(null); }
    /**
     * An attribute whose bare numbers default to {@code type}.
     *
     * @param type the type of bare numbers
     * @return the attribute
     */
    public Attribute parseAttribute(Type type) { return p.types.parseAttribute(type); }

    /** {@return the parsed {@code {...}} if present, else the empty dictionary} */
    public DictionaryAttr parseOptionalAttrDict() {
        return in.is(Kind.L_BRACE) ? p.attributes.parseDictionary() : DictionaryAttr.EMPTY;
    }

    /** {@return the parsed {@code attributes {...}} if present, else the empty dictionary} */
    public DictionaryAttr parseOptionalAttrDictWithKeyword() {
        return in.consumeKeyword("attributes") ? p.attributes.parseDictionary() : DictionaryAttr.EMPTY;
    }

    /** {@return whether the next token is {@code @name}} */
    public boolean isSymbolName() { return in.is(Kind.AT_IDENTIFIER); }

    /** {@return the parsed {@code @name} or {@code @"name"}, as a string attribute} */
    public StringAttr parseSymbolName() {
        if (!in.is(Kind.AT_IDENTIFIER)) throw in.wrongToken("expected valid '@'-identifier for symbol name");
        StringAttr s = new StringAttr(p.symbolBytes(in.tok), null);
        in.consume();
        return s;
    }

    /**
     * Parses an optional {@code loc(...)} specifier.
     *
     * @return the location, or null
     */
    public LocationRef parseOptionalLocation() { return p.parseOptionalLocationSpecifier(); }

    // ---- arguments, regions, successors

    /**
     * {@code %name : type {attrs}? loc(...)?} when {@code named}, else {@code type {attrs}? loc(...)?}.
     *
     * @param named whether the argument has a name
     * @return the argument
     */
    public Argument parseArgument(boolean named) {
        int at = in.tok.start;
        String name = null;
        if (named) {
            if (!in.is(Kind.PERCENT_IDENTIFIER)) throw in.wrongToken("expected SSA identifier");
            name = in.spelling();
            in.consume();
            in.expect(Kind.COLON, "expected ':'");
        }
        Type type = p.types.parseType();
        DictionaryAttr attrs = parseOptionalAttrDict();
        return new Argument(name, at, type, attrs, p.parseOptionalLocationSpecifier());
    }

    /**
     * A region {@code {...}}. {@code entryArgs} (named arguments) become the entry block's arguments when non-null;
     * {@code isolated} regions see no values from outside; {@code defaultDialect} prefixes unqualified op names.
     *
     * @param entryArgs the entry block's arguments, or null
     * @param isolated whether the region is isolated from above
     * @param defaultDialect the dialect whose prefix may be omitted inside, or null
     * @return the region's blocks
     */
    public List<Block> parseRegion(List<Argument> entryArgs, boolean isolated, String defaultDialect) {
        return p.parseRegionWithDialect(entryArgs, isolated, defaultDialect);
    }

    /** {@return the parsed {@code ^name}, as a (possibly forward referenced) block of the current region} */
    public Block parseSuccessor() { return p.ssa.parseSuccessor(); }

    // ---- errors

    /**
     * An error at the current token; throw it.
     *
     * @param message the error text
     * @return the failure
     */
    public RuntimeException error(String message) { return in.error(message); }

    /**
     * An "expected ..." error about the current token; like MLIR, it points at the end of the previous line when
     * the token starts a line. Throw it.
     *
     * @param message what was expected
     * @return the failure
     */
    public RuntimeException expected(String message) { return in.wrongToken(message); }

    /**
     * An error at a character offset obtained from {@link #offset()}; throw it.
     *
     * @param offset the character offset
     * @param message the error text
     * @return the failure
     */
    public RuntimeException errorAt(int offset, String message) { return ParserState.errorAt(offset, message); }
}
