package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.OperationName;
import org.stablehlo4j.ir.Region;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One function of a module prepared once and run many times, from any number of threads at once. Preparing lowers
 * the CHLO ops of a copy of the module (as {@link Interpreter} does per run), indexes its functions and compiles the
 * function's body into a {@link RegionProgram} (values numbered into slots, kernels resolved per op, constants
 * decoded, element-wise chains and the reductions they feed fused into blocked loops whose scratch buffers are
 * reused from block to block); regions run later (called functions, loop bodies, reduction bodies) are compiled
 * on their first run and kept. Each {@link #run} gets its own interpreter over these shared, immutable programs;
 * the caches are concurrent maps, so runs never wait on one another.
 *
 * <p>The module must not change while the plan is used: the plan holds its operations.
 */
public final class FunctionPlan {
    final ModuleOp module;
    final Map<String, Operation> functions;
    final Map<Region, RegionProgram> programs = new ConcurrentHashMap<>();
    final Map<OperationName, Optional<Interpreter.OpEval>> kernels = new ConcurrentHashMap<>();
    private final Operation entry;

    private FunctionPlan(ModuleOp module, String function) {
        this.module = Interpreter.withChloLowered(module);
        this.functions = Map.copyOf(Interpreter.functionsOf(this.module));
        Interpreter in = new Interpreter(this);
        this.entry = in.entry(function);
        if (entry.numRegions() > 0 && entry.region(0).entry() != null) in.program(entry.region(0));
    }

    /**
     * Prepares function {@code function} of {@code module} (for {@code main}: the only function if the module has
     * exactly one).
     *
     * @param module the module (only read; it must not change while the plan is used)
     * @param function the function name, without {@code @}
     * @return the plan
     * @throws InterpreterException if the module has no such function
     */
    public static FunctionPlan prepare(ModuleOp module, String function) {
        return new FunctionPlan(module, function);
    }

    /**
     * The prepared function.
     *
     * @return its {@code func.func} operation (in the CHLO-lowered copy, if the module held CHLO ops)
     */
    public Operation function() {
        return entry;
    }

    /** The compiled program of the function's body. */
    RegionProgram program() {
        return programs.get(entry.region(0));
    }

    /**
     * Runs the function on {@code args} ({@link Tensor}s, lists for tuples, {@link Interpreter#TOKEN} for tokens).
     * Thread-safe; the arguments are only read.
     *
     * @param args one value per argument
     * @return the function's results
     * @throws InterpreterException if the program fails (located at the failing op)
     */
    public List<Object> run(List<Object> args) {
        return new Interpreter(this).call(entry, args);
    }
}
