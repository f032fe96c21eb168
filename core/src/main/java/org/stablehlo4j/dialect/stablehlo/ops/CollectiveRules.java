package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import static org.stablehlo4j.dialect.stablehlo.ops.CollectiveSupport.channelId;
import static org.stablehlo4j.dialect.stablehlo.ops.CollectiveSupport.channelType;
import static org.stablehlo4j.dialect.stablehlo.ops.CollectiveSupport.count;
import static org.stablehlo4j.dialect.stablehlo.ops.CollectiveSupport.element;
import static org.stablehlo4j.dialect.stablehlo.ops.CollectiveSupport.flag;
import static org.stablehlo4j.dialect.stablehlo.ops.CollectiveSupport.integer;
import static org.stablehlo4j.dialect.stablehlo.ops.CollectiveSupport.intElements;
import static org.stablehlo4j.dialect.stablehlo.ops.RuleSupport.str;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.stablehlo.FutureType;
import org.stablehlo4j.dialect.stablehlo.ReplicaGroupMeshAxesAttr;
import org.stablehlo4j.dialect.stablehlo.TokenType;
import org.stablehlo4j.dialect.stablehlo.TypeExtensionsAttr;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * Verification and type inference rules of: collectives, communication, tokens, async, tuples, composite,
 * custom_call, optimization_barrier. The constraint names in comments are the spec's ({@code docs/spec.md}).
 */
public final class CollectiveRules {
    private CollectiveRules() {}

    private static final long DYNAMIC = ShapedType.DYNAMIC;

    /** replica_id's and partition_id's inference: {@code tensor<ui32>}. */
    public static List<Type> inferReplicaId(Operation op) {
        return List.of(new RankedTensorType(new long[0], new IntegerType(32, IntegerType.Signedness.UNSIGNED)));
    }

    /** create_token's, after_all's and outfeed's inference: a token. */
    public static List<Type> inferToken(Operation op) {
        return List.of(TokenType.INSTANCE);
    }

    /** all_reduce's inference. */
    public static List<Type> inferAllReduce(Operation op) {
        return reducedTypes(op, op.operands());
    }

    /** collective_reduce's inference. */
    public static List<Type> inferCollectiveReduce(Operation op) {
        return reducedTypes(op, dataOperands(op));
    }

    /** collective_broadcast's inference. */
    public static List<Type> inferCollectiveBroadcast(Operation op) {
        return typesOf(dataOperands(op));
    }

    /** collective_permute's and optimization_barrier's inference: the operand types. */
    public static List<Type> inferOperandTypes(Operation op) {
        return typesOf(op.operands());
    }

    /** tuple's inference. */
    public static List<Type> inferTuple(Operation op) {
        if (op.numResults() == 1 && op.result(0).type() instanceof TupleType declared
                && operandTypesAre(op, declared.types())) {
            return List.of(declared); // equal to the tuple of the operand types: no new one needed
        }
        return List.of(new TupleType(typesOf(op.operands())));
    }

    /** Whether {@code types} are, one for one, the very type objects of {@code op}'s operands. */
    static boolean operandTypesAre(Operation op, List<Type> types) {
        int n = op.numOperands();
        if (types.size() != n) return false;
        for (int i = 0; i < n; i++) if (types.get(i) != op.operand(i).type()) return false;
        return true;
    }

    // ----- replica groups -----

