package org.stablehlo4j.ir;

/** Symbol lookup as the verifiers' symbol-use rules need it (a small part of MLIR's {@code SymbolTable}). */
public final class SymbolTable {
    private SymbolTable() {}

    /**
     * The op named {@code symbol} in the symbol table nearest to {@code from} (its closest enclosing
     * {@code builtin.module}), or null. Like MLIR, only that table is searched, not enclosing ones.
     *
     * @param from the op to start from
     * @param symbol the symbol's name
     * @return the op, or null
     */
    public static Operation lookupSymbol(Operation from, String symbol) {
        Operation table = from.parentOp();
        while (table != null && !ModuleOp.isModule(table)) table = table.parentOp();
        if (table == null) return null;
        if (table.numRegions() == 1 && table.region(0).blocks().size() == 1) {
            return table.region(0).blocks().get(0).symbol(symbol);
        }
        for (var region : table.regions()) {
            for (var block : region.blocks()) {
                for (Operation candidate : block.operations()) {
                    if (candidate.attr("sym_name") instanceof StringAttr s && s.value().equals(symbol)) {
                        return candidate;
                    }
                }
            }
        }
        return null;
    }

    /**
     * The name a flat symbol reference attribute refers to, or null.
     *
     * @param a an attribute
     * @return the symbol's name, or null if {@code a} is not a flat symbol reference
     */
    public static String flatSymbol(Attribute a) {
        return a instanceof SymbolRefAttr s && s.nested().isEmpty() ? s.root() : null;
    }
}
