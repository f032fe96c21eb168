package org.stablehlo4j.asm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.ir.AffineMapAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;

/**
 * Attribute and type aliases ({@code #loc3 = loc(...)}, {@code !tuple = tuple<...>}), chosen as MLIR does: every
 * attribute/type the printer would emit is visited in print order; those a dialect names get an alias; aliases
 * are ordered by nesting depth, then types before attributes, then name (stable), and numbered per name.
 * Aliases only referenced from operation locations are "deferred" (printed after the module), the rest are
 * printed before it.
 */
final class PrinterAliases {
    /** Where dialect alias hooks come from; null for none. */
    private final org.stablehlo4j.ir.Context context;

    PrinterAliases(org.stablehlo4j.ir.Context context) {
        this.context = context;
    }

    /** One visited attribute or type. */
    static final class Info {
        final Object symbol;
        String alias;
        int depth;
        boolean isType;
        boolean canBeDeferred;
        int[] children = new int[0];

        Info(Object symbol) {
            this.symbol = symbol;
        }
    }

    /** A final alias: its printed name and whether it is printed after the module. */
    record Alias(String name, boolean deferred) {}

    private final Map<Object, Integer> index = new HashMap<>();
    private final List<Info> infos = new ArrayList<>();
    private final Map<Object, Alias> aliases = new LinkedHashMap<>();

    int size() {
        return infos.size();
    }

    Integer indexOf(Object symbol) {
        return index.get(symbol);
    }

    Info info(int i) {
        return infos.get(i);
    }

    /** Registers a newly seen symbol and computes its alias name (if any); returns its index. */
    int add(Object symbol, boolean canBeDeferred) {
        Info info = new Info(symbol);
        info.isType = symbol instanceof Type;
        String name = aliasName(symbol);
        if (name != null) {
            info.alias = PrinterNames.sanitize(name, "$_-", false);
            info.depth = 1;
            info.canBeDeferred = canBeDeferred;
        }
        infos.add(info);
        index.put(symbol, infos.size() - 1);
        return infos.size() - 1;
    }

    void markNonDeferrable(int i) {
        Info info = infos.get(i);
        if (!info.canBeDeferred) return;
        info.canBeDeferred = false;
        for (int c : info.children) markNonDeferrable(c);
    }

    /** The dialect last asked for an alias, and its interface (null when it has none). */
    private String lastNamespace;
    private OpAsmDialectInterface lastInterface;

    /** The alias base name a symbol gets (before sanitizing and numbering), or null. */
    String aliasName(Object symbol) {
        if (symbol instanceof Location) return "loc";
        if (symbol instanceof AffineMapAttr) return "map";
        if (symbol instanceof TupleType t && t.types().size() > 16) return "tuple";
        // Like MLIR, the alias of a dialect type/attribute is asked of its dialect (OpAsmDialectInterface).
        if (context != null && symbol instanceof org.stablehlo4j.ir.DialectPrintable d) {
            String ns = d.dialectNamespace();
            OpAsmDialectInterface asm;
            if (ns.equals(lastNamespace)) {
                asm = lastInterface;
            } else {
                asm = context.dialectInterface(ns, OpAsmDialectInterface.class);
                lastNamespace = ns;
                lastInterface = asm;
            }
            String n = asm == null ? null : asm.alias(symbol);
            if (n != null && !n.isEmpty()) return n;
        }
        return null;
    }

    /** Orders and numbers the aliases. */
    void finish() {
        List<Info> sorted = new ArrayList<>(infos);
        sorted.sort(Comparator.<Info>comparingInt(i -> i.depth)
                .thenComparing(i -> !i.isType)
                .thenComparing(i -> i.alias == null ? "" : i.alias, PrinterAliases::compareBytes));
        Map<String, Integer> counts = new HashMap<>();
        for (Info i : sorted) {
            if (i.alias == null) continue;
            int n = counts.merge(i.alias, 1, Integer::sum) - 1;
            String name = (i.isType ? "!" : "#") + i.alias + (n == 0 ? "" : Integer.toString(n));
            aliases.put(i.symbol, new Alias(name, i.canBeDeferred));
        }
    }

    private static int compareBytes(String a, String b) {
        byte[] x = a.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] y = b.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return java.util.Arrays.compareUnsigned(x, y);
    }

    /** Whether no alias was chosen (so lookups can be skipped). */
    boolean none() {
        return aliases.isEmpty();
    }

    Alias alias(Object symbol) {
        return aliases.get(symbol);
    }

    /** Aliases in print order. */
    Map<Object, Alias> all() {
        return aliases;
    }
}
