package org.stablehlo4j.interpreter;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the GPU and TPU linear-algebra custom calls share: they run on the LAPACK kernels of
 * {@link org.stablehlo4j.interpreter.lapack.LapackKernels} (through {@link LapackCustomCalls#call}), and check
 * their operands and results first, as jaxlib's FFI handlers do ({@code CheckShape}), so that a malformed call gets
 * a diagnostic naming the kernel and the buffer rather than a failure inside a factorization. Results may be
 * declared as one tuple (the TPU-era form) or as separate results.
 */
final class SolverCalls {
    private SolverCalls() {}

    /** What a result's elements must be, relative to the matrix operand's element type. */
    enum Element { SAME, REAL, INT }

    /** A matrix operand: its batch dimensions and its trailing rows x cols. */
    record Matrix(Tensor value, long[] batch, int rows, int cols) {
        int batches() {
            int b = 1;
            for (long d : batch) b *= (int) d;
            return b;
        }

        /** The batch dimensions followed by {@code trailing}. */
        long[] shape(long... trailing) {
            long[] s = Arrays.copyOf(batch, batch.length + trailing.length);
            System.arraycopy(trailing, 0, s, batch.length, trailing.length);
            return s;
        }
    }

    /** Fails unless {@code op} has {@code operands} operands and {@code results} results (a tuple's elements count). */
    static void arity(String name, Operation op, Object[] a, int operands, int results) {
        int got = resultTypes(name, op).size();
        if (a.length != operands || got != results) {
            throw new InterpreterException(name + ": expected " + operands + " operand(s) and " + results
                    + " result(s), got " + a.length + " and " + got);
        }
    }

    /** Operand {@code i} as a batch of matrices (rank >= 2, or {@code square} ones). */
    static Matrix matrix(String name, Object[] a, int i, boolean square) {
        Tensor t = Interpreter.tensor(a[i]);
        if (t.rank() < 2) {
            throw new InterpreterException(name + ": operand " + i + " must be a batch of matrices (rank >= 2), got "
                    + t.type());
        }
        int rows = t.dim(t.rank() - 2), cols = t.dim(t.rank() - 1);
        if (square && rows != cols) {
            throw new InterpreterException(name + ": operand " + i + " must be a batch of square matrices, got "
                    + t.type());
        }
        long[] batch = new long[t.rank() - 2];
        for (int d = 0; d < batch.length; d++) batch[d] = t.dim(d);
        return new Matrix(t, batch, rows, cols);
    }

    /** Fails unless {@code taus} has {@code x}'s batch dimensions, one more dimension and its element type. */
    static void taus(String name, Matrix x, Object taus) {
        Tensor t = Interpreter.tensor(taus);
        boolean ok = t.rank() == x.batch().length + 1 && t.type().elementType().equals(x.value().type().elementType());
        for (int d = 0; ok && d < x.batch().length; d++) ok = t.dim(d) == x.batch()[d];
        if (!ok) {
            throw new InterpreterException(name + ": tau must have a's batch dimensions, one more dimension and a's "
                    + "element type, got " + t.type() + " for a " + x.value().type());
        }
    }

    /**
     * The LAPACK kernel computing {@code routine} for {@code x}'s element type: {@code lapack_<s|d|c|z><routine>_ffi},
     * with LAPACK's complex names (ungqr, heevd, hetrd) for complex types.
     */
    static String lapackTarget(String name, String routine, Tensor x) {
        Type e = x.type().elementType();
        boolean complex = e instanceof ComplexType;
        Type part = e instanceof ComplexType c ? c.elementType() : e;
        FloatKind kind = part instanceof FloatType f ? f.kind() : null;
        if (kind != FloatKind.F32 && kind != FloatKind.F64) {
            throw new InterpreterException(name + ": unsupported element type " + e
                    + " (expected f32, f64, complex<f32> or complex<f64>)");
        }
        char t = complex ? (kind == FloatKind.F32 ? 'c' : 'z') : (kind == FloatKind.F32 ? 's' : 'd');
        String r = !complex ? routine : switch (routine) {
            case "orgqr" -> "ungqr";
            case "syevd" -> "heevd";
            case "sytrd" -> "hetrd";
            default -> routine;
        };
        return "lapack_" + t + r + "_ffi";
    }

    /** The result types of {@code op}: its results, or the elements of its one tuple result. */
    static List<RankedTensorType> resultTypes(String name, Operation op) {
        List<Type> types = new ArrayList<>();
        if (isTupleForm(op)) types.addAll(((TupleType) op.result(0).type()).types());
        else for (int i = 0; i < op.numResults(); i++) types.add(op.result(i).type());
        List<RankedTensorType> out = new ArrayList<>(types.size());
        for (Type t : types) {
            if (!(t instanceof RankedTensorType r) || !r.hasStaticShape()) {
                throw new InterpreterException(name + ": results must be statically shaped tensors, got " + t);
            }
            out.add(r);
        }
        return out;
    }

    private static boolean isTupleForm(Operation op) {
        return op.numResults() == 1 && op.result(0).type() instanceof TupleType;
    }

    /** The op's result values for {@code values} (one per result type): wrapped in a list for the tuple form. */
    static List<Object> results(Operation op, List<Object> values) {
        return isTupleForm(op) ? List.of(values) : values;
    }

    /** Fails unless {@code type} has {@code shape} and the element class {@code e} relative to {@code x}. */
    static void expect(String name, String what, RankedTensorType type, Tensor x, Element e, long... shape) {
        if (!Arrays.equals(type.shape(), shape)) {
            throw new InterpreterException(name + ": " + what + " must have shape " + Arrays.toString(shape)
                    + ", got " + type);
        }
        Type xe = x.type().elementType();
        Type real = xe instanceof ComplexType c ? c.elementType() : xe;
        boolean ok = switch (e) {
            case SAME -> type.elementType().equals(xe);
            case REAL -> type.elementType().equals(real);
            case INT -> type.elementType() instanceof IntegerType i && i.width() > 1;
        };
        if (!ok) {
            String want = switch (e) {
                case SAME -> xe.toString();
                case REAL -> real.toString();
                case INT -> "an integer type";
            };
            throw new InterpreterException(name + ": " + what + " must have element type " + want + ", got " + type);
        }
    }

    /** A tensor type of {@code shape} with {@code x}'s element type (or i32 for {@code int32}). */
    static RankedTensorType type(Tensor x, boolean int32, long... shape) {
        return new RankedTensorType(shape, int32 ? IntegerType.I32 : x.type().elementType());
    }

    /** Runs LAPACK kernel {@code target} with results typed {@code types}; returns them as tensors. */
    static List<Object> lapack(String name, String target, Object[] a, List<RankedTensorType> types,
                               Map<String, Long> attrs) {
        Object[] out = LapackCustomCalls.call(name, target, a, types, attrs);
        List<Object> values = new ArrayList<>(out.length);
        for (int i = 0; i < out.length; i++) values.add(LapackCustomCalls.tensor(types.get(i), out[i]));
        return values;
    }

    /** The {@code mhlo.backend_config} dictionary of a GPU kernel (an empty one when absent). */
    static DictionaryAttr config(String name, Operation op) {
        Attribute cfg = op.attr("mhlo.backend_config");
        if (cfg == null) return DictionaryAttr.of(List.of());
        if (cfg instanceof DictionaryAttr d) return d;
        throw new InterpreterException(name + ": mhlo.backend_config must be a dictionary, got " + cfg);
    }

    /** A required boolean entry of a kernel's {@code mhlo.backend_config}. */
    static boolean flag(String name, DictionaryAttr cfg, String key) {
        Attribute v = cfg.get(key);
        if (v instanceof BoolAttr b) return b.value();
        throw new InterpreterException(name + ": mhlo.backend_config." + key + " must be a boolean"
                + (v == null ? " (missing)" : ", got " + v));
    }

    /**
     * The permutation that applies LU's row swaps in order (swap row i with row pivots[i], 0-based) to the identity
     * of size {@code size}, per batch; pivots outside [0, size) are skipped, as jaxlib's GPU kernel does.
     */
    static long[] permutation(long[] pivots, int batches, int k, int size) {
        long[] out = new long[batches * size];
        for (int b = 0; b < batches; b++) {
            int base = b * size;
            for (int i = 0; i < size; i++) out[base + i] = i;
            for (int i = 0; i < k; i++) {
                long p = pivots[b * k + i];
                if (p < 0 || p >= size) continue;
                long t = out[base + i];
                out[base + i] = out[base + (int) p];
                out[base + (int) p] = t;
            }
        }
        return out;
    }
}
