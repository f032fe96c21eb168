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
        List<LapackKernels.Operand> operands = new ArrayList<>();
        for (Object v : a) {
            Tensor t = Interpreter.tensor(v);
            int[] shape = new int[t.rank()];
            for (int i = 0; i < shape.length; i++) shape[i] = t.dim(i);
            operands.add(new LapackKernels.Operand(shape, t.kind() == Tensor.Kind.COMPLEX, t.toDoubles()));
        }
        List<LapackKernels.ResultSpec> specs = new ArrayList<>();
        List<RankedTensorType> types = new ArrayList<>();
        for (int i = 0; i < op.numResults(); i++) {
            RankedTensorType rt = Interpreter.resultType(op, i);
            types.add(rt);
            int[] shape = Tensor.dims(rt);
            Tensor.Kind k = Tensor.kindOf(rt.elementType());
            LapackKernels.Element e = switch (k) {
                case COMPLEX -> LapackKernels.Element.COMPLEX;
                case FLOAT -> LapackKernels.Element.REAL;
                default -> LapackKernels.Element.INT;
            };
            specs.add(new LapackKernels.ResultSpec(shape, e));
        }
        Map<String, Long> attrs = new HashMap<>();
        Attribute cfg = op.attr("mhlo.backend_config");
        if (cfg instanceof DictionaryAttr dict) {
            for (NamedAttribute na : dict.entries()) {
                if (na.value() instanceof IntegerAttr i) attrs.put(na.name(), i.longValue());
                else if (na.value() instanceof BoolAttr b) attrs.put(na.name(), b.value() ? 1L : 0L);
            }
        }
        Object[] out;
        try {
            out = LapackKernels.call(name, operands, specs, attrs);
        } catch (IllegalArgumentException e) {
            throw new InterpreterException(name + ": " + e.getMessage());
        }
        List<Object> results = new ArrayList<>(out.length);
        for (int i = 0; i < out.length; i++) {
            results.add(out[i] instanceof long[] l ? Tensor.ofLongs(types.get(i), l)
                    : Tensor.ofDoubles(types.get(i), (double[]) out[i]));
        }
        return results;
    }
}
