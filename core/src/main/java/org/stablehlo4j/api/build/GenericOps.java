package org.stablehlo4j.api.build;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IRMapping;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypedOp;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OperationName;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.dialect.stablehlo.ops.ReturnOp;
import org.stablehlo4j.verify.Verifier;

/**
 * Appends ops to one block. The generic {@link #op(String, List, Map, List, List)} builds any registered op from
 * its row: attributes go to the op's properties when the row declares them (else they stay discardable), result
 * types are inferred by the row's inference when not given, regions are built by lambdas, and the op is verified
 * at once, in place: an invalid call throws a {@link BuildException} with the verifier's message and leaves the
 * block unchanged. {@link Ops} adds one typed method per StableHLO op on top, each a call of the op's generated
 * builder ({@code AddOp.create}, ...).
 */
public abstract class GenericOps {
    /** Appends the terminator of a block, yielding the given values. */
    @FunctionalInterface
    interface Terminator {
        /**
         * Appends the terminator to {@code ops}' block.
         *
         * @param ops the block's builder
         * @param values the values it yields
         */
        void append(GenericOps ops, List<Value> values);
    }

    /** {@code stablehlo.return}: the terminator of the regions of StableHLO ops. */
    static final Terminator STABLEHLO_RETURN = (ops, values) -> ops.build((b, l) -> ReturnOp.create(b, l, values));

    private final Context context;
    private final Block block;
    private final Terminator terminator;
    private Location location = Location.UNKNOWN;

    GenericOps(Context context, Block block, Terminator terminator) {
        this.context = Objects.requireNonNull(context, "context");
        this.block = block;
        this.terminator = terminator;
    }

    /**
     * The context the ops are made in.
     *
     * @return the context
     */
    public Context context() {
        return context;
    }

    /**
     * The block ops are appended to.
     *
     * @return the block
     */
    public Block block() {
        return block;
    }

    /**
     * Sets the location given to the ops built from now on (e.g. a {@code Location.FileLineCol} or a
     * {@code Location.Name}); the default is the unknown location.
     *
     * @param loc the location, null for unknown
     * @return this builder
     */
    public GenericOps at(Location loc) {
        location = loc == null ? Location.UNKNOWN : loc;
        return this;
    }

    // ---- generic ---------------------------------------------------------------------------------------------------

    /**
     * Builds an op without regions whose result types its row infers.
     *
     * @param name       the full op name, e.g. {@code stablehlo.add}
     * @param operands   the operands
     * @param attributes the attributes by name
     * @return the results
     */
    public List<Value> op(String name, List<Value> operands, Map<String, Attribute> attributes) {
        return op(name, operands, attributes, List.of(), null);
    }

    /**
     * Builds an op.
     *
     * @param name        the full op name, e.g. {@code stablehlo.reduce}
     * @param operands    the operands
     * @param attributes  the attributes by name (inherent ones go to the properties)
     * @param regions     the regions, each built by its lambda (terminated by the op's dialect's {@code return})
     * @param resultTypes the result types, or null to infer them with the row's inference
     * @return the results
     * @throws BuildException when the op does not verify, or its result types cannot be inferred
     */
    public List<Value> op(String name, List<Value> operands, Map<String, Attribute> attributes,
                          List<RegionDef> regions, List<Type> resultTypes) {
        Operation op = create(name, operands, attributes, regions, resultTypes);
        List<Value> results = new ArrayList<>(op.results());
        return List.copyOf(results);
    }

    /**
     * Builds an op with one result (see {@link #op(String, List, Map, List, List)}).
     *
     * @param name        the full op name
     * @param operands    the operands
     * @param attributes  the attributes by name
     * @param regions     the regions
     * @param resultTypes the result types, or null to infer them
     * @return the only result
     */
    public Value op1(String name, List<Value> operands, Map<String, Attribute> attributes, List<RegionDef> regions,
                     List<Type> resultTypes) {
        List<Value> r = op(name, operands, attributes, regions, resultTypes);
        if (r.size() != 1) throw new BuildException("'" + name + "' has " + r.size() + " results, not one");
        return r.get(0);
    }

    /**
     * Builds, inserts and verifies an op; on failure the block is left as it was.
     *
     * @param name        the full op name
     * @param operands    the operands
     * @param attributes  the attributes by name
     * @param regions     the regions
     * @param resultTypes the result types, or null to infer them
     * @return the op, at the end of the block
     */
    public Operation create(String name, List<Value> operands, Map<String, Attribute> attributes,
                            List<RegionDef> regions, List<Type> resultTypes) {
        Objects.requireNonNull(name, "name");
        for (Value v : operands) Objects.requireNonNull(v, "operand of " + name);
        OperationName opName = context.opName(name);
        OpDefinition def = opName.definition();
        if (def == null) throw new BuildException("unregistered operation '" + name + "'");
        List<NamedAttribute> props = new ArrayList<>();
        List<NamedAttribute> discardable = new ArrayList<>();
        for (Map.Entry<String, Attribute> e : new java.util.TreeMap<>(attributes).entrySet()) {
            Objects.requireNonNull(e.getValue(), "attribute " + e.getKey());
            (def.isInherent(e.getKey()) ? props : discardable).add(new NamedAttribute(e.getKey(), e.getValue()));
        }
        DictionaryAttr properties = DictionaryAttr.of(props);
        DictionaryAttr attrs = DictionaryAttr.of(discardable);
        Operation probe = null;
        List<Type> types = resultTypes;
        if (types == null || !regions.isEmpty()) {
            probe = Operation.create(opName, operands, List.of(), properties, attrs, regions.size(), List.of(), location);
            // the generic path knows no op's terminator but by the convention <dialect>.return
            Terminator generic = (ops, values) -> ops.create(def.dialect() + ".return", values, Map.of(), List.of(),
                    List.of());
            for (int i = 0; i < regions.size(); i++) buildRegion(probe.region(i), regions.get(i), generic);
        }
        if (types == null) types = infer(probe, def);
        Operation op = Operation.create(opName, operands, types, properties, attrs, regions.size(), List.of(), location);
        if (probe != null) {
            copyRegions(probe, op);
            probe.dropAllReferences();
        }
        block.append(op);
        return verified(op);
    }

