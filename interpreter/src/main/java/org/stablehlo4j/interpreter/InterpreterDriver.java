package org.stablehlo4j.interpreter;

import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.stablehlo.transforms.ShapeSpecialization;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

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
        List<DenseElementsAttr> argAttrs = parseArgs(context, args);
        // Like upstream's evalModule, an empty module (e.g. a comment-only chunk of --split-input-file) runs nothing.
        if (module.body().operations().isEmpty()) return "";
        Interpreter.Session session = new Interpreter.Session(probeDir);
        org.stablehlo4j.ir.Operation main = entryFunction(module);
        List<Object> inputs = checkedArgs(main, argAttrs);
        boolean specialized = specializeIfNeeded(context, module, main, inputs);
        try {
            Probes.startRun(session);
        } catch (InterpreterException e) {
            throw new DiagnosticException(Diagnostic.error(Location.UNKNOWN, e.getMessage()));
        }
        List<Object> results;
        try {
            FunctionPlan plan = plan(module, main, specialized);
            results = new Interpreter(plan, session).call(plan.function(), inputs);
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

    /**
     * Specializes a shape-polymorphic program to the inputs' types before it runs, as JAX does when it calls an
     * export (and upstream's interpreter when the entry function has dynamic arguments): the arguments are refined
     * to the inputs' types, shapes refined through the program, dynamic ops canonicalized and the shape assertions
     * checked ({@link ShapeSpecialization}). A failed assertion is an error with its message filled in.
     *
     * @param context the module's context
     * @param module the module, specialized in place
     * @param main the function that runs
     * @param inputs its inputs ({@link Tensor}s)
     * @throws DiagnosticException when the specialization fails
     */
    static boolean specializeIfNeeded(org.stablehlo4j.ir.Context context, ModuleOp module,
                                      org.stablehlo4j.ir.Operation main, List<Object> inputs)
            throws DiagnosticException {
        if (!ShapeSpecialization.needed(module, main)) return false;
        List<org.stablehlo4j.ir.Type> types = new ArrayList<>();
        for (Object in : inputs) types.add(((Tensor) in).type());
        ShapeSpecialization.specialize(context, module, name(main), types);
        return true;
    }

    /**
     * The compiled plans of the modules run so far (weakly keyed: a module no longer used drops its plan; softly
     * held: memory pressure drops them too; at most {@value #MAX_PLANS}), so that running the same, unchanged
     * module object again does not compile its program and decode its constants again. Each plan is kept with
     * the module's {@link #shape}: a module changed since (ops added, removed or moved, operands, attributes or
     * types replaced, as passes and shape specialization do) gets a new plan.
     */
    private static final Map<ModuleOp, SoftReference<Cached>> PLANS = new WeakHashMap<>();
    private static final int MAX_PLANS = 8;

    private record Cached(FunctionPlan plan, String function, Object[] shape) {}

    /** The plan of {@code main} of {@code module}: kept from an earlier run of the unchanged module, else new. */
    private static FunctionPlan plan(ModuleOp module, org.stablehlo4j.ir.Operation main, boolean specialized) {
        Object[] shape = shape(module);
        String function = name(main);
        synchronized (PLANS) {
            SoftReference<Cached> ref = specialized ? null : PLANS.get(module);
            Cached c = ref == null ? null : ref.get();
            if (c != null && c.function.equals(function) && same(c.shape, shape)) return c.plan;
        }
        FunctionPlan plan = FunctionPlan.prepare(module, function);
        synchronized (PLANS) {
            if (PLANS.size() >= MAX_PLANS) PLANS.clear();
            PLANS.put(module, new SoftReference<>(new Cached(plan, function, shape)));
        }
        return plan;
    }

    /**
     * What a plan depends on, by identity: every op of the module in order with its properties and attributes, operand
     * values and result types, and the argument types of every block.
     */
    private static Object[] shape(ModuleOp module) {
        List<Object> out = new ArrayList<>();
        module.op().walk(op -> {
            out.add(op);
            out.add(op.properties());
            out.add(op.attributes());
            for (int i = 0; i < op.numOperands(); i++) out.add(op.operand(i));
            for (int i = 0; i < op.numResults(); i++) out.add(op.result(i).type());
            for (org.stablehlo4j.ir.Region r : op.regions()) {
                for (org.stablehlo4j.ir.Block b : r.blocks()) {
                    out.add(b);
                    for (int i = 0; i < b.numArguments(); i++) out.add(b.argument(i).type());
                }
            }
        });
        return out.toArray();
    }

    private static boolean same(Object[] a, Object[] b) {
        if (a.length != b.length) return false;
        for (int i = 0; i < a.length; i++) if (a[i] != b[i]) return false;
        return true;
    }

    /** The name of the function the interpreter runs. */
    public static final String ENTRY = "main";

    /**
     * The function {@code --interpret} runs: {@code @main}, or the only function of a module that has exactly one
     * (as upstream's {@code getMainFunction}). Otherwise upstream's error, followed by the functions the module has.
     */
    static org.stablehlo4j.ir.Operation entryFunction(ModuleOp module) throws DiagnosticException {
        List<org.stablehlo4j.ir.Operation> functions = new ArrayList<>();
        for (org.stablehlo4j.ir.Operation op : module.body().operations()) {
            if (!FuncOp.is(op)) continue;
            if (ENTRY.equals(name(op))) return op;
            functions.add(op);
        }
        if (functions.size() == 1) return functions.get(0);
        StringBuilder sb = new StringBuilder("module must have entry func with name " + ENTRY + "; ");
        if (functions.isEmpty()) {
            sb.append("it has no functions");
        } else {
            sb.append("it has ");
            for (int i = 0; i < functions.size(); i++) sb.append(i == 0 ? "@" : ", @").append(name(functions.get(i)));
        }
        throw new DiagnosticException(Diagnostic.error(module.op().location(), sb.toString()));
    }

    private static String name(org.stablehlo4j.ir.Operation func) {
        return func.attr("sym_name") instanceof org.stablehlo4j.ir.StringAttr s ? s.value() : "";
    }

    /**
     * The {@code --args} tensors after checking them against {@code func}'s signature, with upstream's
     * {@code validateEntrySignature} texts: their count, then each one's type (a dynamic dimension of the
     * signature takes any size, as upstream refines the signature to the inputs first).
     */
    static List<Object> checkedArgs(org.stablehlo4j.ir.Operation func, List<DenseElementsAttr> args)
            throws DiagnosticException {
        org.stablehlo4j.ir.Block body = func.region(0).entry();
        int n = body == null ? 0 : body.numArguments();
        if (args.size() != n) {
            throw new DiagnosticException(Diagnostic.error(func.location(), "incorrect number of arguments specified, "
                    + "provided " + args.size() + " inputs but function expected " + n));
        }
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            DenseElementsAttr a = args.get(i);
            org.stablehlo4j.ir.Type expected = body.argument(i).type();
            if (!fits(a.type(), expected)) {
                throw new DiagnosticException(Diagnostic.error(func.location(), "invalid input argument type at index "
                        + i + ", input type was " + AsmPrinter.printType(a.type()) + " but entry function expected "
                        + AsmPrinter.printType(expected)));
            }
            out.add(Tensor.fromAttr(a));
        }
        return out;
    }

    /** Whether an input of type {@code given} fits an argument of type {@code expected}. */
    private static boolean fits(org.stablehlo4j.ir.Type given, org.stablehlo4j.ir.Type expected) {
        if (given.equals(expected)) return true;
        if (!(given instanceof org.stablehlo4j.ir.RankedTensorType g)
                || !(expected instanceof org.stablehlo4j.ir.RankedTensorType e)
                || !g.elementType().equals(e.elementType()) || g.rank() != e.rank()) {
            return false;
        }
        for (int d = 0; d < g.rank(); d++) {
            if (e.dim(d) != org.stablehlo4j.ir.ShapedType.DYNAMIC && e.dim(d) != g.dim(d)) return false;
        }
        return true;
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
        List<DenseElementsAttr> argAttrs = entries == null ? parseArgs(context, args) : null;
        Interpreter.Session session = new Interpreter.Session(probeDir);
        org.stablehlo4j.ir.Operation main = entryFunction(module);
        List<Object> inputs = entries == null ? checkedArgs(main, argAttrs) : jsonInputs(argsJson, entries, main);
        specializeIfNeeded(context, module, main, inputs);
        Interpreter in = new Interpreter(module, session);
        // the function of the program the interpreter runs (with CHLO lowered, see Interpreter.withChloLowered)
        main = entryFunction(in.module());
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
                throw new DiagnosticException(Diagnostic.error(main.location(), "result " + i + " of @" + name(main) + " ("
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
        String fn = "@" + name(main);
        if (entries.size() != n) {
            throw new JsonTensors.JsonException(list.offset(), "\"inputs\" has " + entries.size() + " array"
                    + (entries.size() == 1 ? "" : "s") + ", " + fn + " takes " + n + " argument" + (n == 1 ? "" : "s"));
        }
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            JsonTensors.Entry e = entries.get(i);
            org.stablehlo4j.ir.Type t = body.argument(i).type();
            String where = "input " + i + " of " + fn;
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

    private static List<DenseElementsAttr> parseArgs(org.stablehlo4j.ir.Context context, String args)
            throws DiagnosticException {
        List<DenseElementsAttr> out = new ArrayList<>();
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
            out.add(d);
        }
        return out;
    }

    private static DiagnosticException argsError(String msg) {
        return new DiagnosticException(Diagnostic.error(Location.UNKNOWN, msg + ", i.e. " + USAGE));
    }
}
