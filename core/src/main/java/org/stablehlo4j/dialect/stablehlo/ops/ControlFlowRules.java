package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import static org.stablehlo4j.dialect.stablehlo.ops.RegionRules.*;

/**
 * Verification rules of sort, while, map and if/case (split out of {@link RegionRules}, whose helpers they
 * share).
 */
public final class ControlFlowRules {
    private ControlFlowRules() {}

    // ---------------------------------------------------------------------------------------------------------
    // sort, while, map, if/case

    static void verifySort(Operation op) {
        List<Type> inputs = operandTypes(op.operands());
        Attribute dimAttr = op.properties().get("dimension");
        long dim = dimAttr instanceof IntegerAttr ia ? ia.longValue() : -1;
        if (!inputs.isEmpty() && inputs.get(0) instanceof RankedTensorType first) {
            int rank = first.rank();
            if (dim < -rank || dim >= rank) {
                throw VerificationError.at(op.location(), "dimension attribute value must be in range [-" + rank
                        + ", " + rank + "), but found " + dim);
            }
        }
        Block block = entry(op.region(0));
        if (block == null) return;
        if (block.numArguments() != 2 * inputs.size()) {
            throw VerificationError.at(op.location(), "comparator block should have " + 2 * inputs.size()
                    + " arguments");
        }
        for (int i = 0; i < inputs.size(); i++) {
            Type expected = scalar(TypeCompat.elementType(inputs.get(i)));
            for (int a = 2 * i; a <= 2 * i + 1; a++) {
                Type arg = block.argument(a).type();
                if (!arg.equals(expected)) {
                    throw VerificationError.at(op.location(), "comparator block argument #" + a + " should be of type '"
                            + RuleSupport.str(expected) + "' but got '" + RuleSupport.str(arg) + "'");
                }
            }
        }
        returnsOneI1(op, block, "comparator must return single output but got ",
                "comparator must return tensor<i1> but got ");
    }

    static void verifyWhile(Operation op) {
        Block cond = entry(op.region(0));
        Block body = entry(op.region(1));
        if (cond == null || body == null) return;
        if (!operandsCompatible(op, cond, null)) {
            throw VerificationError.at(op.location(), "expect operands to be compatible with condition block "
                    + "arguments but got " + RuleSupport.quoted(operandTypes(op.operands())) + " vs "
                    + RuleSupport.quoted(argumentTypes(cond)));
        }
        if (!operandsCompatible(op, body, null)) {
            throw VerificationError.at(op.location(), "expect operands to be compatible with body block arguments "
                    + "but got " + RuleSupport.quoted(operandTypes(op.operands())) + " vs "
                    + RuleSupport.quoted(argumentTypes(body)));
        }
        Operation bodyReturn = body.terminator();
        if (!mightBeTerminator(bodyReturn)) {
            throw VerificationError.at(op.location(), "The while body-region expected to have a terminator");
        }
        if (!operandsCompatible(op, null, bodyReturn)) {
            throw VerificationError.at(op.location(), "expect operands to be compatible with body block return "
                    + "types but got " + RuleSupport.quoted(operandTypes(op.operands())) + " vs "
                    + RuleSupport.quoted(operandTypes(bodyReturn.operands())));
        }
        returnsOneI1(op, cond, "expect condition body returns a single value but got ",
                "expect condition block return a zero-ranked tensor of i1 but got ");
    }

    /**
     * {@code compatibleLists} of {@code op}'s operand types and the argument types of {@code block} (when not
     * null) or else the operand types of {@code other}, without lists.
     */
    static boolean operandsCompatible(Operation op, Block block, Operation other) {
        int n = op.numOperands();
        if ((block != null ? block.numArguments() : other.numOperands()) != n) return false;
        for (int i = 0; i < n; i++) {
            Type t = block != null ? block.argument(i).type() : other.operand(i).type();
            if (!TypeCompat.compatible(op.operand(i).type(), t)) return false;
        }
        return true;
    }

    /**
     * A predicate region (select, comparator, condition) returns exactly one {@code tensor<i1>}; the messages get
     * the returned count or the quoted returned type appended. False when the block has no last op to look at.
     */
    static boolean returnsOneI1(Operation op, Block block, String countMessage, String typeMessage) {
        Operation term = block.terminator();
        if (term == null) return false;
        if (term.numOperands() != 1) {
            throw VerificationError.at(op.location(), countMessage + term.numOperands());
        }
        Type result = term.operand(0).type();
        if (!isI1Scalar(result)) {
            throw VerificationError.at(op.location(), typeMessage + "'" + RuleSupport.str(result) + "'");
        }
        return true;
    }

