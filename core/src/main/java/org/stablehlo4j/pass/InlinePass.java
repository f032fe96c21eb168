package org.stablehlo4j.pass;

import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IRMapping;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Value;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code --inline}: replaces each {@code func.call} of a function with a single-block body by a copy of that
 * body (inlined ops get {@code callsite(callee at caller)} locations), then erases private functions that are no
 * longer referenced. Recursive calls are left alone (a call is not inlined into the function it names, and
 * inlining stops after a bounded number of rounds).
 */
public final class InlinePass implements Pass {
    /** The command-line name. */
    public static final String NAME = "inline";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Inline function calls";
    private static final int MAX_ROUNDS = 16;

    @Override
    public String name() { return NAME; }

    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        Block body = module.body();
        if (body == null) return;
        Map<String, Operation> functions = new HashMap<>();
        for (Operation op = body.first(); op != null; op = op.next()) {
            if (has(op, OpTrait.FUNCTION_LIKE) && op.attr("sym_name") instanceof StringAttr s) functions.put(s.value(), op);
        }
        for (int round = 0; round < MAX_ROUNDS; round++) {
            boolean changed = false;
            for (Operation f : functions.values()) changed |= inlineCallsIn(f, functions);
            if (!changed) break;
        }
        Set<String> referenced = new HashSet<>();
        for (Operation op = body.first(); op != null; op = op.next()) collectReferences(op, referenced);
        for (Operation f = body.first(), next; f != null; f = next) {
            next = f.next();
            if (!has(f, OpTrait.FUNCTION_LIKE) || !(f.attr("sym_name") instanceof StringAttr s)) continue;
            boolean isPrivate = f.attr("sym_visibility") instanceof StringAttr v && v.value().equals("private");
            if (isPrivate && !referenced.contains(s.value())) f.erase();
        }
    }

    /** Whether {@code op} is registered with {@code trait}: the functions (func.func) and calls (func.call). */
    private static boolean has(Operation op, OpTrait trait) {
        OpDefinition def = op.opName().definition();
        return def != null && def.hasTrait(trait);
    }

    private static String callee(Operation call) {
        return call.attr("callee") instanceof SymbolRefAttr s && s.nested().isEmpty() ? s.root() : null;
    }

    /** Inlines the calls directly or nestedly inside {@code f}; returns whether anything changed. */
    private static boolean inlineCallsIn(Operation f, Map<String, Operation> functions) throws DiagnosticException {
        boolean changed = false;
        for (Operation call : f.collect(op -> has(op, OpTrait.CALL_LIKE))) {
            Operation target = functions.get(callee(call));
            if (target == null || target == f || target.numRegions() == 0) continue;
            Region calleeBody = target.region(0);
            if (calleeBody.blocks().size() != 1) continue;
            changed |= inline(call, calleeBody.entry());
        }
        return changed;
    }

    private static boolean inline(Operation call, Block calleeBlock) throws DiagnosticException {
        if (calleeBlock.numArguments() != call.numOperands()) {
            throw new DiagnosticException(Diagnostic.error(call.location(), "'func.call' has "
                    + call.numOperands() + " operands but the callee takes " + calleeBlock.numArguments()));
        }
        Operation terminator = calleeBlock.terminator();
        if (terminator == null || terminator.numOperands() != call.numResults()) return false;
        IRMapping mapping = new IRMapping();
        mapping.map(calleeBlock.arguments(), call.operands());
        OpBuilder builder = OpBuilder.before(call);
        Location callLoc = call.location();
        for (Operation op = calleeBlock.first(); op != terminator; op = op.next()) {
            Operation copy = builder.clone(op, mapping);
            // Inlined ops (and their block arguments) get callsite(callee at caller) locations.
            copy.walk(o -> {
                o.setLocation(new Location.CallSite(o.location(), callLoc));
                for (Region r : o.regions()) {
                    for (Block b : r.blocks()) {
                        for (BlockArgument a : b.arguments()) a.setLocation(new Location.CallSite(a.location(), callLoc));
                    }
                }
            });
        }
        List<Value> results = new ArrayList<>(call.numResults());
        for (Value v : terminator.operands()) results.add(mapping.lookupOrDefault(v));
        call.replaceAllUsesWith(results);
        call.erase();
        return true;
    }

    /** Adds every symbol named by a symbol reference in {@code op} (and nested ops) to {@code out}. */
    private static void collectReferences(Operation root, Set<String> out) {
        root.walk(op -> {
            collect(op.properties(), out);
            collect(op.attributes(), out);
        });
    }

    private static void collect(Attribute a, Set<String> out) {
        if (a instanceof SymbolRefAttr s) out.add(s.root());
        else if (a instanceof ArrayAttr arr) for (Attribute e : arr.elements()) collect(e, out);
        else if (a instanceof DictionaryAttr d) for (NamedAttribute n : d.entries()) collect(n.value(), out);
    }
}