    /**
     * Dense replica groups (a rank-2 tensor of ids, -1 padding groups when they may differ in size): every id
     * from 0 up appears exactly once. The mesh-axes form has no such rules here.
     */
    static void replicaGroups(Operation op, boolean sameSize, boolean useGlobalDeviceIds, Long expectedGroupSize) {
        DenseElementsAttr groups = intElements(op.attr("replica_groups"));
        if (groups == null) return;
        Location loc = op.location();
        RankedTensorType type = (RankedTensorType) groups.type();
        // all_gather_i3, all_to_all_i5
        if (type.rank() != 2) throw VerificationError.at(loc, "replica groups should be a rank 2 tensor");
        long n = count(groups);
        if (useGlobalDeviceIds && n == 0) {
            throw VerificationError.at(loc, "if `use_global_device_ids` is set, the replica groups cannot be empty");
        }
        Set<Long> seen = new HashSet<>();
        // A splat holds one id for all elements: read only as many as the rules can tell apart.
        long stop = groups.isSplat() ? Math.min(n, 2) : n;
        boolean allPadding = groups.isSplat() && n > 0 && element(groups, 0) == -1;
        for (long i = 0; i < stop && !(allPadding && !sameSize); i++) {
            long id = element(groups, i);
            if (id == -1) {
                if (!sameSize) continue;
                throw VerificationError.at(loc, "Invalid replica id -1"); // all_gather_c4
            }
            // all_gather_c2, all_reduce_c1, all_to_all_c5
            if (!seen.add(id)) throw VerificationError.at(loc, "replica id #" + id + " seen more than once");
        }
        // all_gather_c4, all_reduce_c3, all_to_all_c7
        for (long id = 0; id < seen.size(); id++) {
            if (!seen.contains(id)) throw VerificationError.at(loc, "replica id #" + id + " not seen in replica groups");
        }
        // all_to_all_c8
        if (sameSize && expectedGroupSize != null && (type.dim(0) == 0 || n / type.dim(0) != expectedGroupSize)) {
            throw VerificationError.at(loc, "group size of replica_groups must be " + expectedGroupSize);
        }
    }

    /** Replica groups given as mesh axes must name a mesh symbol that exists (a symbol-use check). */
    public static void meshSymbolUse(Operation op) {
        if (!(op.attr("replica_groups") instanceof ReplicaGroupMeshAxesAttr mesh)) return;
        String name = CollectiveSupport.flatSymbol(mesh.mesh());
        if (name != null && CollectiveSupport.lookupSymbol(op, name) == null) {
            throw VerificationError.op(op, "replica_groups: mesh symbol '" + name + "' not found");
        }
    }

    /** The reducer region reduces scalars of the operand's element type (all_reduce_c5, reduce_scatter_c7). */
    private static void reducer(Operation op, Type operand) {
        if (op.numRegions() == 0 || op.region(0).entry() == null || !(operand instanceof ShapedType s)) return;
        RegionRules.verifyReducerShape(op, op.region(0).entry(), List.of(operand),
                List.of(new RankedTensorType(new long[0], s.elementType())), new long[0]);
    }

    /** all_reduce, reduce_scatter, collective_reduce: with use_global_device_ids the channel id must be positive. */
    private static void positiveChannel(Operation op) {
        if (flag(op, "use_global_device_ids") && channelId(op) <= 0) {
            throw VerificationError.at(op.location(),
                    "channel_id must be positive when useGlobalDeviceIds is set but got: " + channelId(op));
        }
    }

    // ----- collectives -----

    public static void allGather(Operation op) {
        boolean global = flag(op, "use_global_device_ids");
        replicaGroups(op, true, global, null);
        Location loc = op.location();
        // all_gather_c5
        if (global && channelId(op) < 0) {
            throw VerificationError.at(loc, "channel_id cannot be negative when useGlobalDeviceIds is set");
        }
        Long dimAttr = integer(op, "all_gather_dim");
        if (dimAttr != null && dimAttr >= 0) {
            int n = Math.min(op.numOperands(), op.numResults());
            for (int k = 0; k < n; k++) {
                if (!(op.operand(k).type() instanceof RankedTensorType in)
                        || !(op.result(k).type() instanceof RankedTensorType out)) {
                    continue;
                }
                if (!allGatherPair(loc, dimAttr, in, out)) break;
            }
        }
    }

    /** Checks one operand/result pair of all_gather; false when the rest is not checked (a dynamic gather dim). */
    private static boolean allGatherPair(Location loc, long dim, RankedTensorType in, RankedTensorType out) {
        // all_gather_c1
        if (dim >= in.rank()) throw VerificationError.at(loc, "all_gather_dim must be a valid index of operand");
        int d = (int) dim;
        if (in.dim(d) == 0) {
            throw VerificationError.at(loc, "dimension size of operand at 'all_gather_dim' cannot be zero");
        }
        // all_gather_c6
        if (out.rank() != in.rank()) throw VerificationError.at(loc, "operand and result must have the same rank");
        for (int i = 0; i < in.rank(); i++) {
            if (i != d && !compatibleDims(out.dim(i), in.dim(i))) {
                throw VerificationError.at(loc, "operand and result should have the same shape except for the "
                        + "dimension size at 'all_gather_dim'");
            }
        }
        if (in.dim(d) == DYNAMIC || out.dim(d) == DYNAMIC) return false;
        if (out.dim(d) % in.dim(d) != 0) {
            throw VerificationError.at(loc, "result gather dimension has size " + out.dim(d)
                    + ", expected to be a multiple of operand gather dimension size " + in.dim(d));
        }
        return true;
    }

