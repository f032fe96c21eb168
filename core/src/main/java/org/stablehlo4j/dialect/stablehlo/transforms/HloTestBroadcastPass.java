package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.SetDimensionSizeOp;
import org.stablehlo4j.pass.Effects;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;
import org.stablehlo4j.verify.Verifier;

/**
 * {@code --hlo-test-broadcast}, upstream's test pass for NumPy-style broadcasting with bounded dynamism: each
 * {@code hlo_test_broadcast.numpy_broadcast} op becomes a {@code stablehlo.custom_call @numpy_broadcasted} of its
 * operands broadcast to their common shape ({@code broadcast_in_dim}, and {@code get_dimension_size} /
 * {@code set_dimension_size} where a padded static size must become a bounded dynamic one). Operands that cannot
 * be broadcast together leave the op as it is, and the reason is reported as an error (the pass succeeds).
 */
public final class HloTestBroadcastPass implements Pass {
    public static final String NAME = "hlo-test-broadcast";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Uses test ops to invoke BroadcastUtils methods";

    @Override
    public String name() {
        return NAME;
    }

    /** One result dimension: its size (the bound when bounded) and, when bounded, the value and dimension it follows. */
    private record Dim(long size, Value boundValue, int boundDim) {
        Dim(long size) {
            this(size, null, -1);
        }

        boolean bounded() {
            return boundValue != null;
        }
    }

    /** Broadcasting is not possible; upstream reports the reason as an error at {@code location} and leaves the op. */
    private static final class NotBroadcastable extends Exception {
        final Location location;

        NotBroadcastable(Location location, String message) {
            super(message, null, false, false);
            this.location = location;
        }
    }

