package org.stablehlo4j.interpreter;

import org.stablehlo4j.dialect.chlo.transforms.ChloLegalizeToStablehloPass;
import org.stablehlo4j.dialect.func.CallOp;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloAsm;
import org.stablehlo4j.dialect.stablehlo.ops.AbsOp;
import org.stablehlo4j.dialect.stablehlo.ops.AfterAllOp;
import org.stablehlo4j.dialect.stablehlo.ops.BitcastConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.BroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.CaseOp;
import org.stablehlo4j.dialect.stablehlo.ops.ClampOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompareOp;
import org.stablehlo4j.dialect.stablehlo.ops.ComplexOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompositeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConcatenateOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConvertOp;
import org.stablehlo4j.dialect.stablehlo.ops.CreateTokenOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicBroadcastInDimOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicIotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicPadOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.DynamicUpdateSliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.FftOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetDimensionSizeOp;
import org.stablehlo4j.dialect.stablehlo.ops.GetTupleElementOp;
import org.stablehlo4j.dialect.stablehlo.ops.IfOp;
import org.stablehlo4j.dialect.stablehlo.ops.ImagOp;
import org.stablehlo4j.dialect.stablehlo.ops.IotaOp;
import org.stablehlo4j.dialect.stablehlo.ops.IsFiniteOp;
import org.stablehlo4j.dialect.stablehlo.ops.MaximumOp;
import org.stablehlo4j.dialect.stablehlo.ops.MinimumOp;
import org.stablehlo4j.dialect.stablehlo.ops.OptimizationBarrierOp;
import org.stablehlo4j.dialect.stablehlo.ops.PadOp;
import org.stablehlo4j.dialect.stablehlo.ops.RealOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReducePrecisionOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReshapeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ReverseOp;
import org.stablehlo4j.dialect.stablehlo.ops.SelectOp;
import org.stablehlo4j.dialect.stablehlo.ops.SliceOp;
import org.stablehlo4j.dialect.stablehlo.ops.TransposeOp;
import org.stablehlo4j.dialect.stablehlo.ops.TupleOp;
import org.stablehlo4j.dialect.stablehlo.ops.WhileOp;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.OperationName;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Evaluates StableHLO programs: runs a {@code func.func} on runtime values ({@link Tensor}s, {@code List}s for
 * tuples, {@link #TOKEN} for tokens). Ops are dispatched to the kernels their dialect holds in the op's context
 * (an {@code OpKernels} table per dialect), looked up once per op name.
 */
public final class Interpreter {
    /** The runtime value of a {@code !stablehlo.token}. */
    public static final Object TOKEN = new Object() {
        @Override
        public String toString() { return "!stablehlo.token"; }
    };

    /**
     * Evaluates one op given its operand values; returns the result values. {@code resultTypes} are the types to
     * evaluate the results with instead of the op's own, or null for its own: set while a quantized op computes
     * in its expressed type (see {@link Quantization#evaluate}); kernels read them with
     * {@link #resultType(Operation, RankedTensorType[], int)}.
     */
    interface OpEval {
        List<Object> eval(Interpreter in, Operation op, Object[] args, Map<Value, Object> scope,
                          RankedTensorType[] resultTypes);
    }


    /**
     * What one run shares across its processes: the text written by {@code interpreter.print} and the directory
     * and file counter of {@code interpreter.probe}.
     */
    static final class Session {
        /** The text printed so far (made on the first print: most runs print nothing). */
        private StringBuilder printed;
        final String probeDir;
        final java.util.concurrent.atomic.AtomicLong probeFiles = new java.util.concurrent.atomic.AtomicLong();

        Session(String probeDir) {
            this.probeDir = probeDir == null || probeDir.isEmpty() ? null : probeDir;
        }

        synchronized void print(String text) {
            if (printed == null) printed = new StringBuilder();
            printed.append(text);
        }

        synchronized String printed() {
            return printed == null ? "" : printed.toString();
        }
    }

    private final Map<String, Operation> functions;
    /** The program this interpreter runs (the constructor's module, or its copy with CHLO lowered). */
    private final ModuleOp module;
    final Session session;
    /** The process this interpreter runs as inside {@code interpreter.run_parallel}, or null outside of it. */
    final ProcessGrid.Process process;
    private int callDepth;
    /** The regions run so far, prepared for running again (per interpreter: one per thread of a process grid). */
    private final Map<Region, RegionProgram> programs;
    /** The kernels looked up so far, per op name (per interpreter, like {@link #programs}). */
    private final Map<OperationName, Optional<OpEval>> kernels;
    /** The kernels of ops outside any context (created on first need). */
    private OpKernels detachedKernels;

    public Interpreter(ModuleOp module) {
        this(module, new Session(null));
    }

    Interpreter(ModuleOp module, Session session) {
        module = withChloLowered(module);
        this.module = module;
        this.session = session;
        functions = new HashMap<>();
        process = null;
        programs = new java.util.IdentityHashMap<>();
        kernels = new java.util.IdentityHashMap<>();
        for (Operation op : module.body().operations()) {
            if (FuncOp.is(op) && op.attr("sym_name") instanceof StringAttr s) {
                functions.put(s.value(), op);
            }
        }
    }

    /**
     * The module to run: {@code module} itself when it holds no CHLO op, else a copy in which every CHLO op with a
     * decomposition is rewritten into StableHLO ops by the patterns of {@code --chlo-legalize-to-stablehlo} (as
     * upstream's CHLO tests run: lowered, then interpreted), so that CHLO runs with exactly the semantics of the
     * lowered program. The caller's module is not changed. CHLO ops the lowering leaves run by their kernels.
     */
    static ModuleOp withChloLowered(ModuleOp module) {
        if (!ChloLegalizeToStablehloPass.containsChlo(module.op())) return module;
        ModuleOp copy = new ModuleOp(module.op().cloneDeep());
        copy.dialectResources().putAll(module.dialectResources());
        copy.externalResources().putAll(module.externalResources());
        ChloLegalizeToStablehloPass.legalizeWherePossible(copy.op());
        return copy;
    }

    private Interpreter(Interpreter parent, ProcessGrid.Process process) {
        this.functions = parent.functions;
        this.module = parent.module;
        this.session = parent.session;
        this.process = process;
        this.programs = new java.util.IdentityHashMap<>();
        this.kernels = new java.util.IdentityHashMap<>();
    }

    /**
     * An interpreter for one run of a prepared {@link FunctionPlan}: the plan's (CHLO-lowered) module and functions,
     * and its thread-safe caches of region programs and kernels, which every run of the plan shares.
     */
    Interpreter(FunctionPlan plan) {
        this(plan, new Session(null));
    }

    /** An interpreter for one run of {@code plan} whose prints and probes go to {@code session}. */
    Interpreter(FunctionPlan plan, Session session) {
        this.module = plan.module;
        this.functions = plan.functions;
        this.session = session;
        this.process = null;
        this.programs = plan.programs;
        this.kernels = plan.kernels;
    }

    /** The functions of {@code module} by name. */
    static Map<String, Operation> functionsOf(ModuleOp module) {
        Map<String, Operation> out = new HashMap<>();
        for (Operation op : module.body().operations()) {
            if (FuncOp.is(op) && op.attr("sym_name") instanceof StringAttr s) out.put(s.value(), op);
        }
        return out;
    }

    /** An interpreter over the same functions that runs as {@code p} of a process grid (one per thread). */
    Interpreter forProcess(ProcessGrid.Process p) {
        return new Interpreter(this, p);
    }

    /** {@return the program this interpreter runs: its module, with the CHLO ops that have a decomposition lowered} */
    ModuleOp module() {
        return module;
    }

    /** The function named {@code name}; fails if there is none. */
    Operation function(String name) {
        Operation f = functions.get(name);
        if (f == null) throw new InterpreterException("function @" + name + " not found");
        return f;
    }

    /** Runs function {@code name} (for "main": the only function if there is exactly one). */
    public List<Object> run(String name, List<Object> args) {
        return call(entry(name), args);
    }

    /** The function {@link #run} runs for {@code name}. */
    Operation entry(String name) {
        Operation f = functions.get(name);
        if (f == null && name.equals("main") && functions.size() == 1) f = functions.values().iterator().next();
        if (f == null) throw new InterpreterException("module must have entry func with name " + name);
        return f;
    }

    /** Names of the module's functions. */
    public java.util.Set<String> functionNames() { return functions.keySet(); }

    List<Object> call(Operation func, List<Object> args) {
        return List.of(callArray(bodyOf(func), args.toArray()));
    }

    /**
     * {@link #call} of a function whose body's program is {@code body} (see {@link #bodyOf}), with arguments and
     * results as arrays (for compiled steps; no scope map unless the body needs one).
     */
    Object[] callArray(RegionProgram body, Object[] args) {
        if (++callDepth > 1000) throw new InterpreterException("call depth exceeds 1000");
        try {
            return body.runArray(this, args, null);
        } finally {
            callDepth--;
        }
    }

    /** The program of function {@code func}'s body. */
    RegionProgram bodyOf(Operation func) {
        Region body = func.region(0);
        if (body.entry() == null) throw new InterpreterException("cannot evaluate an empty region");
        return program(body);
    }

    /** The function a {@code func.call} of {@code name} calls; fails if there is none. */
    Operation callee(String name) {
        Operation f = functions.get(name);
        if (f == null) throw new InterpreterException("call to unknown function @" + name);
        return f;
    }

    /** Runs the single block of {@code region} with {@code args} bound to its arguments; returns the terminator's operands. */
    List<Object> runRegion(Region region, List<Object> args, Map<Value, Object> scope) {
        Block block = region.entry();
        if (block == null) throw new InterpreterException("cannot evaluate an empty region");
        if (block.numArguments() != args.size()) {
            throw new InterpreterException("expected " + block.numArguments() + " arguments, got " + args.size());
        }
        return program(region).run(this, args, scope);
    }

    /** The program of {@code region} (which has an entry block): compiled on first use, then cached. */
    RegionProgram program(Region region) {
        RegionProgram program = programs.get(region);
        if (program == null) {
            program = RegionProgram.compile(region, this);
            RegionProgram raced = programs.putIfAbsent(region, program);
            if (raced != null) program = raced;
        }
        return program;
    }

    /**
     * The kernel of {@code op}: the one registered for its op name with its dialect in its context (see
     * {@link OpKernels}), or null if there is none. Cached per op name.
     */
    OpEval kernel(Operation op) {
        OperationName name = op.opName();
        Optional<OpEval> k = kernels.get(name);
        if (k == null) {
            if (name.dialect() == null && detachedKernels == null) detachedKernels = OpKernels.detached();
            k = Optional.ofNullable(OpKernels.lookup(name, detachedKernels));
            Optional<OpEval> raced = kernels.putIfAbsent(name, k);
            if (raced != null) k = raced;
        }
        return k.orElse(null);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Attribute helpers

    static Attribute attr(Operation op, String name) {
        Attribute a = op.attr(name);
        return a == null ? null : StablehloAsm.resolve(a);
    }

    static long[] longs(Operation op, String name) {
        Attribute a = attr(op, name);
        if (a == null) return null;
        if (a instanceof DenseArrayAttr d) {
            long[] out = new long[d.size()];
            for (int i = 0; i < out.length; i++) out[i] = d.getLong(i);
            return out;
        }
        if (a instanceof DenseElementsAttr d) {
            Tensor t = Tensor.fromAttr(d);
            return t.ints.clone();
        }
        if (a instanceof ArrayAttr arr) {
            long[] out = new long[arr.elements().size()];
            for (int i = 0; i < out.length; i++) out[i] = ((IntegerAttr) arr.elements().get(i)).longValue();
            return out;
        }
        throw new InterpreterException("attribute '" + name + "' of " + op.name() + " is not an integer array");
    }

    static long[] longsOr(Operation op, String name, int n, long dflt) {
        long[] v = longs(op, name);
        if (v != null) return v;
        long[] out = new long[n];
        java.util.Arrays.fill(out, dflt);
        return out;
    }

    static long intAttr(Operation op, String name, long dflt) {
        Attribute a = attr(op, name);
        return a instanceof IntegerAttr i ? i.longValue() : dflt;
    }

    static boolean boolAttr(Operation op, String name) {
        return attr(op, name) instanceof BoolAttr b && b.value();
    }

    static String enumAttr(Operation op, String name) {
        Attribute a = attr(op, name);
        return a instanceof EnumAttr e ? e.caseName() : null;
    }

    /** Result {@code i}'s type for a kernel: {@code resultTypes[i]} if given (see {@link OpEval}), else the op's own. */
    static RankedTensorType resultType(Operation op, RankedTensorType[] resultTypes, int i) {
        return resultTypes != null ? resultTypes[i] : resultType(op, i);
    }

    /** The type of result {@code i} of {@code op}, which must be a ranked tensor. */
    static RankedTensorType resultType(Operation op, int i) {
        Type t = op.result(i).type();
        if (t instanceof RankedTensorType r) return r;
        throw new InterpreterException("unsupported result type " + t + " of " + op.name());
    }

    static Tensor tensor(Object v) {
        if (v instanceof Tensor t) return t;
        throw new InterpreterException("expected a tensor value, got " + v);
    }

    /** Element {@code i} of {@code t} as a rank-0 tensor. */
    static Tensor scalar(Tensor t, int i) {
        return t.elementAt(i);
    }

    static long[] indexValues(Object[] args, int from) {
        long[] out = new long[args.length - from];
        for (int i = 0; i < out.length; i++) out[i] = tensor(args[from + i]).ints[0];
        return out;
    }

    static List<Object> one(Object v) {
        return List.of(v);
    }

    /** Makes a float attribute's value a double. */
    static double floatValue(Attribute a) {
        if (a instanceof FloatAttr f) return FloatFormats.toDouble(f.type().kind(), f.bits());
        throw new InterpreterException("expected a float attribute, got " + a);
    }

    // ---------------------------------------------------------------------------------------------------------
    // The op table

    /** The kernel provider of the ops this class evaluates itself (see {@link OpKernels#builtins()}). */
    static void register(Map<OpDefinition, OpEval> ops) {
        for (Map.Entry<OpDefinition, Elementwise.Def> e : Elementwise.BINARY.entrySet()) {
            String name = e.getKey().name();
            Elementwise.Def def = e.getValue();
            ops.put(e.getKey(), (in, op, a, sc, rt) -> one(SplatOperands.binary(name, def, op, tensor(a[0]), tensor(a[1]),
                    resultType(op, rt, 0))));
        }
        for (Map.Entry<OpDefinition, Elementwise.Def> e : Elementwise.UNARY.entrySet()) {
            String name = e.getKey().name();
            Elementwise.Def def = e.getValue();
            ops.put(e.getKey(), (in, op, a, sc, rt) -> one(Elementwise.apply(name, def, tensor(a[0]), null, resultType(op, rt, 0))));
        }
        ops.put(AbsOp.DEFINITION, (in, op, a, sc, rt) -> {
            Tensor t = tensor(a[0]);
            return one(t.kind == Tensor.Kind.COMPLEX ? Elementwise.complexAbs(t, resultType(op, rt, 0))
                    : Elementwise.apply(AbsOp.NAME, Elementwise.UNARY.get(AbsOp.DEFINITION), t, null, resultType(op, rt, 0)));
        });
        ops.put(ConstantOp.DEFINITION, (in, op, a, sc, rt) -> {
            Attribute v = op.attr("value");
            if (v instanceof DenseElementsAttr d) return one(Tensor.fromAttr(d));
            throw new InterpreterException("unsupported constant value " + v);
        });
        ops.put(FftOp.DEFINITION, (in, op, a, sc, rt) -> one(Fourier.fft(tensor(a[0]), enumAttr(op, "fft_type"),
                longs(op, "fft_length"), resultType(op, rt, 0))));
        ops.put(RealOp.DEFINITION, (in, op, a, sc, rt) -> one(Elementwise.part(tensor(a[0]), 0, resultType(op, rt, 0))));
        ops.put(ImagOp.DEFINITION, (in, op, a, sc, rt) -> one(Elementwise.part(tensor(a[0]), 1, resultType(op, rt, 0))));
        ops.put(ComplexOp.DEFINITION, (in, op, a, sc, rt) -> one(Elementwise.complex(tensor(a[0]), tensor(a[1]), resultType(op, rt, 0))));
        ops.put(IsFiniteOp.DEFINITION, (in, op, a, sc, rt) -> one(Elementwise.isFinite(tensor(a[0]), resultType(op, rt, 0))));
        ops.put(ConvertOp.DEFINITION, (in, op, a, sc, rt) -> one(Elementwise.convert(tensor(a[0]), resultType(op, rt, 0))));
        ops.put(BitcastConvertOp.DEFINITION, (in, op, a, sc, rt) -> one(Elementwise.bitcast(tensor(a[0]), resultType(op, rt, 0))));
        ops.put(CompareOp.DEFINITION, (in, op, a, sc, rt) -> one(Elementwise.compare(tensor(a[0]), tensor(a[1]),
                enumAttr(op, "comparison_direction"), enumAttr(op, "compare_type"), resultType(op, rt, 0))));
        ops.put(SelectOp.DEFINITION, (in, op, a, sc, rt) -> one(select(tensor(a[0]), tensor(a[1]), tensor(a[2]))));
        ops.put(ClampOp.DEFINITION, (in, op, a, sc, rt) -> one(clamp(tensor(a[0]), tensor(a[1]), tensor(a[2]), resultType(op, rt, 0))));
        ops.put(ReducePrecisionOp.DEFINITION, (in, op, a, sc, rt) -> one(reducePrecision(tensor(a[0]),
                (int) intAttr(op, "exponent_bits", 8), (int) intAttr(op, "mantissa_bits", 23))));

        ops.put(ReshapeOp.DEFINITION, (in, op, a, sc, rt) -> one(tensor(a[0]).reshaped(resultType(op, rt, 0))));
        ops.put(BroadcastInDimOp.DEFINITION, (in, op, a, sc, rt) ->
                one(ShapeOps.broadcastInDim(tensor(a[0]), longs(op, "broadcast_dimensions"), resultType(op, rt, 0))));
        ops.put(TransposeOp.DEFINITION, (in, op, a, sc, rt) ->
                one(ShapeOps.transpose(tensor(a[0]), longs(op, "permutation"), resultType(op, rt, 0))));
        ops.put(SliceOp.DEFINITION, (in, op, a, sc, rt) -> one(ShapeOps.slice(tensor(a[0]), longs(op, "start_indices"),
                longsOr(op, "strides", tensor(a[0]).rank(), 1), resultType(op, rt, 0))));
        ops.put(ReverseOp.DEFINITION, (in, op, a, sc, rt) -> one(ShapeOps.reverse(tensor(a[0]), longs(op, "dimensions"), resultType(op, rt, 0))));
        ops.put(PadOp.DEFINITION, (in, op, a, sc, rt) -> one(ShapeOps.pad(tensor(a[0]), tensor(a[1]), longs(op, "edge_padding_low"),
                longs(op, "interior_padding"), resultType(op, rt, 0))));
        ops.put(IotaOp.DEFINITION, (in, op, a, sc, rt) -> one(ShapeOps.iota(resultType(op, rt, 0), (int) intAttr(op, "iota_dimension", 0))));
        ops.put(ConcatenateOp.DEFINITION, (in, op, a, sc, rt) -> {
            Tensor[] parts = new Tensor[a.length];
            for (int i = 0; i < a.length; i++) parts[i] = tensor(a[i]);
            return one(ShapeOps.concatenate(parts, (int) intAttr(op, "dimension", 0), resultType(op, rt, 0)));
        });
        // The dynamic-shape ops: results have static types here, so the shape operands are redundant.
        ops.put(DynamicReshapeOp.DEFINITION, (in, op, a, sc, rt) -> one(tensor(a[0]).reshaped(resultType(op, rt, 0))));
        ops.put(DynamicBroadcastInDimOp.DEFINITION, (in, op, a, sc, rt) ->
                one(ShapeOps.broadcastInDim(tensor(a[0]), longs(op, "broadcast_dimensions"), resultType(op, rt, 0))));
        ops.put(DynamicIotaOp.DEFINITION, (in, op, a, sc, rt) ->
                one(ShapeOps.iota(resultType(op, rt, 0), (int) intAttr(op, "iota_dimension", 0))));
        ops.put(DynamicPadOp.DEFINITION, (in, op, a, sc, rt) -> one(ShapeOps.pad(tensor(a[0]), tensor(a[1]), tensor(a[2]).ints,
                tensor(a[4]).ints, resultType(op, rt, 0))));
        ops.put(DynamicSliceOp.DEFINITION, (in, op, a, sc, rt) ->
                one(ShapeOps.dynamicSlice(tensor(a[0]), indexValues(a, 1), resultType(op, rt, 0))));
        ops.put(DynamicUpdateSliceOp.DEFINITION, (in, op, a, sc, rt) ->
                one(ShapeOps.dynamicUpdateSlice(tensor(a[0]), tensor(a[1]), indexValues(a, 2))));
        ops.put(GetDimensionSizeOp.DEFINITION, (in, op, a, sc, rt) -> {
            Tensor r = Tensor.zeros(resultType(op, rt, 0));
            r.ints[0] = tensor(a[0]).dim((int) intAttr(op, "dimension", 0));
            return one(r);
        });
        ops.put(CompositeOp.DEFINITION, (in, op, a, sc, rt) -> {
            Attribute callee = attr(op, "decomposition");
            Operation f = callee instanceof SymbolRefAttr s ? in.functions.get(s.root()) : null;
            if (f == null) throw new InterpreterException("composite decomposition function not found: " + callee);
            return in.call(f, List.of(a));
        });
        ops.put(TupleOp.DEFINITION, (in, op, a, sc, rt) -> one(List.of(a)));
        ops.put(GetTupleElementOp.DEFINITION, (in, op, a, sc, rt) ->
                one(((List<?>) a[0]).get((int) intAttr(op, "index", 0))));
        ops.put(OptimizationBarrierOp.DEFINITION, (in, op, a, sc, rt) -> List.of(a));
        ops.put(AfterAllOp.DEFINITION, (in, op, a, sc, rt) -> one(TOKEN));
        ops.put(CreateTokenOp.DEFINITION, (in, op, a, sc, rt) -> one(TOKEN));

        ops.put(CallOp.DEFINITION, (in, op, a, sc, rt) -> {
            Attribute callee = op.attr("callee");
            String name = callee instanceof SymbolRefAttr s ? s.root() : String.valueOf(callee);
            Operation f = in.functions.get(name);
            if (f == null) throw new InterpreterException("call to unknown function @" + name);
            return in.call(f, List.of(a));
        });
        ops.put(WhileOp.DEFINITION, (in, op, a, sc, rt) -> in.whileLoop(op, List.of(a), sc));
        ops.put(IfOp.DEFINITION, (in, op, a, sc, rt) -> in.runRegion(op.region(tensor(a[0]).ints[0] != 0 ? 0 : 1), List.of(), sc));
        ops.put(CaseOp.DEFINITION, (in, op, a, sc, rt) -> {
            long idx = tensor(a[0]).ints[0];
            int n = op.numRegions();
            int branch = idx < 0 || idx >= n ? n - 1 : (int) idx;
            return in.runRegion(op.region(branch), List.of(), sc);
        });
    }

    private List<Object> whileLoop(Operation op, List<Object> init, Map<Value, Object> scope) {
        List<Object> vals = init;
        while (true) {
            List<Object> c = runRegion(op.region(0), vals, scope);
            if (tensor(c.get(0)).ints[0] == 0) return vals;
            vals = runRegion(op.region(1), vals, scope);
        }
    }

    static Tensor select(Tensor pred, Tensor onTrue, Tensor onFalse) {
        Tensor r = Tensor.zeros(onTrue.type);
        boolean scalarPred = pred.size == 1 && pred.rank() == 0;
        for (int i = 0; i < r.size; i++) {
            boolean p = pred.ints[scalarPred ? 0 : i] != 0;
            r.copyElement(i, p ? onTrue : onFalse, i);
        }
        return r;
    }

    static Tensor clamp(Tensor min, Tensor x, Tensor max, RankedTensorType type) {
        Elementwise.Def mx = Elementwise.BINARY.get(MaximumOp.DEFINITION);
        Elementwise.Def mn = Elementwise.BINARY.get(MinimumOp.DEFINITION);
        Tensor lo = min.rank() == 0 && x.rank() > 0 ? ShapeOps.broadcastInDim(min, new long[0], type) : min;
        Tensor hi = max.rank() == 0 && x.rank() > 0 ? ShapeOps.broadcastInDim(max, new long[0], type) : max;
        return Elementwise.apply(ClampOp.NAME, mn, Elementwise.apply(ClampOp.NAME, mx, x, lo, type), hi, type);
    }

    /** Rounds floats to a format with the given exponent and mantissa widths (keeping the element type). */
    static Tensor reducePrecision(Tensor x, int exponentBits, int mantissaBits) {
        Tensor r = Tensor.zeros(x.type);
        for (int i = 0; i < r.size; i++) r.reals[i] = r.round(reduce(x.reals[i], exponentBits, mantissaBits));
        return r;
    }

    /** Rounds the mantissa (to nearest even) then clamps the exponent range, on the double's bit pattern. */
    private static double reduce(double v, int eBits, int mBits) {
        if (Double.isNaN(v)) return mBits > 0 ? v : Math.copySign(Double.POSITIVE_INFINITY, v);
        long bits = Double.doubleToRawLongBits(v);
        if (mBits < 52) {
            long lastBit = 1L << (52 - mBits);
            long bias = (lastBit >>> 1) - 1 + ((bits & lastBit) >>> (52 - mBits));
            bits = (bits + bias) & ~(lastBit - 1);
        }
        if (eBits < 11) {
            long expMask = 0x7FFL << 52;
            long reducedBias = (1L << (eBits - 1)) - 1;
            long exp = bits & expMask;
            long sign = bits & Long.MIN_VALUE;
            if (exp > (1023 + reducedBias) << 52) bits = sign | expMask;
            else if (exp <= (1023 - reducedBias) << 52) bits = sign;
        }
        return Double.longBitsToDouble(bits);
    }

}