    public static void allReduce(Operation op) {
        replicaGroups(op, false, flag(op, "use_global_device_ids"), null);
        positiveChannel(op); // all_reduce_c4
        for (Value v : op.operands()) reducer(op, v.type()); // all_reduce_c5
    }

    public static void reduceScatter(Operation op) {
        replicaGroups(op, true, flag(op, "use_global_device_ids"), null);
        if (op.numOperands() == 1) reducer(op, op.operand(0).type()); // reduce_scatter_c7
        Location loc = op.location();
        Long dimAttr = integer(op, "scatter_dimension");
        if (dimAttr != null && dimAttr >= 0 && op.numOperands() == 1 && op.numResults() == 1
                && op.operand(0).type() instanceof RankedTensorType in
                && op.result(0).type() instanceof RankedTensorType out) {
            // reduce_scatter_c8
            if (in.rank() != out.rank()) throw VerificationError.at(loc, "operand and result should have same rank");
            // reduce_scatter_c2
            if (dimAttr >= in.rank()) {
                throw VerificationError.at(loc, "scatter dim should be less than operand/result rank");
            }
            positiveChannel(op); // reduce_scatter_c6
            int d = (int) (long) dimAttr;
            if (in.dim(d) != DYNAMIC && out.dim(d) != DYNAMIC) {
                scatterSizes(loc, d, in, out);
                // reduce_scatter_c9
                Type accumulator = accumulatorElement(op, in);
                if (accumulator != null && !out.elementType().equals(accumulator)) {
                    throw VerificationError.at(loc, "result element-type is expected to be " + quote(accumulator)
                            + ", but got " + quote(out.elementType()));
                }
            }
        }
    }

    private static void scatterSizes(Location loc, int d, RankedTensorType in, RankedTensorType out) {
        if (out.dim(d) == 0) {
            throw VerificationError.at(loc, "result dimension size at scatter_dimension cannot be zero");
        }
        if (in.dim(d) == 0) {
            throw VerificationError.at(loc, "operand dimension size at scatter_dimension cannot be zero");
        }
        // reduce_scatter_c8
        if (in.dim(d) % out.dim(d) != 0) {
            throw VerificationError.at(loc, "operand scatter dimension has size " + in.dim(d)
                    + ", expected to be a multiple of result scatter dimension size " + out.dim(d));
        }
        for (int i = 0; i < in.rank(); i++) {
            if (i != d && !compatibleDims(in.dim(i), out.dim(i))) {
                throw VerificationError.at(loc, "non scatter dimensions should be same for operand (" + in.dim(i)
                        + ") and result (" + out.dim(i) + ")");
            }
        }
    }

    public static void collectiveBroadcast(Operation op) {
        Location loc = op.location();
        DenseElementsAttr groups = intElements(op.attr("replica_groups"));
        if (groups != null) {
            RankedTensorType type = (RankedTensorType) groups.type();
            if (type.rank() != 2) {
                throw VerificationError.at(loc, "replica groups should be a rank 2 tensor,but instead it is of rank "
                        + type.rank());
            }
            Set<Long> seen = new HashSet<>();
            long n = count(groups);
            long stop = groups.isSplat() ? Math.min(n, 2) : n;
            for (long i = 0; i < stop; i++) {
                long id = element(groups, i);
                // collective_broadcast_c2
                if (id < 0) {
                    throw VerificationError.at(loc, "replica_groups values must be positive, but was given " + id);
                }
                // collective_broadcast_c1
                if (!seen.add(id)) throw VerificationError.at(loc, "replica id #" + id + " seen more than once");
            }
        }
        dynamicRoot(op, "collective_broadcast");
    }

