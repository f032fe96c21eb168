package org.stablehlo4j.asm;

import static org.stablehlo4j.asm.PrinterText.*;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The emitter: modules, ops (pretty and generic forms), blocks and regions, and the {@link AsmPrinterContext}
 * that pretty printers write through. It is composed of the parts of a print, each made once per print and
 * knowing nothing of the others' insides: the op plans ({@link PrinterOpPlans}), the SSA and block names
 * ({@link PrinterNames}, numbered before anything is written), the aliases ({@link PrinterAliases}, chosen by
 * the alias pass, {@link PrinterAliasPass}) and the emitter of attributes, types and locations
 * ({@link AttrTypePrinter}, which shares the output buffer and writes the aliases).
 */
final class AsmPrinterImpl implements AsmPrinterContext {
    static final int INDENT_WIDTH = 2;

    private final StringBuilder out;
    private final AttrTypePrinter attrTypes;
    private final PrinterNames names;
    private final PrinterOpPlans plans;
    private final boolean generic;
    private final boolean debugInfo;
    private int indent;
    /** The default dialect of each enclosing region's op (whose prefix op names may leave out). */
    private final Deque<String> defaultDialects = new ArrayDeque<>();
    private final Map<Region, Map<Block, List<Block>>> predecessorCache = new IdentityHashMap<>();

    private AsmPrinterImpl(PrinterOpPlans plans, PrinterNames names, AttrTypePrinter attrTypes, PrintOptions options) {
        this.out = attrTypes.out;
        this.attrTypes = attrTypes;
        this.names = names;
        this.plans = plans;
        this.generic = options.generic();
        this.debugInfo = options.debugInfo();
        defaultDialects.push("builtin");
    }

    // ------------------------------------------------------------------ top level

    /**
     * Prints {@code module} into {@code out} as {@link AsmPrinter#print(Context, ModuleOp, PrintOptions)}
     * describes, streaming it to {@code sink} if that is not null: numbers the values, chooses the aliases,
     * then emits.
     */
    static void printModule(Context context, ModuleOp module, PrintOptions options, StringBuilder out,
                            PrinterSink sink) {
        Operation top = module.op();
        PrinterOpPlans plans = new PrinterOpPlans(context);
        PrinterAliases aliases = options.localScope() ? null : new PrinterAliases(context);
        PrinterCollector collector = aliases == null ? null : new PrinterCollector(aliases);
        // Without debug info the numbering's walk also tells whether the alias pass can find anything.
        boolean prescan = collector != null && !options.debugInfo();
        PrinterNames names = new PrinterNames(plans, top, options.generic(), prescan ? collector::prescanOp : null);
        boolean collect = collector != null && (options.debugInfo() || collector.prescanFound);
        if (collect) {
            new PrinterAliasPass(plans, collector, options).visitOp(top);
            aliases.finish();
        }
        AttrTypePrinter attrTypes = new AttrTypePrinter(out, sink, aliases);
        AsmPrinterImpl printer = new AsmPrinterImpl(plans, names, attrTypes, options);
        if (collect) attrTypes.printAliases(false);
        printer.printFullOp(top);
        out.append('\n');
        if (!options.localScope()) {
            attrTypes.printAliases(true);
            printer.printResources(module);
            out.append('\n');
        }
        attrTypes.flushAll();
    }

    /** Prints {@code op} alone, in local scope, as MLIR streams it into a diagnostic. */
    static void printLocalOp(Context context, Operation op, StringBuilder out) {
        PrinterOpPlans plans = new PrinterOpPlans(context);
        PrinterNames names = new PrinterNames(plans, op, false, null);
        AttrTypePrinter attrTypes = new AttrTypePrinter(out, null, null);
        new AsmPrinterImpl(plans, names, attrTypes, new PrintOptions(false, false, true)).printFullOp(op);
    }

    /** One resource entry: its group (dialect or external name), key, and how to write its value. */
    record ResourceEntry(String group, String key, Runnable value) {}

