package org.stablehlo4j.asm;

import static org.stablehlo4j.asm.PrinterText.*;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
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
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * The printing engine's half for values: types, attributes (dense elements included), locations, and the alias
 * collection that visits them. {@link AsmPrinterImpl} adds modules, ops, blocks and regions. One instance prints one
 * module (or one standalone type/attribute), either in output mode or in "collect" mode, the silent first pass
 * that visits every attribute and type in print order to choose aliases (mirroring MLIR's dummy alias printer;
 * the visiting is {@link PrinterCollector}'s).
 */
abstract class PrinterValues implements AsmPrinterContext {
    /** The aliases of this print, or null in local scope. */
    final PrinterAliases aliases;
    /** Alias collection (the visit in collect mode and the prescan), over {@link #aliases}. */
    final PrinterCollector collector;

    static final int INDENT_WIDTH = 2;
    /** MLIR prints non-splat dense elements as a hex string above this many elements. */
    static final long HEX_ELEMENT_LIMIT = 100;

    enum Elision { NEVER, MAY, MUST }

    StringBuilder out;
    /** Where full chunks of output go when streaming (null: everything stays in {@link #out}). */
    final PrinterSink sink;
    /** Where op rows and pretty printers come from; null when printing only types/attributes. */
    final org.stablehlo4j.ir.Context context;
    /** Probe mode: only the shape of dialect bodies matters, so bulk hex data is abbreviated. */
    boolean probing;
    /**
     * A streaming printer hands its text to the sink once this much has collected (after a line, or within bulk
     * hex): small enough that the buffer, allocated with room for it, never grows and stays in cache.
     */
    static final int FLUSH_CHARS = 1 << 16;
    final PrintOptions options;
    /** Per op name: row, pretty printer (looked up once per printer). */
    final PrinterOpPlans plans;
    final PrinterNames names;
    boolean collecting;
    int indent;
    final Deque<String> defaultDialects = new ArrayDeque<>();
    /** Resource handles (builtin dialect) in order of first reference. */
    final Set<String> referencedResources = new LinkedHashSet<>();
    final Map<Region, Map<Block, List<Block>>> predecessorCache = new IdentityHashMap<>();

    PrinterValues(org.stablehlo4j.ir.Context context, StringBuilder out, PrinterSink sink, PrintOptions options,
                   Operation top) {
        this.aliases = top == null || options.localScope() ? null : new PrinterAliases(context);
        this.collector = new PrinterCollector(aliases);
        this.context = context;
        this.out = out;
        this.sink = sink;
        this.options = options;
        this.plans = new PrinterOpPlans(context);
        boolean prescan = top != null && aliases != null && !options.debugInfo();
        this.names = top == null ? null : new PrinterNames(plans, top, options.generic(), prescan ? collector::prescanOp : null);
        defaultDialects.push("builtin");
    }


    /** Prints an attribute, eliding its type as {@code elision} says. */
    abstract void printAttribute(Attribute attr, Elision elision);

    /** Prints {@code name = value} entries of a dictionary. */
    abstract void printNamedAttributes(List<NamedAttribute> entries);

    // ------------------------------------------------------------------ locations

    void printTrailingLocation(Location loc, boolean allowAlias) {
        if (!options.debugInfo() || collecting) return;
        out.append(' ');
        printLocation(loc, allowAlias);
    }

    void printLocation(Location loc, boolean allowAlias) {
        out.append("loc(");
        PrinterAliases.Alias a = allowAlias && aliases != null ? aliases.alias(loc) : null;
        if (a != null) out.append(a.name());
        else printLocationInternal(loc, true);
        out.append(')');
    }

    void printLocationInternal(Location loc, boolean topLevel) {
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
        if (type instanceof IntegerType it) {
            // IntegerType#toString without its string
            out.append(it.isSignless() ? "i" : it.isUnsigned() ? "ui" : "si").append(it.width());
        } else if (type instanceof IndexType || type instanceof NoneType) {
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
    void printDialectPrintable(String prefix, DialectPrintable d) {
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
    void maybeFlush() {
        if (sink == null || probing || out.length() < FLUSH_CHARS) return;
        writeOut();
    }

    /** Writes whatever is left to the streaming sink. */
    void flushAll() {
        if (sink == null) return;
        writeOut();
        try {
            sink.flush();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void writeOut() {
        flushes++;
        try {
            sink.write(out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    AsmSink outputSink() {
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

    void printDialectSymbol(String prefix, String dialect, String body) {
        out.append(prefix).append(dialect);
        if (isPrettyDialectBody(body)) out.append('.').append(body);
        else out.append('<').append(body).append('>');
    }

    // ------------------------------------------------------------------ attributes

    void printAttributeImpl(Attribute attr, Elision elision) {
        if (attr instanceof StringAttr s) { // the commonest attribute: its rule below without the other tests
            appendQuoted(out, s);
            Type t = s.type();
            if (elision != Elision.MUST && t != null && !(t instanceof NoneType)) {
                out.append(" : ");
                printType(t);
            }
            return;
        }
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
            printDictionary(d);
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

    /** Dictionaries with at least this many entries keep their printed text ({@link #dictionaryText}). */
    static final int CACHED_DICTIONARY_ENTRIES = 8;
    /**
     * The printed text of large dictionaries, by identity: deserialized ops share one dictionary object (e.g. the
     * frontend attributes a function and its ops carry), and its text is the same each time within one printer
     * (aliases are fixed before printing, a resource handle already seen changes nothing). Created with the first.
     */
    private IdentityHashMap<DictionaryAttr, String> dictionaryText;
    /** How many times the text went to the sink (a dictionary printed across a flush is not kept). */
    int flushes;

    void printDictionary(DictionaryAttr d) {
        boolean keep = d.size() >= CACHED_DICTIONARY_ENTRIES && !probing && !collecting;
        if (keep && dictionaryText != null) {
            String text = dictionaryText.get(d);
            if (text != null) {
                out.append(text);
                return;
            }
        }
        StringBuilder target = out;
        int start = out.length();
        int flushed = flushes;
        out.append('{');
        printNamedAttributes(d.entries());
        out.append('}');
        if (keep && out == target && flushes == flushed) {
            if (dictionaryText == null) dictionaryText = new IdentityHashMap<>();
            dictionaryText.put(d, out.substring(start));
        }
    }

    // ------------------------------------------------------------------ dense elements

    void printDenseElements(DenseElementsAttr d) {
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
            if (d.isMapped()) appendBulkHex(d.buffer());
            else appendBulkHex(d.rawArray(), d.offset(), d.length());
            out.append('"');
            return;
        }
        byte[] raw = d.rawArray(); // at most HEX_ELEMENT_LIMIT elements, or one
        int base = d.offset();
        printElementList(type, splat, numElements, i -> appendElement(elem, raw, base + (int) (i * eltBytes)));
    }

    void printDenseStrings(DenseStringElementsAttr d) {
        List<StringAttr> values = d.values();
        long numElements = d.type() instanceof RankedTensorType r ? r.numElements() : values.size();
        boolean splat = d.splat() && !values.isEmpty() || numElements == 1
                || (numElements > 1 && values.stream().distinct().count() <= 1);
        printElementList(d.type(), splat, numElements, i -> appendQuoted(out, values.get((int) i).bytes()));
    }

    interface ElementPrinter {
        void print(long index);
    }

    /** Nested {@code [[a, b], [c, d]]} structure (or the single splat value). */
    void printElementList(ShapedType type, boolean splat, long numElements, ElementPrinter eltFn) {
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

    static boolean allEqual(DenseElementsAttr d, int eltBytes, long numElements) {
        if (numElements <= 1 || (long) d.length() < numElements * eltBytes) return numElements <= 1;
        // every element equals the first exactly when every byte equals the one an element before it
        int n = (int) ((numElements - 1) * eltBytes);
        java.nio.ByteBuffer b = d.buffer();
        return b.slice(eltBytes, n).equals(b.slice(0, n));
    }

    void appendElement(Type elem, byte[] data, int off) {
        if (elem instanceof ComplexType c) {
            int half = elementBytes(c.elementType());
            out.append('(');
            appendElement(c.elementType(), data, off);
            out.append(',');
            appendElement(c.elementType(), data, off + half);
            out.append(')');
        } else if (elem instanceof FloatType f) {
            FloatKind k = f.kind();
            int n = k.storageBytes();
            if (k.width <= 64 && n <= 8) {
                long bits = readLong(data, off, n);
                PrinterFloats.appendFloat(out, k, k.width == 64 ? bits : bits & ((1L << k.width) - 1));
            } else {
                PrinterFloats.appendFloat(out, k, readUnsigned(data, off, n)
                        .and(BigInteger.ONE.shiftLeft(k.width).subtract(BigInteger.ONE)));
            }
        } else if (isBool(elem)) {
            out.append(data[off] != 0 ? "true" : "false");
        } else {
            int n = elementBytes(elem);
            if (n > 8 || !appendSmallInteger(out, readLong(data, off, n), elem)) {
                appendInteger(out, readUnsigned(data, off, n), elem);
            }
        }
    }

    void printDenseArray(DenseArrayAttr d) {
        Type elem = d.elementType();
        byte[] raw = d.rawBytes();
        int eb = d.size() == 0 ? 0 : raw.length / d.size();
        for (int i = 0; i < d.size(); i++) {
            if (i > 0) out.append(", ");
            appendElement(elem, raw, i * eb);
        }
    }

    // ------------------------------------------------------------------ strings and helpers

    void printEscapedString(String s) {
        appendQuoted(out, s.getBytes(StandardCharsets.UTF_8));
    }

    /** Hex of bulk element data: chunked so a streaming printer never holds more than a few MB. */
    void appendBulkHex(byte[] data, int offset, int length) {
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

    /** Hex of bulk element data held in a buffer (its remaining bytes), copied out in chunks as it is printed. */
    void appendBulkHex(java.nio.ByteBuffer data) {
        if (probing) {
            out.append("00");
            return;
        }
        int length = data.remaining();
        byte[] chunk = new byte[Math.min(length, FLUSH_CHARS / 2)];
        for (int pos = 0; pos < length; pos += chunk.length) {
            int n = Math.min(chunk.length, length - pos);
            data.get(data.position() + pos, chunk, 0, n);
            appendHex(out, chunk, 0, n);
            maybeFlush();
        }
    }

    void emitIndent(int n) {
        if (collecting) return;
        for (int i = 0; i < n; i++) out.append(' ');
    }
}
