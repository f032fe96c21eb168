package org.stablehlo4j.interpreter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.interpreter.lapack.LapackKernels;

class CustomCallKernelsTest {
    @Test
    void jaxProviderRegistersItsTargetsPerContext() {
        StableHlo a = StableHlo.create();
        CustomCallKernels table = CustomCallKernels.of(a.context());
        assertSame(table, CustomCallKernels.of(a.context()), "one table per context");
        assertNotSame(table, CustomCallKernels.of(StableHlo.create().context()));
        for (String t : LapackKernels.targets()) assertTrue(table.contains(t), t);
        for (String t : new String[] {"lapack_strsm_ffi", "lapack_ztrsm_ffi", "Sharding", "SPMDFullToShardShape",
                "SPMDShardToFullShape", "tpu_custom_call", "mosaic_gpu_v2", "__gpu$xla.gpu.triton",
                "tf.call_tf_function"}) {
            assertTrue(table.contains(t), t);
        }
        // JAX's _GPU_FFI_KERNELS, the GPU threefry kernels and the TPU-era targets of its guaranteed-stable list
        String[] gpuAndTpu = {"cu_lu_pivots_to_permutation", "cusolver_getrf_ffi", "hip_lu_pivots_to_permutation",
            "hipsolver_getrf_ffi", "cusolver_geqrf_ffi", "cusolver_orgqr_ffi", "hipsolver_geqrf_ffi",
            "hipsolver_orgqr_ffi", "cusolver_potrf_ffi", "hipsolver_potrf_ffi", "cusolver_syevd_ffi",
            "hipsolver_syevd_ffi", "cusolver_gesvd_ffi", "cusolver_gesvdj_ffi", "hipsolver_gesvd_ffi",
            "hipsolver_gesvdj_ffi", "hipsolver_gesdd_ffi", "cusolver_sytrd_ffi", "hipsolver_sytrd_ffi",
            "cusparse_gtsv2_ffi", "cu_threefry2x32_ffi", "hip_threefry2x32_ffi", "Eigh", "Qr",
            "ProductOfElementaryHouseholderReflectors", "LuDecomposition", "ApproxTopK",
            "stablehlo.dynamic_approx_top_k", "AllocateBuffer", "annotate_device_placement"};
        for (String t : gpuAndTpu) assertTrue(table.contains(t), t);
        // plus hipsparse_gtsv2_ffi, the ROCm name of JAX's tridiagonal_solve lowering
        assertTrue(table.contains("hipsparse_gtsv2_ffi"));
        assertEquals(4 + LapackKernels.targets().size() + 3 + 5 + gpuAndTpu.length + 1, table.targets().size());
    }
}
