package org.stablehlo4j.api.run;

import java.util.ArrayList;
import java.lang.ref.SoftReference;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.interpreter.CustomCallKernels;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;

/**
 * Runs functions of a StableHLO program with the reference interpreter, on {@link TensorValue}s (what
 * {@code stablehlo-translate --interpret} does, as a library call). The inputs are checked against the
 * function's signature first (count, element type, shape; a dynamic dimension takes any size), so a mismatch is
 * a {@link StableHloException} naming the argument, not an interpreter crash. Every {@link ElementType}, complex
 * included, can be an input and a result.
 *
 * <p>Inputs and expected outputs stored by the CLI or NumPy are read with {@link TensorJson} and {@link Npy}.
 *
 * <p>A shape-polymorphic program (dynamic argument dimensions, JAX's {@code shape_assertion} custom calls) runs
 * specialized to the inputs' shapes, as JAX calls an export ({@link StableHlo#refineShapes(ModuleOp, List)}, on a
 * copy of the module): a failed shape assertion is a {@link StableHloException} carrying JAX's message with its
 * placeholders filled in.
 *
 * <p>Custom calls run the kernels of the facade's context: JAX's CPU targets, and those registered with
 * {@link #registerCustomCall(String, CustomCallKernel)}.
 *
 * <p>Thread-safe: one instance may be used by many threads, each run gets its own interpreter. A function is
 * prepared once ({@link #prepare}: a compiled plan, see {@link PreparedFunction}) and the plan is kept per module
 * and function name (softly: memory that is needed is given back), so running a module again skips that work.
 * The module is only read; it must not change once it has been run (run a changed module from a new runner, or
 * prepare it again).
 */
public final class StableHloRunner {
    private final StableHlo api;

