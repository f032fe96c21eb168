package org.stablehlo4j.interpreter;

import java.util.Map;

/**
 * Custom calls whose meaning is compiled code for another runtime, carried opaquely in the program: the
 * interpreter cannot evaluate them and says which kernel it met and why.
 */
final class OpaqueCustomCalls {
    private OpaqueCustomCalls() {}

    private static final Map<String, String> REASONS = Map.of(
            "tpu_custom_call", "a Pallas/Mosaic kernel compiled for TPU (its body is serialized Mosaic TPU code "
                    + "in backend_config, which only the TPU compiler can run)",
            "mosaic_gpu_v2", "a Pallas Mosaic GPU kernel (its body is serialized Mosaic GPU code for NVIDIA GPUs, "
                    + "which only XLA's GPU runtime can run)",
            "mosaic_gpu", "a Pallas Mosaic GPU kernel (its body is serialized Mosaic GPU code for NVIDIA GPUs, "
                    + "which only XLA's GPU runtime can run)",
            "__gpu$xla.gpu.triton", "a Triton kernel (Pallas on GPU: its body is serialized Triton IR, which only "
                    + "XLA's GPU runtime compiles and runs)",
            "tf.call_tf_function", "a call back into a TensorFlow function (jax2tf's call_tf: the function lives "
                    + "in the TensorFlow program around this one, not in the StableHLO module)");

    /** The opaque kernels' target names. */
    static java.util.Set<String> targets() {
        return REASONS.keySet();
    }

    /** The error for {@code name} if it is an opaque kernel, else null. */
    static String error(String name) {
        String why = REASONS.get(name);
        if (why == null) return null;
        return "custom call " + name + " cannot run in the interpreter: it is " + why;
    }
}
