package org.stablehlo4j.compat.legalize;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;

/**
 * What the op conversions ({@link OpLegalizer}, {@link VhloToVersion}) read of one op: a built {@link Operation}
 * (the passes, which rebuild a module) or an op the bytecode reader has read but not built yet
 * ({@link VhloReadConversion}, which converts while reading).
 */
interface OpView {
    /** {@return the full op name} */
    String name();

    /** {@return the inherent attributes} */
    DictionaryAttr properties();

    /** {@return the discardable attributes} */
    DictionaryAttr attributes();

    /** {@return the number of operands} */
    int numOperands();

    /** {@return the type of operand {@code i}} */
    Type operandType(int i);

    /** {@return the number of results} */
    int numResults();

    /** {@return the type of result {@code i}} */
    Type resultType(int i);

    /** {@return the number of regions} */
    int numRegions();

    /**
     * Region {@code i}, or null while it is not read yet: the reader converts an op before it reads the op's
     * regions (an upgrade to the current version never looks into them; see {@code VhloReadConversionTest}).
     */
    Region region(int i);

    /** {@return the name of the op holding this one, or null} */
    String parentName();

    /** {@return the dialect namespace: the part of the name before the first dot} */
    default String dialect() {
        String n = name();
        int dot = n.indexOf('.');
        return dot < 0 ? "" : n.substring(0, dot);
    }

    /** {@return the attribute {@code name}: inherent first, then discardable; null if absent} */
    default Attribute attr(String name) {
        Attribute a = properties().get(name);
        return a != null ? a : attributes().get(name);
    }

    /** {@return a view of a built op} */
    static OpView of(Operation op) {
        return new OpView() {
            @Override public String name() { return op.name(); }
            @Override public DictionaryAttr properties() { return op.properties(); }
            @Override public DictionaryAttr attributes() { return op.attributes(); }
            @Override public int numOperands() { return op.numOperands(); }
            @Override public Type operandType(int i) { return op.operand(i).type(); }
            @Override public int numResults() { return op.numResults(); }
            @Override public Type resultType(int i) { return op.result(i).type(); }
            @Override public int numRegions() { return op.numRegions(); }
            @Override public Region region(int i) { return op.region(i); }
            @Override public String dialect() { return op.dialect(); }

            @Override
            public String parentName() {
                Operation p = op.parentOp();
                return p == null ? null : p.name();
            }
        };
    }
}