    public static void collectiveReduce(Operation op) {
        replicaGroups(op, false, flag(op, "use_global_device_ids"), null);
        positiveChannel(op);
        dynamicRoot(op, "collective_reduce");
        for (Value v : dataOperands(op)) reducer(op, v.type());
    }

    /** collective_broadcast/collective_reduce: data operands, and the root-index operand has_dynamic_root adds. */
    private static void dynamicRoot(Operation op, String mnemonic) {
        Location loc = op.location();
        boolean dynamicRoot = flag(op, "has_dynamic_root");
        if (!dynamicRoot && op.numOperands() == 0) {
            throw VerificationError.at(loc, mnemonic + " requires at least one data operand");
        }
        if (!dynamicRoot) return;
        String prefix = "last operand of " + mnemonic + " with has_dynamic_root=true ";
        if (op.numOperands() < 2) {
            throw VerificationError.at(loc, mnemonic
                    + " with has_dynamic_root=true requires at least two operands (data + root)");
        }
        Type last = op.operand(op.numOperands() - 1).type();
        if (!(last instanceof RankedTensorType root) || !root.elementType().equals(IntegerType.I32)
                || root.rank() != 1) {
            throw VerificationError.at(loc, prefix + "must be a rank-1 i32 tensor, but got " + quote(last));
        }
        int data = op.numOperands() - 1;
        if (root.dim(0) != data) {
            throw VerificationError.at(loc, prefix + "must have the same number of elements as data operands ("
                    + data + "), but got " + root.dim(0));
        }
    }

    private static List<Value> dataOperands(Operation op) {
        List<Value> all = op.operands();
        return flag(op, "has_dynamic_root") && !all.isEmpty() ? all.subList(0, all.size() - 1) : all;
    }

    public static void collectivePermute(Operation op) {
        DenseElementsAttr pairs = intElements(op.attr("source_target_pairs"));
        if (pairs == null) return;
        Location loc = op.location();
        RankedTensorType type = (RankedTensorType) pairs.type();
        // collective_permute_i2
        if (type.rank() != 2) {
            throw VerificationError.at(loc, "expect source_target_pairs attribute to be of rank 2, but got rank "
                    + type.rank());
        }
        // collective_permute_c1
        if (type.dim(1) != 2) {
            throw VerificationError.at(loc, "expect source_target_pairs attribute of shape (N, 2), but got ("
                    + type.dim(0) + ", " + type.dim(1) + ")");
        }
        Set<Long> sources = new HashSet<>();
        Set<Long> targets = new HashSet<>();
        long n = count(pairs);
        // A splat repeats its one value: by the third element a duplicate (or a negative id) is certain.
        long stop = pairs.isSplat() ? Math.min(n, 3) : n;
        for (long i = 0; i < stop; i++) {
            long id = element(pairs, i);
            // collective_permute_c4
            if (id < 0) throw VerificationError.at(loc, "replica ids in source_target_pairs must be >= 0.");
            if (i % 2 == 0) {
                // collective_permute_c2
                if (!sources.add(id)) throw VerificationError.at(loc, "duplicate sources not allowed.");
            } else if (!targets.add(id)) {
                // collective_permute_c3
                throw VerificationError.at(loc, "duplicate targets not allowed.");
            }
        }
    }

    public static List<Type> allToAll(Operation op) {
        Long split = integer(op, "split_dimension");
        Long concat = integer(op, "concat_dimension");
        Long splitCount = integer(op, "split_count");
        if (split == null || concat == null || splitCount == null || split < 0 || concat < 0 || splitCount <= 0) {
            return null; // the attribute constraints reject these
        }
        // all_to_all_c5, all_to_all_c7, all_to_all_i5
        replicaGroups(op, true, false, splitCount);
        Location loc = op.location();
        List<Type> out = new ArrayList<>();
        for (Value v : op.operands()) {
            if (!(v.type() instanceof RankedTensorType in)) return null;
            // all_to_all_c1
            if (split >= in.rank()) {
                throw VerificationError.at(loc, "AllToAll split_dimension " + split
                        + " is out-of-bounds for input rank " + in.rank());
            }
            // all_to_all_c3
            if (concat >= in.rank()) {
                throw VerificationError.at(loc, "AllToAll concat_dimension " + concat
                        + " is out-of-bounds for input rank " + in.rank());
            }
            long[] shape = in.shape();
            int s = (int) (long) split;
            int c = (int) (long) concat;
            // all_to_all_c2
            if (shape[s] != DYNAMIC && shape[s] % splitCount != 0) {
                throw VerificationError.at(loc, "split dimension has size " + shape[s]
                        + ", expected to be a multiple of split_count " + splitCount);
            }
            rescale(shape, s, c, splitCount);
            Attribute encoding = in.encoding();
            List<Long> bounds = TypeCompat.bounds(in);
            if (bounds != null && !bounds.isEmpty()) {
                long[] b = bounds.stream().mapToLong(Long::longValue).toArray();
                rescale(b, s, c, splitCount);
                List<Long> scaled = new ArrayList<>();
                for (long x : b) scaled.add(x);
                encoding = new TypeExtensionsAttr(scaled);
            }
            out.add(new RankedTensorType(shape, in.elementType(), encoding));
        }
        return out;
    }

