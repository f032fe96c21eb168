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
 * The alias pass: a silent first print of the module that meets every attribute and type in the order the
 * emitter will print them (MLIR's dummy alias printer), so that the aliases are chosen and numbered before the
 * first line is written. It walks the ops as the emitter does and runs each op's pretty printer
 * against itself; text, names and indentation are dropped, types, attributes and (with debug info) locations go
 * to the {@link PrinterCollector}.
 */
final class PrinterAliasPass implements AsmPrinterContext {
    private final PrinterOpPlans plans;
    private final PrinterCollector collector;
    private final boolean generic;
    private final boolean debugInfo;

    PrinterAliasPass(PrinterOpPlans plans, PrinterCollector collector, PrintOptions options) {
        this.plans = plans;
        this.collector = collector;
        this.generic = options.generic();
        this.debugInfo = options.debugInfo();
    }

    /** Visits {@code op} as its custom or generic form prints it (without its results, which are only names). */
    void visitOp(Operation op) {
        if (debugInfo) collector.visit(op.location(), true, false);
        AsmPrinterCustomOp custom = generic ? null : plans.customForm(op);
        if (custom != null) {
            custom.print(op, this);
            return;
        }
        // the generic form: regions, operand and result types, then attributes
        for (Region r : op.regions()) printRegion(r, true, true, true);
        for (Value v : op.operands()) visit(v.type());
        for (Value v : op.results()) visit(v.type());
        for (NamedAttribute na : allAttributes(op)) visit(na.value());
    }

    /** A symbol met at the level of ops (so not deferrable unless it is an op's location). */
    private void visit(Object symbol) {
        collector.visit(symbol, false, false);
    }

    /** Like MLIR's alias pass, a block header shows only its arguments' types and locations. */
    private void visitBlock(Block block, boolean header, boolean printTerminator) {
        if (header) {
            for (BlockArgument a : block.arguments()) {
                visit(a.type());
                if (debugInfo) visit(a.location());
            }
        }
        Operation stop = plans.stopBefore(block, printTerminator);
        for (Operation op = block.first(); op != null && op != stop; op = op.next()) visitOp(op);
    }

    // ------------------------------------------------------------------ AsmPrinterContext: the symbols

    @Override
    public void printType(Type type) {
        visit(type);
    }

    @Override
    public void printTypes(List<? extends Type> types) {
        for (Type t : types) visit(t);
    }

    @Override
    public void printAttribute(Attribute attribute) {
        visit(attribute);
    }

    @Override
    public void printAttributeWithoutType(Attribute attribute) {
        collector.visit(attribute, false, true);
    }

    @Override
    public void printOptionalAttrDict(List<NamedAttribute> attrs, List<String> elided) {
        for (NamedAttribute na : attrs) if (!elided.contains(na.name())) visit(na.value());
    }

    @Override
    public void printOptionalAttrDictWithKeyword(List<NamedAttribute> attrs, List<String> elided) {
        printOptionalAttrDict(attrs, elided);
    }

    @Override
    public void printRegion(Region region, boolean printEntryBlockArgs, boolean printBlockTerminators,
                            boolean printEmptyBlock) {
        if (region.isEmpty()) return;
        List<Block> blocks = region.blocks();
        visitBlock(blocks.get(0), printEntryBlockArgs, printBlockTerminators);
        for (int i = 1; i < blocks.size(); i++) visitBlock(blocks.get(i), true, true);
    }

    @Override
    public void printRegionArgument(BlockArgument arg, DictionaryAttr attrs, boolean omitType) {
        // MLIR's alias pass looks at the argument's type and location only.
        visit(arg.type());
        if (debugInfo) visit(arg.location());
    }

    @Override
    public void printFunctionalType(Operation op) {
        for (Value v : op.operands()) visit(v.type());
        for (Value v : op.results()) visit(v.type());
    }

    @Override
    public void printFunctionalType(List<? extends Type> inputs, List<? extends Type> results) {
        printTypes(inputs);
        printTypes(results);
    }

    @Override
    public void printArrowTypeList(List<? extends Type> types) {
        printTypes(types);
    }

    @Override
    public void printSuccessorAndUseList(Block block, List<? extends Value> operands) {
        for (Value v : operands) visit(v.type());
    }

    @Override
    public void printOptionalLocationSpecifier(Location loc) {
        if (debugInfo) visit(loc);
    }

    // ------------------------------------------------------------------ AsmPrinterContext: text only

    @Override
    public AsmPrinterContext append(String text) {
        return this;
    }

    @Override
    public void printOperand(Value value) {}

    @Override
    public void printOperands(List<? extends Value> values) {}

    @Override
    public void printSymbolName(String name) {}

    @Override
    public void printKeywordOrString(String keyword) {}

    @Override
    public void printString(String text) {}

    @Override
    public void printSuccessor(Block block) {}

    @Override
    public void printOpName(Operation op) {}

    @Override
    public void shadowRegionArgs(Region region, List<? extends Value> namesToUse) {}

    @Override
    public void printNewline() {}

    @Override
    public void increaseIndent() {}

    @Override
    public void decreaseIndent() {}
}
