package org.stablehlo4j.dialect.interpreter;

import org.stablehlo4j.ir.VerificationError;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;

/**
 * The rules of the reference interpreter's {@code interpreter.run_parallel}: a non-empty replica x partition grid
 * of functions that exist, whose inputs and results add up to the op's, and an optional infeed queue of functions
 * returning one tensor each. The interpreter uses {@link #programs} to lay out its process grid.
 */
public final class RunParallelRules {
    private RunParallelRules() {}

    /** The functions of the grid in process order (replica-major); throws at the first violated rule. */
    public static List<Operation> programs(Operation op) {
        if (!(op.attr("programs") instanceof ArrayAttr rows) || rows.elements().isEmpty()) {
            throw fail(op, "`programs` attribute cannot be empty");
        }
        List<Operation> funcs = new ArrayList<>();
        int numPartitions = -1;
        int inputs = 0;
        int results = 0;
        for (Attribute row : rows.elements()) {
            List<String> names = symbols(op, row, "programs");
            if (numPartitions < 0) numPartitions = names.size();
            if (names.size() != numPartitions) {
                throw fail(op, "Sizes of second dimension of `programs` should all match " + numPartitions
                        + " but got " + names.size());
            }
            for (String name : names) {
                Operation f = function(op, name);
                inputs += functionType(op, f).inputs().size();
                results += functionType(op, f).results().size();
                funcs.add(f);
            }
        }
        if (funcs.isEmpty()) throw fail(op, "`programs` attribute cannot be empty");
        if (inputs != op.numOperands()) {
            throw fail(op, "Number of inputs (" + op.numOperands()
                    + ") should match the sum of the number of inputs of all programs (" + inputs + ")");
        }
        if (results != op.numResults()) {
            throw fail(op, "Number of results (" + op.numResults()
                    + ") should match the sum of the number of results of all programs (" + results + ")");
        }
        return funcs;
    }

    /** The infeed queue's function names (empty when absent); throws at the first violated rule. */
    public static List<String> infeed(Operation op) {
        Attribute infeed = op.attr("infeed");
        if (infeed == null) return List.of();
        List<String> queue = symbols(op, infeed, "infeed");
        if (queue.isEmpty()) throw fail(op, "infeed attribute is optional or should not be empty");
        for (String name : queue) {
            List<Type> types = functionType(op, function(op, name)).results();
            if (types.size() != 1) {
                throw fail(op, "Function \"" + name + "\" should return 1 tensor but returns " + types.size());
            }
            if (!(types.get(0) instanceof RankedTensorType)) {
                throw fail(op, "Function \"" + name + "\" should return a tensor type, but instead returns '"
                        + AsmPrinter.printType(types.get(0)) + "'");
            }
        }
        return queue;
    }

    public static void verify(Operation op) {
        programs(op);
        infeed(op);
    }

    private static VerificationError fail(Operation op, String message) {
        return VerificationError.at(op.location(), message);
    }

    /** Whether {@code f} is a function: a registered op with FunctionOpInterface ({@code func.func}). */
    private static boolean isFunc(Operation f) {
        OpDefinition def = f.opName().definition();
        return def != null && def.hasTrait(OpTrait.FUNCTION_LIKE);
    }

    private static Operation function(Operation op, String name) {
        Operation f = org.stablehlo4j.ir.SymbolTable.lookupSymbol(op, name);
        if (f == null || !isFunc(f)) throw fail(op, "Function \"" + name + "\" not found");
        return f;
    }

    private static FunctionType functionType(Operation op, Operation f) {
        if (f.attr("function_type") instanceof TypeAttr t && t.value() instanceof FunctionType ft) return ft;
        throw fail(op, "function without a function_type");
    }

    private static List<String> symbols(Operation op, Attribute a, String what) {
        List<String> out = new ArrayList<>();
        if (a instanceof ArrayAttr arr) {
            for (Attribute e : arr.elements()) {
                if (!(e instanceof SymbolRefAttr s)) break;
                out.add(s.root());
            }
            if (out.size() == arr.elements().size()) return out;
        }
        throw fail(op, "interpreter.run_parallel: '" + what + "' must be an array of symbol references");
    }
}
