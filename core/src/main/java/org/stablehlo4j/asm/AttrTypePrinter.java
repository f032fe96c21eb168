package org.stablehlo4j.asm;

import static org.stablehlo4j.asm.PrinterText.*;

import java.math.BigInteger;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stablehlo4j.ir.AffineMapAttr;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;
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
import org.stablehlo4j.ir.FloatText;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * Emits attributes, types and locations (dense elements included), writing an alias name instead of a symbol that
 * has one. The op emitter holds one and hands it every attribute and type it prints; a dialect's type or
 * attribute printer writes to it as an {@link AsmSink}. It decides nothing about aliases: the alias pass has
 * chosen them before emission starts. Standalone types and attributes are printed by one without aliases.
 *
 * <p>Output goes to {@link #out}; when streaming, full chunks go on to a {@link PrinterSink} between lines and
 * within bulk hex. Whether a dialect body takes the pretty {@code ns.body} form is decided by printing it first
 * into a probe: a second instance, with its own buffer, that abbreviates bulk hex.
 */
final class AttrTypePrinter implements AsmSink {
    /** MLIR prints non-splat dense elements as a hex string above this many elements. */
    static final long HEX_ELEMENT_LIMIT = 100;
    /**
     * A streaming printer hands its text to the sink once this much has collected (after a line, or within bulk
     * hex): small enough that the buffer, allocated with room for it, never grows and stays in cache.
     */
    static final int FLUSH_CHARS = 1 << 16;

    /** Whether an attribute's {@code : type} is printed: always, unless it is the default one, or never. */
    enum Elision { NEVER, MAY, MUST }

    /** Where the text goes (and stays, unless streaming). */
    final StringBuilder out;
    /** Where full chunks of output go when streaming (null: everything stays in {@link #out}). */
    private final PrinterSink sink;
    /** The aliases of this print, or null in local scope. */
    private final PrinterAliases aliases;
    /** Resource handles (builtin dialect) in order of first reference, shared with the probe. */
    final Set<String> referencedResources;
    /** Probe mode: only the shape of dialect bodies matters, so bulk hex data is abbreviated. */
    private final boolean probing;
    /** The printer dialect bodies are first printed into (made with the first). */
    private AttrTypePrinter probe;

    /**
     * A printer writing to {@code out}.
     *
     * @param sink where full chunks go when streaming, or null
     * @param aliases the aliases chosen for this print, or null for none (local scope)
     */
    AttrTypePrinter(StringBuilder out, PrinterSink sink, PrinterAliases aliases) {
        this(out, sink, aliases, new LinkedHashSet<>(), false);
    }

    private AttrTypePrinter(StringBuilder out, PrinterSink sink, PrinterAliases aliases,
                            Set<String> referencedResources, boolean probing) {
        this.out = out;
        this.sink = sink;
        this.aliases = aliases;
        this.referencedResources = referencedResources;
        this.probing = probing;
    }

    // ------------------------------------------------------------------ with aliases

    /** Prints a type, or its alias. */
    void printType(Type type) {
        PrinterAliases.Alias a = aliases == null || aliases.none() ? null : aliases.alias(type);
        if (a != null) out.append(a.name());
        else printTypeImpl(type);
    }

    /** Prints an attribute, or its alias, eliding its type as {@code elision} says. */
    void printAttribute(Attribute attr, Elision elision) {
        PrinterAliases.Alias a = aliases == null || aliases.none() ? null : aliases.alias(attr);
        if (a != null) out.append(a.name());
        else printAttributeImpl(attr, elision);
    }

    /** The alias definitions ({@code #alias = ...}) printed before the module, or the deferred ones after it. */
    void printAliases(boolean deferred) {
        for (Map.Entry<Object, PrinterAliases.Alias> e : aliases.all().entrySet()) {
            if (e.getValue().deferred() != deferred) continue;
            out.append(e.getValue().name()).append(" = ");
            if (e.getKey() instanceof Type t) printTypeImpl(t);
            else printAttributeImpl((Attribute) e.getKey(), Elision.NEVER);
            out.append('\n');
        }
    }

    // ------------------------------------------------------------------ AsmSink (dialect bodies)

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
        printAttribute(attribute, Elision.NEVER);
        return this;
    }

    /** The text printed so far (when not streaming). */
    @Override
    public String toString() {
        return out.toString();
    }

    // ------------------------------------------------------------------ locations

    /** {@code loc(...)}: the alias, if {@code allowAlias} and the location has one, else the location itself. */
    void printLocation(Location loc, boolean allowAlias) {
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
                printAttribute(f.metadata(), Elision.NEVER);
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

    private void printTypeImpl(Type type) {
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
                printAttribute(t.encoding(), Elision.NEVER);
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
            printElementType("tensor<*x", t.elementType());
        } else if (type instanceof ComplexType t) {
            printElementType("complex<", t.elementType());
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
        if (probe == null) probe = new AttrTypePrinter(new StringBuilder(), null, aliases, referencedResources, true);
        probe.out.setLength(0);
        d.printBody(probe);
        boolean pretty = isPrettyDialectBody(probe.out);
        out.append(prefix).append(d.dialectNamespace()).append(pretty ? '.' : '<');
        d.printBody(this);
        if (!pretty) out.append('>');
    }

    /** Hands complete output to the streaming sink when allowed. */
    void maybeFlush() {
        if (sink == null || out.length() < FLUSH_CHARS) return;
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

    private void printDialectSymbol(String prefix, String dialect, String body) {
        out.append(prefix).append(dialect);
        if (isPrettyDialectBody(body)) out.append('.').append(body);
        else out.append('<').append(body).append('>');
    }

    // ------------------------------------------------------------------ attributes

    private void printAttributeImpl(Attribute attr, Elision elision) {
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
            FloatText.append(out, f.type().kind(), f.bits());
            if (elision == Elision.MAY && f.type().kind() == FloatKind.F64) return;
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
            Type t = Attribute.typeOf(attr);
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

    private void printDictionary(DictionaryAttr d) {
        boolean keep = d.size() >= CACHED_DICTIONARY_ENTRIES && !probing;
        if (keep && dictionaryText != null) {
            String text = dictionaryText.get(d);
            if (text != null) {
                out.append(text);
                return;
            }
        }
        int start = out.length();
        int flushed = flushes;
        out.append('{');
        printNamedAttributes(d.entries());
        out.append('}');
        if (keep && flushes == flushed) {
            if (dictionaryText == null) dictionaryText = new IdentityHashMap<>();
            dictionaryText.put(d, out.substring(start));
        }
    }

    /** {@code name = value} entries of a dictionary, separated by {@code ", "} (a unit value prints the name only). */
    private void printNamedAttributes(List<NamedAttribute> entries) {
        for (int i = 0; i < entries.size(); i++) {
            if (i > 0) out.append(", ");
            printNamedAttribute(entries.get(i));
        }
    }

    void printNamedAttribute(NamedAttribute na) {
        appendKeywordOrString(out, na.name());
        if (na.value() instanceof UnitAttr) return;
        out.append(" = ");
        printAttribute(na.value(), Elision.NEVER);
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
            if (d.isMapped()) appendBulkHex(d.buffer());
            else appendBulkHex(d.rawArray(), d.offset(), d.length());
            out.append('"');
            return;
        }
        byte[] raw = d.rawArray(); // at most HEX_ELEMENT_LIMIT elements, or one
        int base = d.offset();
        printElementList(type, splat, numElements, i -> appendElement(elem, raw, base + (int) (i * eltBytes)));
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

    private static boolean allEqual(DenseElementsAttr d, int eltBytes, long numElements) {
        if (numElements <= 1 || (long) d.length() < numElements * eltBytes) return numElements <= 1;
        // every element equals the first exactly when every byte equals the one an element before it
        int n = (int) ((numElements - 1) * eltBytes);
        java.nio.ByteBuffer b = d.buffer();
        return b.slice(eltBytes, n).equals(b.slice(0, n));
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
            FloatKind k = f.kind();
            int n = k.storageBytes();
            if (k.width <= 64 && n <= 8) {
                long bits = readLong(data, off, n);
                FloatText.append(out, k, k.width == 64 ? bits : bits & ((1L << k.width) - 1));
            } else {
                FloatText.append(out, k, readUnsigned(data, off, n)
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
    private void appendBulkHex(java.nio.ByteBuffer data) {
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

    void printTypes(List<? extends Type> types) {
        for (int i = 0; i < types.size(); i++) {
            if (i > 0) out.append(", ");
            printType(types.get(i));
        }
    }

    /** A type that wraps an element type: {@code open}, the element type, {@code >} (e.g. {@code complex<f32>}). */
    private void printElementType(String open, Type elementType) {
        out.append(open);
        printType(elementType);
        out.append('>');
    }
}