    /** Divides the split dimension and multiplies the concat dimension by the split count (static sizes only). */
    private static void rescale(long[] dims, int split, int concat, long splitCount) {
        if (split < dims.length && dims[split] != DYNAMIC) dims[split] /= splitCount;
        if (concat < dims.length && dims[concat] != DYNAMIC) dims[concat] *= splitCount;
    }

    /**
     * all_reduce/collective_reduce: each result has its operand's shape and the element type the reducer returns
     * (null when the reducer's return is malformed; the reducer rules report that).
     */
    private static List<Type> reducedTypes(Operation op, List<Value> operands) {
        List<Type> out = new ArrayList<>();
        for (Value v : operands) {
            if (!(v.type() instanceof RankedTensorType in)) return null;
            Type element = accumulatorElement(op, in);
            if (element == null) return null;
            out.add(new RankedTensorType(in.shape(), element, in.encoding()));
        }
        return out;
    }

    /**
     * The element type the op's reducer region returns for an operand of type {@code operand}; the operand's own
     * when the region is empty. Null when the region is not a well-formed scalar reducer for it (two arguments and
     * one return of the same rank-0 type, promotable from the operand's element type): upstream verifies the
     * reducer before it checks inferred types, so a malformed one is reported by the reducer rules instead.
     */
    private static Type accumulatorElement(Operation op, RankedTensorType operand) {
        if (op.numRegions() == 0) return null;
        Block block = op.region(0).entry();
        if (block == null) return operand.elementType();
        Operation terminator = block.terminator();
        if (terminator == null || terminator.numOperands() != 1 || block.numArguments() != 2) return null;
        Type result = terminator.operand(0).type();
        if (!(result instanceof RankedTensorType r) || r.rank() != 0 || !block.argument(0).type().equals(result)
                || !block.argument(1).type().equals(result)) {
            return null;
        }
        return promotable(operand.elementType(), r.elementType()) ? r.elementType() : null;
    }

    /** Whether reducing {@code from} values into {@code to} loses nothing (a conservative reading of upstream's). */
    private static boolean promotable(Type from, Type to) {
        if (from.equals(to)) return true;
        if (from instanceof FloatType && to instanceof FloatType) return true;
        if (from instanceof IntegerType a && to instanceof IntegerType b) return a.width() <= b.width();
        if (from instanceof UniformQuantizedType a && to instanceof UniformQuantizedType b) {
            return a.expressedType().equals(b.expressedType())
                    && a.storageType().width() <= b.storageType().width();
        }
        return false;
    }

    // ----- communication and tokens -----

    public static void infeed(Operation op) {
        Location loc = op.location();
        // infeed_c1, infeed_c2, infeed_c3
        tensorsThenToken(op, "all elements of result types, except the last element, are expected to be of tensor type");
        Attribute layout = op.attr("layout");
        if (layout == null) return;
        if (!(layout instanceof ArrayAttr array)) {
            throw VerificationError.at(loc, "layout-attribute expected to be of array-type.");
        }
        int tensors = op.numResults() - 1;
        if (array.elements().size() != tensors) {
            throw VerificationError.at(loc, "layout-attribute size must be " + tensors
                    + " (which is the number of op-results - 1 (for token result)), but got "
                    + array.elements().size());
        }
        for (Attribute child : array.elements()) {
            if (!(child instanceof ArrayAttr childArray)) {
                throw VerificationError.at(loc, "layout-attribute expected to have elements of type array, but got "
                        + attr(child));
            }
            for (Attribute leaf : childArray.elements()) {
                if (!(leaf instanceof IntegerAttr)) {
                    throw VerificationError.at(loc, "layout-attribute's leaf elements are expected to be of type "
                            + "integer, but got " + attr(leaf));
                }
            }
        }
    }

