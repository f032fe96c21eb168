package org.stablehlo4j.api.run;

import java.util.List;

/**
 * A user-defined kernel for a {@code stablehlo.custom_call} target, registered with
 * {@link StableHloRunner#registerCustomCall(String, CustomCallKernel)}. It sees the call through {@link CustomCall}
 * (operands as {@link TensorValue}s, result types, backend config, layouts, ...) and returns one
 * {@link TensorValue} per result, of the result's element type and shape (a dynamic dimension takes any size).
 *
 * <p>A kernel may be called from several threads at once (runs of one runner, processes of
 * {@code interpreter.run_parallel}), so it must be thread-safe. An exception it throws fails the run with
 * {@code custom call <target> failed: <exception>}.
 */
@FunctionalInterface
public interface CustomCallKernel {
    /**
     * Evaluates one custom call.
     *
     * @param call the call: its operands and attributes
     * @return the results, one per result of the call
     */
    List<TensorValue> call(CustomCall call);
}