    /**
     * A runner whose artifacts and text are read with {@code api}.
     *
     * @param api the facade whose context is used
     */
    public StableHloRunner(StableHlo api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /**
     * A runner over a new {@link StableHlo#create()} facade.
     *
     * @return a runner over a new {@link StableHlo#create()} facade
     */
    public static StableHloRunner create() {
        return new StableHloRunner(StableHlo.create());
    }

    /**
     * The facade this runner parses, reads and verifies with.
     *
     * @return the facade
     */
    public StableHlo api() {
        return api;
    }

    /**
     * Registers the kernel of custom-call target {@code target}: every {@code stablehlo.custom_call @target} run
     * from now on calls {@code kernel}. Registrations belong to the facade's {@link org.stablehlo4j.ir.Context}
     * (as a table of its {@code stablehlo} dialect, which starts with JAX's CPU targets), so every runner over the
     * same {@link #api()} sees them and runners over other facades do not (a module read in another context runs
     * that context's kernels). Thread-safe; the kernel itself must be thread-safe too.
     *
     * @param target the call target name (without {@code @})
     * @param kernel the kernel
     * @return this runner
     * @throws IllegalArgumentException if {@code target} is empty or already has a kernel (one of JAX's targets
     *                                  included): {@code custom call target '<target>' is already registered}
     */
    public StableHloRunner registerCustomCall(String target, CustomCallKernel kernel) {
        java.util.Objects.requireNonNull(kernel, "kernel");
        CustomCallKernels.of(api.context()).register(target, new UserKernel(target, kernel));
        return this;
    }

    /**
     * Whether custom-call target {@code target} has a kernel here (registered by a user or one of JAX's).
     *
     * @param target the call target name
     * @return whether a {@code stablehlo.custom_call @target} can run
     */
    public boolean hasCustomCall(String target) {
        return CustomCallKernels.of(api.context()).contains(target);
    }

    /**
     * Runs {@code @main} (or the module's only function), as {@link #run(ModuleOp, String, List)} does.
     *
     * @param module the module
     * @param inputs the inputs, one per argument
     * @return the results, one per result of the function
     * @throws StableHloException as {@link #run(ModuleOp, String, List)} does
     */
    public List<TensorValue> run(ModuleOp module, TensorValue... inputs) throws StableHloException {
        return run(module, "main", Arrays.asList(inputs));
    }

    /**
     * Parses (and verifies) StableHLO text and runs {@code @main} (or the module's only function).
     *
     * @param moduleText StableHLO text
     * @param inputs the inputs, one per argument
     * @return the results, one per result of the function
     * @throws StableHloException if the text does not parse or verify (the message is the diagnostics), or as
     *                            {@link #run(ModuleOp, String, List)} does
     */
    public List<TensorValue> run(String moduleText, TensorValue... inputs) throws StableHloException {
        return run(api.parse(moduleText), "main", Arrays.asList(inputs));
    }

    /**
     * Deserializes a portable artifact (see {@link StableHlo#deserializePortableArtifact(byte[])}) and runs
     * {@code @main} (or the module's only function).
     *
     * @param artifact the artifact's bytes
     * @param inputs the inputs, one per argument
     * @return the results, one per result of the function
     * @throws StableHloException if the artifact cannot be read (the message is the diagnostics), or as
     *                            {@link #run(ModuleOp, String, List)} does
     */
    public List<TensorValue> runArtifact(byte[] artifact, TensorValue... inputs) throws StableHloException {
        return run(api.deserializePortableArtifact(artifact), "main", Arrays.asList(inputs));
    }

    /**
     * Runs function {@code function} (for {@code main}: the only function, if the module has exactly one, as
     * {@code --interpret} does) and returns its results. An input of a signed integer argument ({@code si32}) is
     * given as the signless {@link ElementType} of its width ({@link ElementType#I32}).
     *
     * @param module the module
     * @param function the function name (without {@code @})
     * @param inputs the inputs, one per argument
     * @return the results, one per result of the function
     * @throws StableHloException if there is no such function, the inputs do not fit its signature (or an argument
     *                            is of a type {@link TensorValue} cannot hold), the program fails while running
     *                            (e.g. a failed {@code check.*} op), a shape-polymorphic program cannot be
     *                            specialized to the inputs (e.g. a failed {@code shape_assertion}, with JAX's
     *                            message), or a result is of a type {@link TensorValue} cannot hold (tokens,
     *                            tuples, quantized, int4, float8, ...); the message is the diagnostic, located at
     *                            the function or the failing op
     */
    public List<TensorValue> run(ModuleOp module, String function, List<TensorValue> inputs) throws StableHloException {
        return prepared(module, function).run(inputs);
    }

    /**
     * Prepares function {@code function} of {@code module} (for {@code main}: the only function, if the module has
     * exactly one) for running many times: see {@link PreparedFunction}. {@link #run(ModuleOp, String, List)} uses
     * the same plans, kept per module and function name while the module is in use (and after that until the memory
     * is needed), so a module changed after it was run must be run from a new runner, or prepared again.
     *
     * @param module the module (only read; it must not change while the prepared function is used)
     * @param function the function name (without {@code @})
     * @return the prepared function, thread-safe
     * @throws StableHloException if there is no such function, or it cannot be prepared (the message is the
     *                            diagnostic)
     */
    public PreparedFunction prepare(ModuleOp module, String function) throws StableHloException {
        Objects.requireNonNull(module, "module");
        return new PreparedFunction(this, module, function(module, function));
    }

    /**
     * Prepared functions of the modules run so far, per function name. A plan refers to its module's operations, so
     * the plans are held softly: a module no longer used elsewhere stays cached until the memory is needed, then its
     * entry goes (a weak key alone would be kept alive by its own plans).
     */
    private final Map<ModuleOp, SoftReference<Map<String, PreparedFunction>>> plans = new WeakHashMap<>();

    private PreparedFunction prepared(ModuleOp module, String function) throws StableHloException {
        Map<String, PreparedFunction> byName;
        synchronized (plans) {
            SoftReference<Map<String, PreparedFunction>> ref = plans.get(module);
            byName = ref == null ? null : ref.get();
            if (byName == null) plans.put(module, new SoftReference<>(byName = new ConcurrentHashMap<>()));
        }
        PreparedFunction p = byName.get(function);
        if (p == null) {
            p = prepare(module, function);
            PreparedFunction raced = byName.putIfAbsent(function, p);
            if (raced != null) p = raced;
        }
        return p;
    }

    /**
     * The argument types of a function (for {@code main}: the only function, if the module has exactly one), as
     * the inputs must give them.
     *
     * @param module the module
     * @param function the function name (without {@code @})
     * @return the argument types, one per argument
     * @throws StableHloException if the module has no such function
     */
    public List<Type> inputTypes(ModuleOp module, String function) throws StableHloException {
        Block body = function(module, function).region(0).entry();
        List<Type> out = new ArrayList<>();
        if (body != null) for (int i = 0; i < body.numArguments(); i++) out.add(body.argument(i).type());
        return out;
    }

    private static Operation function(ModuleOp module, String name) throws StableHloException {
        Operation only = null;
        int count = 0;
        for (Operation op : module.body().operations()) {
            if (!FuncOp.is(op)) continue;
            count++;
            only = op;
            if (name.equals(name(op))) return op;
        }
        if (name.equals("main") && count == 1) return only;
        throw new StableHloException(List.of(Diagnostic.error(module.op().location(),
                "module has no function @" + name)));
    }

    static String name(Operation f) {
        return f.attr("sym_name") instanceof StringAttr s ? s.value() : "";
    }

    /** The exact argument types the inputs become, after checking them against the signature. */
    static List<RankedTensorType> checkInputs(Operation f, List<TensorValue> inputs) throws StableHloException {
        Block body = f.region(0).entry();
        int n = body == null ? 0 : body.numArguments();
        if (inputs.size() != n) {
            String fn = "@" + name(f);
            throw error(f, fn + " takes " + n + " argument" + (n == 1 ? "" : "s") + ", got " + inputs.size()
                    + " input" + (inputs.size() == 1 ? "" : "s"));
        }
        List<RankedTensorType> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            TensorValue in = Objects.requireNonNull(inputs.get(i), "input " + i);
            Type t = body.argument(i).type();
            if (!(t instanceof RankedTensorType rt) || ElementType.of(rt.elementType()) == null) {
                throw error(f, "input " + i + " of @" + name(f) + " has type " + AsmPrinter.printType(t) + ", which a TensorValue cannot hold");
            }
            boolean fits = ElementType.of(rt.elementType()) == in.elementType() && rt.rank() == in.rank();
            long[] shape = in.shape();
            for (int d = 0; fits && d < shape.length; d++) {
                fits = rt.dim(d) == ShapedType.DYNAMIC || rt.dim(d) == shape[d];
            }
            if (!fits) {
                throw error(f, "input " + i + " of @" + name(f) + " must be " + AsmPrinter.printType(rt) + ", got "
                        + AsmPrinter.printType(in.type()));
            }
            // the argument's own type when static: one type object per argument, run after run
            out.add(rt.hasStaticShape() ? rt : new RankedTensorType(shape, rt.elementType()));
        }
        return out;
    }

    static StableHloException error(Operation f, String message) {
        return new StableHloException(List.of(Diagnostic.error(f.location(), message)));
    }
}
