package org.stablehlo4j.compat.legalize;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.OperationName;
import org.stablehlo4j.ir.IRMapping;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * Rebuilds a module op by op: each op is replaced by the name and attributes an {@link OpConverter} gives, with
 * the same operands, results, regions, successors and location; value and block argument types go through a type
 * mapping. This is the dialect-conversion counterpart of the greedy pattern driver (as MLIR keeps
 * {@code applyPartialConversion} beside {@code applyPatternsGreedily}: a conversion changes types and must see
 * every op once), written on the same IR API: old-to-new values and blocks in an {@link IRMapping}, new ops and
 * blocks placed through an {@link OpBuilder}. Conversions that fail are collected as error diagnostics at the failing op (the rest of the module is
 * still visited so every failure is reported).
 */
final class IrRewriter {
    /** Converts one op's name and attributes. */
    @FunctionalInterface
    interface OpConverter {
        OpLegalizer.Converted convert(Operation op);
    }

    private final OpConverter ops;
    private final UnaryOperator<Type> types;
    /** Ops of other dialects that keep their types (their values meet converted ones through casts). */
    private final Predicate<Operation> keepTypes;
    private final Map<Value, Map<Type, Value>> casts = new IdentityHashMap<>();
    /** Old values and blocks to their converted counterparts. */
    private final IRMapping mapping = new IRMapping();
    /** Where converted ops go: the end of the converted block being filled. */
    private final OpBuilder builder = new OpBuilder();
    /** The context of the module being rewritten; null for a module of detached names. */
    private Context context;
    private final List<Diagnostic> errors = new ArrayList<>();

    private IrRewriter(OpConverter ops, UnaryOperator<Type> types, Predicate<Operation> keepTypes) {
        this.ops = ops;
        this.types = types;
        this.keepTypes = keepTypes;
    }

    /** The rewritten module and the errors found (the module is only meaningful when there are none). */
    record Result(ModuleOp module, List<Diagnostic> errors) {}

    static Result rewrite(ModuleOp m, OpConverter ops, UnaryOperator<Type> types) {
        return rewrite(m, ops, types, op -> false);
    }

    /**
     * Like {@link #rewrite(ModuleOp, OpConverter, UnaryOperator)}, but ops for which {@code keepTypes} holds keep
     * their result and region argument types; where a value meets a user expecting the other type,
     * {@code builtin.unrealized_conversion_cast} is inserted right after the value's definition, as MLIR's dialect
     * conversion materializes them (located at the user for a converted user, at the value otherwise).
     */
    static Result rewrite(ModuleOp m, OpConverter ops, UnaryOperator<Type> types, Predicate<Operation> keepTypes) {
        IrRewriter r = new IrRewriter(ops, types, keepTypes);
        r.context = m.op().opName().context();
        r.builder.setContext(r.context);
        Operation top = r.op(m.op());
        ModuleOp out = new ModuleOp(top);
        out.dialectResources().putAll(m.dialectResources());
        out.externalResources().putAll(m.externalResources());
        return new Result(out, List.copyOf(r.errors));
    }

    private OperationName opName(String name) {
        return context != null ? context.opName(name) : OperationName.detached(name);
    }

    private Type type(Type t, Operation at) {
        try {
            return types.apply(t);
        } catch (LegalizeException e) {
            error(at, e.getMessage());
            return t;
        }
    }

    /**
     * Records that {@code at} could not be converted. Like upstream's dialect conversion, the diagnostic names the
     * op only ({@code failed to legalize operation 'X' that was explicitly marked illegal}); {@code reason} is
     * not shown, so that upstream's expected-error annotations match.
     */
    private void error(Operation at, String reason) {
        List<Diagnostic> notes = at.dialect().equals(CHLO) ? List.of(new Diagnostic(Diagnostic.Severity.NOTE,
                at.location(), CHLO_HINT, List.of())) : List.of();
        errors.add(new Diagnostic(Diagnostic.Severity.ERROR, at.location(), failureMessage(at.name()), notes));
    }

    /** The namespace of CHLO, whose ops a portable artifact cannot hold. */
    private static final String CHLO = "chlo";

