package org.stablehlo4j.api.run;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.interpreter.CustomCallKernels;
import org.stablehlo4j.interpreter.InterpreterException;
import org.stablehlo4j.interpreter.Tensor;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;

import java.util.ArrayList;
import java.util.List;

/**
 * Adapts a {@link CustomCallKernel} to the interpreter's {@link CustomCallKernels.Kernel}: operands become
 * {@link TensorValue}s, and the kernel's results are checked against the call's result types (count, element
 * type, shape) before they become the interpreter's tensors.
 */
final class UserKernel implements CustomCallKernels.Kernel {
    private final String target;
    private final CustomCallKernel kernel;

    UserKernel(String target, CustomCallKernel kernel) {
        this.target = target;
        this.kernel = kernel;
    }

    @Override
    public List<Object> eval(Operation op, Object[] operands) {
        List<TensorValue> in = new ArrayList<>(operands.length);
        for (int i = 0; i < operands.length; i++) {
            TensorValue v = operands[i] instanceof Tensor t ? TensorValue.fromTensor(t) : null;
            if (v == null) {
                throw error("operand " + i + " has type " + AsmPrinter.printType(op.operand(i).type())
                        + ", which a TensorValue cannot hold");
            }
            in.add(v);
        }
        List<RankedTensorType> types = new ArrayList<>(op.numResults());
        for (int i = 0; i < op.numResults(); i++) {
            Type t = op.result(i).type();
            if (!(t instanceof RankedTensorType rt) || ElementType.of(rt.elementType()) == null) {
                throw error("result " + i + " has type " + AsmPrinter.printType(t)
                        + ", which a TensorValue cannot hold");
            }
            types.add(rt);
        }
        List<TensorValue> out;
        try {
            out = kernel.call(new CustomCall(op, target, in));
        } catch (InterpreterException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new InterpreterException("custom call " + target + " failed: " + e);
        }
        if (out == null) throw error("the kernel returned null");
        if (out.size() != types.size()) {
            throw error("the kernel returned " + out.size() + " result" + (out.size() == 1 ? "" : "s")
                    + ", the call has " + types.size());
        }
        List<Object> results = new ArrayList<>(out.size());
        for (int i = 0; i < out.size(); i++) {
            TensorValue v = out.get(i);
            RankedTensorType rt = types.get(i);
            if (v == null) throw error("the kernel returned null for result " + i);
            if (!fits(v, rt)) {
                throw error("the kernel returned " + AsmPrinter.printType(v.type()) + " for result " + i
                        + ", which is " + AsmPrinter.printType(rt));
            }
            Tensor t = v.toTensor();
            RankedTensorType exact = new RankedTensorType(v.shape(), rt.elementType());
            if (!t.type().equals(exact)) {
                DenseElementsAttr a = t.toAttr();
                t = Tensor.fromAttr(new DenseElementsAttr(exact, a.rawArray(), a.offset(), a.length(), a.isSplat()));
            }
            results.add(t);
        }
        return results;
    }

    private static boolean fits(TensorValue v, RankedTensorType rt) {
        if (ElementType.of(rt.elementType()) != v.elementType() || rt.rank() != v.rank()) return false;
        long[] shape = v.shape();
        for (int d = 0; d < shape.length; d++) {
            if (rt.dim(d) != ShapedType.DYNAMIC && rt.dim(d) != shape[d]) return false;
        }
        return true;
    }

    private InterpreterException error(String message) {
        return new InterpreterException("custom call " + target + ": " + message);
    }
}
