package org.stablehlo4j.dialect.stablehlo.ops;

import java.util.List;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Folder;
import org.stablehlo4j.ir.IRMapping;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * StableHLO's folding code, exactly upstream's (StablehloOps.td / StablehloOps.cpp): {@code stablehlo.constant}
 * folds to its value ({@code hasFolder}), {@code stablehlo.case} has the canonicalization pattern
 * {@code FoldConstantCaseOp} (a constant branch index inlines that branch), and the dialect materializes
 * constants as {@code stablehlo.constant} from elements attributes of the result type. The folds of
 * {@code --stablehlo-aggressive-folder} are patterns of that pass, not fold hooks. {@link StablehloOpHooks}
 * attaches them to the rows.
 */
public final class StablehloFolding {
    private StablehloFolding() {}

    /** {@code FoldConstantCaseOp}: a case whose index is a constant in range is replaced by that branch's body. */
    static final RewritePattern FOLD_CONSTANT_CASE = new RewritePattern(CaseOp.NAME, 1) {
        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            CaseOp c = CaseOp.cast(op);
            Operation def = c.index().definingOp();
            Attribute value = def == null ? null : Folder.constantValue(def);
            if (!(value instanceof DenseElementsAttr d) || !(d.type().elementType() instanceof IntegerType it)) {
                return false;
            }
            long index = firstInt(d, it);
            List<Region> branches = c.branches();
            if (index < 0 || index >= branches.size()) return false;
            Region region = branches.get((int) index);
            if (region.isEmpty()) return false;
            Block block = region.blocks().get(region.numBlocks() - 1);
            IRMapping mapping = new IRMapping();
            for (Operation o = block.first(); o != null && o != block.terminator(); o = o.next()) {
                rewriter.clone(o, mapping);
            }
            List<Value> results = new java.util.ArrayList<>();
            for (Value v : block.terminator().operands()) results.add(mapping.lookupOrDefault(v));
            rewriter.replaceOp(op, results);
            return true;
        }
    };

    /**
     * The {@code stablehlo.constant} folder: the op's value.
     *
     * @param op a constant
     * @param operands the constant operands (none)
     * @return the value
     */
    static List<Object> foldConstant(Operation op, Attribute[] operands) {
        return List.of(ConstantOp.cast(op).value());
    }

    /** The first element of integer elements {@code d}, as MLIR's {@code getValues<int>().begin()}. */
    private static long firstInt(DenseElementsAttr d, IntegerType it) {
        int eb = DenseElementsAttr.elementStorageBytes(it);
        long v = 0;
        for (int k = Math.min(eb, 8) - 1; k >= 0; k--) v = (v << 8) | (d.byteAt(k) & 0xFF);
        if (eb < 8 && !it.isUnsigned()) v = (v << (64 - 8 * eb)) >> (64 - 8 * eb);
        return (int) v;
    }

    /**
     * StableHLO's {@code materializeConstant}: a {@code stablehlo.constant} of {@code value} when it is an elements
     * attribute of exactly type {@code type}.
     *
     * @param builder where to create it
     * @param value the value
     * @param type the result type
     * @param loc the location
     * @return the constant op, or null
     */
    public static Operation materializeConstant(OpBuilder builder, Attribute value, Type type, Location loc) {
        if (!(value instanceof DenseElementsAttr d) || !d.type().equals(type)) return null;
        return ConstantOp.create(builder, loc, value).operation();
    }
}
