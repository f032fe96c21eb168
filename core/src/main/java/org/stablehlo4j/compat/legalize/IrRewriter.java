package org.stablehlo4j.compat.legalize;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * Rebuilds a module op by op: each op is replaced by the name and attributes an {@link OpConverter} gives, with
 * the same operands, results, regions, successors and location; value and block argument types go through a type
 * mapping. Conversions that fail are collected as error diagnostics at the failing op (the rest of the module is
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
    private final Map<Value, Value> values = new IdentityHashMap<>();
    private final Map<Block, Block> blocks = new IdentityHashMap<>();
    private final List<Diagnostic> errors = new ArrayList<>();

    private IrRewriter(OpConverter ops, UnaryOperator<Type> types) {
        this.ops = ops;
        this.types = types;
    }

    /** The rewritten module and the errors found (the module is only meaningful when there are none). */
    record Result(ModuleOp module, List<Diagnostic> errors) {}

    static Result rewrite(ModuleOp m, OpConverter ops, UnaryOperator<Type> types) {
        IrRewriter r = new IrRewriter(ops, types);
        Operation top = r.op(m.op());
        ModuleOp out = new ModuleOp(top);
        out.dialectResources().putAll(m.dialectResources());
        out.externalResources().putAll(m.externalResources());
        return new Result(out, List.copyOf(r.errors));
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
        errors.add(new Diagnostic(Diagnostic.Severity.ERROR, at.location(), failureMessage(at.name()), List.of()));
    }

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
        List<Value> operands = new ArrayList<>(old.numOperands());
        for (Value v : old.operands()) {
            Value nv = values.get(v);
            if (nv == null) {
                error(old, "operand used before its definition");
                nv = v;
            }
            operands.add(nv);
        }
        List<Type> resultTypes = new ArrayList<>(old.numResults());
        for (Value v : old.results()) resultTypes.add(type(v.type(), old));
        List<Block> succ = new ArrayList<>(old.successors().size());
        for (Block b : old.successors()) succ.add(blocks.getOrDefault(b, b));
        Operation op = Operation.create(c.name(), operands, resultTypes, c.properties(), c.attributes(),
                old.numRegions(), succ, old.location());
        for (int i = 0; i < old.numResults(); i++) values.put(old.result(i), op.result(i));
        for (int i = 0; i < old.numRegions(); i++) region(old.region(i), op.region(i));
        return op;
    }

    private void region(Region from, Region to) {
        for (Block b : from.blocks()) {
            Block nb = new Block();
            for (BlockArgument a : b.arguments()) {
                BlockArgument na = nb.addArgument(type(a.type(), from.parent()), a.location());
                values.put(a, na);
            }
            blocks.put(b, nb);
            to.append(nb);
        }
        for (Block b : from.blocks()) {
            Block nb = blocks.get(b);
            for (Operation o : b.operations()) nb.append(op(o));
        }
    }
}
