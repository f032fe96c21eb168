package org.stablehlo4j.asm;

import java.util.List;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * What a custom (pretty) op printer writes through; the counterpart of MLIR's {@code OpAsmPrinter}. The same
 * calls are made once in a silent pass that collects aliases, so a printer must not branch on the output.
 */
public interface AsmPrinterContext {
    /**
     * Appends raw text.
     *
     * @param text the text
     * @return this context
     */
    AsmPrinterContext append(String text);

    /**
     * {@code %name}, {@code %0} or {@code %0#1}.
     *
     * @param value the operand
     */
    void printOperand(Value value);

    /**
     * Operands separated by {@code ", "}.
     *
     * @param values the operands
     */
    void printOperands(List<? extends Value> values);

    /**
     * Prints a type (with aliases, if enabled).
     *
     * @param type the type
     */
    void printType(Type type);

    /**
     * Types separated by {@code ", "}.
     *
     * @param types the types
     */
    void printTypes(List<? extends Type> types);

    /**
     * Prints an attribute with its {@code : type} suffix (with aliases, if enabled).
     *
     * @param attribute the attribute
     */
    void printAttribute(Attribute attribute);

    /**
     * The attribute without its {@code : type} suffix.
     *
     * @param attribute the attribute
     */
    void printAttributeWithoutType(Attribute attribute);

    /**
     * {@code " {a = 1, b}"} unless every entry is elided.
     *
     * @param attrs the attributes
     * @param elided names not to print
     */
    void printOptionalAttrDict(List<NamedAttribute> attrs, List<String> elided);

    /**
     * {@code " attributes {a = 1}"} unless every entry is elided.
     *
     * @param attrs the attributes
     * @param elided names not to print
     */
    void printOptionalAttrDictWithKeyword(List<NamedAttribute> attrs, List<String> elided);

    /**
     * Properties and discardable attributes of {@code op}, merged and sorted as MLIR's {@code getAttrs()}.
     *
     * @param op the op
     * @return the attributes
     */
    default List<NamedAttribute> allAttributes(Operation op) {
        if (op.properties().isEmpty()) return op.attributes().entries();
        if (op.attributes().isEmpty()) return op.properties().entries();
        List<NamedAttribute> all = new java.util.ArrayList<>(op.attributes().entries());
        all.addAll(op.properties().entries());
        return DictionaryAttr.of(all).entries();
    }

    /**
     * {@code {\n ... }} with the region's blocks, indented.
     *
     * @param region the region
     * @param printEntryBlockArgs whether to print the entry block's header
     * @param printBlockTerminators whether to print terminators
     * @param printEmptyBlock whether to print an empty entry block
     */
    void printRegion(Region region, boolean printEntryBlockArgs, boolean printBlockTerminators,
                     boolean printEmptyBlock);

    /**
     * {@code %arg0: type {attrs} loc(...)} as in a function signature.
     *
     * @param arg the argument
     * @param attrs its attributes, or null
     * @param omitType whether to leave out {@code : type}
     */
    void printRegionArgument(BlockArgument arg, DictionaryAttr attrs, boolean omitType);

    /**
     * {@code @name} (quoted if needed).
     *
     * @param name the symbol's name
     */
    void printSymbolName(String name);

    /**
     * Prints {@code keyword} bare if it is a valid identifier, else as a quoted string.
     *
     * @param keyword the text
     */
    void printKeywordOrString(String keyword);

    /**
     * A quoted, escaped string.
     *
     * @param text the string's value
     */
    void printString(String text);

    /**
     * {@code (operand types) -> result types} for {@code op}.
     *
     * @param op the op
     */
    void printFunctionalType(Operation op);

    /**
     * {@code (inputs) -> results} with MLIR's parenthesization of the results.
     *
     * @param inputs the input types
     * @param results the result types
     */
    void printFunctionalType(List<? extends Type> inputs, List<? extends Type> results);

    /**
     * {@code " -> " results}, parenthesized unless a single non-function type.
     *
     * @param types the result types
     */
    void printArrowTypeList(List<? extends Type> types);

    /**
     * Prints a successor block's name {@code ^bb0}.
     *
     * @param block the successor
     */
    void printSuccessor(Block block);

    /**
     * Prints a successor with its operands, {@code ^bb0(%0 : type)}.
     *
     * @param block the successor
     * @param operands the values passed to it
     */
    void printSuccessorAndUseList(Block block, List<? extends Value> operands);

    /**
     * Prints the op name, dropping the enclosing default dialect prefix when unambiguous.
     *
     * @param op the op
     */
    void printOpName(Operation op);

    /**
     * {@code " loc(...)"} when debug info is printed.
     *
     * @param loc the location
     */
    void printOptionalLocationSpecifier(Location loc);

    /**
     * Renames the entry arguments of {@code region} (of an isolated-from-above op) to the printed names of
     * {@code namesToUse}, as MLIR's {@code shadowRegionArgs}.
     *
     * @param region the region
     * @param namesToUse the values whose names the arguments get
     */
    void shadowRegionArgs(Region region, List<? extends Value> namesToUse);

    /** Newline followed by the current indentation. */
    void printNewline();

    /** Indents the following lines one more level. */
    void increaseIndent();

    /** Indents the following lines one level less. */
    void decreaseIndent();
}
