package org.stablehlo4j.dialect.sparse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.stablehlo4j.dialect.sparse.AffineExpr.Binary;
import org.stablehlo4j.dialect.sparse.AffineExpr.Const;
import org.stablehlo4j.dialect.sparse.AffineExpr.Dim;
import org.stablehlo4j.dialect.sparse.AffineExpr.Op;

/**
 * Facts about dimension-to-level maps: permutations, block sparsity ({@code d floordiv c} followed later by
 * {@code d mod c}) and the level-to-dimension map inferred from them, as the sparse tensor dialect computes
 * them.
 */
final class LevelMaps {
    private LevelMaps() {}

    /**
     * The inverse (level-to-dimension) map of a permutation or block-sparse map: one expression per dimension
     * over level variables; null if the map has symbols or is neither.
     */
    static List<AffineExpr> inferLvlToDim(int dimRank, int symbolRank, List<AffineExpr> dimToLvl) {
        if (symbolRank != 0) return null;
        AffineExpr[] inverse = permutationInverse(dimRank, dimToLvl);
        if (inverse != null) return List.of(inverse);
        return isBlockSparsity(dimToLvl) ? inverseBlockSparsity(dimToLvl) : null;
    }

    private static AffineExpr[] permutationInverse(int dimRank, List<AffineExpr> dimToLvl) {
        if (dimRank != dimToLvl.size()) return null;
        AffineExpr[] inverse = new AffineExpr[dimRank];
        for (int lvl = 0; lvl < dimToLvl.size(); lvl++) {
            if (!(dimToLvl.get(lvl) instanceof Dim d) || inverse[d.pos()] != null) return null;
            inverse[d.pos()] = new Dim(lvl);
        }
        return inverse;
    }

    /**
     * Whether every compound level expression is {@code d floordiv c} or a later {@code d mod c} with the same
     * constant, each dimension blocked at most once, and at least one is.
     */
    static boolean isBlockSparsity(List<AffineExpr> dimToLvl) {
        Map<Integer, Long> coefficients = new TreeMap<>();
        for (AffineExpr e : dimToLvl) {
            if (!(e instanceof Binary b)) continue;
            if (!(b.lhs() instanceof Dim d) || !(b.rhs() instanceof Const c)) return false;
            if (b.op() == Op.FLOOR_DIV) {
                if (coefficients.putIfAbsent(d.pos(), c.value()) != null) return false;
            } else if (b.op() == Op.MOD) {
                Long k = coefficients.get(d.pos());
                if (k == null || k != c.value()) return false;
            } else {
                return false;
            }
        }
        return !coefficients.isEmpty();
    }

    /** Per level: the block size of a {@code mod} level, 0 for an unblocked one (block-sparse maps only). */
    static List<Long> blockSizes(List<AffineExpr> dimToLvl) {
        List<Long> sizes = new ArrayList<>();
        for (AffineExpr e : dimToLvl) {
            if (!(e instanceof Binary b)) sizes.add(0L);
            else if (b.op() == Op.MOD) sizes.add(((Const) b.rhs()).value());
        }
        return sizes;
    }

    /**
     * Plain levels map back to themselves (in level order); a blocked dimension {@code d} with levels
     * {@code l1 = d floordiv c} and {@code l2 = d mod c} maps back to {@code l1 * c + l2} (in dimension order).
     */
    private static List<AffineExpr> inverseBlockSparsity(List<AffineExpr> dimToLvl) {
        List<AffineExpr> out = new ArrayList<>();
        Map<Integer, List<AffineExpr>> blocks = new TreeMap<>();
        for (int lvl = 0; lvl < dimToLvl.size(); lvl++) {
            if (dimToLvl.get(lvl) instanceof Binary b) {
                int pos = ((Dim) b.lhs()).pos();
                if (b.op() == Op.FLOOR_DIV) blocks.put(pos, new ArrayList<>(List.of(new Dim(lvl), b.rhs())));
                else blocks.get(pos).add(new Dim(lvl));
            } else {
                out.add(new Dim(lvl));
            }
        }
        for (List<AffineExpr> parts : blocks.values()) {
            if (parts.size() != 3) return null;
            out.add(new Binary(Op.ADD, new Binary(Op.MUL, parts.get(0), parts.get(1)), parts.get(2)));
        }
        return out;
    }
}
