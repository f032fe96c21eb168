package org.stablehlo4j.api.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.dialect.stablehlo.transforms.ShapeSpecialization;
import org.stablehlo4j.interpreter.FunctionPlan;
import org.stablehlo4j.interpreter.InterpreterException;
import org.stablehlo4j.interpreter.Tensor;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

/**
 * One function of a module, prepared by {@link StableHloRunner#prepare} to be run many times: a reusable,
 * thread-safe callable. Preparing compiles the function into a plan once (its values numbered into slots, each
 * op's kernel resolved, constants decoded, chains of element-wise ops and the reductions they feed fused into one
 * loop without intermediate tensors); every {@link #run} then only checks and converts the inputs and runs the
 * plan. Runs from many threads at once share the plan and never wait on one another.
 *
 * <p>A shape-polymorphic function (dynamic argument dimensions, {@code shape_assertion} custom calls) is
 * specialized to the inputs' shapes as {@link StableHloRunner#run(ModuleOp, String, List)} does, once per distinct
 * list of input shapes (the last {@value #MAX_SPECIALIZATIONS} are kept).
 *
 * <p>The module must not change while the prepared function is used.
 */
public final class PreparedFunction {
    /** How many specializations of a shape-polymorphic function are kept. */
    public static final int MAX_SPECIALIZATIONS = 16;

    private final StableHloRunner runner;
    private final ModuleOp module;
    private final Operation function;
    private final String name;
    /** The plan of a function with static shapes, or null for a shape-polymorphic one. */
    private final FunctionPlan plan;
    /** The argument types of the function (null for one that is not a ranked tensor). */
    private final RankedTensorType[] argTypes;
    /** Plans of a shape-polymorphic function per list of input types. */
    private final Map<List<RankedTensorType>, FunctionPlan> specialized = new ConcurrentHashMap<>();

    PreparedFunction(StableHloRunner runner, ModuleOp module, Operation function) throws StableHloException {
        this.runner = runner;
        this.module = module;
        this.function = function;
        this.name = StableHloRunner.name(function);
        this.plan = ShapeSpecialization.needed(module, function) ? null : plan(module, function);
        org.stablehlo4j.ir.Block body = function.region(0).entry();
        this.argTypes = new RankedTensorType[body == null ? 0 : body.numArguments()];
        for (int i = 0; i < argTypes.length; i++) {
            if (body.argument(i).type() instanceof RankedTensorType rt) argTypes[i] = rt;
        }
    }

    private FunctionPlan plan(ModuleOp m, Operation f) throws StableHloException {
        try {
            return FunctionPlan.prepare(m, StableHloRunner.name(f));
        } catch (InterpreterException e) {
            Location loc = e.location() == null ? f.location() : e.location();
            throw new StableHloException(List.of(Diagnostic.error(loc, e.getMessage())));
        } catch (RuntimeException e) {
            throw new StableHloException(List.of(Diagnostic.error(f.location(), "interpreter: " + e)));
        }
    }

    /**
     * The function's name.
     *
     * @return its name, without {@code @}
     */
    public String name() {
        return name;
    }

    /**
     * Runs the function, as {@link StableHloRunner#run(ModuleOp, String, List)} does.
     *
     * @param inputs the inputs, one per argument
     * @return the results, one per result of the function
     * @throws StableHloException as {@link StableHloRunner#run(ModuleOp, String, List)} does
     */
    public List<TensorValue> run(TensorValue... inputs) throws StableHloException {
        return run(Arrays.asList(inputs));
    }

    /**
     * Runs the function, as {@link StableHloRunner#run(ModuleOp, String, List)} does. Thread-safe.
     *
     * @param inputs the inputs, one per argument
     * @return the results, one per result of the function
     * @throws StableHloException as {@link StableHloRunner#run(ModuleOp, String, List)} does
     */
    public List<TensorValue> run(List<TensorValue> inputs) throws StableHloException {
        List<RankedTensorType> types = StableHloRunner.checkInputs(function, inputs);
        FunctionPlan p = plan != null ? plan : specialization(types);
        List<Object> args = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            // checkInputs matched the input to the argument's element type and shape: its bytes are the
            // argument's. A static function's own argument types are used, so tensor layouts are found cached.
            args.add(inputs.get(i).toTensor(plan != null ? argTypes[i] : types.get(i)));
        }
        List<Object> results;
        try {
            results = p.run(args);
        } catch (InterpreterException e) {
            Location loc = e.location() == null ? function.location() : e.location();
            throw new StableHloException(List.of(Diagnostic.error(loc, e.getMessage())));
        } catch (StackOverflowError e) {
            throw new StableHloException(List.of(Diagnostic.error(function.location(), "interpreter: nesting too deep")));
        } catch (RuntimeException e) {
            throw new StableHloException(List.of(Diagnostic.error(function.location(), "interpreter: " + e)));
        }
        List<TensorValue> out = new ArrayList<>(results.size());
        for (int i = 0; i < results.size(); i++) {
            Object r = results.get(i);
            TensorValue v = r instanceof Tensor t ? TensorValue.fromTensor(t) : null;
            if (v == null) {
                String what = r instanceof Tensor t ? AsmPrinter.printType(t.type()) : r instanceof List<?> ? "a tuple"
                        : String.valueOf(r);
                throw new StableHloException(List.of(Diagnostic.error(function.location(), "result " + i + " of @"
                        + name + " (" + what + ") cannot be returned as a TensorValue")));
            }
            out.add(v);
        }
        return out;
    }

    /** The plan of the shape-polymorphic function specialized to {@code types} (made on first need). */
    private FunctionPlan specialization(List<RankedTensorType> types) throws StableHloException {
        FunctionPlan p = specialized.get(types);
        if (p != null) return p;
        // A shape-polymorphic program runs specialized to the inputs, as JAX calls an export; the module given
        // stays as it is.
        ModuleOp copy = ShapeSpecialization.copy(module);
        try {
            ShapeSpecialization.specialize(runner.api().context(), copy, name, new ArrayList<Type>(types));
        } catch (DiagnosticException e) {
            throw new StableHloException(e);
        } catch (RuntimeException e) {
            throw new StableHloException(List.of(Diagnostic.error(function.location(), "shape refinement: " + e)));
        }
        p = plan(copy, ShapeSpecialization.find(copy, name));
        if (specialized.size() >= MAX_SPECIALIZATIONS) specialized.clear();
        specialized.put(List.copyOf(types), p);
        return p;
    }
}
