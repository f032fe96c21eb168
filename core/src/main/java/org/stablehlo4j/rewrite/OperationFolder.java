package org.stablehlo4j.rewrite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.Folder;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * Folds ops and keeps the constants that folding produces unique, as MLIR's {@code OperationFolder}
 * ({@code FoldUtils.cpp}): constants are keyed by (dialect, value, type) per insertion region, the nearest region
 * whose parent op is isolated from above (or has no parent op), and live at the start of that region's entry
 * block. {@link #insertKnownConstant} adopts an existing constant op (hoisting it, or replacing it by an equal
 * one already adopted); {@link #tryToFold} folds an op through its row's {@link Folder} and materializes
 * attribute results through the op's dialect ({@link Dialect#materializeConstant}), reusing adopted constants.
 * Tell it about every erased op ({@link #notifyRemoval}).
 */
public final class OperationFolder {
    private record Key(Dialect dialect, Attribute value, Type type) {}

    private final PatternRewriter rewriter;
    private final Map<Region, Map<Key, Operation>> foldScopes = new IdentityHashMap<>();
    private final Map<Operation, List<Dialect>> referencedDialects = new IdentityHashMap<>();

    /**
     * A folder that creates, moves and erases ops through {@code rewriter}.
     *
     * @param rewriter the rewriter whose listener hears of the changes
     */
    public OperationFolder(PatternRewriter rewriter) {
        this.rewriter = rewriter;
    }

    /**
     * The constant value of {@code op} ({@link Folder#constantValue}, MLIR's {@code m_Constant}).
     *
     * @param op the op
     * @return the constant value, or null
     */
    public static Attribute constantValue(Operation op) {
        return Folder.constantValue(op);
    }

    /**
     * The constant values of {@code op}'s operands (null where an operand is not the result of a constant op).
     *
     * @param op the op
     * @return one entry per operand
     */
    public static Attribute[] constantOperands(Operation op) {
        Attribute[] out = new Attribute[op.numOperands()];
        for (int i = 0; i < out.length; i++) {
            Operation def = op.operand(i).definingOp();
            if (def != null) out[i] = constantValue(def);
        }
        return out;
    }

    /**
     * Whether {@code op} is a constant this folder adopted or created.
     *
     * @param op the op
     * @return whether it owns it
     */
    public boolean isFolderOwnedConstant(Operation op) {
        return op != null && referencedDialects.containsKey(op);
    }

    /**
     * Folds {@code op} (not a constant this folder owns, which is only re-hoisted): replaces it by its fold
     * results, materializing attributes as uniqued constants, or reports an in-place update.
     *
     * @param op the op
     * @return null when it did not fold, {@link Boolean#TRUE} when it was updated in place, {@link Boolean#FALSE}
     *         when it was replaced and erased
     */
    public Boolean tryToFold(Operation op) {
        if (isFolderOwnedConstant(op)) {
            Block b = op.parent();
            if (b.first() != op && !isFolderOwnedConstant(op.prev())) {
                op.moveBefore(b.first());
                op.setLocation(Location.UNKNOWN);
            }
            return null;
        }
        OpDefinition def = op.opName().definition();
        if (def == null) return null;
        boolean commutes = def.hasTrait(OpTrait.COMMUTATIVE) && !def.hasTrait(OpTrait.COMMUTATIVE_WITHOUT_FOLDER);
        if (def.folder() == null && !commutes) return null;
        Attribute[] constants = constantOperands(op);
        List<Object> folded = def.folder() == null ? null : def.folder().fold(op, constants);
        // Folding to its own result is an in-place update (MLIR's single-result fold convention).
        boolean inPlace = folded != null && (folded.isEmpty()
                || (folded.size() == 1 && op.numResults() == 1 && folded.get(0) == op.result(0)));
        // MLIR folds an op's traits when its own folder fails or updates in place.
        if (folded == null || inPlace) {
            // (an in-place fold may have changed the operands)
            boolean traitFolded = commutes && moveConstantsLast(op, inPlace ? constantOperands(op) : constants);
            return inPlace || traitFolded ? Boolean.TRUE : null;
        }
        List<Value> results = processFoldResults(op, folded);
        if (results == null) return null;
        notifyRemoval(op);
        rewriter.replaceOp(op, results);
        return Boolean.FALSE;
    }

    /**
     * The fold of the {@code Commutative} trait (MLIR's {@code foldCommutative}): the constant operands move behind
     * the others, each group keeping its order.
     *
     * @return whether the operands changed
     */
    private static boolean moveConstantsLast(Operation op, Attribute[] constants) {
        int n = op.numOperands();
        if (n < 2) return false;
        List<Value> reordered = new ArrayList<>(n);
        for (int i = 0; i < n; i++) if (constants[i] == null) reordered.add(op.operand(i));
        for (int i = 0; i < n; i++) if (constants[i] != null) reordered.add(op.operand(i));
        boolean changed = false;
        for (int i = 0; i < n; i++) {
            if (reordered.get(i) != op.operand(i)) {
                op.setOperand(i, reordered.get(i));
                changed = true;
            }
        }
        return changed;
    }

    private List<Value> processFoldResults(Operation op, List<Object> folded) {
        if (folded.size() != op.numResults()) return null;
        Region insertRegion = insertionRegion(op.parent());
        Block insertBlock = insertRegion.entry();
        Map<Key, Operation> uniqued = foldScopes.computeIfAbsent(insertRegion, r -> new HashMap<>());
        Dialect dialect = op.opName().dialect();
        var saved = rewriter.saveInsertionPoint();
        rewriter.setInsertionPointToStart(insertBlock);
        List<Value> results = new ArrayList<>();
        try {
            for (int i = 0; i < folded.size(); i++) {
                Object f = folded.get(i);
                if (f instanceof Value v) {
                    results.add(v);
                    continue;
                }
                Operation c = f instanceof Attribute a && dialect != null
                        ? getOrCreateConstant(uniqued, dialect, a, op.result(i).type()) : null;
                if (c == null) {
                    // Clean up the constants created for the earlier results that nothing uses.
                    for (Value v : results) {
                        Operation d = v.definingOp();
                        if (d != null && isFolderOwnedConstant(d) && !d.hasUses()) {
                            notifyRemoval(d);
                            rewriter.eraseOp(d);
                        }
                    }
                    return null;
                }
                Block ob = op.parent();
                if (ob == c.parent() && ob.first() != c) c.moveBefore(ob.first());
                results.add(c.result(0));
            }
            return results;
        } finally {
            rewriter.restoreInsertionPoint(saved);
        }
    }

    private Operation getOrCreateConstant(Map<Key, Operation> uniqued, Dialect dialect, Attribute value, Type type) {
        Key key = new Key(dialect, value, type);
        Operation existing = uniqued.get(key);
        if (existing != null) return existing;
        Operation c = dialect.materializeConstant(rewriter, value, type, Location.UNKNOWN);
        if (c == null) return null;
        Dialect newDialect = c.opName().dialect();
        if (newDialect == dialect) {
            uniqued.put(key, c);
            referencedDialects.computeIfAbsent(c, k -> new ArrayList<>()).add(dialect);
            return c;
        }
        Key newKey = new Key(newDialect, value, type);
        Operation other = uniqued.get(newKey);
        if (other != null) {
            rewriter.eraseOp(c);
            referencedDialects.get(other).add(dialect);
            uniqued.put(key, other);
            return other;
        }
        referencedDialects.put(c, new ArrayList<>(List.of(dialect, newDialect)));
        uniqued.put(key, c);
        uniqued.put(newKey, c);
        return c;
    }

    /**
     * Adopts constant op {@code op} of value {@code value} (MLIR's {@code insertKnownConstant}): if an equal
     * constant is already adopted in its insertion region, {@code op}'s uses move to that one and {@code op} is
     * erased; else {@code op} is hoisted to the start of the region's entry block (behind the constants already
     * there) and adopted.
     *
     * @param op a constant op
     * @param value its value ({@link #constantValue})
     * @return false when {@code op} was erased in favour of an existing constant, true when it stays
     */
    public boolean insertKnownConstant(Operation op, Attribute value) {
        Block opBlock = op.parent();
        if (isFolderOwnedConstant(op)) {
            if (opBlock.first() != op && !isFolderOwnedConstant(op.prev())) {
                op.moveBefore(opBlock.first());
                op.setLocation(Location.UNKNOWN);
            }
            return true;
        }
        Region insertRegion = insertionRegion(opBlock);
        Map<Key, Operation> uniqued = foldScopes.computeIfAbsent(insertRegion, r -> new HashMap<>());
        Key key = new Key(op.opName().dialect(), value, op.result(0).type());
        Operation existing = uniqued.get(key);
        if (existing != null) {
            notifyRemoval(op);
            rewriter.replaceOp(op, existing.results());
            return false;
        }
        Block insertBlock = insertRegion.entry();
        if (opBlock != insertBlock || (insertBlock.first() != op && !isFolderOwnedConstant(op.prev()))) {
            op.remove();
            insertBlock.prepend(op);
            op.setLocation(Location.UNKNOWN);
        }
        uniqued.put(key, op);
        referencedDialects.computeIfAbsent(op, k -> new ArrayList<>()).add(op.opName().dialect());
        return true;
    }

    /**
     * Forgets {@code op} if it is a constant this folder owns (call it before erasing any op).
     *
     * @param op the op about to be erased
     */
    public void notifyRemoval(Operation op) {
        List<Dialect> dialects = referencedDialects.remove(op);
        if (dialects == null) return;
        Attribute value = constantValue(op);
        Map<Key, Operation> uniqued = op.parent() == null ? null : foldScopes.get(insertionRegion(op.parent()));
        if (uniqued == null) {
            for (Map<Key, Operation> m : foldScopes.values()) m.values().removeIf(o -> o == op);
            return;
        }
        for (Dialect d : dialects) uniqued.remove(new Key(d, value, op.result(0).type()));
    }

    /** Forgets every constant (e.g. when the IR was changed behind the folder's back). */
    public void clear() {
        foldScopes.clear();
        referencedDialects.clear();
    }

    /** The nearest region enclosing {@code block} whose parent op is isolated from above or absent. */
    private static Region insertionRegion(Block block) {
        Region region = block.parent();
        while (true) {
            Operation parent = region.parent();
            if (parent == null || parent.parent() == null) return region;
            OpDefinition def = parent.opName().definition();
            // An unregistered op might be isolated from above (MLIR's mightHaveTrait).
            if (def == null || def.hasTrait(OpTrait.ISOLATED_FROM_ABOVE)) return region;
            region = parent.parent().parent();
        }
    }
}
