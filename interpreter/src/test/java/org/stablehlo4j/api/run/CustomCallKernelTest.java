package org.stablehlo4j.api.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.asm.AsmPrinter;

class CustomCallKernelTest {
    private static final String AXPY = """
            func.func @main(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
              %0 = stablehlo.custom_call @my_axpy(%x, %y) {backend_config = "alpha=2", has_side_effect = true,
                  mhlo.frontend_attributes = {_xla_stream = "compute"},
                  operand_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>],
                  result_layouts = [dense<0> : tensor<1xindex>],
                  output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [],
                      operand_index = 1, operand_tuple_indices = []>]}
                  : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
              return %0 : tensor<3xf32>
            }
            """;

    private static final String FFI = """
            func.func @main(%x: tensor<2xf64>) -> (tensor<2xf64>, tensor<i32>) {
              %0:2 = stablehlo.custom_call @my_scale(%x) {api_version = 4 : i32,
                  mhlo.backend_config = {factor = 1.5 : f64, count = 7 : i64, name = "s", on = true}}
                  : (tensor<2xf64>) -> (tensor<2xf64>, tensor<i32>)
              return %0#0, %0#1 : tensor<2xf64>, tensor<i32>
            }
            """;

    @Test
    void userKernelSeesTheTypedViewAndRuns() throws StableHloException {
        StableHloRunner runner = StableHloRunner.create();
        List<CustomCall> seen = new ArrayList<>();
        runner.registerCustomCall("my_axpy", call -> {
            seen.add(call);
            double alpha = Double.parseDouble(call.backendConfigString().substring("alpha=".length()));
            float[] x = call.operand(0).toFloatArray();
            float[] y = call.operand(1).toFloatArray();
            float[] r = new float[x.length];
            for (int i = 0; i < r.length; i++) r[i] = (float) (alpha * x[i] + y[i]);
            return List.of(TensorValue.of(r, 3));
        });
        assertTrue(runner.hasCustomCall("my_axpy"));
        List<TensorValue> out = runner.run(AXPY, TensorValue.of(new float[] {1, 2, 3}, 3),
                TensorValue.of(new float[] {10, 20, 30}, 3));
        assertArrayEquals(new float[] {12, 24, 36}, out.get(0).toFloatArray());

        CustomCall call = seen.get(0);
        assertEquals("my_axpy", call.target());
        assertEquals("tensor<3xf32>", AsmPrinter.printType(call.operandTypes().get(0)));
        assertEquals("tensor<3xf32>", AsmPrinter.printType(call.resultTypes().get(0)));
        assertEquals(ElementType.F32, call.operand(1).elementType());
        assertEquals("alpha=2", call.backendConfigString());
        assertEquals(Map.of(), call.backendConfig());
        assertEquals(Map.of("_xla_stream", "compute"), call.frontendAttributes());
        assertEquals(List.of(List.of(0L), List.of(0L)), call.operandLayouts());
        assertEquals(List.of(List.of(0L)), call.resultLayouts());
        assertEquals(List.of(new CustomCall.OutputOperandAlias(List.of(), 1, List.of())), call.outputOperandAliases());
        assertEquals(1, call.apiVersion());
        assertTrue(call.hasSideEffect());
    }

    @Test
    void ffiDictionaryBackendConfigAndSeveralResults() throws StableHloException {
        StableHloRunner runner = StableHloRunner.create();
        runner.registerCustomCall("my_scale", call -> {
            assertEquals(4, call.apiVersion());
            assertFalse(call.hasSideEffect());
            assertEquals(null, call.backendConfigString());
            Map<String, Object> cfg = call.backendConfig();
            assertEquals(List.of("count", "factor", "name", "on"), new ArrayList<>(cfg.keySet()));
            assertEquals(7L, cfg.get("count"));
            assertEquals("s", cfg.get("name"));
            assertEquals(true, cfg.get("on"));
            double f = (Double) cfg.get("factor");
            double[] x = call.operand(0).toDoubleArray();
            return List.of(TensorValue.of(new double[] {x[0] * f, x[1] * f}, 2),
                    TensorValue.of(new int[] {(int) (long) (Long) cfg.get("count")}));
        });
        List<TensorValue> out = runner.run(FFI, TensorValue.of(new double[] {2, 4}, 2));
        assertArrayEquals(new double[] {3, 6}, out.get(0).toDoubleArray());
        assertEquals(7, out.get(1).getLong(0));
    }

    @Test
    void registrationsArePerContext() throws StableHloException {
        StableHloRunner a = StableHloRunner.create();
        StableHloRunner sameContext = new StableHloRunner(a.api());
        a.registerCustomCall("mine", call -> List.of(call.operand(0)));
        assertTrue(sameContext.hasCustomCall("mine"));
        assertFalse(StableHloRunner.create().hasCustomCall("mine"));
        assertTrue(a.hasCustomCall("lapack_dpotrf_ffi"), "JAX's targets are registered");
        assertTrue(a.hasCustomCall("tpu_custom_call"));
    }

