package org.stablehlo4j.asm;

import static org.stablehlo4j.asm.PrinterText.*;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
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
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.Value;

/**
 * The printing engine: modules, ops (pretty and generic forms), blocks and regions, and the
 * {@link AsmPrinterContext} that pretty printers write through; types, attributes and locations are
 * {@link PrinterValues}'. One instance prints one module (or one standalone type/attribute).
 */
final class AsmPrinterImpl extends PrinterValues {
    AsmPrinterImpl(org.stablehlo4j.ir.Context context, StringBuilder out, PrintOptions options, Operation top) {
        this(context, out, null, options, top);
    }

    AsmPrinterImpl(org.stablehlo4j.ir.Context context, StringBuilder out, PrinterSink sink, PrintOptions options,
                   Operation top) {
        super(context, out, sink, options, top);
    }

    // ------------------------------------------------------------------ top level

    void printModule(ModuleOp module) {
        Operation top = module.op();
        if (aliases != null && (options.debugInfo() || collector.prescanFound)) {
            collecting = true;
            printCustomOrGeneric(top);
            collecting = false;
            aliases.finish();
            referencedResources.clear();
            printAliases(false);
        }
        printFullOp(top);
        if (options.localScope()) {
            out.append('\n');
            return;
        }
        out.append('\n');
        printAliases(true);
        printResources(module);
        out.append('\n');
    }

    void printAliases(boolean deferred) {
        for (Map.Entry<Object, PrinterAliases.Alias> e : aliases.all().entrySet()) {
            if (e.getValue().deferred() != deferred) continue;
            out.append(e.getValue().name()).append(" = ");
            if (e.getKey() instanceof Type t) printTypeImpl(t);
            else printAttributeImpl((Attribute) e.getKey(), Elision.NEVER);
            out.append('\n');
        }
    }

    /** One resource entry: its group (dialect or external name), key, and how to write its value. */
    record ResourceEntry(String group, String key, Runnable value) {}

