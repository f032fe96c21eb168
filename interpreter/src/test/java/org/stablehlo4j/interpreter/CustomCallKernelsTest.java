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
        assertEquals(4 + LapackKernels.targets().size() + 3 + 5, table.targets().size());
    }
}