    void printResources(ModuleOp module) {
        List<ResourceEntry> dialectEntries = new ArrayList<>();
        Map<String, ResourceBlob> builtin = module.dialectResources().get("builtin");
        if (builtin != null) {
            for (String key : attrTypes.referencedResources) {
                ResourceBlob blob = builtin.get(key);
                if (blob != null) dialectEntries.add(new ResourceEntry("builtin", key, () -> printBlob(blob)));
            }
        }
        for (Map.Entry<String, Map<String, ResourceBlob>> d : module.dialectResources().entrySet()) {
            if (d.getKey().equals("builtin")) continue;
            for (Map.Entry<String, ResourceBlob> e : d.getValue().entrySet()) {
                dialectEntries.add(new ResourceEntry(d.getKey(), e.getKey(), () -> printBlob(e.getValue())));
            }
        }
        List<ResourceEntry> externalEntries = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> d : module.externalResources().entrySet()) {
            for (Map.Entry<String, String> e : d.getValue().entrySet()) {
                externalEntries.add(new ResourceEntry(d.getKey(), e.getKey(), () -> out.append(e.getValue())));
            }
        }
        if (dialectEntries.isEmpty() && externalEntries.isEmpty()) return;
        out.append("\n{-#\n");
        boolean first = printResourceSection("dialect", dialectEntries, true);
        printResourceSection("external", externalEntries, first);
        out.append("\n#-}\n");
    }

    /** Prints one {@code X_resources} group; returns whether nothing has been printed before it. */
    boolean printResourceSection(String kind, List<ResourceEntry> entries, boolean first) {
        if (entries.isEmpty()) return first;
        if (!first) out.append(",\n");
        out.append("  ").append(kind).append("_resources: {\n");
        String current = null;
        for (ResourceEntry e : entries) {
            if (!e.group().equals(current)) {
                if (current != null) out.append("\n    },\n");
                out.append("    ").append(e.group()).append(": {\n");
                current = e.group();
            } else {
                out.append(",\n");
            }
            out.append("      ").append(e.key()).append(": ");
            e.value().run();
        }
        out.append("\n    }\n  }");
        return false;
    }

    /** {@code "0x"} + alignment as 4 little-endian bytes + the data, in upper-case hex. */
    void printBlob(ResourceBlob blob) {
        out.append("\"0x");
        long a = blob.alignment();
        for (int i = 0; i < 4; i++) appendHexByte(out, (int) (a >>> (8 * i)));
        attrTypes.appendBulkHex(blob.rawArray(), blob.offset(), blob.length());
        out.append('"');
    }

    // ------------------------------------------------------------------ operations

    void printFullOp(Operation op) {
        emitIndent();
        if (op.numResults() > 0) {
            // groups start after result 0, so a single result is a single group (no lookup)
            int[] groups = op.numResults() == 1 ? null : names.resultGroups(op);
            if (groups == null) {
                printResultGroup(op, 0, op.numResults());
            } else {
                for (int i = 0; i < groups.length; i++) {
                    if (i > 0) out.append(", ");
                    int end = i + 1 < groups.length ? groups[i + 1] : op.numResults();
                    printResultGroup(op, groups[i], end - groups[i]);
                }
            }
            out.append(" = ");
        }
        AsmPrinterCustomOp custom = customForm(op);
        if (custom != null) custom.print(op, this);
        else printGeneric(op);
        printTrailingLocation(op.location(), true);
    }

    private void printResultGroup(Operation op, int start, int count) {
        names.appendValue(out, op.result(start), false);
        if (count > 1) out.append(':').append(count);
    }

    /**
     * The pretty printer {@code op} is printed with, or null for the generic form. Like MLIR, only registered ops
     * use their custom form, and only when they have the shape their definition declares (MLIR prints an op
     * that fails verification generically).
     */
    private AsmPrinterCustomOp customForm(Operation op) {
        return generic ? null : plans.customForm(op);
    }

    private void printGeneric(Operation op) {
        appendQuoted(out, op.name());
        out.append('(');
        printOperands(op.operands());
        out.append(')');
        if (!op.successors().isEmpty()) {
            out.append('[');
            for (int i = 0; i < op.successors().size(); i++) {
                if (i > 0) out.append(", ");
                printSuccessor(op.successors().get(i));
            }
            out.append(']');
        }
        if (!op.properties().isEmpty()) {
            out.append(" <");
            printAttribute(op.properties());
            out.append('>');
        }
        if (op.numRegions() > 0) {
            out.append(" (");
            for (int i = 0; i < op.numRegions(); i++) {
                if (i > 0) out.append(", ");
                printRegion(op.region(i), true, true, true);
            }
            out.append(')');
        }
        printOptionalAttrDict(op.attributes().entries(), List.of());
        out.append(" : ");
        printFunctionalType(op);
    }

    private void printTrailingLocation(Location loc, boolean allowAlias) {
        if (!debugInfo) return;
        out.append(' ');
        attrTypes.printLocation(loc, allowAlias);
    }

    @Override
    public void printRegion(Region region, boolean printEntryBlockArgs, boolean printBlockTerminators,
                            boolean printEmptyBlock) {
        out.append("{\n");
        if (!region.isEmpty()) {
            AsmPrinterCustomOp parentPrinter = region.parent() == null ? null : customForm(region.parent());
            defaultDialects.push(parentPrinter == null ? "" : parentPrinter.defaultDialect());
            try {
                Block entry = region.entry();
                boolean header = (printEmptyBlock && entry.operations().isEmpty())
                        || (printEntryBlockArgs && entry.numArguments() != 0);
                printBlock(entry, header, printBlockTerminators);
                List<Block> blocks = region.blocks();
                for (int i = 1; i < blocks.size(); i++) printBlock(blocks.get(i), true, true);
            } finally {
                defaultDialects.pop();
            }
        }
        emitIndent();
        out.append('}');
    }

    private void printBlock(Block block, boolean printHeader, boolean printTerminator) {
        if (printHeader) {
            emitIndent();
            out.append(names.blockName(block));
            if (block.numArguments() > 0) {
                out.append('(');
                for (int i = 0; i < block.numArguments(); i++) {
                    if (i > 0) out.append(", ");
                    BlockArgument a = block.argument(i);
                    printOperand(a);
                    out.append(": ");
                    printType(a.type());
                    printTrailingLocation(a.location(), false);
                }
                out.append(')');
            }
            out.append(':');
            printPredecessorComment(block);
            out.append('\n');
        }
        indent += INDENT_WIDTH;
        Operation stop = plans.stopBefore(block, printTerminator);
        for (Operation op = block.first(); op != null && op != stop; op = op.next()) {
            printFullOp(op);
            out.append('\n');
            attrTypes.maybeFlush();
        }
        indent -= INDENT_WIDTH;
    }

    private void printPredecessorComment(Block block) {
        Region region = block.parent();
        if (region == null) {
            out.append("  // block is not in a region!");
            return;
        }
        List<Block> preds = predecessors(region).getOrDefault(block, List.of());
        if (preds.isEmpty()) {
            if (region.entry() != block) out.append("  // no predecessors");
        } else if (preds.size() == 1) {
            out.append("  // pred: ").append(names.blockName(preds.get(0)));
        } else {
            List<Block> sorted = new ArrayList<>(preds);
            sorted.sort((a, b) -> Integer.compare(names.blockOrder(a), names.blockOrder(b)));
            out.append("  // ").append(sorted.size()).append(" preds: ");
            for (int i = 0; i < sorted.size(); i++) {
                if (i > 0) out.append(", ");
                out.append(names.blockName(sorted.get(i)));
            }
        }
    }

    private Map<Block, List<Block>> predecessors(Region region) {
        return predecessorCache.computeIfAbsent(region, r -> {
            Map<Block, List<Block>> preds = new IdentityHashMap<>();
            for (Block b : r.blocks()) {
                for (Operation op : b.operations()) {
                    for (Block s : op.successors()) preds.computeIfAbsent(s, k -> new ArrayList<>()).add(b);
                }
            }
            return preds;
        });
    }

    private void emitIndent() {
        for (int i = 0; i < indent; i++) out.append(' ');
    }

    // ------------------------------------------------------------------ AsmPrinterContext

    @Override
    public AsmPrinterContext append(String text) {
        out.append(text);
        return this;
    }

    @Override
    public void printOperand(Value value) {
        names.appendValue(out, value, true);
    }

    @Override
    public void printOperands(List<? extends Value> values) {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) out.append(", ");
            names.appendValue(out, values.get(i), true);
        }
    }

    @Override
    public void printType(Type type) {
        attrTypes.printType(type);
    }

    @Override
    public void printTypes(List<? extends Type> types) {
        attrTypes.printTypes(types);
    }

    @Override
    public void printAttribute(Attribute attribute) {
        attrTypes.printAttribute(attribute, AttrTypePrinter.Elision.NEVER);
    }

    @Override
    public void printAttributeWithoutType(Attribute attribute) {
        attrTypes.printAttribute(attribute, AttrTypePrinter.Elision.MUST);
    }

    @Override
    public void printOptionalAttrDict(List<NamedAttribute> attrs, List<String> elided) {
        printAttrDict(attrs, elided, false);
    }

    @Override
    public void printOptionalAttrDictWithKeyword(List<NamedAttribute> attrs, List<String> elided) {
        printAttrDict(attrs, elided, true);
    }

    private void printAttrDict(List<NamedAttribute> attrs, List<String> elided, boolean keyword) {
        int n = attrs.size();
        if (n == 0) return;
        boolean any = false;
        for (int i = 0; i < n && !any; i++) any = !elided.contains(attrs.get(i).name());
        if (!any) return;
        if (keyword) out.append(" attributes");
        out.append(" {");
        boolean first = true;
        for (int i = 0; i < n; i++) {
            NamedAttribute na = attrs.get(i);
            if (elided.contains(na.name())) continue;
            if (!first) out.append(", ");
            first = false;
            attrTypes.printNamedAttribute(na);
        }
        out.append('}');
    }

    @Override
    public void printRegionArgument(BlockArgument arg, DictionaryAttr attrs, boolean omitType) {
        printOperand(arg);
        if (!omitType) {
            out.append(": ");
            printType(arg.type());
        }
        if (attrs != null) printOptionalAttrDict(attrs.entries(), List.of());
        printTrailingLocation(arg.location(), false);
    }

    @Override
    public void printSymbolName(String name) {
        appendSymbol(out, name);
    }

    @Override
    public void printKeywordOrString(String keyword) {
        appendKeywordOrString(out, keyword);
    }

    @Override
    public void printString(String text) {
        appendQuoted(out, text);
    }

    @Override
    public void printFunctionalType(Operation op) {
        out.append('(');
        for (int i = 0, n = op.numOperands(); i < n; i++) {
            if (i > 0) out.append(", ");
            printType(op.operand(i).type());
        }
        out.append(") -> ");
        int results = op.numResults();
        boolean wrap = results != 1 || op.result(0).type() instanceof FunctionType;
        if (wrap) out.append('(');
        for (int i = 0; i < results; i++) {
            if (i > 0) out.append(", ");
            printType(op.result(i).type());
        }
        if (wrap) out.append(')');
    }

    @Override
    public void printFunctionalType(List<? extends Type> inputs, List<? extends Type> results) {
        out.append('(');
        printTypes(inputs);
        out.append(')');
        printArrowTypeList(results);
    }

    @Override
    public void printArrowTypeList(List<? extends Type> types) {
        out.append(" -> ");
        boolean wrap = types.size() != 1 || types.get(0) instanceof FunctionType;
        if (wrap) out.append('(');
        printTypes(types);
        if (wrap) out.append(')');
    }

    @Override
    public void printSuccessor(Block block) {
        out.append(names.blockName(block));
    }

    @Override
    public void printSuccessorAndUseList(Block block, List<? extends Value> operands) {
        printSuccessor(block);
        if (operands.isEmpty()) return;
        out.append('(');
        printOperands(operands);
        out.append(" : ");
        for (int i = 0; i < operands.size(); i++) {
            if (i > 0) out.append(", ");
            printType(operands.get(i).type());
        }
        out.append(')');
    }

    @Override
    public void printOpName(Operation op) {
        String name = op.name();
        String dialect = defaultDialects.peek();
        int n = dialect == null ? 0 : dialect.length();
        if (n > 0 && name.length() > n && name.charAt(n) == '.' && name.startsWith(dialect)
                && name.indexOf('.', n + 1) < 0) {
            out.append(name, n + 1, name.length());
        } else {
            out.append(name);
        }
    }

    @Override
    public void printOptionalLocationSpecifier(Location loc) {
        printTrailingLocation(loc, true);
    }

    @Override
    public void shadowRegionArgs(Region region, List<? extends Value> namesToUse) {
        names.shadow(region, namesToUse);
    }

    @Override
    public void printNewline() {
        out.append('\n');
        emitIndent();
    }

    @Override
    public void increaseIndent() {
        indent += INDENT_WIDTH;
    }

    @Override
    public void decreaseIndent() {
        indent -= INDENT_WIDTH;
    }
}
