package org.stablehlo4j.asm;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stablehlo4j.ir.AffineMapAttr;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DenseStringElementsAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ResourceBlob;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;

/**
 * The printing engine. One instance prints one module (or one standalone type/attribute). It runs either in
 * output mode or in "collect" mode, the silent first pass that visits every attribute and type in print order
 * to choose aliases (mirroring MLIR's dummy alias printer).
 */
final class AsmPrinterImpl implements AsmPrinterContext {
    private static final String HEX = "0123456789ABCDEF";
    private static final int INDENT_WIDTH = 2;
    /** MLIR prints non-splat dense elements as a hex string above this many elements. */
    static final long HEX_ELEMENT_LIMIT = 100;

    private enum Elision { NEVER, MAY, MUST }

    private StringBuilder out;
    /** Where full chunks of output go when streaming (null: everything stays in {@link #out}). */
    private final java.io.Writer sink;
    /** Where op rows and pretty printers come from; null when printing only types/attributes. */
    private final org.stablehlo4j.ir.Context context;
    /** Probe mode: only the shape of dialect bodies matters, so bulk hex data is abbreviated. */
    private boolean probing;
    private static final int FLUSH_CHARS = 1 << 20;
    private final PrintOptions options;
    private final PrinterNames names;
    private final PrinterAliases aliases;
    private boolean collecting;
    private int indent;
    private final Deque<String> defaultDialects = new ArrayDeque<>();
    /** Alias collection: child indices and max depth of the symbol currently being visited. */
    private List<Integer> childSink;
    private int childDepth;
    private boolean childDeferrable;
    /** Resource handles (builtin dialect) in order of first reference. */
    private final Set<String> referencedResources = new LinkedHashSet<>();
    private final Map<Region, Map<Block, List<Block>>> predecessorCache = new IdentityHashMap<>();

    AsmPrinterImpl(org.stablehlo4j.ir.Context context, StringBuilder out, PrintOptions options, Operation top) {
        this(context, out, null, options, top);
    }

    AsmPrinterImpl(org.stablehlo4j.ir.Context context, StringBuilder out, java.io.Writer sink, PrintOptions options,
                   Operation top) {
        this.context = context;
        this.out = out;
        this.sink = sink;
        this.options = options;
        this.names = top == null ? null : new PrinterNames(context, top, options.generic());
        this.aliases = top == null || options.localScope() ? null : new PrinterAliases(context);
        defaultDialects.push("builtin");
    }

    // ------------------------------------------------------------------ top level

