package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectTypeConstraints;
import org.stablehlo4j.ir.OpTrait;

/**
 * What upstream's stablehlo/dialect/Base.td gives the dialects that include it (StableHLO, CHLO): the
 * {@code HLO_*} type constraints ({@link HloTypeConstraints}) and the bodies of the {@code HLO_*} traits
 * ({@link HloTraits}) that their op rows name.
 */
public final class HloBase {
    private HloBase() {}

    /**
     * Hands the HLO type constraints and trait bodies to {@code dialect} (from its constructor).
     *
     * @param dialect a dialect whose rows name {@code HLO_*} constraints and traits
     */
    public static void attachTo(Dialect dialect) {
        dialect.addInterface(DialectTypeConstraints.class, HloTypeConstraints.INSTANCE);
        dialect.implementTrait(OpTrait.COMPATIBLE_OPERANDS_AND_RESULT_TYPE, HloTraits.COMPATIBLE_OPERANDS_AND_RESULT_TYPE);
        dialect.implementTrait(OpTrait.COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE,
                HloTraits.COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE);
        dialect.implementTrait(OpTrait.COMPATIBLE_OPERANDS_ELEMENT_TYPE, HloTraits.COMPATIBLE_OPERANDS_ELEMENT_TYPE);
        dialect.implementTrait(OpTrait.PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE,
                HloTraits.PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE);
        dialect.implementTrait(OpTrait.PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE,
                HloTraits.PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE);
    }
}
