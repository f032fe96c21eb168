package org.stablehlo4j.asm;

import static org.stablehlo4j.asm.PrinterText.*;

import java.util.Arrays;
import java.util.IdentityHashMap;
import org.stablehlo4j.ir.AffineMapAttr;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
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
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * The printer's alias collection over attributes and types: the visit of every attribute and type the alias pass
 * meets, nested ones included, into {@link PrinterAliases}; and the prescan that tells,
 * from the ops alone, whether that pass can find an alias at all. A dialect's type or attribute printer writes its
 * body to it as an {@link AsmSink}, which visits the nested types and attributes and drops the text.
 */
final class PrinterCollector implements AsmSink {
    /** The aliases of this print, or null in local scope. */
    final PrinterAliases aliases;
    /**
     * Of the symbol being visited: the indices of its children ({@link #childCount} of them; null outside a
     * visit), their greatest depth, and whether it may be deferred.
     */
    private int[] children;
    private int childCount;
    private int childDepth;
    private boolean childDeferrable;

    PrinterCollector(PrinterAliases aliases) {
        this.aliases = aliases;
    }

    /** Whether the prescan is running ({@link #visitChild} then only looks for alias candidates). */
    private boolean prescanning;
    /** Prescan: whether a symbol that could get an alias was found. */
    boolean prescanFound;

    /**
     * The prescan of one op, run by the name numbering's walk (which reaches every op once): whether any type or
     * attribute stored in the ops (result and block argument types, attribute and property values, and
     * everything nested in those) is one an alias could be chosen for. The symbols a printer visits are among
     * these, so when there is none, the alias pass (which runs every op's printer silently) cannot find an
     * alias and is left out. Locations are not looked at: with debug info the alias pass always runs. Leaf
     * symbols are looked at each time they occur (hashing costs more than looking); composite ones once per
     * object ({@link #prescanned}).
     */
    void prescanOp(Operation op) {
        if (prescanFound) return;
        prescanning = true;
        try {
            for (int i = 0, n = op.numResults(); i < n; i++) prescanSymbol(op.result(i).type());
            prescanEntries(op.attributes());
            prescanEntries(op.properties());
            for (int r = 0, nr = op.numRegions(); r < nr; r++) {
                for (Block b : op.region(r).blocks()) {
                    for (int i = 0, n = b.numArguments(); i < n; i++) prescanSymbol(b.argument(i).type());
                }
            }
        } finally {
            prescanning = false;
        }
    }

    /**
     * Large dictionaries and arrays (at least {@link #MEMO_ENTRIES} entries) the prescan has looked into: one
     * object is often held by many ops (deserialized ops share equal attributes), and looking into it again
     * cannot find anything new. Keyed by identity; created with the first such symbol. Smaller ones cost less to
     * look into than to remember.
     */
    private java.util.Set<Object> prescanned;
    static final int MEMO_ENTRIES = 8;

    /** Looks into the entries of an op's attribute or property dictionary (the dictionary itself is never aliased). */
    private void prescanEntries(DictionaryAttr dict) {
        if (dict.isEmpty() || prescanFound || (dict.size() >= MEMO_ENTRIES && !firstPrescan(dict))) return;
        for (NamedAttribute na : dict.entries()) prescanSymbol(na.value());
    }

    /** Whether {@code symbol} is looked into for the first time in this prescan. */
    private boolean firstPrescan(Object symbol) {
        if (prescanned == null) prescanned = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        return prescanned.add(symbol);
    }

    private void prescanSymbol(Object symbol) {
        if (prescanFound || symbol == null) return;
        // Common symbols that can neither be nor hold an alias candidate, decided without hashing them.
        if (symbol instanceof IntegerType || symbol instanceof FloatType || symbol instanceof IndexType
                || symbol instanceof BoolAttr || symbol instanceof UnitAttr || symbol instanceof DenseArrayAttr
                || symbol instanceof NoneType) {
            return;
        }
        if (symbol instanceof StringAttr s) {
            if (s.type() != null) prescanSymbol(s.type());
            return;
        }
        if ((symbol instanceof DictionaryAttr d && d.size() >= MEMO_ENTRIES
                || symbol instanceof ArrayAttr a && a.elements().size() >= MEMO_ENTRIES) && !firstPrescan(symbol)) {
            return;
        }
        if (symbol instanceof RankedTensorType t && t.encoding() == null) {
            prescanSymbol(t.elementType());
            return;
        }
        if (symbol instanceof IntegerAttr || symbol instanceof FloatAttr || symbol instanceof DenseElementsAttr) {
            prescanSymbol(Attribute.typeOf((Attribute) symbol));
            return;
        }
        if (aliases.aliasName(symbol) != null) {
            prescanFound = true;
            return;
        }
        if (symbol instanceof Type t) visitTypeChildren(t);
        else visitAttributeChildren((Attribute) symbol, false);
    }