    private List<Type> infer(Operation probe, OpDefinition def) {
        List<Type> inferred;
        try {
            inferred = Verifier.inferReturnTypes(context, probe);
        } catch (DiagnosticException e) {
            probe.dropAllReferences();
            throw new BuildException(e.diagnostics());
        } catch (RuntimeException e) {
            // The inference assumes what the ODS checks guarantee: report what the verifier says instead.
            try {
                Verifier.verify(context, probe);
            } catch (DiagnosticException v) {
                probe.dropAllReferences();
                throw new BuildException(v.diagnostics());
            }
            probe.dropAllReferences();
            throw new BuildException("'" + def.name() + "' op failed to infer returned types");
        }
        if (inferred == null) {
            probe.dropAllReferences();
            throw new BuildException("'" + def.name() + "' op has no type inference: give its result types");
        }
        if (def.hasTrait(OpTrait.INFER_SHAPED_TYPE) && !def.hasTrait(OpTrait.INFER_TYPE)) {
            inferred = TypedOp.withOperandElementType(inferred, probe.operands());
        }
        return inferred;
    }

    /** One block with {@code def}'s arguments in {@code region}, its body built by {@code def} and ended by {@code end}. */
    private void buildRegion(Region region, RegionDef def, Terminator end) {
        Block b = new Block();
        for (Type t : def.argumentTypes()) b.addArgument(Objects.requireNonNull(t, "region argument type"), location);
        region.append(b);
        Ops inner = new Ops(context, b, end);
        inner.at(location);
        List<Value> yielded = def.body().build(inner, List.copyOf(b.arguments()));
        inner.terminate(yielded == null ? List.of() : yielded);
    }

    /**
     * Fills the regions of a StableHLO op from {@code defs} (for a generated builder's {@code regionBuilder}): one
     * block each, with the def's argument types, built by its lambda and ended by {@code stablehlo.return}.
     *
     * @param defs the regions, in order
     * @return the filler
     */
    Consumer<List<Region>> regions(RegionDef... defs) {
        return regions(List.of(defs));
    }

    /**
     * {@link #regions(RegionDef...)} of a list.
     *
     * @param defs the regions, in order
     * @return the filler
     */
    Consumer<List<Region>> regions(List<RegionDef> defs) {
        return regions -> {
            for (int i = 0; i < defs.size(); i++) buildRegion(regions.get(i), defs.get(i), STABLEHLO_RETURN);
        };
    }

    /** Appends the terminator of this block yielding {@code values}. */
    void terminate(List<Value> values) {
        if (terminator == null) throw new BuildException("this block has no terminator to add");
        terminator.append(this, values);
    }

    private static void copyRegions(Operation from, Operation to) {
        IRMapping map = new IRMapping();
        for (int r = 0; r < from.numRegions(); r++) {
            for (Block b : from.region(r).blocks()) {
                Block nb = new Block();
                for (BlockArgument a : b.arguments()) map.map(a, nb.addArgument(a.type(), a.location()));
                to.region(r).append(nb);
                for (Operation o = b.first(); o != null; o = o.next()) nb.append(o.clone(map));
            }
        }
    }

    // ---- helpers for the typed methods ---------------------------------------------------------------------------

    /**
     * Runs a generated typed builder ({@code AddOp.create(b, loc, ...)}) at the end of this block and verifies the
     * op it made; on failure the block is left as it was and the verifier's (or the inference's) message thrown.
     *
     * @param make calls the generated builder with the builder and location it is given
     * @return the new op
     */
    Operation build(java.util.function.BiFunction<OpBuilder, Location, ? extends TypedOp> make) {
        OpBuilder b = new OpBuilder(context);
        b.setInsertionPointToEnd(block);
        Operation op;
        try {
            op = make.apply(b, location).operation();
        } catch (VerificationError e) {
            throw new BuildException(e.toDiagnostics());
        } catch (TypedOp.InferenceFailure e) {
            // report what the verifier says about the operands instead
            Operation probe = e.probe();
            try {
                Verifier.verify(context, probe);
            } catch (DiagnosticException v) {
                throw new BuildException(v.diagnostics());
            } finally {
                probe.dropAllReferences();
            }
            throw new BuildException(e.getMessage());
        }
        return verified(op);
    }

    /** Verifies {@code op}, just added to the block; erases it and throws the verifier's message if it fails. */
    private Operation verified(Operation op) {
        try {
            Verifier.verify(context, op);
        } catch (DiagnosticException e) {
            op.erase();
            throw new BuildException(e.diagnostics());
        }
        return op;
    }

    /**
     * {@link #build} of a one-result op; its result.
     *
     * @param make calls the generated builder
     * @return the op's result
     */
    Value build1(java.util.function.BiFunction<OpBuilder, Location, ? extends TypedOp> make) {
        return build(make).result(0);
    }

    /**
     * {@link #build}; the op's results.
     *
     * @param make calls the generated builder
     * @return the op's results
     */
    List<Value> buildAll(java.util.function.BiFunction<OpBuilder, Location, ? extends TypedOp> make) {
        return List.copyOf(build(make).results());
    }
}
