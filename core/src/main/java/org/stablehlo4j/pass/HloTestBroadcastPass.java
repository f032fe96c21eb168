package org.stablehlo4j.pass;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Module;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.verify.TypeInference;

/**
 * {@code --hlo-test-broadcast}, upstream's test pass for NumPy-style broadcasting with bounded dynamism: each
 * {@code hlo_test_broadcast.numpy_broadcast} op becomes a {@code stablehlo.custom_call @numpy_broadcasted} of its
 * operands broadcast to their common shape ({@code broadcast_in_dim}, and {@code get_dimension_size} /
 * {@code set_dimension_size} where a padded static size must become a bounded dynamic one). Operands that cannot
 * be broadcast together leave the op as it is.
 */
public final class HloTestBroadcastPass implements Pass {
    public static final String NAME = "hlo-test-broadcast";

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

    /** Broadcasting is not possible; upstream reports the reason as an error and leaves the op. */
    private static final class NotBroadcastable extends Exception {
        NotBroadcastable(String message) {
            super(message, null, false, false);
        }
    }

    @Override
    public void run(Module module) throws DiagnosticException {
        for (Operation op : Rewrites.opsNamed(module, "hlo_test_broadcast.numpy_broadcast")) {
            try {
                rewrite(op);
            } catch (NotBroadcastable e) {
                // The pattern does not apply; the op stays.
            }
        }
    }

    private static void rewrite(Operation op) throws NotBroadcastable {
        List<Value> operands = new ArrayList<>(op.operands());
        if (operands.isEmpty()) throw new NotBroadcastable("requires at least one operand to broadcast");
        List<Dim> shape = dims(operands.get(0));
        for (int i = 1; i < operands.size(); i++) shape = broadcastShape(shape, dims(operands.get(i)));
        List<Operation> created = new ArrayList<>();
        List<Value> broadcast = new ArrayList<>();
        try {
            for (Value v : operands) broadcast.add(broadcastTo(v, shape, op, created));
        } catch (NotBroadcastable e) {
            for (Operation c : created) c.dropOperandUses(); // never inserted: leave no uses behind
            throw e;
        }
        List<Type> resultTypes = new ArrayList<>();
        for (OpResult r : op.results()) resultTypes.add(r.type());
        DictionaryAttr props = DictionaryAttr.of(List.of(
                new NamedAttribute("call_target_name", StringAttr.of("numpy_broadcasted")),
                new NamedAttribute("has_side_effect", BoolAttr.TRUE)));
        Operation call = Operation.create("stablehlo.custom_call", broadcast, resultTypes, props,
                DictionaryAttr.EMPTY, 0, List.of(), op.location());
        created.add(call);
        Rewrites.replace(op, created, call);
    }

    private static List<Dim> dims(Value v) throws NotBroadcastable {
        if (!(v.type() instanceof RankedTensorType t)) {
            throw new NotBroadcastable("expected ranked tensor type for broadcast inputs");
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
    private static List<Dim> broadcastShape(List<Dim> a, List<Dim> b) throws NotBroadcastable {
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
                throw new NotBroadcastable("incompatible shapes for broadcasting " + da.size() + " and " + db.size());
            } else if (da.bounded() != db.bounded()) {
                throw new NotBroadcastable("cannot mix bounded and static dimensions in broadcast");
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
    private static Value broadcastTo(Value input, List<Dim> shape, Operation at, List<Operation> created)
            throws NotBroadcastable {
        RankedTensorType inputType = (RankedTensorType) input.type();
        RankedTensorType outputType = typeOf(shape, inputType.elementType());
        if (inputType.equals(outputType)) return input;
        int inputRank = inputType.rank();
        int rankDiff = shape.size() - inputRank;
        if (rankDiff < 0) {
            throw new NotBroadcastable("input rank must be <= output rank, got " + inputRank + " vs " + shape.size());
        }
        List<Dim> inputDims = dims(input);
        List<Dim> padded = new ArrayList<>(shape);
        for (int i = 0; i < inputRank; i++) {
            Dim target = shape.get(i + rankDiff);
            long size = inputDims.get(i).size();
            if (size != 1 && size != target.size()) {
                throw new NotBroadcastable("Cannot broadcast input to the target shape");
            }
            // An unbounded input broadcast to a bounded dimension goes to the padded size first.
            if (!inputDims.get(i).bounded() && target.bounded()) padded.set(i + rankDiff, new Dim(target.size()));
        }
        for (int i = 0; i < rankDiff; i++) padded.set(i, new Dim(shape.get(i).size()));
        long[] dims = new long[inputRank];
        for (int i = 0; i < inputRank; i++) dims[i] = rankDiff + i;
        Operation bcast = Operation.create("stablehlo.broadcast_in_dim", List.of(input),
                List.of(typeOf(padded, inputType.elementType())),
                DictionaryAttr.of(List.of(new NamedAttribute("broadcast_dimensions", DenseArrayAttr.ofLongs(dims)))),
                DictionaryAttr.EMPTY, 0, List.of(), at.location());
        created.add(bcast);
        Value result = bcast.result(0);
        if (result.type().equals(outputType)) return result;
        // Make the padded dimensions dynamic again where the target is bounded.
        for (int i = 0; i < shape.size(); i++) {
            if (padded.get(i).bounded() || !shape.get(i).bounded()) continue;
            Dim d = shape.get(i);
            Operation size = Operation.create("stablehlo.get_dimension_size", List.of(d.boundValue()),
                    List.of(new RankedTensorType(new long[0], IntegerType.I32)), dimensionProperty(d.boundDim()),
                    DictionaryAttr.EMPTY, 0, List.of(), at.location());
            created.add(size);
            Operation set = Operation.create("stablehlo.set_dimension_size", List.of(result, size.result(0)),
                    List.of(result.type()), dimensionProperty(i), DictionaryAttr.EMPTY, 0, List.of(), at.location());
            try {
                List<Type> inferred = TypeInference.inferReturnTypes(set);
                if (inferred != null && inferred.size() == 1) set.result(0).setType(inferred.get(0));
            } catch (DiagnosticException e) {
                throw new NotBroadcastable(e.diagnostics().get(0).message());
            }
            created.add(set);
            result = set.result(0);
        }
        return result;
    }

    private static DictionaryAttr dimensionProperty(int dim) {
        return DictionaryAttr.of(List.of(new NamedAttribute("dimension", IntegerAttr.of(IntegerType.I64, dim))));
    }
}
