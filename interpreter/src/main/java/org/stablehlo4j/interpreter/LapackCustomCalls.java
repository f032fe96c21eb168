package org.stablehlo4j.interpreter;

import org.stablehlo4j.interpreter.lapack.LapackKernels;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Adapts the interpreter's tensors to {@link LapackKernels} (JAX's {@code lapack_?<routine>_ffi} custom calls):
 * operands as doubles, {@code mhlo.backend_config}'s integer (and boolean) entries as longs, results rounded to
 * their element types.
 */
final class LapackCustomCalls {
    private LapackCustomCalls() {}

    static List<Object> eval(Operation op, String name, Object[] a) {
        List<RankedTensorType> types = new ArrayList<>();
        for (int i = 0; i < op.numResults(); i++) types.add(Interpreter.resultType(op, i));
        Map<String, Long> attrs = new HashMap<>();
        Attribute cfg = op.attr("mhlo.backend_config");
        if (cfg instanceof DictionaryAttr dict) {
            for (NamedAttribute na : dict.entries()) {
                if (na.value() instanceof IntegerAttr i) attrs.put(na.name(), i.longValue());
                else if (na.value() instanceof BoolAttr b) attrs.put(na.name(), b.value() ? 1L : 0L);
            }
        }
        Object[] out = call(name, name, a, types, attrs);
        List<Object> results = new ArrayList<>(out.length);
        for (int i = 0; i < out.length; i++) results.add(tensor(types.get(i), out[i]));
        return results;
    }

    /**
     * Runs the LAPACK kernel {@code target} on operand values {@code a}, its results shaped as {@code types}; returns
     * one array per result ({@code double[]}, interleaved when complex, or {@code long[]}). Errors name
     * {@code kernel}, the custom call that asked (another platform's target may run on a LAPACK kernel).
     */
    static Object[] call(String kernel, String target, Object[] a, List<RankedTensorType> types,
                         Map<String, Long> attrs) {
        List<LapackKernels.Operand> operands = new ArrayList<>();
        for (Object v : a) {
            Tensor t = Interpreter.tensor(v);
            int[] shape = new int[t.rank()];
            for (int i = 0; i < shape.length; i++) shape[i] = t.dim(i);
            operands.add(new LapackKernels.Operand(shape, t.kind() == Tensor.Kind.COMPLEX, t.toDoubles()));
        }
        List<LapackKernels.ResultSpec> specs = new ArrayList<>();
        for (RankedTensorType rt : types) {
            LapackKernels.Element e = switch (Tensor.kindOf(rt.elementType())) {
                case COMPLEX -> LapackKernels.Element.COMPLEX;
                case FLOAT -> LapackKernels.Element.REAL;
                default -> LapackKernels.Element.INT;
            };
            specs.add(new LapackKernels.ResultSpec(Tensor.dims(rt), e));
        }
        try {
            return LapackKernels.call(target, operands, specs, attrs);
        } catch (IllegalArgumentException e) {
            throw new InterpreterException(kernel + ": " + e.getMessage());
        }
    }

    /** A result array of {@link #call} as a tensor of {@code type} (rounded to its element type). */
    static Tensor tensor(RankedTensorType type, Object data) {
        return data instanceof long[] l ? Tensor.ofLongs(type, l) : Tensor.ofDoubles(type, (double[]) data);
    }
}
