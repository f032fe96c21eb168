package org.stablehlo4j.dialect.func;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolTable;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;

/** The func ops' own rules (upstream FuncOps.cpp): {@code func.return}'s verifier, {@code func.call}'s symbol uses. */
final class FuncRules {
    private FuncRules() {}

    /**
     * func.func's structural traits in upstream's order (OneRegion, ZeroResults, ZeroSuccessors, ZeroOperands: a
     * generic-form {@code "func.func"(...)} without its body region is rejected before anything reads it), then
     * its interface rules: a declaration (no body) is not public (SymbolOpInterface), and the entry block's
     * arguments match the function type's inputs (FunctionOpInterface's verifyBody).
     */
    static void func(Operation op) {
        if (op.numRegions() != 1) throw VerificationError.op(op, "requires one region");
        if (op.numResults() != 0) throw VerificationError.op(op, "requires zero results");
        if (op.numSuccessors() != 0) throw VerificationError.op(op, "requires zero successors");
        if (op.numOperands() != 0) throw VerificationError.op(op, "requires zero operands");
        Attribute visibilityAttr = op.attr("sym_visibility");
        if (visibilityAttr != null) { // SymbolOpInterface: the visibility, when given, is one of three strings
            if (!(visibilityAttr instanceof StringAttr v)) {
                throw VerificationError.op(op, "requires visibility attribute 'sym_visibility' to be a string "
                        + "attribute, but got " + AsmPrinter.printAttribute(visibilityAttr));
            }
            if (!List.of("public", "private", "nested").contains(v.value())) {
                throw VerificationError.op(op, "visibility expected to be one of [\"public\", \"private\", "
                        + "\"nested\"], but got " + AsmPrinter.printAttribute(v));
            }
        }
        Attribute functionType = op.attr("function_type");
        if (functionType != null && !(functionType instanceof TypeAttr fta && fta.value() instanceof FunctionType)) {
            throw VerificationError.op(op, "attribute 'function_type' failed to satisfy constraint: type attribute of "
                    + "function type");
        }
        if (op.region(0).isEmpty()) {
            String visibility = op.attr("sym_visibility") instanceof StringAttr s ? s.value() : "public";
            if (visibility.equals("public")) {
                throw VerificationError.op(op, "symbol declaration cannot have public visibility");
            }
            return;
        }
        if (!(op.attr("function_type") instanceof TypeAttr ta) || !(ta.value() instanceof FunctionType type)) return;
        var entry = op.region(0).entry();
        List<Type> inputs = type.inputs();
        if (entry.numArguments() != inputs.size()) {
            throw VerificationError.op(op, "entry block must have " + inputs.size()
                    + " arguments to match function signature");
        }
        for (int i = 0; i < inputs.size(); i++) {
            Type argType = entry.argument(i).type();
            if (!argType.equals(inputs.get(i))) {
                throw VerificationError.op(op, "type of entry block argument #" + i + "(" + str(argType)
                        + ") must match the type of the corresponding argument in function signature("
                        + str(inputs.get(i)) + ")");
            }
        }
    }

    /** ReturnOp::verify: the operands match the enclosing function's result types. */
    static void funcReturn(Operation op) {
        Operation fn = op.parentOp();
        if (fn == null || !FuncOp.is(fn)) {
            throw VerificationError.op(op, "expects parent op 'func.func'");
        }
        if (!(fn.attr("function_type") instanceof TypeAttr ta) || !(ta.value() instanceof FunctionType type)) return;
        List<Type> results = type.results();
        if (op.numOperands() != results.size()) {
            throw VerificationError.op(op, "has " + op.numOperands() + " operands, but enclosing function (@"
                    + symName(fn) + ") returns " + results.size());
        }
        for (int i = 0; i < results.size(); i++) {
            Type actual = op.operand(i).type();
            if (!actual.equals(results.get(i))) {
                throw VerificationError.at(op.location(), "type of return operand " + i + " (" + str(actual)
                        + ") doesn't match function result type (" + str(results.get(i)) + ") in function @"
                        + symName(fn));
            }
        }
    }

    /** A function's {@code sym_name} for a diagnostic ("" when it has none). */
    private static String symName(Operation fn) {
        return fn.attr("sym_name") instanceof StringAttr s ? s.value() : "";
    }

    /** func.call's symbol-use rules: the callee is a function whose signature the call matches exactly. */
    public static void call(Operation op) {
        Attribute calleeAttr = op.attr("callee");
        String callee = SymbolTable.flatSymbol(calleeAttr);
        if (callee == null) {
            if (calleeAttr == null) throw VerificationError.op(op, "requires a 'callee' symbol reference attribute");
            return;
        }
        FunctionType fn = functionType(op, callee);
        if (fn == null) throw VerificationError.op(op, "'" + callee + "' does not reference a valid function");
        if (fn.inputs().size() != op.numOperands()) {
            throw VerificationError.op(op, "incorrect number of operands for callee");
        }
        for (int i = 0; i < op.numOperands(); i++) {
            Type provided = op.operand(i).type();
            if (!provided.equals(fn.inputs().get(i))) {
                throw VerificationError.op(op, "operand type mismatch: expected operand type "
                        + quote(fn.inputs().get(i)) + ", but provided " + quote(provided) + " for operand number " + i);
            }
        }
        if (fn.results().size() != op.numResults()) {
            throw VerificationError.op(op, "incorrect number of results for callee");
        }
        for (int i = 0; i < op.numResults(); i++) {
            if (!op.result(i).type().equals(fn.results().get(i))) {
                throw VerificationError.op(op, "result type mismatch at index " + i)
                        .note(op.location(), "      op result types: " + quoted(typesOf(op.results())))
                        .note(op.location(), "function result types: " + quoted(fn.results()));
            }
        }
    }

    /** The type of the {@code func.func} named {@code symbol} as seen from {@code op}, or null. */
    private static FunctionType functionType(Operation op, String symbol) {
        Operation callee = SymbolTable.lookupSymbol(op, symbol);
        if (callee == null || !FuncOp.is(callee)) return null;
        return callee.attr("function_type") instanceof TypeAttr ta && ta.value() instanceof FunctionType fn ? fn : null;
    }

    private static List<Type> typesOf(List<? extends Value> values) {
        List<Type> out = new ArrayList<>(values.size());
        for (Value v : values) out.add(v.type());
        return out;
    }

    private static String str(Type t) {
        return AsmPrinter.printType(t);
    }

    private static String quote(Type t) {
        return "'" + str(t) + "'";
    }

    private static String quoted(List<Type> types) {
        StringBuilder sb = new StringBuilder();
        for (Type t : types) {
            if (sb.length() > 0) sb.append(", ");
            sb.append(quote(t));
        }
        return sb.toString();
    }
}
