package org.stablehlo4j.interpreter;

import org.stablehlo4j.interpreter.lapack.LapackKernels;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.Operation;

import java.util.List;

/**
 * The "JAX kernels" provider: registers, in every context's {@link CustomCallKernels} table, the
 * {@code stablehlo.custom_call} targets JAX emits for CPU that the interpreter can evaluate by their
 * meaning (their operands are logical tensors; {@code operand_layouts} only fix the physical layout the native
 * kernel sees):
 * <ul>
 *   <li>{@code lapack_{s,d,c,z}trsm_ffi}: LAPACK's triangular solve, {@code op(a) x = b} or {@code x op(a) = b},
 *       configured by {@code mhlo.backend_config = {side, uplo, trans_x, diag}} as ASCII codes ('L'/'R',
 *       'L'/'U', 'N'/'T'/'C', 'N'/'U'); leading dimensions are batch dimensions.</li>
 *   <li>the other LAPACK kernels of JAX's {@code _CPU_FFI_KERNELS} ({@code lapack_?potrf_ffi}, {@code ?getrf},
 *       {@code ?geqrf}, {@code ?orgqr}/{@code ?ungqr}, {@code ?syevd}/{@code ?heevd}, {@code ?sytrd}/{@code ?hetrd},
 *       {@code ?gehrd}, {@code ?gees}, {@code ?geev}, {@code ?gesdd}, {@code ?gtsv}): {@link LapackCustomCalls}.</li>
 *   <li>JAX's GPU kernels ({@code _GPU_FFI_KERNELS}: cuSOLVER/hipSOLVER, cuSPARSE gtsv2, LU pivots to permutation,
 *       and the Threefry kernel) on the same LAPACK kernels: {@link GpuCustomCalls}.</li>
 *   <li>the TPU-era {@code Qr}, {@code ProductOfElementaryHouseholderReflectors}, {@code Eigh},
 *       {@code LuDecomposition}, and {@code AllocateBuffer}, {@code annotate_device_placement}:
 *       {@link TpuCustomCalls}; {@code ApproxTopK} and {@code stablehlo.dynamic_approx_top_k}: {@link ApproxTopK}.</li>
 *   <li>opaque kernels ({@code tpu_custom_call}, {@code mosaic_gpu_v2}, {@code __gpu$xla.gpu.triton},
 *       {@code tf.call_tf_function}): an error naming the kernel ({@link OpaqueCustomCalls}).</li>
 *   <li>{@code Sharding}, {@code SPMDFullToShardShape}, {@code SPMDShardToFullShape} on one device: the identity.</li>
 * </ul>
 */
final class JaxCustomCalls {
    private JaxCustomCalls() {}

    /** Registers JAX's targets (the "JAX kernels" provider every context's table starts with). */
    static void registerAll(CustomCallKernels table) {
        for (String t : List.of("lapack_strsm_ffi", "lapack_dtrsm_ffi", "lapack_ctrsm_ffi", "lapack_ztrsm_ffi")) {
            table.register(t, (op, a) -> trsm(op, t, a));
        }
        for (String t : LapackKernels.targets()) table.register(t, (op, a) -> LapackCustomCalls.eval(op, t, a));
        GpuCustomCalls.registerAll(table);
        TpuCustomCalls.registerAll(table);
        ApproxTopK.registerAll(table);
        for (String t : List.of("Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape")) {
            table.register(t, (op, a) -> {
                if (a.length != 1 || op.numResults() != 1) {
                    throw new InterpreterException(t + ": expected 1 operand and 1 result");
                }
                return List.of(a[0]);
            });
        }
        for (String t : OpaqueCustomCalls.targets()) {
            String message = OpaqueCustomCalls.error(t);
            table.register(t, (op, a) -> {
                throw new InterpreterException(message);
            });
        }
    }

    private static List<Object> trsm(Operation op, String name, Object[] a) {
        if (a.length != 2 || op.numResults() != 1) {
            throw new InterpreterException(name + ": expected 2 operands (a, b) and 1 result");
        }
        Attribute cfg = op.attr("mhlo.backend_config");
        if (!(cfg instanceof DictionaryAttr dict)) {
            throw new InterpreterException(name + ": expected an mhlo.backend_config dictionary");
        }
        char side = code(dict, name, "side", "LR");
        char uplo = code(dict, name, "uplo", "LU");
        char trans = code(dict, name, "trans_x", "NTC");
        char diag = code(dict, name, "diag", "NU");
        Tensor m = Interpreter.tensor(a[0]);
        Tensor b = Interpreter.tensor(a[1]);
        if (m.rank() < 2 || m.rank() != b.rank() || m.dim(m.rank() - 1) != m.dim(m.rank() - 2)) {
            throw new InterpreterException(name + ": expected a batch of square matrices and a batch of matrices");
        }
        String transpose = trans == 'N' ? "NO_TRANSPOSE" : trans == 'T' ? "TRANSPOSE" : "ADJOINT";
        return List.of(Linalg.triangularSolve(m, b, side == 'L', uplo == 'L', diag == 'U', transpose,
                Interpreter.resultType(op, 0)));
    }

    private static char code(DictionaryAttr dict, String name, String key, String allowed) {
        Attribute v = dict.get(key);
        long c = v instanceof IntegerAttr i ? i.longValue() : -1;
        if (c < 0 || c > 127 || allowed.indexOf((char) c) < 0) {
            throw new InterpreterException(name + ": backend_config." + key + " must be one of '"
                    + String.join("', '", allowed.split("")) + "' (as an ASCII code)");
        }
        return (char) c;
    }
}
