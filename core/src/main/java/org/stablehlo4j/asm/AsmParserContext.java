package org.stablehlo4j.asm;

import java.util.List;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * What a custom (pretty) op parser reads through; the counterpart of MLIR's {@code OpAsmParser}. Failures are
 * reported by throwing the exception returned from {@link #error(String)} / {@link #errorAt(int, String)}.
 */
public interface AsmParserContext {
    /** An SSA use ({@code %name} or {@code %name#3}) that is not resolved to a value yet. */
    interface OperandRef {
        /** {@return source offset of the use} */
        int offset();
    }

    /** A parsed {@code loc(...)} specifier; it may name a {@code #loc} alias defined later in the file. */
    interface LocationRef {}

    /** A named entry-block argument of a region to parse: {@code %name: type loc(...)?}; loc may be null. */
    record RegionArgument(OperandRef name, Type type, LocationRef location) {}

    /** {@return offset of the current token} */
    int offset();

    /** {@return end offset of the last consumed token} */
    int previousEnd();

    /** {@return the text of the whole buffer (to look at spacing, never to re-parse)} */
    String text();

    /**
     * An error at the current token (like MLIR, moved back before a line break).
     *
     * @param message the error text
     * @return the failure, to throw
     */
    RuntimeException error(String message);

    /**
     * An error at a character offset.
     *
     * @param offset the character offset
     * @param message the error text
     * @return the failure, to throw
     */
    RuntimeException errorAt(int offset, String message);

    /**
     * Adds a further error to a failure of this parser, as MLIR reports a custom parser's own message after the
     * error of the token it could not read; {@code fromOp} prefixes it like {@link #errorAt}. Returns
     * {@code failure}.
     *
     * @param failure a failure of this parser
     * @param offset where the further error is
     * @param message its text
     * @param fromOp whether it comes from the op's own parser
     * @return the failure to throw
     */
    RuntimeException withFollowUp(RuntimeException failure, int offset, String message, boolean fromOp);

    /**
     * Consumes punctuation such as {@code ,}, {@code (}, {@code ->} when it is next.
     *
     * @param punctuation the punctuation
     * @return whether it was consumed
     */
    boolean consumeIf(String punctuation);

    /**
     * Consumes the punctuation or fails with {@code expected 'p'}.
     *
     * @param punctuation the punctuation
     */
    void expect(String punctuation);

    /** {@return the next token when it is a bare identifier (keyword), else null} */
    String peekKeyword();

    /**
     * Consumes the bare identifier {@code keyword} when it is next.
     *
     * @param keyword the keyword
     * @return whether it was consumed
     */
    boolean consumeKeyword(String keyword);

    /**
     * Consumes the bare identifier {@code keyword} or fails with {@code expected 'keyword'}.
     *
     * @param keyword the keyword
     */
    void expectKeyword(String keyword);

    /**
     * Consumes and returns a bare identifier or fails with {@code message}.
     *
     * @param message the error text
     * @return the identifier
     */
    String parseKeyword(String message);

    /**
     * A bare identifier or a string literal (MLIR's {@code parseKeywordOrString}).
     *
     * @param message the error text
     * @return the identifier or the string's value
     */
    String parseKeywordOrString(String message);

    /** {@return whether the next token is {@code %name}} */
    boolean atOperand();

    /**
     * Parses an SSA use {@code %name} or {@code %name#n}.
     *
     * @return the unresolved use
     */
    OperandRef parseOperand();

    /** {@return the parsed {@code %name}, without a {@code #n} suffix (block arguments)} */
    OperandRef parseArgumentName();

    /**
     * Resolves (or forward-declares) a use with its type.
     *
     * @param ref the use
     * @param type its type
     * @return the value
     */
    Value resolve(OperandRef ref, Type type);

    /**
     * Resolves uses to values; fails with {@code N operands present, but expected M} at {@code at}.
     *
     * @param refs the uses
     * @param types their types
     * @param at the offset to report a count mismatch at
     * @return the values
     */
    List<Value> resolve(List<OperandRef> refs, List<Type> types, int at);

    /**
     * Parses a type.
     *
     * @return the type
     */
    Type parseType();

    /** {@return the types of the parsed {@code type (, type)*}} */
    List<Type> parseTypeList();

    /** {@return whether the next token starts a type} */
    boolean atType();

    /**
     * An attribute; {@code type} is the expected type of a typed literal, or null.
     *
     * @param type the expected type, or null
     * @return the attribute
     */
    Attribute parseAttribute(Type type);

    /** {@return the parsed {@code {...}} when next, else the empty dictionary} */
    DictionaryAttr parseOptionalAttrDict();

    /** {@return the parsed {@code attributes {...}} when next, else the empty dictionary} */
    DictionaryAttr parseOptionalAttrDictWithKeyword();

    /** {@return the parsed signed decimal or hex integer} */
    long parseInteger();

    /** {@return the name of the parsed {@code @name} or {@code @"name"}} */
    String parseSymbolName();

    /** {@return whether the next token is {@code @name}} */
    boolean atSymbolName();

    /** {@return the location of an optional {@code loc(...)} specifier, or null} */
    LocationRef parseOptionalLocationSpecifier();

    /**
     * Passes the location to {@code setter} now, or once its forward-referenced alias is defined.
     *
     * @param ref the parsed location specifier
     * @param setter receives the location
     */
    void applyLocation(LocationRef ref, java.util.function.Consumer<Location> setter);

    /**
     * Location of a source offset.
     *
     * @param offset the character offset
     * @return the location
     */
    Location locationOf(int offset);

    /**
     * The interned op name {@code fullName} of the context being parsed into.
     *
     * @param fullName the full op name
     * @return the interned name
     */
    org.stablehlo4j.ir.OperationName opName(String fullName);

    /**
     * A region {@code { ... }} that is not isolated from above; {@code entryArgs} (may be null) become the entry
     * block's arguments.
     *
     * @param entryArgs the entry block's arguments, or null
     * @return the region's blocks
     */
    List<Block> parseRegion(List<RegionArgument> entryArgs);

    /** {@return whether the next token starts a region} */
    boolean atRegion();

    /**
     * Builds the op like the generic form does (attribute entries of inherent attributes move into properties),
     * attaches the regions and reads a trailing {@code loc(...)}.
     *
     * @param name the full op name
     * @param operands the operands
     * @param resultTypes the result types
     * @param properties the inherent attributes
     * @param attributes the attributes (inherent ones move to the properties)
     * @param regions each region's blocks
     * @param opStart the op's start offset
     * @return the op
     */
    Operation build(String name, List<Value> operands, List<Type> resultTypes, DictionaryAttr properties,
                    DictionaryAttr attributes, List<List<Block>> regions, int opStart);

    /**
     * A {@link DialectAsmParser} over this parser's lexer (one grammar for a dialect's attribute parsers inside
     * op syntax): its errors are this custom op's errors.
     *
     * @return the parser
     */
    DialectAsmParser dialectParser();
}
