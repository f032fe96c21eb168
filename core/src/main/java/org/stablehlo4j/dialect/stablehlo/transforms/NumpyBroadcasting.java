package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.SetDimensionSizeOp;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.verify.Verifier;

/**
 * NumPy-style broadcasting of values with static and bounded dynamic shapes into StableHLO ops (upstream's
 * {@code StablehloBroadcastLowering}): the common shape of several values (sizes compared from the right, a size 1
 * stretches, a bounded dimension only meets a bounded one) and each value broadcast to it with
 * {@code broadcast_in_dim}, then {@code get_dimension_size} / {@code set_dimension_size} where a padded static
 * size must become a bounded dynamic one again. Used by {@code --hlo-test-broadcast} and by the CHLO lowering.
 */
public final class NumpyBroadcasting {
    private NumpyBroadcasting() {}

    /**
     * One dimension of a broadcast shape: its size (the bound when bounded) and, when bounded, the value and
     * dimension whose runtime size it follows (upstream's {@code DimensionInfo}).
     *
     * @param size the static size, or the bound of a bounded dimension
     * @param boundValue the value the bounded dimension's runtime size is read from, or null when static
     * @param boundDim the dimension of {@code boundValue}, or -1 when static
     */
    public record Dim(long size, Value boundValue, int boundDim) {
        /**
         * A static dimension.
         *
         * @param size its size
         */
        public Dim(long size) {
            this(size, null, -1);
        }

        /** {@return whether the dimension is bounded dynamic} */
        public boolean bounded() {
            return boundValue != null;
        }
    }

    /** The values cannot be broadcast together; the message is upstream's, to be reported at {@link #location}. */
    public static final class NotBroadcastable extends Exception {
        private static final long serialVersionUID = 1L;
        /** Where the error is reported. */
        public final transient Location location;

        NotBroadcastable(Location location, String message) {
            super(message, null, false, false);
            this.location = location;
        }
    }

    /**
     * The dimensions of a ranked tensor value (upstream's {@code getDimensions}).
     *
     * @param v the value
     * @return one entry per dimension
     * @throws NotBroadcastable if the value is not a ranked tensor
     */
    public static List<Dim> dims(Value v) throws NotBroadcastable {
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

    /**
     * The common shape of {@code values} (upstream's {@code getNumpyBroadcastShape}).
     *
     * @param location where an empty list is reported
     * @param values the values, at least one
     * @return the broadcast shape
     * @throws NotBroadcastable if there are no values or their shapes do not broadcast
     */
    public static List<Dim> broadcastShape(Location location, List<Value> values) throws NotBroadcastable {
        if (values.isEmpty()) throw new NotBroadcastable(location, "requires at least one operand to broadcast");
        List<Dim> shape = dims(values.get(0));
        for (int i = 1; i < values.size(); i++) shape = broadcastShape(values.get(i), shape, dims(values.get(i)));
        return shape;
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

    /**
     * The tensor type of a broadcast shape (upstream's {@code getRankedTensorType}): bounded dimensions are dynamic
     * with their bound in a {@code #stablehlo.bounds} encoding.
     *
     * @param dims the shape
     * @param element the element type
     * @return the type
     */
    public static RankedTensorType typeOf(List<Dim> dims, Type element) {
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

    /**
     * Each of {@code values} broadcast to their common shape (upstream's {@code numpyBroadcastIfNeeded} on a list);
     * a value already of that type is returned as it is. On failure the ops made so far are erased again.
     *
     * @param ctx the context (for type inference)
     * @param b where the ops go
     * @param location where an empty list is reported
     * @param values the values
     * @return the broadcast values, in order
     * @throws NotBroadcastable if they do not broadcast
     */
    public static List<Value> broadcastAll(Context ctx, OpBuilder b, Location location, List<Value> values)
            throws NotBroadcastable {
        List<Dim> shape = broadcastShape(location, values);
        List<Operation> created = new ArrayList<>();
        List<Value> out = new ArrayList<>();
        try {
            for (Value v : values) out.add(broadcastTo(ctx, b, v, shape, created));
        } catch (NotBroadcastable e) {
            for (int i = created.size() - 1; i >= 0; i--) {
                if (b instanceof PatternRewriter r) r.eraseOp(created.get(i));
                else created.get(i).erase();
            }
            throw e;
        }
        return out;
    }

    /**
     * {@code input} broadcast to {@code shape} (upstream's {@code numpyBroadcastIfNeeded} on one value), creating
     * the ops it needs at {@code b}'s insertion point and appending them to {@code created}.
     *
     * @param ctx the context (for type inference)
     * @param b where the ops go
     * @param input the value
     * @param shape the target shape
     * @param created receives the ops made, in order
     * @return the broadcast value ({@code input} itself when it already has the target type)
     * @throws NotBroadcastable if the value does not broadcast to the shape
     */
    public static Value broadcastTo(Context ctx, OpBuilder b, Value input, List<Dim> shape, List<Operation> created)
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
        Operation bcast = BroadcastInDimOp.create(b, loc, typeOf(padded, inputType.elementType()), input,
                DenseArrayAttr.ofLongs(dims)).operation();
        created.add(bcast);
        Value result = bcast.result(0);
        if (result.type().equals(outputType)) return result;
        // Make the padded dimensions dynamic again where the target is bounded.
        for (int i = 0; i < shape.size(); i++) {
            if (padded.get(i).bounded() || !shape.get(i).bounded()) continue;
            Dim d = shape.get(i);
            Operation size = GetDimensionSizeOp.createWithTypes(b, loc,
                    List.of(new RankedTensorType(new long[0], IntegerType.I32)), d.boundValue(),
                    dimension(d.boundDim())).operation();
            created.add(size);
            Operation set = SetDimensionSizeOp.createWithTypes(b, loc, List.of(result.type()), result,
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

    /**
     * Upstream's {@code toString(Dimensions)}: {@code tensor<2xb10>} ("b" marks a bounded dimension).
     *
     * @param shape the shape
     * @return its text
     */
    public static String shapeString(List<Dim> shape) {
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
