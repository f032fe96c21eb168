package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.stablehlo.DotDimensionNumbersAttr;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.dialect.stablehlo.ops.AfterAllOp;
import org.stablehlo4j.dialect.stablehlo.ops.AllReduceOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.CreateTokenOp;
import org.stablehlo4j.dialect.stablehlo.ops.CrossReplicaSumOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotGeneralOp;
import org.stablehlo4j.dialect.stablehlo.ops.DotOp;
import org.stablehlo4j.dialect.stablehlo.ops.EinsumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MapOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.RngOp;
import org.stablehlo4j.dialect.stablehlo.ops.UnaryEinsumOp;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassOptions;
import org.stablehlo4j.pass.PassContext;

/**
 * {@code --stablehlo-legalize-deprecated-ops[=fail-on-unused=true|false]} (upstream's
 * {@code StablehloLegalizeDeprecatedOpsPass}): the ops the StableHLO v1.0 opset deprecations (RFC #2283) remove,
 * rewritten to the ops that replace them: {@code broadcast} to {@code broadcast_in_dim}, {@code create_token} to
 * {@code after_all}, {@code cross-replica-sum} to an {@code all_reduce} adding, {@code dot} to {@code dot_general}
 * and {@code unary_einsum} to {@code einsum} with a constant 1. With {@code fail-on-unused} (the default) a
 * {@code map} or {@code rng}, deprecated without a replacement, is an error. As upstream's partial conversion, the
 * first op that cannot be legalized fails the function and leaves it unchanged. Runs on each {@code func.func}.
 *
 * @param failOnUnused whether {@code map} and {@code rng} are errors ({@code fail-on-unused})
 */