    /**
     * Visits a symbol for aliases, then its children; it is deferrable (printed after the module) if it is
     * only ever met where {@code canBeDeferred}.
     */
    void visit(Object symbol, boolean canBeDeferred, boolean elideType) {
        Integer existing = aliases.indexOf(symbol);
        if (existing != null) {
            if (!canBeDeferred) aliases.markNonDeferrable(existing);
            record(aliases.info(existing).depth, existing);
            return;
        }
        int idx = aliases.add(symbol, canBeDeferred);
        int[] savedChildren = children;
        int savedCount = childCount;
        int savedDepth = childDepth;
        boolean savedDeferrable = childDeferrable;
        children = new int[4];
        childCount = 0;
        childDepth = 0;
        childDeferrable = canBeDeferred;
        try {
            if (symbol instanceof Type t) visitTypeChildren(t);
            else visitAttributeChildren((Attribute) symbol, elideType);
            PrinterAliases.Info info = aliases.info(idx);
            info.children = Arrays.copyOf(children, childCount);
            if (childDepth > 0) info.depth = childDepth + 1;
        } finally {
            children = savedChildren;
            childCount = savedCount;
            childDepth = savedDepth;
            childDeferrable = savedDeferrable;
        }
        record(aliases.info(idx).depth, idx);
    }

    /** Notes a visited symbol as a child of the one being visited, if any. */
    private void record(int depth, int idx) {
        if (children != null) {
            if (childCount == children.length) children = Arrays.copyOf(children, 2 * childCount);
            children[childCount++] = idx;
            if (depth > childDepth) childDepth = depth;
        }
    }

    void visitChild(Object symbol) {
        if (prescanning) prescanSymbol(symbol);
        else visit(symbol, childDeferrable, false);
    }

    void visitTypeChildren(Type type) {
        if (type instanceof RankedTensorType t) {
            visitChild(t.elementType());
            if (t.encoding() != null) visitChild(t.encoding());
        } else if (type instanceof MemRefType t) {
            visitChild(t.elementType());
            if (t.shape() != null && hasNonIdentityLayout(t)) visitChild(t.layout());
            if (t.memorySpace() != null) visitChild(t.memorySpace());
        } else if (type instanceof UnrankedTensorType t) {
            visitChild(t.elementType());
        } else if (type instanceof ComplexType t) {
            visitChild(t.elementType());
        } else if (type instanceof TupleType t) {
            for (Type e : t.types()) visitChild(e);
        } else if (type instanceof FunctionType f) {
            for (Type e : f.inputs()) visitChild(e);
            for (Type e : f.results()) visitChild(e);
        } else if (type instanceof DialectPrintable d) {
            d.printBody(this);
        }
    }

    void visitAttributeChildren(Attribute attr, boolean elideType) {
        if (attr instanceof DialectPrintable d) {
            d.printBody(this);
            return;
        }
        if (attr instanceof IntegerAttr || attr instanceof FloatAttr || attr instanceof BoolAttr
                || attr instanceof DenseArrayAttr || attr instanceof UnitAttr || attr instanceof AffineMapAttr) {
            return;
        }
        if (attr instanceof DictionaryAttr d) {
            for (NamedAttribute na : d.entries()) {
                if (!prescanning) visitChild(StringAttr.of(na.name())); // a name never gets an alias
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
            Type t = Attribute.typeOf(attr);
            if (t != null && !(t instanceof NoneType)) visitChild(t);
        }
    }

    @Override
    public AsmSink append(String text) {
        return this; // only the nested types and attributes of a dialect body matter
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
}