    /** infeed/recv results: at least one, tensors, then a token last. */
    private static void tensorsThenToken(Operation op, String tensorRule) {
        Location loc = op.location();
        List<? extends Value> results = op.results();
        if (results.isEmpty()) {
            throw VerificationError.at(loc, "result is expected to be at least of size 1, but got 0");
        }
        for (int i = 0; i < results.size() - 1; i++) {
            Type t = results.get(i).type();
            if (!isTensor(t)) throw VerificationError.at(loc, tensorRule + ", but got " + quote(t));
        }
        Type last = results.get(results.size() - 1).type();
        if (!(last instanceof TokenType)) {
            throw VerificationError.at(loc, "last element of result types is expected to be of token type, but got "
                    + quote(last));
        }
    }

    public static void recv(Operation op) {
        // recv_c1_i3
        channelKind(op, 3, "HOST_TO_DEVICE");
        // recv_c2, recv_c3, recv_c4
        tensorsThenToken(op, "everything but the last element of result types is expected to be of tensor type");
    }

    /**
     * send/recv: the channel type is device-to-device (1) without a host transfer, else the host direction's
     * ({@code hostType}). Returns false when the op has no channel handle to check.
     */
    private static boolean channelKind(Operation op, long hostType, String hostName) {
        Long channel = channelType(op);
        if (channel == null) return false;
        boolean host = flag(op, "is_host_transfer");
        if (!host && channel != 1) {
            throw VerificationError.at(op.location(),
                    "channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false");
        }
        if (host && channel != hostType) {
            throw VerificationError.at(op.location(),
                    "channel_type should be " + hostName + " when is_host_transfer is true");
        }
        return true;
    }

    public static List<Type> send(Operation op) {
        // send_c1_i4
        return channelKind(op, 2, "DEVICE_TO_HOST") ? List.of(TokenType.INSTANCE) : null;
    }

    // ----- tuples, async -----

    public static List<Type> getTupleElement(Operation op) {
        Long index = integer(op, "index");
        if (op.numOperands() != 1 || !(op.operand(0).type() instanceof TupleType tuple) || index == null
                || index < 0) {
            return null;
        }
        // get_tuple_element_c1
        if (index >= tuple.types().size()) {
            throw VerificationError.at(op.location(), "index " + index + " is out of bounds of operand with size "
                    + tuple.types().size());
        }
        return List.of(tuple.types().get((int) (long) index)); // get_tuple_element_c2
    }

    public static List<Type> asyncStart(Operation op) {
        Location loc = op.location();
        String prefix = "'stablehlo.async_start' op ";
        if (op.numRegions() == 0) throw VerificationError.at(loc, prefix + "expected at least one region");
        Region body = op.region(0);
        if (body.isEmpty()) throw VerificationError.at(loc, prefix + "region must not be empty");
        Block block = body.entry();
        if (block.operations().size() != 2) {
            throw VerificationError.at(loc, prefix + "region must contain exactly one operation and a return");
        }
        if (!asyncWrappable(block.operations().get(0))) {
            throw VerificationError.at(loc, prefix + "region must contain a collective or slice operation");
        }
        if (op.numOperands() != block.numArguments()) {
            throw VerificationError.at(loc, prefix + "number of operands (" + op.numOperands()
                    + ") must match number of region arguments (" + block.numArguments() + ")");
        }
        for (int i = 0; i < op.numOperands(); i++) {
            Type operand = op.operand(i).type();
            Type argument = block.argument(i).type();
            if (!operand.equals(argument)) {
                throw VerificationError.at(loc, prefix + "operand type " + quote(operand) + " at index " + i
                        + " must match region argument type " + quote(argument));
            }
        }
        Operation terminator = block.terminator();
        if (terminator.numOperands() != 1) {
            throw VerificationError.at(loc, prefix + "region must return exactly one value, but got "
                    + terminator.numOperands());
        }
        return List.of(new FutureType(List.of(terminator.operand(0).type())));
    }