public record LegalizeDeprecatedOpsPass(boolean failOnUnused) implements FunctionPass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-legalize-deprecated-ops";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Legalize deprecated ops to well-supported ops.";
    private static final String FAIL_ON_UNUSED = "fail-on-unused";

    /**
     * Reads the options: empty, or {@code fail-on-unused[=true|false]}.
     *
     * @param options the option text
     * @return the pass
     * @throws IllegalArgumentException on an unknown option or value
     */
    public static LegalizeDeprecatedOpsPass fromOptions(String options) {
        return new LegalizeDeprecatedOpsPass(PassOptions.parse(NAME, options, Set.of(FAIL_ON_UNUSED))
                .bool(FAIL_ON_UNUSED, true));
    }

    @Override public String name() { return NAME; }

    @Override
    public void runOn(Operation func, PassContext context) throws DiagnosticException {
        List<Operation> deprecated = func.collect(this::isIllegal);
        for (Operation op : deprecated) {
            String problem = MapOp.is(op) || RngOp.is(op) ? "" : unsupported(op);
            if (problem != null) {
                throw new DiagnosticException(Diagnostic.error(op.location(), "failed to legalize operation '"
                        + op.opName().name() + "' that was explicitly marked illegal" + problem));
            }
        }
        PatternRewriter rewriter = new PatternRewriter();
        for (Operation op : deprecated) {
            rewriter.setInsertionPoint(op);
            rewriter.replaceOp(op, replacement(op, rewriter));
        }
    }

    private boolean isIllegal(Operation op) {
        return BroadcastOp.is(op) || CreateTokenOp.is(op) || CrossReplicaSumOp.is(op) || DotOp.is(op)
                || UnaryEinsumOp.is(op) || failOnUnused && (MapOp.is(op) || RngOp.is(op));
    }

    /** Why a replaceable op cannot be rewritten (": ..."), or null when it can. */
    private static String unsupported(Operation op) {
        if (DotOp.is(op) && !(DotOp.cast(op).lhs().type() instanceof RankedTensorType)) {
            return ": dot of an unranked operand";
        }
        if (UnaryEinsumOp.is(op) && one(elementType(UnaryEinsumOp.cast(op).operand())) == null) {
            return ": unsupported element type";
        }
        if (BroadcastOp.is(op) && !(op.result(0).type() instanceof RankedTensorType)) {
            return ": broadcast to an unranked result";
        }
        return null;
    }

    private static Operation replacement(Operation op, PatternRewriter rewriter) {
        Location loc = op.location();
        List<Type> types = new ArrayList<>();
        for (OpResult r : op.results()) types.add(r.type());
        if (BroadcastOp.is(op)) {
            // the operand's dimensions are the result's trailing ones
            BroadcastOp b = BroadcastOp.cast(op);
            int rank = ((RankedTensorType) types.get(0)).rank();
            long[] dims = new long[rank - b.broadcastSizes().size()];
            for (int i = 0; i < dims.length; i++) dims[i] = b.broadcastSizes().size() + i;
            return BroadcastInDimOp.createWithTypes(rewriter, loc, types, b.operand(), DenseArrayAttr.ofLongs(dims))
                    .operation();
        }
        if (CreateTokenOp.is(op)) return AfterAllOp.createWithTypes(rewriter, loc, types, List.of()).operation();
        if (CrossReplicaSumOp.is(op)) return allReduce(CrossReplicaSumOp.cast(op), types, rewriter);
        if (DotOp.is(op)) {
            DotOp dot = DotOp.cast(op);
            long lhsRank = ((RankedTensorType) dot.lhs().type()).rank();
            DotDimensionNumbersAttr dims = new DotDimensionNumbersAttr(List.of(), List.of(), List.of(lhsRank - 1),
                    List.of(0L));
            return DotGeneralOp.createWithTypes(rewriter, loc, types, dot.lhs(), dot.rhs(), dims,
                    dot.precisionConfig(), null).operation();
        }
        UnaryEinsumOp unary = UnaryEinsumOp.cast(op);
        DenseElementsAttr one = one(elementType(unary.operand()));
        Value c = ConstantOp.createWithTypes(rewriter, loc, List.of(one.type()), one).operation().result(0);
        return EinsumOp.createWithTypes(rewriter, loc, types, c, unary.operand(),
                StringAttr.of("," + unary.einsumConfig().value())).operation();
    }

    /** {@code all_reduce} over the same groups whose computation adds. */
    private static Operation allReduce(CrossReplicaSumOp sum, List<Type> types, PatternRewriter rewriter) {
        Location loc = sum.operation().location();
        Operation allReduce = AllReduceOp.createWithTypes(rewriter, loc, types, List.of(sum.operand()),
                sum.replicaGroups(), null, null).operation();
        RankedTensorType scalar = new RankedTensorType(new long[0], elementType(sum.result()));
        Block block = new Block();
        Value lhs = block.addArgument(scalar, loc);
        Value rhs = block.addArgument(scalar, loc);
        allReduce.region(0).append(block);
        PatternRewriter inner = new PatternRewriter();
        inner.setInsertionPointToEnd(block);
        Value add = AddOp.create(inner, loc, lhs, rhs).operation().result(0);
        ReturnOp.create(inner, loc, List.of(add));
        return allReduce;
    }

    private static Type elementType(Value v) {
        return v.type() instanceof ShapedType s ? s.elementType() : v.type();
    }

    /** {@code dense<1> : tensor<T>} for an integer, float or complex (of floats) {@code T}, else null. */
    static DenseElementsAttr one(Type t) {
        RankedTensorType scalar = new RankedTensorType(new long[0], t);
        if (t instanceof IntegerType) return Constants.ofInts(scalar, new long[] {1});
        FloatType part = t instanceof FloatType f ? f : t instanceof ComplexType c && c.elementType() instanceof
                FloatType f ? f : null;
        if (part == null) return null;
        int eb = DenseElementsAttr.elementStorageBytes(part);
        byte[] data = new byte[DenseElementsAttr.elementStorageBytes(t)];
        java.math.BigInteger bits = FloatFormats.fromDouble(part.kind(), 1.0);
        for (int k = 0; k < eb; k++) data[k] = bits.shiftRight(8 * k).byteValue();
        return new DenseElementsAttr(scalar, data, 0, data.length, true);
    }
}