    public static List<Type> inferMap(Operation op) {
        Region computation = op.region(0);
        Block block = entry(computation);
        if (block == null) throw VerificationError.at(op.location(), "expect non-empty region");
        List<Value> inputs = op.operands();
        if (inputs.size() != block.numArguments()) {
            throw VerificationError.at(op.location(), "expects number of operands to match the arity of map "
                    + "computation, but got: " + inputs.size() + " and " + block.numArguments());
        }
        for (int i = 0; i < block.numArguments(); i++) {
            Type argType = block.argument(i).type();
            if (!(argType instanceof RankedTensorType arg)) return null;
            if (arg.rank() != 0) {
                throw VerificationError.at(op.location(), "computation arguments must be 0-rank tensor, but got: arg #"
                        + i + " of type '" + RuleSupport.str(argType) + "'");
            }
            Type operandElement = TypeCompat.elementType(inputs.get(i).type());
            if (!arg.elementType().equals(operandElement)) {
                throw VerificationError.at(op.location(), "element type of operands and computation arguments must "
                        + "match, but got: '" + RuleSupport.str(operandElement) + "' and '"
                        + RuleSupport.str(arg.elementType()) + "'");
            }
        }
        Operation term = block.terminator();
        if (term == null) return null;
        if (term.numOperands() != 1) {
            throw VerificationError.at(op.location(), "computation must return single output, but got: "
                    + term.numOperands());
        }
        if (!(term.operand(0).type() instanceof RankedTensorType output)) return null;
        if (output.rank() != 0) {
            throw VerificationError.at(op.location(), "computation must return 0-rank tensor, but got: '"
                    + RuleSupport.str(output) + "'");
        }
        long[] dims = longs(op.properties().get("dimensions"));
        if (dims == null) return null;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] != i) {
                throw VerificationError.at(op.location(), "requires monotonically increasing dimension numbers, but "
                        + "got: " + joined(dims));
            }
        }
        RankedTensorType shape = null;
        for (Value v : inputs) {
            if (!(v.type() instanceof RankedTensorType t)) return null;
            if (dims.length != t.rank()) {
                throw VerificationError.at(op.location(), "applied to a subset of dimensions currently not supported: "
                        + "operand dimensions = " + t.rank() + ", requested map dimensions size = " + dims.length);
            }
            shape = t;
        }
        if (shape == null) return null;
        return List.of(new RankedTensorType(shape.shape(), output.elementType()));
    }

    /** if and case: a rank-0 selector and branches without arguments returning compatible types. */
    public static List<Type> inferConditional(Operation op) {
        if (op.numOperands() != 1 || !(op.operand(0).type() instanceof RankedTensorType selector)) return null;
        if (selector.rank() != 0) {
            throw VerificationError.at(op.location(), "operand should be rank 0 tensor but got rank "
                    + selector.rank());
        }
        if (op.numRegions() == 0) throw VerificationError.at(op.location(), "expect at least one branch");
        List<List<Type>> branchTypes = new ArrayList<>();
        for (Region r : op.regions()) {
            Block b = entry(r);
            if (b == null) throw VerificationError.at(op.location(), "expect non-empty region");
            if (b.terminator() == null) return null;
        }
        for (int i = 0; i < op.numRegions(); i++) {
            Block b = op.region(i).entry();
            if (b.numArguments() != 0) {
                throw VerificationError.at(op.location(), "branch " + i + " must have 0 arguments, but found "
                        + b.numArguments());
            }
            List<Type> types = operandTypes(b.terminator().operands());
            branchTypes.add(types);
            if (!compatibleLists(branchTypes.get(0), types)) {
                throw VerificationError.at(op.location(), "branch 0 and branch " + i
                        + " have mismatched return types: " + RuleSupport.quoted(branchTypes.get(0)) + " vs "
                        + RuleSupport.quoted(types));
            }
        }
        List<Type> out = new ArrayList<>();
        for (int k = 0; k < branchTypes.get(0).size(); k++) {
            List<Type> candidates = new ArrayList<>();
            for (List<Type> types : branchTypes) candidates.add(types.get(k));
            out.add(TypeInference.leastSpecific(op.location(), candidates));
        }
        return out;
    }
}