    @Test
    void unknownTarget() {
        StableHloRunner runner = StableHloRunner.create();
        assertEquals("Unsupported custom call: my_axpy", message(() -> runner.run(AXPY,
                TensorValue.of(new float[3], 3), TensorValue.of(new float[3], 3))));
    }

    @Test
    void duplicateRegistrationIsRejected() {
        StableHloRunner runner = StableHloRunner.create();
        runner.registerCustomCall("my_axpy", call -> List.of(call.operand(0)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> runner.registerCustomCall("my_axpy", call -> List.of(call.operand(1))));
        assertEquals("custom call target 'my_axpy' is already registered", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> runner.registerCustomCall("lapack_strsm_ffi", call -> List.of()));
        assertEquals("custom call target 'lapack_strsm_ffi' is already registered", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> runner.registerCustomCall("", call -> List.of()));
        assertEquals("custom call target name must not be empty", e.getMessage());
    }

    @Test
    void wrongResultCount() {
        StableHloRunner runner = StableHloRunner.create();
        runner.registerCustomCall("my_axpy", call -> List.of(call.operand(0), call.operand(1)));
        assertEquals("custom call my_axpy: the kernel returned 2 results, the call has 1", message(() -> runner.run(
                AXPY, TensorValue.of(new float[3], 3), TensorValue.of(new float[3], 3))));
        StableHloRunner nullRunner = StableHloRunner.create();
        nullRunner.registerCustomCall("my_axpy", call -> null);
        assertEquals("custom call my_axpy: the kernel returned null", message(() -> nullRunner.run(
                AXPY, TensorValue.of(new float[3], 3), TensorValue.of(new float[3], 3))));
    }

    @Test
    void wrongResultType() {
        StableHloRunner runner = StableHloRunner.create();
        runner.registerCustomCall("my_axpy", call -> List.of(TensorValue.of(new double[3], 3)));
        assertEquals("custom call my_axpy: the kernel returned tensor<3xf64> for result 0, which is tensor<3xf32>",
                message(() -> runner.run(AXPY, TensorValue.of(new float[3], 3), TensorValue.of(new float[3], 3))));
        StableHloRunner shape = StableHloRunner.create();
        shape.registerCustomCall("my_axpy", call -> List.of(TensorValue.of(new float[2], 2)));
        assertEquals("custom call my_axpy: the kernel returned tensor<2xf32> for result 0, which is tensor<3xf32>",
                message(() -> shape.run(AXPY, TensorValue.of(new float[3], 3), TensorValue.of(new float[3], 3))));
    }

    @Test
    void kernelExceptionNamesTheTarget() {
        StableHloRunner runner = StableHloRunner.create();
        runner.registerCustomCall("my_axpy", call -> {
            throw new IllegalStateException("no accelerator");
        });
        assertEquals("custom call my_axpy failed: java.lang.IllegalStateException: no accelerator",
                message(() -> runner.run(AXPY, TensorValue.of(new float[3], 3), TensorValue.of(new float[3], 3))));
    }

    @Test
    void opaqueKernelsKeepTheirError() {
        String text = """
                func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
                  %0 = stablehlo.custom_call @tpu_custom_call(%x) {backend_config = "..."}
                      : (tensor<2xf32>) -> tensor<2xf32>
                  return %0 : tensor<2xf32>
                }
                """;
        String m = message(() -> StableHloRunner.create().run(text, TensorValue.of(new float[2], 2)));
        assertTrue(m.startsWith("custom call tpu_custom_call cannot run in the interpreter: it is a Pallas/Mosaic"), m);
    }

    @Test
    void concurrentRunsAndRegistrations() throws Exception {
        StableHloRunner runner = StableHloRunner.create();
        runner.registerCustomCall("my_axpy", call -> List.of(call.operand(1)));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Future<?>> fs = new ArrayList<>();
            for (int k = 0; k < 16; k++) {
                int n = k;
                fs.add(pool.submit(() -> {
                    try {
                        runner.registerCustomCall("t" + n, call -> List.of());
                        float[] y = {n, n + 1, n + 2};
                        List<TensorValue> out = runner.run(AXPY, TensorValue.of(new float[3], 3), TensorValue.of(y, 3));
                        assertArrayEquals(y, out.get(0).toFloatArray());
                    } catch (Throwable t) {
                        failures.add(t);
                    }
                }));
            }
            for (Future<?> f : fs) f.get();
            assertTrue(failures.isEmpty(), failures.toString());
            for (int k = 0; k < 16; k++) assertTrue(runner.hasCustomCall("t" + k));
        } finally {
            pool.shutdown();
        }
    }

    private interface Run {
        void run() throws StableHloException;
    }

    private static String message(Run r) {
        StableHloException e = assertThrows(StableHloException.class, r::run);
        return e.diagnostics().get(0).message();
    }
}
