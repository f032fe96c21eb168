package org.stablehlo4j.interpreter;

import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Module;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code stablehlo-translate --interpret}: runs {@code main} of a module on the {@code --args} tensors and
 * prints each result (as {@code tensor<...> {...}} text, or as a dense attribute with {@code printDense}).
 * Failures, including failed checks, become error diagnostics.
 */
public final class InterpreterDriver {
    private InterpreterDriver() {}

    private static final String USAGE = "--args=[dense<1> : tensor<2xi32>, ...]";

    public static String interpret(org.stablehlo4j.ir.Context context, Module module, String args, boolean printDense)
            throws DiagnosticException {
        return interpret(context, module, args, null, printDense);
    }

    /**
     * Runs {@code main}; {@code probeDir} (or null) is where {@code interpreter.probe} writes its NumPy files and
     * index. Text printed by {@code interpreter.print} comes before the results.
     */
    public static String interpret(org.stablehlo4j.ir.Context context, Module module, String args, String probeDir,
                                   boolean printDense) throws DiagnosticException {
        List<Object> inputs = parseArgs(context, args);
        Interpreter.Session session = new Interpreter.Session(probeDir);
        Interpreter in = new Interpreter(module, session);
        if (in.functionNames().isEmpty()) return "";
        try {
            Probes.startRun(session);
        } catch (InterpreterException e) {
            throw new DiagnosticException(Diagnostic.error(Location.UNKNOWN, e.getMessage()));
        }
        List<Object> results;
        try {
            results = in.run("main", inputs);
        } catch (InterpreterException e) {
            Location loc = e.location() == null ? module.op().location() : e.location();
            throw new DiagnosticException(Diagnostic.error(loc, e.getMessage()));
        } catch (StackOverflowError e) {
            throw new DiagnosticException(Diagnostic.error(module.op().location(), "interpreter: nesting too deep"));
        }
        StringBuilder sb = new StringBuilder(session.printed());
        for (Object r : results) {
            if (r instanceof Tensor t) sb.append(printDense ? AsmPrinter.printAttribute(t.toAttr()) : t.print());
            else sb.append(r);
            sb.append('\n');
        }
        return sb.toString();
    }

    private static List<Object> parseArgs(org.stablehlo4j.ir.Context context, String args) throws DiagnosticException {
        List<Object> out = new ArrayList<>();
        if (args == null || args.isEmpty()) return out;
        Attribute a;
        try {
            a = AsmParser.parseAttribute(context, args);
        } catch (DiagnosticException e) {
            throw argsError("expectected array attribute string for args");
        }
        if (!(a instanceof ArrayAttr arr)) throw argsError("expectected array attribute string for args");
        for (Attribute e : arr.elements()) {
            if (!(e instanceof DenseElementsAttr d)) throw argsError("expected dense elements attribute for args elements");
            out.add(Tensor.fromAttr(d));
        }
        return out;
    }

    private static DiagnosticException argsError(String msg) {
        return new DiagnosticException(Diagnostic.error(Location.UNKNOWN, msg + ", i.e. " + USAGE));
    }
}
