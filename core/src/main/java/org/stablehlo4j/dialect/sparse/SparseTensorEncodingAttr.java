package org.stablehlo4j.dialect.sparse;

import java.util.List;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectPrintable;

/**
 * {@code #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 32 }>}: the
 * sparsity encoding of a ranked tensor type.
 *
 * @param dimRank number of dimensions (inputs of the dimension-to-level map)
 * @param symbolRank number of symbols of the map ({@code [s0, s1]})
 * @param dimToLvl one level expression per level, over dimensions {@code d<i>} and symbols {@code s<i>}
 * @param lvlTypes one level type per level
 * @param lvlToDim the inverse map (one expression per dimension over levels {@code d<i>}), given or inferred;
 *     null when it is neither given nor inferable
 * @param posWidth position bit width, 0 for the default
 * @param crdWidth coordinate bit width, 0 for the default
 * @param explicitVal the value of stored entries if fixed, or null
 * @param implicitVal the value of absent entries if given, or null
 * @param dimSlices one slice per dimension, or empty when no dimension is sliced
 */
public record SparseTensorEncodingAttr(int dimRank, int symbolRank, List<AffineExpr> dimToLvl,
        List<LevelType> lvlTypes, List<AffineExpr> lvlToDim, int posWidth, int crdWidth, Attribute explicitVal,
        Attribute implicitVal, List<DimSlice> dimSlices) implements Attribute, DialectPrintable,
        org.stablehlo4j.ir.VerifiableTensorEncoding {
    public static final String DIALECT = "sparse_tensor";

    public SparseTensorEncodingAttr {
        dimToLvl = List.copyOf(dimToLvl);
        lvlTypes = List.copyOf(lvlTypes);
        lvlToDim = lvlToDim == null ? null : List.copyOf(lvlToDim);
        dimSlices = List.copyOf(dimSlices);
        if (dimToLvl.size() != lvlTypes.size()) {
            throw new IllegalArgumentException("level-rank mismatch between dimToLvl and lvlTypes: "
                    + dimToLvl.size() + " != " + lvlTypes.size());
        }
        if (!dimSlices.isEmpty() && dimSlices.size() != dimRank) {
            throw new IllegalArgumentException("dimension-rank mismatch between dimSlices and dimToLvl: "
                    + dimSlices.size() + " != " + dimRank);
        }
    }

    /**
     * Parses the body of the attribute, {@code encoding<{...}>}, as kept after {@code #sparse_tensor.}.
     *
     * @throws org.stablehlo4j.asm.DialectBodyException with the offset inside the body
     */
    public static SparseTensorEncodingAttr parseBody(String body) {
        return EncodingParser.parse(body);
    }

    @Override
    public String dialectNamespace() {
        return DIALECT;
    }

    @Override
    public void printBody(AsmSink sink) {
        StringBuilder sb = new StringBuilder("encoding<{ map = ");
        if (symbolRank > 0) {
            sb.append('[');
            for (int i = 0; i < symbolRank; i++) sb.append(i == 0 ? "" : ", ").append('s').append(i);
            sb.append(']');
        }
        sb.append('(');
        for (int i = 0; i < dimRank; i++) {
            sb.append(i == 0 ? "" : ", ").append('d').append(i);
            if (!dimSlices.isEmpty()) sb.append(" : ").append(dimSlices.get(i));
        }
        sb.append(") -> (");
        for (int i = 0; i < dimToLvl.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(dimToLvl.get(i).print()).append(" : ").append(lvlTypes.get(i));
        }
        sb.append(')');
        if (posWidth != 0) sb.append(", posWidth = ").append(posWidth);
        if (crdWidth != 0) sb.append(", crdWidth = ").append(crdWidth);
        sink.append(sb.toString());
        if (explicitVal != null) sink.append(", explicitVal = ").attribute(explicitVal);
        if (implicitVal != null) sink.append(", implicitVal = ").attribute(implicitVal);
        sink.append(" }>");
    }

    /**
     * Checks the encoding against the rank of the tensor type it annotates, as MLIR's
     * {@code VerifiableTensorEncoding} hook does; returns the problem, or null if there is none.
     */
    @Override
    public String verifyEncoding(long[] shape, org.stablehlo4j.ir.Type elementType) {
        return verifyEncoding(shape.length);
    }

    public String verifyEncoding(int tensorRank) {
        if (tensorRank == 0) return "expected non-scalar sparse tensor";
        if (dimRank != tensorRank) {
            return "dimension-rank mismatch between encoding and tensor shape: " + dimRank + " != " + tensorRank;
        }
        return null;
    }

    /** The attribute as printed in assembly (without alias). */
    @Override
    public String toString() {
        return AsmPrinter.printAttribute(this);
    }
}
