package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import static org.stablehlo4j.dialect.stablehlo.Fields.list;

import java.util.Arrays;
import java.util.List;
import org.stablehlo4j.ir.AsmSink;

/**
 * {@code #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
 * lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} (empty lists left out when printed).
 */
public record DotDimensionNumbersAttr(List<Long> lhsBatchingDimensions, List<Long> rhsBatchingDimensions,
                                      List<Long> lhsContractingDimensions, List<Long> rhsContractingDimensions)
        implements StablehloAttribute {
    private static final String[] NAMES = {"lhs_batching_dimensions", "rhs_batching_dimensions",
            "lhs_contracting_dimensions", "rhs_contracting_dimensions"};
    private static final boolean[] LISTS = {true, true, true, true};

    public DotDimensionNumbersAttr {
        lhsBatchingDimensions = List.copyOf(lhsBatchingDimensions);
        rhsBatchingDimensions = List.copyOf(rhsBatchingDimensions);
        lhsContractingDimensions = List.copyOf(lhsContractingDimensions);
        rhsContractingDimensions = List.copyOf(rhsContractingDimensions);
    }

    @Override
    public void printBody(AsmSink sink) {
        sink.append("dot");
        Fields.printSparseStruct(sink, NAMES, components());
    }

    static DotDimensionNumbersAttr parseParams(DialectAsmParser r) {
        Object[] v = Fields.parseSparseStruct(r, NAMES, LISTS);
        return new DotDimensionNumbersAttr(list(v[0]), list(v[1]), list(v[2]), list(v[3]));
    }

    public static DotDimensionNumbersAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, DotDimensionNumbersAttr.class);
    }

    /** The components in declaration order: one array serves equality, hashing and printing. */
    private Object[] components() {
        return new Object[] {lhsBatchingDimensions, rhsBatchingDimensions, lhsContractingDimensions,
                rhsContractingDimensions};
    }

    @Override public boolean equals(Object o) {
        return this == o || o instanceof DotDimensionNumbersAttr r && Arrays.equals(components(), r.components());
    }

    @Override public int hashCode() { return Fields.recordHash(components()); }
}