    /** Whether an async_start region may wrap {@code op}: a collective or a slice. */
    private static boolean asyncWrappable(Operation op) {
        return AllGatherOp.is(op) || AllReduceOp.is(op) || AllToAllOp.is(op) || CollectiveBroadcastOp.is(op)
                || CollectivePermuteOp.is(op) || CollectiveReduceOp.is(op) || DynamicSliceOp.is(op)
                || DynamicUpdateSliceOp.is(op) || ReduceScatterOp.is(op) || SliceOp.is(op);
    }

    public static List<Type> asyncDone(Operation op) {
        if (op.numOperands() != 1) return null;
        if (!(op.operand(0).type() instanceof FutureType future)) {
            throw VerificationError.at(op.location(), "'stablehlo.async_done' op operand must be a future type");
        }
        if (future.types().size() != 1) {
            throw VerificationError.at(op.location(),
                    "'stablehlo.async_done' op future must have exactly one type parameter, but got "
                            + future.types().size());
        }
        return List.of(future.types().get(0));
    }

    // ----- composite -----

    /** Namespaced op names: a letter-led identifier, then one or more {@code .}-separated parts. */
    private static final Pattern COMPOSITE_NAME =
            Pattern.compile("^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$");

    public static void composite(Operation op) {
        Location loc = op.location();
        String name = CollectiveSupport.string(op, "name");
        // composite_c1
        if (name != null && !COMPOSITE_NAME.matcher(name).matches()) {
            throw VerificationError.at(loc, "name must be a valid namespaced op name, i.e. it must match the "
                    + "following regular expression: " + COMPOSITE_NAME.pattern() + " e.g. \"my_namespace.my_op\"");
        }
        String decomposition = CollectiveSupport.flatSymbol(op.attr("decomposition"));
        if (decomposition == null) return;
        // composite_c2
        FunctionType fn = functionType(op, decomposition);
        if (fn == null) throw VerificationError.at(loc, "'" + decomposition + "' does not reference a valid function");
        // composite_c3, composite_c4
        matchTypes(loc, "operand", typesOf(op.operands()), fn.inputs());
        matchTypes(loc, "result", typesOf(op.results()), fn.results());
    }

    /** The type of the {@code func.func} named {@code symbol} as seen from {@code op}, or null. */
    private static FunctionType functionType(Operation op, String symbol) {
        Operation callee = CollectiveSupport.lookupSymbol(op, symbol);
        if (callee == null || !FuncOp.is(callee)) return null;
        return callee.attr("function_type") instanceof TypeAttr ta && ta.value() instanceof FunctionType fn ? fn : null;
    }

    private static void matchTypes(Location loc, String what, List<Type> actual, List<Type> declared) {
        if (actual.size() != declared.size()) {
            throw VerificationError.at(loc, "has " + actual.size() + " " + what + "(s), but decomposition has "
                    + declared.size());
        }
        for (int i = 0; i < actual.size(); i++) {
            if (!actual.get(i).equals(declared.get(i))) {
                throw VerificationError.at(loc, what + " at index " + i + " has type " + quote(actual.get(i))
                        + ", but decomposition has type " + quote(declared.get(i)));
            }
        }
    }

    // ----- helpers -----

    static List<Type> typesOf(List<? extends Value> values) {
        List<Type> types = new ArrayList<>(values.size());
        for (Value v : values) types.add(v.type());
        return types;
    }

    /** MLIR's verifyCompatibleDims for two sizes: equal, or one of them dynamic. */
    private static boolean compatibleDims(long a, long b) {
        return a == DYNAMIC || b == DYNAMIC || a == b;
    }

    static boolean isTensor(Type t) {
        return t instanceof RankedTensorType || t instanceof UnrankedTensorType;
    }

    /** A type as a diagnostic argument: printed and single-quoted. */
    static String quote(Type t) {
        return "'" + str(t) + "'";
    }

    /** An attribute as a diagnostic argument: printed as is. */
    static String attr(Attribute a) {
        return AsmPrinter.printAttribute(a);
    }
}