    /**
     * As upstream: a pattern on {@code hlo_test_broadcast.numpy_broadcast} applied by the greedy driver; when the
     * operands cannot be broadcast, the error is emitted (the pass still succeeds) and the op stays.
     */
    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        Context ctx = context.context();
        RewritePattern pattern = RewritePattern.of("hlo_test_broadcast.numpy_broadcast", 1, (op, rewriter) -> {
            try {
                rewrite(ctx, op, rewriter);
                return true;
            } catch (NotBroadcastable e) {
                context.emitError(e.location, e.getMessage());
                return false;
            }
        });
        GreedyRewriteDriver.apply(module.op(), new PatternSet().add(pattern),
                GreedyRewriteDriver.Config.DEFAULT.withIsPure(Effects.triviallyDeadIfUnused(ctx)));
    }

    private static void rewrite(Context ctx, Operation op, PatternRewriter rewriter) throws NotBroadcastable {
        List<Value> operands = new ArrayList<>(op.operands());
        if (operands.isEmpty()) {
            throw new NotBroadcastable(op.location(), "requires at least one operand to broadcast");
        }
        List<Dim> shape = dims(operands.get(0));
        for (int i = 1; i < operands.size(); i++) {
            shape = broadcastShape(operands.get(i), shape, dims(operands.get(i)));
        }
        List<Operation> created = new ArrayList<>();
        List<Value> broadcast = new ArrayList<>();
        try {
            for (Value v : operands) broadcast.add(broadcastTo(ctx, v, shape, rewriter, created));
        } catch (NotBroadcastable e) {
            for (int i = created.size() - 1; i >= 0; i--) rewriter.eraseOp(created.get(i));
            throw e;
        }
        List<Type> resultTypes = new ArrayList<>();
        for (OpResult r : op.results()) resultTypes.add(r.type());
        Operation call = CustomCallOp.createWithTypes(rewriter, op.location(), resultTypes, broadcast,
                StringAttr.of("numpy_broadcasted"), BoolAttr.TRUE, null, null, null, null, null, null, null).operation();
        rewriter.replaceOp(op, call);
    }

    private static List<Dim> dims(Value v) throws NotBroadcastable {
        if (!(v.type() instanceof RankedTensorType t)) {
            throw new NotBroadcastable(v.location(), "expected ranked tensor type for broadcast inputs");
        }
        List<Long> bounds = t.encoding() instanceof TypeExtensionsAttr ext ? ext.bounds() : null;
        List<Dim> out = new ArrayList<>();
        for (int i = 0; i < t.rank(); i++) {
            boolean bounded = bounds != null && t.dim(i) == ShapedType.DYNAMIC;
            out.add(bounded ? new Dim(bounds.get(i), v, i) : new Dim(t.dim(i)));
        }
        return out;
    }

    /** NumPy broadcasting from the right; size-1 dimensions stretch, bounded ones must meet bounded ones. */
    private static List<Dim> broadcastShape(Value current, List<Dim> a, List<Dim> b) throws NotBroadcastable {
        int rank = Math.max(a.size(), b.size());
        Dim[] out = new Dim[rank];
        for (int i = 1; i <= rank; i++) {
            Dim da = i <= a.size() ? a.get(a.size() - i) : new Dim(1);
            Dim db = i <= b.size() ? b.get(b.size() - i) : new Dim(1);
            if (da.size() == 1) {
                out[rank - i] = db;
            } else if (db.size() == 1) {
                out[rank - i] = da;
            } else if (da.size() != db.size()) {
                throw new NotBroadcastable(current.location(), "incompatible shapes for broadcasting " + da.size() + " and " + db.size());
            } else if (da.bounded() != db.bounded()) {
                throw new NotBroadcastable(current.location(), "cannot mix bounded and static dimensions in broadcast");
            } else {
                out[rank - i] = da;
            }
        }
        return List.of(out);
    }

    private static RankedTensorType typeOf(List<Dim> dims, Type element) {
        long[] shape = new long[dims.size()];
        List<Long> bounds = new ArrayList<>();
        boolean anyBound = false;
        for (int i = 0; i < dims.size(); i++) {
            Dim d = dims.get(i);
            shape[i] = d.bounded() ? ShapedType.DYNAMIC : d.size();
            bounds.add(d.bounded() ? d.size() : ShapedType.DYNAMIC);
            anyBound |= d.bounded();
        }
        return new RankedTensorType(shape, element, anyBound ? new TypeExtensionsAttr(bounds) : null);
    }

    /** The operand broadcast to {@code shape}, creating the ops it needs (appended to {@code created}). */
    private static Value broadcastTo(Context ctx, Value input, List<Dim> shape, PatternRewriter rewriter, List<Operation> created)
            throws NotBroadcastable {
        Location loc = input.location();
        if (!(input.type() instanceof RankedTensorType inputType)) {
            throw new NotBroadcastable(loc, "expected ranked tensor type for broadcast inputs");
        }
        RankedTensorType outputType = typeOf(shape, inputType.elementType());
        if (inputType.equals(outputType)) return input;
        int inputRank = inputType.rank();
        int rankDiff = shape.size() - inputRank;
        if (rankDiff < 0) {
            throw new NotBroadcastable(loc, "input rank must be <= output rank, got " + inputRank + " vs " + shape.size());
        }
        List<Dim> inputDims = dims(input);
        List<Dim> padded = new ArrayList<>(shape);
        for (int i = 0; i < inputRank; i++) {
            Dim target = shape.get(i + rankDiff);
            long size = inputDims.get(i).size();
            if (size != 1 && size != target.size()) {
                throw new NotBroadcastable(loc, "Cannot broadcast input: " + AsmPrinter.printType(inputType)
                        + " to target shape " + shapeString(shape));
            }
            // An unbounded input broadcast to a bounded dimension goes to the padded size first.
            if (!inputDims.get(i).bounded() && target.bounded()) padded.set(i + rankDiff, new Dim(target.size()));
        }
        for (int i = 0; i < rankDiff; i++) padded.set(i, new Dim(shape.get(i).size()));
        long[] dims = new long[inputRank];
        for (int i = 0; i < inputRank; i++) dims[i] = rankDiff + i;
        Operation bcast = BroadcastInDimOp.create(rewriter, loc, typeOf(padded, inputType.elementType()), input,
                DenseArrayAttr.ofLongs(dims)).operation();
        created.add(bcast);
        Value result = bcast.result(0);
        if (result.type().equals(outputType)) return result;
        // Make the padded dimensions dynamic again where the target is bounded.
        for (int i = 0; i < shape.size(); i++) {
            if (padded.get(i).bounded() || !shape.get(i).bounded()) continue;
            Dim d = shape.get(i);
            Operation size = GetDimensionSizeOp.createWithTypes(rewriter, loc,
                    List.of(new RankedTensorType(new long[0], IntegerType.I32)), d.boundValue(),
                    dimension(d.boundDim())).operation();
            created.add(size);
            Operation set = SetDimensionSizeOp.createWithTypes(rewriter, loc, List.of(result.type()), result,
                    size.result(0), dimension(i)).operation();
            created.add(set);
            try {
                List<Type> inferred = Verifier.inferReturnTypes(ctx, set);
                if (inferred != null && inferred.size() == 1) set.result(0).setType(inferred.get(0));
            } catch (DiagnosticException e) {
                throw new NotBroadcastable(loc, e.diagnostics().get(0).message());
            }
            result = set.result(0);
        }
        return result;
    }

    /** Upstream's {@code toString(Dimensions)}: {@code tensor<2xb10>} ("b" marks a bounded dimension). */
    private static String shapeString(List<Dim> shape) {
        StringBuilder sb = new StringBuilder("tensor<");
        for (int i = 0; i < shape.size(); i++) {
            if (i > 0) sb.append('x');
            if (shape.get(i).bounded()) sb.append('b');
            sb.append(shape.get(i).size());
        }
        return sb.append('>').toString();
    }

    private static IntegerAttr dimension(int dim) {
        return IntegerAttr.of(IntegerType.I64, dim);
    }
}