    void printResources(ModuleOp module) {
        List<ResourceEntry> dialectEntries = new ArrayList<>();
        Map<String, ResourceBlob> builtin = module.dialectResources().get("builtin");
        if (builtin != null) {
            for (String key : referencedResources) {
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
        appendBulkHex(blob.rawArray(), blob.offset(), blob.length());
        out.append('"');
    }

    // ------------------------------------------------------------------ operations

    void printFullOp(Operation op) {
        emitIndent(indent);
        if (op.numResults() > 0 && !collecting) {
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
        printCustomOrGeneric(op);
        printTrailingLocation(op.location(), true);
    }

    void printResultGroup(Operation op, int start, int count) {
        names.appendValue(out, op.result(start), false);
        if (count > 1) out.append(':').append(count);
    }

    void printCustomOrGeneric(Operation op) {
        if (collecting && options.debugInfo()) collector.visit(op.location(), true, false);
        AsmPrinterCustomOp custom = customForm(op);
        if (custom != null) {
            custom.print(op, this);
            return;
        }
        if (collecting) collectGeneric(op);
        else printGeneric(op);
    }

    /**
     * The pretty printer {@code op} is printed with, or null for the generic form. Like MLIR, only registered ops
     * use their custom form, and only when they have the shape their definition declares (MLIR prints an op
     * that fails verification generically).
     */
    private AsmPrinterCustomOp customForm(Operation op) {
        return options.generic() ? null : plans.customForm(op);
    }

    /** What the alias pass visits for a generic op: regions, operand and result types, then attributes. */
    void collectGeneric(Operation op) {
        for (Region r : op.regions()) printRegion(r, true, true, true);
        for (Value v : op.operands()) collector.visit(v.type(), false, false);
        for (Value v : op.results()) collector.visit(v.type(), false, false);
        for (NamedAttribute na : allAttributes(op)) collector.visit(na.value(), false, false);
    }

    void printGeneric(Operation op) {
        printEscapedString(op.name());
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

    @Override
    public void printRegion(Region region, boolean printEntryBlockArgs, boolean printBlockTerminators,
                            boolean printEmptyBlock) {
        append("{\n");
        if (!region.isEmpty()) {
            AsmPrinterCustomOp parentPrinter = region.parent() == null ? null : customForm(region.parent());
            defaultDialects.push(parentPrinter == null ? "" : parentPrinter.defaultDialect());
            try {
                Block entry = region.entry();
                boolean header = collecting ? printEntryBlockArgs : (printEmptyBlock && entry.operations().isEmpty())
                        || (printEntryBlockArgs && entry.numArguments() != 0);
                printBlock(entry, header, printBlockTerminators);
                List<Block> blocks = region.blocks();
                for (int i = 1; i < blocks.size(); i++) printBlock(blocks.get(i), true, true);
            } finally {
                defaultDialects.pop();
            }
        }
        emitIndent(indent);
        append("}");
    }

    void printBlock(Block block, boolean printHeader, boolean printTerminator) {
        if (printHeader) {
            if (collecting) {
                for (BlockArgument a : block.arguments()) {
                    collector.visit(a.type(), false, false);
                    if (options.debugInfo()) collector.visit(a.location(), false, false);
                }
            } else {
                emitIndent(indent);
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
        }
        indent += INDENT_WIDTH;
        Operation stop = null;
        if (!printTerminator && block.last() != null) {
            AsmPrinterCustomOp last = plans.plan(block.last().name()).printer();
            if (last != null && last.isTerminator()) stop = block.last();
        }
        for (Operation op = block.first(); op != null && op != stop; op = op.next()) {
            if (collecting) {
                printCustomOrGeneric(op);
            } else {
                printFullOp(op);
                out.append('\n');
                maybeFlush();
            }
        }
        indent -= INDENT_WIDTH;
    }

    void printPredecessorComment(Block block) {
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

    Map<Block, List<Block>> predecessors(Region region) {
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

    // ------------------------------------------------------------------ AsmPrinterContext

    @Override
    public AsmPrinterContext append(String text) {
        if (!collecting) out.append(text);
        return this;
    }

    @Override
    public void printOperand(Value value) {
        if (!collecting) names.appendValue(out, value, true);
    }

    @Override
    public void printOperands(List<? extends Value> values) {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) append(", ");
            printOperand(values.get(i));
        }
    }

    @Override
    public void printType(Type type) {
        if (collecting) {
            collector.visit(type, collector.childDeferrable, false);
            return;
        }
        PrinterAliases.Alias a = aliases == null || aliases.none() ? null : aliases.alias(type);
        if (a != null) out.append(a.name());
        else printTypeImpl(type);
    }

    @Override
    public void printTypes(List<? extends Type> types) {
        for (int i = 0; i < types.size(); i++) {
            if (i > 0) append(", ");
            printType(types.get(i));
        }
    }

    @Override
    public void printAttribute(Attribute attribute) {
        printAttribute(attribute, Elision.NEVER);
    }

    @Override
    public void printAttributeWithoutType(Attribute attribute) {
        printAttribute(attribute, Elision.MUST);
    }

    void printAttribute(Attribute attr, Elision elision) {
        if (collecting) {
            collector.visit(attr, collector.childDeferrable, elision == Elision.MUST);
            return;
        }
        PrinterAliases.Alias a = aliases == null || aliases.none() ? null : aliases.alias(attr);
        if (a != null) out.append(a.name());
        else printAttributeImpl(attr, elision);
    }

    @Override
    public void printOptionalAttrDict(List<NamedAttribute> attrs, List<String> elided) {
        printAttrDict(attrs, elided, false);
    }

    @Override
    public void printOptionalAttrDictWithKeyword(List<NamedAttribute> attrs, List<String> elided) {
        printAttrDict(attrs, elided, true);
    }

    void printAttrDict(List<NamedAttribute> attrs, List<String> elided, boolean keyword) {
        int n = attrs.size();
        if (n == 0) return;
        boolean any = false;
        for (int i = 0; i < n && !any; i++) any = !elided.contains(attrs.get(i).name());
        if (!any) return;
        if (collecting) {
            for (int i = 0; i < n; i++) {
                NamedAttribute na = attrs.get(i);
                if (!elided.contains(na.name())) collector.visit(na.value(), false, false);
            }
            return;
        }
        if (keyword) out.append(" attributes");
        out.append(" {");
        boolean first = true;
        for (int i = 0; i < n; i++) {
            NamedAttribute na = attrs.get(i);
            if (elided.contains(na.name())) continue;
            if (!first) out.append(", ");
            first = false;
            printNamedAttribute(na);
        }
        out.append('}');
    }

    void printNamedAttributes(List<NamedAttribute> entries) {
        for (int i = 0; i < entries.size(); i++) {
            if (i > 0) out.append(", ");
            printNamedAttribute(entries.get(i));
        }
    }

    private void printNamedAttribute(NamedAttribute na) {
        printKeywordOrString(na.name());
        if (na.value() instanceof UnitAttr) return;
        out.append(" = ");
        printAttribute(na.value());
    }

    @Override
    public List<NamedAttribute> allAttributes(Operation op) {
        if (op.properties().isEmpty()) return op.attributes().entries();
        if (op.attributes().isEmpty()) return op.properties().entries();
        List<NamedAttribute> all = new ArrayList<>(op.attributes().entries());
        all.addAll(op.properties().entries());
        return DictionaryAttr.of(all).entries();
    }

    @Override
    public void printRegionArgument(BlockArgument arg, DictionaryAttr attrs, boolean omitType) {
        if (collecting) {
            // MLIR's alias pass looks at the argument's type and location only.
            collector.visit(arg.type(), false, false);
            if (options.debugInfo()) collector.visit(arg.location(), false, false);
            return;
        }
        printOperand(arg);
        if (!omitType) {
            append(": ");
            printType(arg.type());
        }
        if (attrs != null) printOptionalAttrDict(attrs.entries(), List.of());
        printTrailingLocation(arg.location(), false);
    }

    @Override
    public void printSymbolName(String name) {
        if (!collecting) appendSymbol(out, name);
    }

    @Override
    public void printKeywordOrString(String keyword) {
        if (!collecting) appendKeywordOrString(out, keyword);
    }

    @Override
    public void printString(String text) {
        if (!collecting) printEscapedString(text);
    }

    @Override
    public void printFunctionalType(Operation op) {
        List<Type> in = new ArrayList<>(op.numOperands());
        for (Value v : op.operands()) in.add(v.type());
        List<Type> res = new ArrayList<>(op.numResults());
        for (Value v : op.results()) res.add(v.type());
        printFunctionalType(in, res);
    }

    @Override
    public void printFunctionalType(List<? extends Type> inputs, List<? extends Type> results) {
        append("(");
        printTypes(inputs);
        append(")");
        printArrowTypeList(results);
    }

    @Override
    public void printArrowTypeList(List<? extends Type> types) {
        append(" -> ");
        boolean wrap = types.size() != 1 || types.get(0) instanceof FunctionType;
        if (wrap) append("(");
        printTypes(types);
        if (wrap) append(")");
    }

    @Override
    public void printSuccessor(Block block) {
        append(names.blockName(block));
    }

    @Override
    public void printSuccessorAndUseList(Block block, List<? extends Value> operands) {
        printSuccessor(block);
        if (operands.isEmpty()) return;
        append("(");
        printOperands(operands);
        append(" : ");
        for (int i = 0; i < operands.size(); i++) {
            if (i > 0) append(", ");
            printType(operands.get(i).type());
        }
        append(")");
    }

    @Override
    public void printOpName(Operation op) {
        if (collecting) return;
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
        if (collecting) {
            if (options.debugInfo()) collector.visit(loc, collector.childDeferrable, false);
            return;
        }
        printTrailingLocation(loc, true);
    }

    @Override
    public void shadowRegionArgs(Region region, List<? extends Value> namesToUse) {
        if (!collecting) names.shadow(region, namesToUse);
    }

    @Override
    public void printNewline() {
        append("\n");
        if (!collecting) emitIndent(indent);
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