    void printModule(ModuleOp module) {
        Operation top = module.op();
        if (aliases != null) {
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

    private void printAliases(boolean deferred) {
        for (Map.Entry<Object, PrinterAliases.Alias> e : aliases.all().entrySet()) {
            if (e.getValue().deferred() != deferred) continue;
            out.append(e.getValue().name()).append(" = ");
            if (e.getKey() instanceof Type t) printTypeImpl(t);
            else printAttributeImpl((Attribute) e.getKey(), Elision.NEVER);
            out.append('\n');
        }
    }

    /** One resource entry: its group (dialect or external name), key, and how to write its value. */
    private record ResourceEntry(String group, String key, Runnable value) {}

    private void printResources(ModuleOp module) {
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
    private boolean printResourceSection(String kind, List<ResourceEntry> entries, boolean first) {
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
    private void printBlob(ResourceBlob blob) {
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
            int[] groups = names.resultGroups(op);
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

    private void printResultGroup(Operation op, int start, int count) {
        names.appendValue(out, op.result(start), false);
        if (count > 1) out.append(':').append(count);
    }

    private void printCustomOrGeneric(Operation op) {
        if (collecting && options.debugInfo()) visit(op.location(), true, false);
        if (!options.generic() && AsmPrinter.isRegistered(context, op.name())) {
            // Like MLIR, only registered ops use their custom form; unregistered ones print generically.
            AsmPrinterCustomOp custom = AsmPrinter.customPrinter(context, op.name());
            if (custom != null && custom.canPrint(op)) {
                custom.print(op, this);
                return;
            }
        }
        if (collecting) collectGeneric(op);
        else printGeneric(op);
    }

    /** What the alias pass visits for a generic op: regions, operand and result types, then attributes. */
    private void collectGeneric(Operation op) {
        for (Region r : op.regions()) printRegion(r, true, true, true);
        for (Value v : op.operands()) visit(v.type(), false, false);
        for (Value v : op.results()) visit(v.type(), false, false);
        for (NamedAttribute na : allAttributes(op)) visit(na.value(), false, false);
    }

    private void printGeneric(Operation op) {
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
            AsmPrinterCustomOp parentPrinter = region.parent() == null ? null
                    : AsmPrinter.customPrinter(context, region.parent().name());
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

    private void printBlock(Block block, boolean printHeader, boolean printTerminator) {
        if (printHeader) {
            if (collecting) {
                for (BlockArgument a : block.arguments()) {
                    visit(a.type(), false, false);
                    if (options.debugInfo()) visit(a.location(), false, false);
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
        List<Operation> ops = block.operations();
        int n = ops.size();
        if (!printTerminator && n > 0) {
            AsmPrinterCustomOp last = AsmPrinter.customPrinter(context, ops.get(n - 1).name());
            if (last != null && last.isTerminator()) n--;
        }
        for (int i = 0; i < n; i++) {
            if (collecting) {
                printCustomOrGeneric(ops.get(i));
            } else {
                printFullOp(ops.get(i));
                out.append('\n');
                maybeFlush();
            }
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
            visit(type, childDeferrable, false);
            return;
        }
        PrinterAliases.Alias a = aliases == null ? null : aliases.alias(type);
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

    private void printAttribute(Attribute attr, Elision elision) {
        if (collecting) {
            visit(attr, childDeferrable, elision == Elision.MUST);
            return;
        }
        PrinterAliases.Alias a = aliases == null ? null : aliases.alias(attr);
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

    private void printAttrDict(List<NamedAttribute> attrs, List<String> elided, boolean keyword) {
        Set<String> skip = new HashSet<>(elided);
        List<NamedAttribute> shown = new ArrayList<>(attrs.size());
        for (NamedAttribute na : attrs) if (!skip.contains(na.name())) shown.add(na);
        if (shown.isEmpty()) return;
        if (collecting) {
            for (NamedAttribute na : shown) visit(na.value(), false, false);
            return;
        }
        if (keyword) out.append(" attributes");
        out.append(" {");
        printNamedAttributes(shown);
        out.append('}');
    }

    private void printNamedAttributes(List<NamedAttribute> entries) {
        for (int i = 0; i < entries.size(); i++) {
            if (i > 0) out.append(", ");
            NamedAttribute na = entries.get(i);
            printKeywordOrString(na.name());
            if (na.value() instanceof UnitAttr) continue;
            out.append(" = ");
            printAttribute(na.value());
        }
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
            visit(arg.type(), false, false);
            if (options.debugInfo()) visit(arg.location(), false, false);
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
        String name = op.name();
        String dialect = defaultDialects.peek();
        if (dialect != null && !dialect.isEmpty() && name.startsWith(dialect + ".")
                && name.indexOf('.') == name.lastIndexOf('.')) {
            name = name.substring(dialect.length() + 1);
        }
        append(name);
    }

    @Override
    public void printOptionalLocationSpecifier(Location loc) {
        if (collecting) {
            if (options.debugInfo()) visit(loc, childDeferrable, false);
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

    // ------------------------------------------------------------------ alias collection

    /** Visits a symbol for aliases (collect mode); returns {depth, index}. */
    private int[] visit(Object symbol, boolean canBeDeferred, boolean elideType) {
        Integer existing = aliases.indexOf(symbol);
        if (existing != null) {
            if (!canBeDeferred) aliases.markNonDeferrable(existing);
            return record(aliases.info(existing).depth, existing);
        }
        int idx = aliases.add(symbol, canBeDeferred);
        List<Integer> savedSink = childSink;
        int savedDepth = childDepth;
        boolean savedDeferrable = childDeferrable;
        childSink = new ArrayList<>();
        childDepth = 0;
        childDeferrable = canBeDeferred;
        try {
            if (symbol instanceof Type t) visitTypeChildren(t);
            else visitAttributeChildren((Attribute) symbol, elideType);
            PrinterAliases.Info info = aliases.info(idx);
            info.children = childSink.stream().mapToInt(Integer::intValue).toArray();
            if (childDepth > 0) info.depth = childDepth + 1;
        } finally {
            childSink = savedSink;
            childDepth = savedDepth;
            childDeferrable = savedDeferrable;
        }
        return record(aliases.info(idx).depth, idx);
    }

    private int[] record(int depth, int idx) {
        if (childSink != null) {
            childSink.add(idx);
            if (depth > childDepth) childDepth = depth;
        }
        return new int[] {depth, idx};
    }

    private void visitChild(Object symbol) {
        visit(symbol, childDeferrable, false);
    }

    private void visitTypeChildren(Type type) {
        if (type instanceof RankedTensorType t) {
            visitChild(t.elementType());
            if (t.encoding() != null) visitChild(t.encoding());
        } else if (type instanceof MemRefType t) {
            visitChild(t.elementType());
            if (t.shape() != null && hasNonIdentityLayout(t)) visitChild(t.layout());
            if (t.memorySpace() != null) visitChild(t.memorySpace());
        } else if (type instanceof UnrankedTensorType t) {
            visitChild(t.elementType());
        } else if (type instanceof org.stablehlo4j.ir.MemRefType m) {
            visitChild(m.elementType());
            if (m.layout() != null) visitChild(m.layout());
            if (m.memorySpace() != null) visitChild(m.memorySpace());
        } else if (type instanceof ComplexType t) {
            visitChild(t.elementType());
        } else if (type instanceof TupleType t) {
            for (Type e : t.types()) visitChild(e);
        } else if (type instanceof FunctionType f) {
            for (Type e : f.inputs()) visitChild(e);
            for (Type e : f.results()) visitChild(e);
        } else if (type instanceof DialectPrintable d) {
            d.printBody(collectSink());
        }
    }

    private void visitAttributeChildren(Attribute attr, boolean elideType) {
        if (attr instanceof DialectPrintable d) {
            d.printBody(collectSink());
            return;
        }
        if (attr instanceof IntegerAttr || attr instanceof FloatAttr || attr instanceof BoolAttr
                || attr instanceof DenseArrayAttr || attr instanceof UnitAttr || attr instanceof AffineMapAttr) {
            return;
        }
        if (attr instanceof DictionaryAttr d) {
            for (NamedAttribute na : d.entries()) {
                visitChild(StringAttr.of(na.name()));
                visitChild(na.value());
            }
        } else if (attr instanceof ArrayAttr a) {
            for (Attribute e : a.elements()) visitChild(e);
        } else if (attr instanceof TypeAttr t) {
            visitChild(t.value());
        } else if (attr instanceof Location.Name n) {
            if (n.child() != null && !(n.child() instanceof Location.Unknown)) visitChild(n.child());
        } else if (attr instanceof Location.CallSite c) {
            visitChild(c.callee());
            visitChild(c.caller());
        } else if (attr instanceof Location.Fused f) {
            if (f.metadata() != null) visitChild(f.metadata());
            for (Location l : f.locations()) visitChild(l);
        }
        if (!elideType) {
            Type t = attributeType(attr);
            if (t != null && !(t instanceof NoneType)) visitChild(t);
        }
    }

    private AsmSink collectSink() {
        return new AsmSink() {
            @Override
            public AsmSink append(String text) {
                return this;
            }

            @Override
            public AsmSink type(Type type) {
                visitChild(type);
                return this;
            }

            @Override
            public AsmSink attribute(Attribute attribute) {
                visitChild(attribute);
                return this;
            }
        };
    }

    /** The type of a typed attribute that is printed as {@code : type}, or null. */
    private static Type attributeType(Attribute attr) {
        if (attr instanceof StringAttr s) return s.type();
        if (attr instanceof DenseElementsAttr d) return d.type();
        if (attr instanceof DenseStringElementsAttr d) return d.type();
        if (attr instanceof DenseResourceElementsAttr d) return d.type();
        if (attr instanceof IntegerAttr i) return i.type();
        if (attr instanceof FloatAttr f) return f.type();
        return null;
    }

    // ------------------------------------------------------------------ locations

    private void printTrailingLocation(Location loc, boolean allowAlias) {
        if (!options.debugInfo() || collecting) return;
        out.append(' ');
        printLocation(loc, allowAlias);
    }

    private void printLocation(Location loc, boolean allowAlias) {
        out.append("loc(");
        PrinterAliases.Alias a = allowAlias && aliases != null ? aliases.alias(loc) : null;
        if (a != null) out.append(a.name());
        else printLocationInternal(loc, true);
        out.append(')');
    }

    private void printLocationInternal(Location loc, boolean topLevel) {
        if (!topLevel && aliases != null) {
            PrinterAliases.Alias a = aliases.alias(loc);
            if (a != null) {
                out.append(a.name());
                return;
            }
        }
        if (loc instanceof Location.Unknown) {
            out.append("unknown");
        } else if (loc instanceof Location.FileLineCol f) {
            appendQuoted(out, f.file().bytes());
            out.append(':').append(Integer.toUnsignedString(f.line())).append(':')
                    .append(Integer.toUnsignedString(f.column()));
            if (f.endLine() == f.line() && f.endColumn() == f.column()) return;
            out.append(" to ");
            if (f.endLine() != f.line()) out.append(Integer.toUnsignedString(f.endLine()));
            out.append(':').append(Integer.toUnsignedString(f.endColumn()));
        } else if (loc instanceof Location.Name n) {
            appendQuoted(out, n.name().bytes());
            if (n.child() != null && !(n.child() instanceof Location.Unknown)) {
                out.append('(');
                printLocationInternal(n.child(), false);
                out.append(')');
            }
        } else if (loc instanceof Location.CallSite c) {
            out.append("callsite(");
            printLocationInternal(c.callee(), false);
            out.append(" at ");
            printLocationInternal(c.caller(), false);
            out.append(')');
        } else if (loc instanceof Location.Fused f) {
            out.append("fused");
            if (f.metadata() != null) {
                out.append('<');
                printAttribute(f.metadata());
                out.append('>');
            }
            out.append('[');
            for (int i = 0; i < f.locations().size(); i++) {
                if (i > 0) out.append(", ");
                printLocationInternal(f.locations().get(i), false);
            }
            out.append(']');
        }
    }

    // ------------------------------------------------------------------ types

    void printTypeImpl(Type type) {
        if (type instanceof IntegerType || type instanceof IndexType || type instanceof NoneType) {
            out.append(type);
        } else if (type instanceof FloatType f) {
            out.append(f.kind().keyword);
        } else if (type instanceof RankedTensorType t) {
            out.append("tensor<");
            for (int i = 0; i < t.rank(); i++) {
                long d = t.dim(i);
                if (d == ShapedType.DYNAMIC) out.append('?');
                else out.append(d);
                out.append('x');
            }
            printType(t.elementType());
            if (t.encoding() != null) {
                out.append(", ");
                printAttribute(t.encoding());
            }
            out.append('>');
        } else if (type instanceof MemRefType t) {
            out.append("memref<");
            long[] shape = t.shape();
            if (shape == null) {
                out.append("*x");
            } else {
                for (long d : shape) {
                    if (d == ShapedType.DYNAMIC) out.append('?');
                    else out.append(d);
                    out.append('x');
                }
            }
            printType(t.elementType());
            if (shape != null && hasNonIdentityLayout(t)) {
                out.append(", ");
                printAttribute(t.layout(), Elision.MAY);
            }
            if (t.memorySpace() != null) {
                out.append(", ");
                printAttribute(t.memorySpace(), Elision.MAY);
            }
            out.append('>');
        } else if (type instanceof UnrankedTensorType t) {
            out.append("tensor<*x");
            printType(t.elementType());
            out.append('>');
        } else if (type instanceof ComplexType t) {
            out.append("complex<");
            printType(t.elementType());
            out.append('>');
        } else if (type instanceof TupleType t) {
            out.append("tuple<");
            printTypes(t.types());
            out.append('>');
        } else if (type instanceof FunctionType f) {
            out.append('(');
            printTypes(f.inputs());
            out.append(") -> ");
            List<Type> res = f.results();
            if (res.size() == 1 && !(res.get(0) instanceof FunctionType)) {
                printType(res.get(0));
            } else {
                out.append('(');
                printTypes(res);
                out.append(')');
            }
        } else if (type instanceof org.stablehlo4j.ir.MemRefType m) {
            out.append("memref<");
            long[] shape = m.shape();
            if (shape == null) out.append("*x");
            else for (long d : shape) out.append(d == ShapedType.DYNAMIC ? "?" : Long.toString(d)).append('x');
            printType(m.elementType());
            for (Attribute a : new Attribute[] {m.layout(), m.memorySpace()}) {
                if (a == null) continue;
                out.append(", ");
                printAttribute(a);
            }
            out.append('>');
        } else if (type instanceof DialectType d) {
            printDialectSymbol("!", d.dialect(), d.body());
        } else if (type instanceof DialectPrintable d) {
            printDialectPrintable("!", d);
        } else {
            out.append("<<UNKNOWN TYPE ").append(type.getClass().getSimpleName()).append(">>");
        }
    }

    /**
     * A structured dialect type/attribute. Whether the pretty {@code ns.body} form applies depends only on the
     * body's leading identifier and last character, so the body is first printed in probe mode into a scratch
     * buffer (bulk hex abbreviated), then printed for real straight into the output, which keeps huge constants
     * streamable.
     */
    private void printDialectPrintable(String prefix, DialectPrintable d) {
        StringBuilder saved = out;
        boolean savedProbing = probing;
        String probe;
        out = new StringBuilder();
        probing = true;
        try {
            d.printBody(outputSink());
            probe = out.toString();
        } finally {
            out = saved;
            probing = savedProbing;
        }
        boolean pretty = isPrettyDialectBody(probe);
        out.append(prefix).append(d.dialectNamespace()).append(pretty ? '.' : '<');
        d.printBody(outputSink());
        if (!pretty) out.append('>');
    }

    /** Hands complete output to the streaming sink when allowed. */
    private void maybeFlush() {
        if (sink == null || probing || out.length() < FLUSH_CHARS) return;
        try {
            sink.append(out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        out.setLength(0);
    }

    /** Writes whatever is left to the streaming sink. */
    void flushAll() {
        if (sink == null) return;
        try {
            sink.append(out);
            sink.flush();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        out.setLength(0);
    }

    private AsmSink outputSink() {
        return new AsmSink() {
            @Override
            public AsmSink append(String text) {
                out.append(text);
                return this;
            }

            @Override
            public AsmSink type(Type type) {
                printType(type);
                return this;
            }

            @Override
            public AsmSink attribute(Attribute attribute) {
                printAttribute(attribute);
                return this;
            }
        };
    }

    private void printDialectSymbol(String prefix, String dialect, String body) {
        out.append(prefix).append(dialect);
        if (isPrettyDialectBody(body)) out.append('.').append(body);
        else out.append('<').append(body).append('>');
    }

    /** A memref layout other than absent or the identity affine map {@code (d0, ..) -> (d0, ..)}. */
    private static boolean hasNonIdentityLayout(MemRefType t) {
        if (t.layout() == null) return false;
        if (!(t.layout() instanceof AffineMapAttr m)) return true;
        String compact = m.body().replace(" ", "");
        StringBuilder dims = new StringBuilder();
        for (int i = 0; i < t.shape().length; i++) dims.append(i == 0 ? "" : ",").append('d').append(i);
        return !compact.equals("(" + dims + ")->(" + dims + ")");
    }

    /** MLIR's rule: an identifier (letters, digits, '.', '_') optionally followed by a {@code <...>} group. */
    static boolean isPrettyDialectBody(String body) {
        if (body.isEmpty() || !isAlpha(body.charAt(0))) return false;
        int i = 0;
        while (i < body.length()) {
            char c = body.charAt(i);
            if (isAlpha(c) || (c >= '0' && c <= '9') || c == '.' || c == '_') i++;
            else break;
        }
        if (i == body.length()) return true;
        return body.charAt(i) == '<' && body.charAt(body.length() - 1) == '>';
    }

    private static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    // ------------------------------------------------------------------ attributes

    private void printAttributeImpl(Attribute attr, Elision elision) {
        if (attr instanceof DialectAttr d) {
            printDialectSymbol("#", d.dialect(), d.body());
            return;
        }
        if (attr instanceof DialectPrintable d) {
            printDialectPrintable("#", d);
            return;
        }
        if (attr instanceof UnitAttr) {
            out.append("unit");
            return;
        }
        if (attr instanceof AffineMapAttr m) {
            out.append("affine_map<").append(m.body()).append('>');
            return;
        }
        if (attr instanceof BoolAttr b) {
            out.append(b.value() ? "true" : "false");
            return;
        }
        if (attr instanceof DictionaryAttr d) {
            out.append('{');
            printNamedAttributes(d.entries());
            out.append('}');
            return;
        }
        if (attr instanceof IntegerAttr i) {
            Type t = i.type();
            if (t instanceof IntegerType it && it.width() == 1 && it.isSignless()) {
                out.append(i.value().signum() != 0 ? "true" : "false");
                return;
            }
            appendInteger(out, i.value(), t);
            if (elision == Elision.MAY && t instanceof IntegerType it && it.width() == 64 && it.isSignless()) return;
        } else if (attr instanceof FloatAttr f) {
            PrinterFloats.appendFloat(out, f.type().kind(), f.bits());
            if (elision == Elision.MAY && f.type().kind() == FloatKind.F64) return;
        } else if (attr instanceof StringAttr s) {
            appendQuoted(out, s.bytes());
        } else if (attr instanceof ArrayAttr a) {
            out.append('[');
            for (int i = 0; i < a.elements().size(); i++) {
                if (i > 0) out.append(", ");
                printAttribute(a.elements().get(i), Elision.MAY);
            }
            out.append(']');
        } else if (attr instanceof TypeAttr t) {
            printType(t.value());
        } else if (attr instanceof SymbolRefAttr s) {
            appendSymbol(out, s.root());
            for (String n : s.nested()) {
                out.append("::");
                appendSymbol(out, n);
            }
        } else if (attr instanceof DenseElementsAttr d) {
            out.append("dense<");
            printDenseElements(d);
            out.append('>');
        } else if (attr instanceof DenseStringElementsAttr d) {
            out.append("dense<");
            printDenseStrings(d);
            out.append('>');
        } else if (attr instanceof DenseArrayAttr d) {
            out.append("array<");
            printType(d.elementType());
            if (d.size() > 0) {
                out.append(": ");
                printDenseArray(d);
            }
            out.append('>');
            return;
        } else if (attr instanceof DenseResourceElementsAttr d) {
            out.append("dense_resource<").append(d.handle()).append('>');
            referencedResources.add(d.handle());
        } else if (attr instanceof Location l) {
            printLocation(l, false);
        } else {
            out.append("<<UNKNOWN ATTRIBUTE ").append(attr.getClass().getSimpleName()).append(">>");
            return;
        }
        if (elision != Elision.MUST) {
            Type t = attributeType(attr);
            if (t != null && !(t instanceof NoneType)) {
                out.append(" : ");
                printType(t);
            }
        }
    }

    /** Decimal value of an integer of {@code type}: unsigned only for explicitly unsigned types. */
    private static void appendInteger(StringBuilder sb, BigInteger value, Type type) {
        int width = type instanceof IntegerType it ? it.width() : 64;
        boolean unsigned = type instanceof IntegerType it && it.isUnsigned();
        sb.append(normalize(value, width, !unsigned));
    }

    /** Wraps {@code v} to {@code width} bits and reads it back signed or unsigned. */
    static BigInteger normalize(BigInteger v, int width, boolean signed) {
        if (width <= 0) return BigInteger.ZERO;
        BigInteger mod = BigInteger.ONE.shiftLeft(width);
        BigInteger u = v.mod(mod);
        if (signed && u.testBit(width - 1)) u = u.subtract(mod);
        return u;
    }

    // ------------------------------------------------------------------ dense elements

    private void printDenseElements(DenseElementsAttr d) {
        ShapedType type = d.type();
        Type elem = type.elementType();
        long numElements = type instanceof RankedTensorType r ? r.numElements() : 1;
        int eltBytes = elementBytes(elem);
        long needed = d.isSplat() ? eltBytes : Math.max(0, numElements) * (long) eltBytes;
        if ((numElements != 0 || d.isSplat()) && d.length() < needed) {
            throw new IllegalArgumentException("malformed dense elements attribute: " + d.length()
                    + " bytes of data, " + needed + " needed for its type");
        }
        // A splat prints its one value even for an empty shape (MLIR keeps `dense<v> : tensor<0xT>` a splat).
        boolean splat = d.isSplat() || numElements == 1 || (numElements > 1 && allEqual(d, eltBytes, numElements));
        if (!splat && numElements > HEX_ELEMENT_LIMIT) {
            out.append("\"0x");
            // i1 is stored one byte per element (LLVM 22 layout), so the raw bytes are printed as they are.
            appendBulkHex(d.rawArray(), d.offset(), d.length());
            out.append('"');
            return;
        }
        printElementList(type, splat, numElements, i -> appendElement(elem, d.rawArray(), d.offset() + (int) (i * eltBytes)));
    }

    private void printDenseStrings(DenseStringElementsAttr d) {
        List<StringAttr> values = d.values();
        long numElements = d.type() instanceof RankedTensorType r ? r.numElements() : values.size();
        boolean splat = d.splat() && !values.isEmpty() || numElements == 1
                || (numElements > 1 && values.stream().distinct().count() <= 1);
        printElementList(d.type(), splat, numElements, i -> appendQuoted(out, values.get((int) i).bytes()));
    }

    private interface ElementPrinter {
        void print(long index);
    }

    /** Nested {@code [[a, b], [c, d]]} structure (or the single splat value). */
    private void printElementList(ShapedType type, boolean splat, long numElements, ElementPrinter eltFn) {
        if (splat) {
            eltFn.print(0);
            return;
        }
        if (numElements <= 0) return;
        long[] shape = type instanceof RankedTensorType r ? r.shape() : new long[] {numElements};
        int rank = shape.length;
        long[] counter = new long[rank];
        int open = 0;
        for (long idx = 0; idx < numElements; idx++) {
            if (idx != 0) out.append(", ");
            while (open < rank) {
                out.append('[');
                open++;
            }
            eltFn.print(idx);
            counter[rank - 1]++;
            for (int i = rank - 1; i > 0; i--) {
                if (counter[i] >= shape[i]) {
                    counter[i] = 0;
                    counter[i - 1]++;
                    open--;
                    out.append(']');
                }
            }
        }
        while (open-- > 0) out.append(']');
    }

    private static boolean isBool(Type t) {
        return t instanceof IntegerType it && it.width() == 1;
    }

    static int elementBytes(Type elem) {
        if (elem instanceof ComplexType c) return 2 * elementBytes(c.elementType());
        if (elem instanceof IntegerType it) return Math.max(1, (it.width() + 7) / 8);
        if (elem instanceof IndexType) return 8;
        if (elem instanceof FloatType f) return f.kind().storageBytes();
        return 1;
    }

    private static boolean allEqual(DenseElementsAttr d, int eltBytes, long numElements) {
        if (numElements <= 1 || (long) d.length() < numElements * eltBytes) return numElements <= 1;
        byte[] a = d.rawArray();
        int base = d.offset();
        for (long i = 1; i < numElements; i++) {
            int off = base + (int) (i * eltBytes);
            for (int k = 0; k < eltBytes; k++) if (a[off + k] != a[base + k]) return false;
        }
        return true;
    }

    private void appendElement(Type elem, byte[] data, int off) {
        if (elem instanceof ComplexType c) {
            int half = elementBytes(c.elementType());
            out.append('(');
            appendElement(c.elementType(), data, off);
            out.append(',');
            appendElement(c.elementType(), data, off + half);
            out.append(')');
        } else if (elem instanceof FloatType f) {
            PrinterFloats.appendFloat(out, f.kind(), readUnsigned(data, off, f.kind().storageBytes())
                    .and(BigInteger.ONE.shiftLeft(f.kind().width).subtract(BigInteger.ONE)));
        } else if (isBool(elem)) {
            out.append(data[off] != 0 ? "true" : "false");
        } else {
            appendInteger(out, readUnsigned(data, off, elementBytes(elem)), elem);
        }
    }

    private static BigInteger readUnsigned(byte[] data, int off, int n) {
        if (n <= 8) {
            long v = 0;
            for (int k = n - 1; k >= 0; k--) v = (v << 8) | (data[off + k] & 0xFF);
            return n == 8 && v < 0 ? BigInteger.valueOf(v).add(BigInteger.ONE.shiftLeft(64)) : BigInteger.valueOf(v);
        }
        byte[] be = new byte[n + 1];
        for (int k = 0; k < n; k++) be[n - k] = data[off + k];
        return new BigInteger(be);
    }

    private void printDenseArray(DenseArrayAttr d) {
        Type elem = d.elementType();
        byte[] raw = d.rawBytes();
        int eb = d.size() == 0 ? 0 : raw.length / d.size();
        for (int i = 0; i < d.size(); i++) {
            if (i > 0) out.append(", ");
            appendElement(elem, raw, i * eb);
        }
    }

    // ------------------------------------------------------------------ strings and helpers

    private void printEscapedString(String s) {
        appendQuoted(out, s.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code "..."} with llvm::printEscapedString rules. */
    static void appendQuoted(StringBuilder sb, byte[] bytes) {
        sb.append('"');
        for (byte b : bytes) {
            int c = b & 0xFF;
            if (c == '\\') sb.append("\\\\");
            else if (c >= 0x20 && c <= 0x7E && c != '"') sb.append((char) c);
            else sb.append('\\').append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 15));
        }
        sb.append('"');
    }

    static boolean isBareIdentifier(String s) {
        if (s.isEmpty()) return false;
        char c0 = s.charAt(0);
        if (!isAlpha(c0) && c0 != '_') return false;
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(isAlpha(c) || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.')) return false;
        }
        return true;
    }

    static void appendKeywordOrString(StringBuilder sb, String s) {
        if (isBareIdentifier(s)) sb.append(s);
        else appendQuoted(sb, s.getBytes(StandardCharsets.UTF_8));
    }

    static void appendSymbol(StringBuilder sb, String name) {
        if (name.isEmpty()) {
            sb.append("@<<INVALID EMPTY SYMBOL>>");
            return;
        }
        sb.append('@');
        appendKeywordOrString(sb, name);
    }

    private static void appendHexByte(StringBuilder sb, int b) {
        sb.append(HEX.charAt((b >> 4) & 15)).append(HEX.charAt(b & 15));
    }

    /** Hex of bulk element data: chunked so a streaming printer never holds more than a few MB. */
    private void appendBulkHex(byte[] data, int offset, int length) {
        if (probing) {
            out.append("00");
            return;
        }
        int chunk = FLUSH_CHARS / 2;
        for (int pos = 0; pos < length; pos += chunk) {
            appendHex(out, data, offset + pos, Math.min(chunk, length - pos));
            maybeFlush();
        }
    }

    /** Upper-case hex of a byte slice, without per-element objects. */
    static void appendHex(StringBuilder sb, byte[] data, int offset, int length) {
        sb.ensureCapacity(sb.length() + 2 * length);
        for (int i = offset, end = offset + length; i < end; i++) {
            int b = data[i];
            sb.append(HEX.charAt((b >> 4) & 15)).append(HEX.charAt(b & 15));
        }
    }

    private void emitIndent(int n) {
        if (collecting) return;
        for (int i = 0; i < n; i++) out.append(' ');
    }

}