    /** What a CHLO op that stops serialization is told: how to lower CHLO first, as JAX does before it serializes. */
    static final String CHLO_HINT = "CHLO ops are not part of portable artifacts: lower them to StableHLO first with "
            + "the CHLO pre-serialization pipeline (stablehlo-opt --chlo-pre-serialization-pipeline), or let "
            + "serialization run it: stablehlo-translate --serialize --lower-chlo, or "
            + "StableHlo.serializePortableArtifact with SerializeOptions.withLowerChlo(true)";

    static String failureMessage(String opName) {
        return "failed to legalize operation '" + opName + "' that was explicitly marked illegal";
    }

    private Operation op(Operation old) {
        OpLegalizer.Converted c;
        try {
            c = ops.convert(old);
        } catch (LegalizeException e) {
            error(old, e.getMessage());
            c = new OpLegalizer.Converted(old.name(), old.properties(), old.attributes());
        }
        boolean keep = keepTypes.test(old);
        List<Value> operands = new ArrayList<>(old.numOperands());
        for (Value v : old.operands()) {
            Value nv = mapping.lookupOrNull(v);
            if (nv == null) {
                error(old, "operand used before its definition");
                nv = v;
            } else {
                Type expected = keep ? v.type() : type(v.type(), old);
                if (!nv.type().equals(expected)) nv = cast(nv, expected, keep ? null : old.location());
            }
            operands.add(nv);
        }
        List<Type> resultTypes = new ArrayList<>(old.numResults());
        for (Value v : old.results()) resultTypes.add(keep ? v.type() : type(v.type(), old));
        List<Block> succ = new ArrayList<>(old.successors().size());
        for (Block b : old.successors()) succ.add(mapping.lookupOrDefault(b));
        // Created detached; the caller inserts it once its regions are converted.
        Operation op = Operation.create(opName(c.name()), operands, resultTypes, c.properties(), c.attributes(),
                old.numRegions(), succ, old.location());
        mapping.map(old.results(), op.results());
        for (int i = 0; i < old.numRegions(); i++) region(old.region(i), op.region(i));
        return op;
    }

    /** The cast of {@code value} to {@code type}, created once right after the value's definition. */
    private Value cast(Value value, Type type, Location userLocation) {
        Map<Type, Value> byType = casts.computeIfAbsent(value, k -> new java.util.HashMap<>());
        Value existing = byType.get(type);
        if (existing != null) return existing;
        Location loc = userLocation != null ? userLocation
                : value instanceof OpResult r ? r.owner().location() : ((BlockArgument) value).location();
        OpBuilder.InsertPoint saved = builder.saveInsertionPoint();
        if (value instanceof OpResult r) {
            builder.setInsertionPointAfter(r.owner());
        } else {
            builder.setInsertionPointToStart(((BlockArgument) value).owner());
        }
        Operation c = builder.create(loc, opName(BuiltinOps.UNREALIZED_CONVERSION_CAST), List.of(value), List.of(type),
                DictionaryAttr.EMPTY);
        builder.restoreInsertionPoint(saved);
        byType.put(type, c.result(0));
        return c.result(0);
    }

    private void region(Region from, Region to) {
        boolean keep = from.parent() != null && keepTypes.test(from.parent());
        for (Block b : from.blocks()) {
            List<Type> argTypes = new ArrayList<>(b.numArguments());
            List<Location> argLocs = new ArrayList<>(b.numArguments());
            for (BlockArgument a : b.arguments()) {
                argTypes.add(keep ? a.type() : type(a.type(), from.parent()));
                argLocs.add(a.location());
            }
            Block nb = builder.createBlock(to, argTypes, argLocs);
            mapping.map(b.arguments(), nb.arguments());
            mapping.map(b, nb);
        }
        OpBuilder.InsertPoint saved = builder.saveInsertionPoint();
        for (Block b : from.blocks()) {
            Block nb = mapping.lookupOrNull(b);
            for (Operation o : b.operations()) {
                Operation converted = op(o);
                builder.setInsertionPointToEnd(nb);
                builder.insert(converted);
            }
        }
        builder.restoreInsertionPoint(saved);
    }
}
