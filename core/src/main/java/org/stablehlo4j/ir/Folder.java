package org.stablehlo4j.ir;

import java.util.List;

/**
 * An op's folder (MLIR's {@code fold} hook, {@code hasFolder}), attached to its row ({@link OpDefinition#folder}).
 * Given the constant values of the op's operands (null where not constant), it returns null when the op does not
 * fold, an empty list when it updated the op in place, or one entry per result: an existing {@link Value} or an
 * {@link Attribute} that the op's dialect materializes as a constant ({@link Dialect#materializeConstant}). A
 * folder must not create ops. The one folding interface: the greedy rewrite driver and its
 * {@code OperationFolder} call it.
 */
@FunctionalInterface
public interface Folder {
    /**
     * Folds {@code op}.
     *
     * @param op the op
     * @param constOperands each operand's constant value, or null where not constant
     * @return the folded results (each an {@link Attribute} or a {@link Value}), an empty list for an in-place
     *         update, or null when the op does not fold
     */
    List<Object> fold(Operation op, Attribute[] constOperands);

    /**
     * The constant value of {@code op} (MLIR's {@code m_Constant}): its fold result when it is constant-like
     * ({@link OpTrait#CONSTANT_LIKE}) with one result and its folder returns an attribute; else null.
     *
     * @param op the op
     * @return the constant value, or null
     */
    static Attribute constantValue(Operation op) {
        OpDefinition def = op.opName().definition();
        if (def == null || op.numResults() != 1 || !def.hasTrait(OpTrait.CONSTANT_LIKE) || def.folder() == null) {
            return null;
        }
        List<Object> r = def.folder().fold(op, new Attribute[op.numOperands()]);
        return r != null && r.size() == 1 && r.get(0) instanceof Attribute a ? a : null;
    }
}
