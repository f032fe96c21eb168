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
    /** Appends raw text. */
    AsmPrinterContext append(String text);

    /** {@code %name}, {@code %0} or {@code %0#1}. */
    void printOperand(Value value);

    /** Operands separated by {@code ", "}. */
    void printOperands(List<? extends Value> values);

    void printType(Type type);

    /** Types separated by {@code ", "}. */
    void printTypes(List<? extends Type> types);

    void printAttribute(Attribute attribute);

    /** The attribute without its {@code : type} suffix. */
    void printAttributeWithoutType(Attribute attribute);

    /** {@code " {a = 1, b}"} unless every entry is elided. */
    void printOptionalAttrDict(List<NamedAttribute> attrs, List<String> elided);

    /** {@code " attributes {a = 1}"} unless every entry is elided. */
    void printOptionalAttrDictWithKeyword(List<NamedAttribute> attrs, List<String> elided);

    /** Properties and discardable attributes of {@code op}, merged and sorted as MLIR's {@code getAttrs()}. */
    List<NamedAttribute> allAttributes(Operation op);

    /** {@code {\n ... }} with the region's blocks, indented. */
    void printRegion(Region region, boolean printEntryBlockArgs, boolean printBlockTerminators,
                     boolean printEmptyBlock);

    /** {@code %arg0: type {attrs} loc(...)} as in a function signature. */
    void printRegionArgument(BlockArgument arg, DictionaryAttr attrs, boolean omitType);

    /** {@code @name} (quoted if needed). */
    void printSymbolName(String name);

    void printKeywordOrString(String keyword);

    /** A quoted, escaped string. */
    void printString(String text);

    /** {@code (operand types) -> result types} for {@code op}. */
    void printFunctionalType(Operation op);

    /** {@code (inputs) -> results} with MLIR's parenthesization of the results. */
    void printFunctionalType(List<? extends Type> inputs, List<? extends Type> results);

    /** {@code " -> " results}, parenthesized unless a single non-function type. */
    void printArrowTypeList(List<? extends Type> types);

    void printSuccessor(Block block);

    void printSuccessorAndUseList(Block block, List<? extends Value> operands);

    /** Prints the op name, dropping the enclosing default dialect prefix when unambiguous. */
    void printOpName(Operation op);

    /** {@code " loc(...)"} when debug info is printed. */
    void printOptionalLocationSpecifier(Location loc);

    /**
     * Renames the entry arguments of {@code region} (of an isolated-from-above op) to the printed names of
     * {@code namesToUse}, as MLIR's {@code shadowRegionArgs}.
     */
    void shadowRegionArgs(Region region, List<? extends Value> namesToUse);

    /** Newline followed by the current indentation. */
    void printNewline();

    void increaseIndent();

    void decreaseIndent();
}
