package org.stablehlo4j.pass;

import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Module;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
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
    public static final String NAME = "inline";
    private static final int MAX_ROUNDS = 16;

    @Override
    public String name() { return NAME; }

    @Override
    public void run(Module module) throws DiagnosticException {
        Block body = module.body();
        if (body == null) return;
        Map<String, Operation> functions = new HashMap<>();
        for (Operation op : body.operations()) {
            if (op.name().equals("func.func") && op.attr("sym_name") instanceof StringAttr s) functions.put(s.value(), op);
        }
        for (int round = 0; round < MAX_ROUNDS; round++) {
            boolean changed = false;
            for (Operation f : functions.values()) changed |= inlineCallsIn(f, functions);
            if (!changed) break;
        }
        Set<String> referenced = new HashSet<>();
        for (Operation op : body.operations()) collectReferences(op, referenced);
        for (Operation f : new ArrayList<>(body.operations())) {
            if (!f.name().equals("func.func") || !(f.attr("sym_name") instanceof StringAttr s)) continue;
            boolean isPrivate = f.attr("sym_visibility") instanceof StringAttr v && v.value().equals("private");
            if (isPrivate && !referenced.contains(s.value())) body.remove(f);
        }
    }

    private static String callee(Operation call) {
        return call.attr("callee") instanceof SymbolRefAttr s && s.nested().isEmpty() ? s.root() : null;
    }

    /** Inlines the calls directly or nestedly inside {@code f}; returns whether anything changed. */
    private static boolean inlineCallsIn(Operation f, Map<String, Operation> functions) throws DiagnosticException {
        List<Operation> calls = new ArrayList<>();
        Deque<Operation> work = new ArrayDeque<>();
        work.push(f);
        while (!work.isEmpty()) {
            Operation op = work.pop();
            if (op.name().equals("func.call")) calls.add(op);
            for (Region r : op.regions()) for (Block b : r.blocks()) for (Operation n : b.operations()) work.push(n);
        }
        boolean changed = false;
        for (Operation call : calls) {
            Operation target = functions.get(callee(call));
            if (target == null || target == f || target.numRegions() == 0) continue;
            Region calleeBody = target.region(0);
            if (calleeBody.blocks().size() != 1) continue;
            inline(call, calleeBody.entry());
            changed = true;
        }
        return changed;
    }

    private static void inline(Operation call, Block calleeBlock) throws DiagnosticException {
        Block dest = call.parent();
        if (calleeBlock.numArguments() != call.numOperands()) {
            throw new DiagnosticException(Diagnostic.error(call.location(), "'func.call' has "
                    + call.numOperands() + " operands but the callee takes " + calleeBlock.numArguments()));
        }
        Map<Value, Value> mapping = new HashMap<>();
        for (int i = 0; i < call.numOperands(); i++) mapping.put(calleeBlock.argument(i), call.operand(i));
        int at = dest.operations().indexOf(call);
        List<Operation> ops = calleeBlock.operations();
        Operation terminator = calleeBlock.terminator();
        for (Operation op : ops) {
            if (op == terminator) break;
            dest.insert(at++, cloneOp(op, mapping, call.location()));
        }
        if (terminator != null) {
            for (int i = 0; i < call.numResults() && i < terminator.numOperands(); i++) {
                Value v = terminator.operand(i);
                call.result(i).replaceAllUsesWith(mapping.getOrDefault(v, v));
            }
        }
        call.dropOperandUses();
        dest.remove(call);
    }

    private static Location callSite(Location calleeLoc, Location callLoc) {
        return new Location.CallSite(calleeLoc, callLoc);
    }

    /** Deep-copies {@code op}, remapping operands through {@code mapping} and recording new results in it. */
    private static Operation cloneOp(Operation op, Map<Value, Value> mapping, Location callLoc) {
        List<Value> operands = new ArrayList<>(op.numOperands());
        for (Value v : op.operands()) operands.add(mapping.getOrDefault(v, v));
        List<Type> resultTypes = new ArrayList<>(op.numResults());
        for (Value r : op.results()) resultTypes.add(r.type());
        Operation copy = Operation.create(op.name(), operands, resultTypes, op.properties(), op.attributes(),
                op.numRegions(), op.successors(), callSite(op.location(), callLoc));
        for (int i = 0; i < op.numResults(); i++) mapping.put(op.result(i), copy.result(i));
        for (int r = 0; r < op.numRegions(); r++) {
            for (Block b : op.region(r).blocks()) {
                Block nb = new Block();
                for (BlockArgument a : b.arguments()) mapping.put(a, nb.addArgument(a.type(), callSite(a.location(), callLoc)));
                copy.region(r).append(nb);
            }
            List<Block> src = op.region(r).blocks();
            for (int bi = 0; bi < src.size(); bi++) {
                Block nb = copy.region(r).blocks().get(bi);
                for (Operation nested : src.get(bi).operations()) nb.append(cloneOp(nested, mapping, callLoc));
            }
        }
        return copy;
    }

    /** Adds every symbol named by a symbol reference in {@code op} (and nested ops) to {@code out}. */
    private static void collectReferences(Operation root, Set<String> out) {
        Deque<Operation> work = new ArrayDeque<>();
        work.push(root);
        while (!work.isEmpty()) {
            Operation op = work.pop();
            collect(op.properties(), out);
            collect(op.attributes(), out);
            for (Region r : op.regions()) for (Block b : r.blocks()) for (Operation n : b.operations()) work.push(n);
        }
    }

    private static void collect(Attribute a, Set<String> out) {
        if (a instanceof SymbolRefAttr s) out.add(s.root());
        else if (a instanceof ArrayAttr arr) for (Attribute e : arr.elements()) collect(e, out);
        else if (a instanceof DictionaryAttr d) for (NamedAttribute n : d.entries()) collect(n.value(), out);
    }
}
