package org.stablehlo4j.verify;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectAttrConstraints;
import org.stablehlo4j.ir.DialectTypeConstraints;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.ReturnTypeCompatibility;
import org.stablehlo4j.ir.SymbolUseVerifier;

/**
 * What the verifier needs of one op name, worked out once per verification run from the op's row (or its absence):
 * the trait flags the walk asks about for every op and block, the traits in declaration order, the type
 * constraints of the operand and result groups, the count rules. The walk looks a plan up once per op instead of
 * asking the {@link Context} for the row at each check.
 */
final class OpPlan {
    final String name;
    /** The row, or null for an op that is not registered. */
    final OpDefinition def;
    final Dialect dialect;
    final boolean completeSignatures;
    /** Isolated from above when it has regions: func.func, builtin.module, or the IsolatedFromAbove trait. */
    final boolean isolatedIfRegions;
    final boolean isolatedTrait;
    final boolean graphRegion;
    /** A block of this op's single-block region may lack a terminator (NoTerminator, or no row). */
    final boolean noTerminator;
    final boolean terminator;
    final boolean symbolTable;
    final boolean module;
    final boolean functionLike;
    final boolean checkInference;
    /**
     * The traits with rules, in declaration order, as the op's dialect implements them (a promised trait's body is
     * the dialect's); empty when the dialect's signatures are not checked.
     */
    final OpTrait[] traits;
    final OpDefinition.AttrSpec[] attributes;
    final boolean anyRequired;
    final DialectAttrConstraints attrConstraints;
    final SymbolUseVerifier symbolUses;
    final ReturnTypeCompatibility returnCompatibility;
    final Groups operands;
    final Groups results;
    /** Regions: how many fixed ones, whether a variadic one exists, whether any is sized. */
    final int fixedRegions;
    final boolean variadicRegions;
    final boolean anySizedRegion;

    /** The operand or result groups of a row: arities and resolved type constraints. */
    static final class Groups {
        final OpDefinition.ValueSpec[] specs;
        final TypeConstraints.Matcher[] constraints;
        final int fixed;
        final int open;
        final boolean anyConstraint;

        Groups(List<OpDefinition.ValueSpec> groups, TypeConstraints.Cache resolved, DialectTypeConstraints dialect) {
            specs = groups.toArray(new OpDefinition.ValueSpec[0]);
            constraints = new TypeConstraints.Matcher[specs.length];
            int f = 0;
            boolean any = false;
            for (int k = 0; k < specs.length; k++) {
                if (specs[k].arity() == OpDefinition.Arity.SINGLE) f++;
                String c = specs[k].constraint();
                if (c != null && !c.isEmpty()) constraints[k] = resolved.matcher(c, dialect);
                any |= constraints[k] != null;
            }
            fixed = f;
            open = specs.length - f;
            anyConstraint = any;
        }
    }

    /**
     * Properties dictionaries (by identity) whose inherent attributes passed this row's checks in this run, the
     * latest few: those checks depend on the row and the dictionary alone, and a deserialized module shares one
     * dictionary among all the ops with equal properties.
     */
    private final DictionaryAttr[] passed = new DictionaryAttr[PASSED];
    private int passedNext;
    /** Room for the values of {@link #attributes} while one op's are checked. */
    final org.stablehlo4j.ir.Attribute[] scratchValues;
    private static final int PASSED = 4;

    /** Whether {@code props} is one of the dictionaries {@link #passedProperties} recorded. */
    boolean propertiesPassed(DictionaryAttr props) {
        DictionaryAttr[] p = passed;
        for (int i = 0; i < PASSED; i++) if (p[i] == props) return true;
        return false;
    }

    /** Records that {@code props} passed the inherent-attribute checks of this row. */
    void passedProperties(DictionaryAttr props) {
        passed[passedNext] = props;
        passedNext = (passedNext + 1) % PASSED;
    }

    OpPlan(Context ctx, String name, OpDefinition def, TypeConstraints.Cache resolved) {
        this.name = name;
        this.def = def;
        this.dialect = def == null ? null : ctx.opDialect(name);
        this.completeSignatures = dialect != null && dialect.hasCompleteSignatures();
        this.module = name.equals(ModuleOp.NAME);
        this.isolatedTrait = def != null && def.hasTrait(OpTrait.ISOLATED_FROM_ABOVE);
        this.functionLike = def != null && def.hasTrait(OpTrait.FUNCTION_LIKE);
        // a FunctionOpInterface op (func.func) is isolated from above, as MLIR's func.func declares
        this.isolatedIfRegions = module || functionLike || isolatedTrait;
        this.graphRegion = def != null && def.hasTrait(OpTrait.GRAPH_REGION);
        this.noTerminator = def == null || def.hasTrait(OpTrait.NO_TERMINATOR);
        this.terminator = def == null || def.hasTrait(OpTrait.TERMINATOR);
        this.symbolTable = def != null && def.hasTrait(OpTrait.SYMBOL_TABLE);
        List<OpTrait> checked = new ArrayList<>();
        boolean inferType = def != null && def.hasTrait(OpTrait.INFER_TYPE);
        if (def != null && dialect != null) {
            for (OpTrait declared : def.traits()) {
                OpTrait trait = dialect.resolveTrait(declared);
                if (trait.hasVerifier() && completeSignatures) checked.add(trait);
                inferType |= trait.implied().contains(OpTrait.INFER_TYPE);
            }
        }
        this.checkInference = inferType && def.inferTypes() != null;
        this.traits = checked.toArray(new OpTrait[0]);
        this.attributes = def == null ? new OpDefinition.AttrSpec[0]
                : def.attributes().toArray(new OpDefinition.AttrSpec[0]);
        this.scratchValues = new org.stablehlo4j.ir.Attribute[attributes.length];
        boolean required = false;
        for (OpDefinition.AttrSpec a : attributes) required |= a.presence() == OpDefinition.Presence.REQUIRED;
        this.anyRequired = required;
        this.attrConstraints = dialect == null ? null : dialect.getInterface(DialectAttrConstraints.class);
        this.symbolUses = def == null ? null : def.ext(SymbolUseVerifier.class);
        this.returnCompatibility = def == null ? null : def.ext(ReturnTypeCompatibility.class);
        DialectTypeConstraints typeConstraints = dialect == null ? null
                : dialect.getInterface(DialectTypeConstraints.class);
        this.operands = new Groups(def == null ? List.of() : def.operands(), resolved, typeConstraints);
        this.results = new Groups(def == null ? List.of() : def.results(), resolved, typeConstraints);
        int fixed = 0;
        boolean variadic = false;
        boolean sized = false;
        if (def != null) {
            for (OpDefinition.RegionSpec r : def.regions()) {
                if (r.variadic()) variadic = true;
                else fixed++;
                sized |= r.sized();
            }
        }
        this.fixedRegions = fixed;
        this.variadicRegions = variadic;
        this.anySizedRegion = sized;
    }
}
