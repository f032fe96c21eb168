package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.bytecode.ReadConversion;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;

/**
 * A conversion the writer applies while it numbers and emits a module, so that a module of one dialect is
 * written straight out as another in one pass (serialization writes StableHLO as VHLO records this way instead of
 * building the VHLO module first): the mirror of {@link ReadConversion}. The writer stays generic: each op keeps
 * its operands, results, regions, successors and location, and only its name and attributes and the types of its
 * values come from the conversion. The writer asks once per op, in pre-order, before anything is numbered.
 *
 * <p>The written IR is the one a rebuild would create op by op in pre-order, so every use list is in creation
 * order and no use-list orders are written. A conversion that cannot express an op throws an unchecked
 * exception, which leaves the writer and reaches the caller.
 */
public interface WriteConversion {
    /**
     * The type written for values of type {@code type} (op results and block arguments).
     *
     * @param type a type of the module being written
     * @return the type to write
     */
    Type valueType(Type type);

    /**
     * The name and attributes written for {@code op} (its operand types are those of the module as given; pass
     * them through {@link #valueType} for the written ones).
     *
     * @param op an op of the module being written
     * @return its converted name and attributes
     */
    ReadConversion.Head op(Operation op);
}
