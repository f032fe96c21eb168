package org.stablehlo4j.interpreter;

import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;

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

    public static String interpret(org.stablehlo4j.ir.Context context, ModuleOp module, String args, boolean printDense)
            throws DiagnosticException {
        return interpret(context, module, args, null, printDense);
    }

    /**
     * Runs {@code main}; {@code probeDir} (or null) is where {@code interpreter.probe} writes its NumPy files and
     * index. Text printed by {@code interpreter.print} comes before the results.
     */
    public static String interpret(org.stablehlo4j.ir.Context context, ModuleOp module, String args, String probeDir,
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

    /** What {@link #interpretJson} produced: the text of {@code interpreter.print} ops and the outputs JSON. */
    public record JsonRun(String printed, String json) {}

    /**
     * {@code --interpret --args-json}/{@code --results-json}: runs {@code main} on the tensors of
     * {@code argsJson}'s {@code "inputs"} list (or, when it is null, on the {@code --args} text) and returns its
     * results as an {@code {"outputs": [...]}} document (see {@link JsonTensors}). The inputs are checked against
     * {@code main}'s signature first: their count, and each one's shape and dtype.
     *
     * @throws JsonTensors.JsonException when {@code argsJson} is malformed or does not fit {@code main}
     * @throws DiagnosticException       when the program fails, or a result cannot be written as JSON
     */
    public static JsonRun interpretJson(org.stablehlo4j.ir.Context context, ModuleOp module, String args,
                                        byte[] argsJson, String probeDir)
            throws DiagnosticException, JsonTensors.JsonException {
        JsonTensors.EntryList entries = argsJson == null ? null : JsonTensors.readList(argsJson, "inputs");
        Interpreter.Session session = new Interpreter.Session(probeDir);
        Interpreter in = new Interpreter(module, session);
        org.stablehlo4j.ir.Operation main;
        try {
            main = in.entry("main");
        } catch (InterpreterException e) {
            throw new DiagnosticException(Diagnostic.error(module.op().location(), e.getMessage()));
        }
        List<Object> inputs = entries == null ? parseArgs(context, args) : jsonInputs(argsJson, entries, main);
        try {
            Probes.startRun(session);
        } catch (InterpreterException e) {
            throw new DiagnosticException(Diagnostic.error(Location.UNKNOWN, e.getMessage()));
        }
        List<Object> results;
        try {
            results = in.call(main, inputs);
        } catch (InterpreterException e) {
            Location loc = e.location() == null ? module.op().location() : e.location();
            throw new DiagnosticException(Diagnostic.error(loc, e.getMessage()));
        } catch (StackOverflowError e) {
            throw new DiagnosticException(Diagnostic.error(module.op().location(), "interpreter: nesting too deep"));
        }
        List<Tensor> tensors = new ArrayList<>(results.size());
        for (int i = 0; i < results.size(); i++) {
            Object r = results.get(i);
            String dtype = r instanceof Tensor t ? JsonTensors.dtypeOf(t.type().elementType()) : null;
            if (dtype == null) {
                String what = r instanceof Tensor t ? AsmPrinter.printType(t.type()) : r instanceof List<?> ? "a tuple"
                        : String.valueOf(r);
                throw new DiagnosticException(Diagnostic.error(main.location(), "result " + i + " of @main ("
                        + what + ") cannot be written as JSON"));
            }
            tensors.add((Tensor) r);
        }
        return new JsonRun(session.printed(), JsonTensors.write("outputs", tensors) + "\n");
    }

    /** Decodes the JSON inputs after checking them against {@code main}'s arguments. */
    private static List<Object> jsonInputs(byte[] json, JsonTensors.EntryList list,
                                           org.stablehlo4j.ir.Operation main) throws JsonTensors.JsonException {
        List<JsonTensors.Entry> entries = list.entries();
        org.stablehlo4j.ir.Block body = main.region(0).entry();
        int n = body == null ? 0 : body.numArguments();
        if (entries.size() != n) {
            throw new JsonTensors.JsonException(list.offset(), "\"inputs\" has " + entries.size() + " array"
                    + (entries.size() == 1 ? "" : "s") + ", @main takes " + n + " argument" + (n == 1 ? "" : "s"));
        }
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            JsonTensors.Entry e = entries.get(i);
            org.stablehlo4j.ir.Type t = body.argument(i).type();
            String where = "input " + i + " of @main";
            if (!(t instanceof org.stablehlo4j.ir.RankedTensorType rt) || JsonTensors.dtypeOf(rt.elementType()) == null) {
                throw new JsonTensors.JsonException(e.offset(), where + " has type " + AsmPrinter.printType(t)
                        + ", which --args-json cannot express");
            }
            String dtype = JsonTensors.dtypeOf(rt.elementType());
            if (!dtype.equals(e.dtype())) {
                throw new JsonTensors.JsonException(e.dtypeOffset, where + " has dtype " + dtype + " ("
                        + AsmPrinter.printType(t) + "), the file gives " + e.dtype());
            }
            long[] shape = e.shape();
            boolean fits = shape.length == rt.rank();
            for (int d = 0; fits && d < shape.length; d++) {
                fits = rt.dim(d) == org.stablehlo4j.ir.ShapedType.DYNAMIC || rt.dim(d) == shape[d];
            }
            if (!fits) {
                throw new JsonTensors.JsonException(e.offset(), where + " has shape " + shapeOf(rt) + " ("
                        + AsmPrinter.printType(t) + "), the file gives " + e.shapeText());
            }
            out.add(JsonTensors.decode(json, e, new org.stablehlo4j.ir.RankedTensorType(shape, rt.elementType())));
        }
        return out;
    }

    private static String shapeOf(org.stablehlo4j.ir.RankedTensorType t) {
        StringBuilder sb = new StringBuilder("[");
        for (int d = 0; d < t.rank(); d++) {
            if (d > 0) sb.append(", ");
            sb.append(t.dim(d) == org.stablehlo4j.ir.ShapedType.DYNAMIC ? "?" : Long.toString(t.dim(d)));
        }
        return sb.append(']').toString();
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
