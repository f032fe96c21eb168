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
        /** Source offset of the use. */
        int offset();
    }

    /** A parsed {@code loc(...)} specifier; it may name a {@code #loc} alias defined later in the file. */
    interface LocationRef {}

    /** A named entry-block argument of a region to parse: {@code %name: type loc(...)?}; loc may be null. */
    record RegionArgument(OperandRef name, Type type, LocationRef location) {}

    /** Offset of the current token. */
    int offset();

    /** End offset of the last consumed token. */
    int previousEnd();

    /** The text of the whole buffer (to look at spacing, never to re-parse). */
    String text();

    /** An error at the current token (like MLIR, moved back before a line break). */
    RuntimeException error(String message);

    RuntimeException errorAt(int offset, String message);

    /**
     * Adds a further error to a failure of this parser, as MLIR reports a custom parser's own message after the
     * error of the token it could not read; {@code fromOp} prefixes it like {@link #errorAt}. Returns
     * {@code failure}.
     */
    RuntimeException withFollowUp(RuntimeException failure, int offset, String message, boolean fromOp);

    /** Consumes punctuation such as {@code ,}, {@code (}, {@code ->} when it is next. */
    boolean consumeIf(String punctuation);

    /** Consumes the punctuation or fails with {@code expected 'p'}. */
    void expect(String punctuation);

    /** The next token when it is a bare identifier (keyword), else null. */
    String peekKeyword();

    boolean consumeKeyword(String keyword);

    void expectKeyword(String keyword);

    /** Consumes and returns a bare identifier or fails with {@code message}. */
    String parseKeyword(String message);

    /** A bare identifier or a string literal (MLIR's {@code parseKeywordOrString}). */
    String parseKeywordOrString(String message);

    /** Whether the next token is {@code %name}. */
    boolean atOperand();

    OperandRef parseOperand();

    /** {@code %name} without a {@code #n} suffix (block arguments). */
    OperandRef parseArgumentName();

    /** Resolves (or forward-declares) a use with its type. */
    Value resolve(OperandRef ref, Type type);

    /** Resolves uses to values; fails with {@code N operands present, but expected M} at {@code at}. */
    List<Value> resolve(List<OperandRef> refs, List<Type> types, int at);

    Type parseType();

    /** {@code type (, type)*} */
    List<Type> parseTypeList();

    boolean atType();

    /** An attribute; {@code type} is the expected type of a typed literal, or null. */
    Attribute parseAttribute(Type type);

    /** {@code {...}} when next, else the empty dictionary. */
    DictionaryAttr parseOptionalAttrDict();

    /** {@code attributes {...}} when next, else the empty dictionary. */
    DictionaryAttr parseOptionalAttrDictWithKeyword();

    /** A signed decimal or hex integer. */
    long parseInteger();

    /** {@code @name} or {@code @"name"}; returns the name. */
    String parseSymbolName();

    boolean atSymbolName();

    /** An optional {@code loc(...)} specifier, or null. */
    LocationRef parseOptionalLocationSpecifier();

    /** Passes the location to {@code setter} now, or once its forward-referenced alias is defined. */
    void applyLocation(LocationRef ref, java.util.function.Consumer<Location> setter);

    /** Location of a source offset. */
    Location locationOf(int offset);

    /**
     * A region {@code { ... }} that is not isolated from above; {@code entryArgs} (may be null) become the entry
     * block's arguments.
     */
    List<Block> parseRegion(List<RegionArgument> entryArgs);

    /** Whether the next token starts a region. */
    boolean atRegion();

    /**
     * Builds the op like the generic form does (attribute entries of inherent attributes move into properties),
     * attaches the regions and reads a trailing {@code loc(...)}.
     */
    Operation build(String name, List<Value> operands, List<Type> resultTypes, DictionaryAttr properties,
                    DictionaryAttr attributes, List<List<Block>> regions, int opStart);
}
