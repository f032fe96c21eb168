package org.stablehlo4j.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * The base of the typed op classes (MLIR's ODS-generated {@code AddOp}, {@code ReshapeOp}, ...; issue 23): a view of
 * one {@link Operation} whose generated subclass names its operands, results, attributes and regions after the
 * op's row. The subclass only passes group indices; the group layout (fixed, optional and variadic groups, split
 * by {@link OpTrait#SAME_VARIADIC_OPERAND_SIZE} or the {@code operandSegmentSizes} property) is read from the row
 * here, so no op's signature is written twice.
 *
 * <h2>How the classes are made</h2>
 * The rows ({@link OpDefinition}, built by each dialect's {@code *Ops} table) stay the single source of an op's
 * signature. In core's {@code generate-sources} phase, javac compiles the build-only generator
 * {@code TypedOpsGenerator} ({@code core/src/build/java}, not in the jar) together with the rows it reads, straight
 * from core's sources (implicit compilation pulls in only the rows and what they reference); the generator then
 * writes one class per op of stablehlo, chlo, func, sdy, check and interpreter into the package of the dialect's
 * rows (StableHLO's {@code AddOp} beside {@code StablehloOps}, sdy's {@code ReshardOp} beside {@code SdyOps}) under
 * {@code target/generated-sources/typed-ops}, which the normal compile takes as a second source root. Nothing
 * generated is checked in.
 *
 * <h2>What a class gives</h2>
 * <ul>
 *   <li>{@code NAME} and {@code DEFINITION} (the registered row); {@code is(op)} compares the row of the op's
 *       interned {@link OperationName} by identity (no string comparison), {@code match(op)} returns the view or
 *       null, {@code cast(op)} the view or throws;</li>
 *   <li>accessors named after the row's operand, result, attribute and region names (camel case;
 *       {@code Value}/{@code List<Value>}, {@code OpResult}, the attribute class its kind is held as,
 *       {@code Region});</li>
 *   <li>{@code createWithTypes(builder, location, resultTypes, operands..., attributes...)} (regions created
 *       empty), and {@code create(builder, location, ...)} with the result types from the op's own inference (a
 *       row that has or declares one, {@link OpDefinition#infersResultTypes()}; for an op with regions it takes a
 *       {@code regionBuilder} that fills them first, since the inference reads them), or with one explicit
 *       {@code Type} for single-result ops without one.</li>
 * </ul>
 *
 * <h2>Rows are data</h2>
 * Code that a row named (verifiers, inference, folders, canonicalization patterns) would be compiled with the
 * generator, before the classes exist, so it could not use them. The rows are therefore data only (signatures:
 * {@code StablehloOps}, {@code ChloOps}, {@code FuncOps}, {@code SdyOps}, ...), a dialect's hooks class attaches
 * the code ({@code StablehloOpHooks}, {@code ChloOpHooks}, ... through {@link DialectOpTable#withHooks}) and the
 * typed classes compare with the hooked rows the dialect registers. The generator fails when a row pulls in
 * anything but {@code ir} and other rows.
 */
public abstract class TypedOp {
    private final Operation op;

    /**
     * A view of {@code op}.
     *
     * @param op the op, of the subclass's kind
     */
    protected TypedOp(Operation op) {
        this.op = op;
    }

    /** {@return the viewed operation} */
    public final Operation operation() { return op; }

    /** {@return the op's location} */
    public final Location location() { return op.location(); }

    @Override
    public String toString() { return op.toString(); }

    // ---- groups

    /**
     * The operands of group {@code k} of the op's row.
     *
     * @param k the group's index in the row
     * @return its operands (empty for an absent optional group)
     */
    protected final List<Value> operandGroup(int k) {
        return slice(range(op.opName().definition().operands(), k, op.numOperands(), false), op::operand);
    }

    /**
     * The single operand of group {@code k} (a single or optional group).
     *
     * @param k the group's index in the row
     * @return the operand, or null when an optional group is absent
     */
    protected final Value optionalOperand(int k) {
        return first(range(op.opName().definition().operands(), k, op.numOperands(), false), op::operand);
    }

    /**
     * The results of group {@code k} of the op's row.
     *
     * @param k the group's index in the row
     * @return its results
     */
    protected final List<OpResult> resultGroup(int k) {
        return slice(range(op.opName().definition().results(), k, op.numResults(), true), op::result);
    }

    /**
     * The single result of group {@code k} (a single or optional group).
     *
     * @param k the group's index in the row
     * @return the result, or null when an optional group is absent
     */
    protected final OpResult optionalResult(int k) {
        return first(range(op.opName().definition().results(), k, op.numResults(), true), op::result);
    }

    /** The values {@code at(start .. start + size)} of a [start, size] range. */
    private static <T> List<T> slice(int[] r, java.util.function.IntFunction<T> at) {
        List<T> out = new ArrayList<>(r[1]);
        for (int i = 0; i < r[1]; i++) out.add(at.apply(r[0] + i));
        return out;
    }

    /** The first value of a [start, size] range, or null when it is empty. */
    private static <T> T first(int[] r, java.util.function.IntFunction<T> at) {
        return r[1] == 0 ? null : at.apply(r[0]);
    }

    /**
     * The regions of a variadic region group {@code k} (the regions not taken by the fixed ones).
     *
     * @param k the group's index in the row
     * @return its regions
     */
    protected final List<Region> regionGroup(int k) {
        List<OpDefinition.RegionSpec> specs = op.opName().definition().regions();
        int fixed = 0;
        for (OpDefinition.RegionSpec s : specs) if (!s.variadic()) fixed++;
        int start = 0;
        for (int i = 0; i < k; i++) start += specs.get(i).variadic() ? op.numRegions() - fixed : 1;
        int n = op.numRegions() - fixed;
        List<Region> out = new ArrayList<>(Math.max(n, 0));
        for (int i = 0; i < n; i++) out.add(op.region(start + i));
        return out;
    }

    /**
     * The inherent attribute {@code name} as a {@code kind}.
     *
     * @param <A> the attribute class
     * @param name the attribute's name
     * @param kind the attribute class
     * @return the attribute, or null when absent
     */
    protected final <A extends Attribute> A attribute(String name, Class<A> kind) {
        return kind.cast(op.properties().get(name));
    }

    /** [start, size] of group k among {@code count} values. */
    private int[] range(List<OpDefinition.ValueSpec> specs, int k, int count, boolean results) {
        int[] sizes = groupSizes(specs, count,
                op.properties().get(results ? "resultSegmentSizes" : "operandSegmentSizes"));
        int start = 0;
        for (int i = 0; i < k; i++) start += sizes[i];
        return new int[] {start, sizes[k]};
    }

    /**
     * How many of {@code count} values each operand or result group of a row holds (ODS's
     * {@code getODSOperands}/{@code getODSResults}): a single group one; with at most one optional or variadic
     * group, that group the rest; with several, the sizes in {@code segmentSizes} (the op's
     * {@code operandSegmentSizes}/{@code resultSegmentSizes} property) when it has one entry per group, else equal
     * shares of the rest. The sizes need not add up to {@code count} on an op that does not fit its row.
     *
     * @param specs the row's groups
     * @param count the op's number of operands or results
     * @param segmentSizes the op's segment sizes property, or null
     * @return one size per group
     */
    public static int[] groupSizes(List<OpDefinition.ValueSpec> specs, int count, Attribute segmentSizes) {
        int n = specs.size();
        int open = 0;
        for (OpDefinition.ValueSpec s : specs) if (s.arity() != OpDefinition.Arity.SINGLE) open++;
        int[] sizes = new int[n];
        if (open > 1 && segmentSizes instanceof DenseArrayAttr seg && seg.size() == n) {
            for (int i = 0; i < n; i++) sizes[i] = (int) seg.getLong(i);
            return sizes;
        }
        int rest = count - (n - open);
        if (open > 1) rest /= open;
        for (int i = 0; i < n; i++) sizes[i] = specs.get(i).arity() == OpDefinition.Arity.SINGLE ? 1 : rest;
        return sizes;
    }

    // ---- building

    /**
     * The row's inference failed on operands it does not expect (the ODS checks it relies on do not hold). Holds
     * the result-less probe op it ran on, still using its operands (and its regions' ops theirs), so a caller can
     * verify it for the reason and must then {@link Operation#dropAllReferences() drop its references}.
     */
    public static final class InferenceFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Operation probe;

        InferenceFailure(Operation probe, RuntimeException cause) {
            super("'" + probe.name() + "' op failed to infer returned types", cause);
            this.probe = probe;
        }

        /** {@return the probe op the inference ran on (its operand uses still in place)} */
        public Operation probe() { return probe; }
    }

    /**
     * Creates an op of kind {@code name} at {@code b}'s insertion point, with result types from the row's
     * inference when {@code resultTypes} is null (inferred on a result-less probe op with the same operands,
     * properties and region count, as MLIR's builders infer before creating).
     *
     * @param b the builder
     * @param loc the location (null: the builder's default)
     * @param name the op's full name
     * @param operands the operands, in row order (optional groups already left out when absent)
     * @param properties the inherent attributes
     * @param numRegions how many empty regions the op gets
     * @param resultTypes the result types, or null to infer them
     * @return the new op
     */
    protected static Operation build(OpBuilder b, Location loc, String name, List<Value> operands,
                                     DictionaryAttr properties, int numRegions, List<Type> resultTypes) {
        OperationName n = b.opName(name);
        List<Type> types = resultTypes;
        if (types == null) {
            Operation probe = Operation.create(n, operands, List.of(), properties, DictionaryAttr.EMPTY, numRegions,
                    List.of(), loc);
            types = infer(probe, operands);
            probe.dropOperandUses();
        }
        return b.create(loc, n, operands, types, properties, DictionaryAttr.EMPTY, numRegions, List.of());
    }

    /**
     * Creates an op of kind {@code name} with regions at {@code b}'s insertion point: {@code regionBuilder} fills
     * the regions of a result-less probe op with the same operands and properties, the row's inference gives the
     * result types from it when {@code resultTypes} is null (as for an op without regions, {@link #build}), and the
     * filled regions' blocks move to the new op. Nothing is inserted when building the regions or the inference
     * fails.
     *
     * @param b the builder
     * @param loc the location (null: the builder's default)
     * @param name the op's full name
     * @param operands the operands, in row order (optional groups already left out when absent)
     * @param properties the inherent attributes
     * @param numRegions how many regions the op has
     * @param resultTypes the result types, or null to infer them
     * @param regionBuilder fills the regions (given in order) with blocks
     * @return the new op
     */
    protected static Operation buildWithRegions(OpBuilder b, Location loc, String name, List<Value> operands,
                                                DictionaryAttr properties, int numRegions, List<Type> resultTypes,
                                                java.util.function.Consumer<List<Region>> regionBuilder) {
        OperationName n = b.opName(name);
        Operation probe = Operation.create(n, operands, List.of(), properties, DictionaryAttr.EMPTY, numRegions,
                List.of(), loc);
        List<Region> regions = new ArrayList<>(numRegions);
        for (int i = 0; i < numRegions; i++) regions.add(probe.region(i));
        try {
            regionBuilder.accept(List.copyOf(regions));
        } catch (RuntimeException e) {
            probe.dropAllReferences();
            throw e;
        }
        List<Type> types = resultTypes != null ? resultTypes : infer(probe, operands);
        Operation op = b.create(loc, n, operands, types, properties, DictionaryAttr.EMPTY, numRegions, List.of());
        for (int i = 0; i < numRegions; i++) {
            for (Block block : new ArrayList<>(probe.region(i).blocks())) {
                probe.region(i).remove(block);
                op.region(i).append(block);
            }
        }
        probe.dropOperandUses();
        return op;
    }

    /**
     * The result types the row of {@code probe}, a result-less op, infers.
     *
     * @throws VerificationError when the operands admit no result type (the probe's references dropped)
     * @throws InferenceFailure when the inference fails on operands it does not expect (references kept)
     */
    private static List<Type> infer(Operation probe, List<Value> operands) {
        OpDefinition def = probe.opName().definition();
        if (def == null || def.inferTypes() == null) {
            probe.dropAllReferences();
            throw new IllegalArgumentException(probe.name() + " cannot infer its result types; give them");
        }
        List<Type> types;
        try {
            types = def.inferTypes().infer(probe);
        } catch (VerificationError e) {
            probe.dropAllReferences();
            throw e;
        } catch (RuntimeException e) {
            // the inference assumes what the ODS checks guarantee; the caller may verify the probe for why
            throw new InferenceFailure(probe, e);
        }
        if (def.hasTrait(OpTrait.INFER_SHAPED_TYPE) && !def.hasTrait(OpTrait.INFER_TYPE)) {
            types = withOperandElementType(types, operands);
        }
        return types;
    }

    /**
     * Shape-only inference (upstream's {@code InferShapedTypeOpInterface}, e.g. dot_general) leaves the element
     * type open (an {@code index} placeholder): the builder takes the first operand's element type, as a matmul
     * of f32 tensors gives f32; give the result types for anything else.
     *
     * @param inferred the inferred result types
     * @param operands the op's operands
     * @return the types with the element type filled in
     */
    public static List<Type> withOperandElementType(List<Type> inferred, List<Value> operands) {
        if (operands.isEmpty() || !(operands.get(0).type() instanceof ShapedType operand)) return inferred;
        List<Type> out = new ArrayList<>(inferred.size());
        for (Type t : inferred) {
            if (t instanceof RankedTensorType r && r.elementType() instanceof IndexType) {
                t = new RankedTensorType(r.shape(), operand.elementType(), r.encoding());
            }
            out.add(t);
        }
        return out;
    }

    /**
     * Appends {@code value} to {@code out} under {@code name} unless it is null.
     *
     * @param out the named attributes being collected
     * @param name the attribute's name
     * @param value the attribute, or null
     */
    protected static void put(List<NamedAttribute> out, String name, Attribute value) {
        if (value != null) out.add(new NamedAttribute(name, value));
    }
}
