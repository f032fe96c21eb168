package org.stablehlo4j.api.run;

import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.OutputOperandAliasAttr;
import org.stablehlo4j.interpreter.Tensor;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnitAttr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A typed view of one {@code stablehlo.custom_call} being evaluated, as a {@link CustomCallKernel} sees it: the
 * call target, the operands (as {@link TensorValue}s) and their types, the result types, and the call's
 * attributes ({@code backend_config} in its string form or its FFI dictionary form, {@code mhlo.backend_config},
 * {@code mhlo.frontend_attributes}, operand and result layouts, output-operand aliases, {@code api_version},
 * {@code has_side_effect}). Immutable; valid only for the duration of the kernel call.
 */
public final class CustomCall {
    /**
     * An {@code output_operand_aliases} entry: result {@code outputTupleIndices} may reuse the buffer of operand
     * {@code operandIndex} (at {@code operandTupleIndices} inside it, for a tuple operand).
     *
     * @param outputTupleIndices the result's path (empty: the only result; {@code [i]}: result i)
     * @param operandIndex the operand's index
     * @param operandTupleIndices the path inside the operand (empty for a tensor operand)
     */
    public record OutputOperandAlias(List<Long> outputTupleIndices, int operandIndex, List<Long> operandTupleIndices) {
        /**
         * Copies the index lists.
         *
         * @param outputTupleIndices the result's path
         * @param operandIndex the operand's index
         * @param operandTupleIndices the path inside the operand
         */
        public OutputOperandAlias {
            outputTupleIndices = List.copyOf(outputTupleIndices);
            operandTupleIndices = List.copyOf(operandTupleIndices);
        }
    }

    private final Operation op;
    private final String target;
    private final List<TensorValue> operands;

    CustomCall(Operation op, String target, List<TensorValue> operands) {
        this.op = op;
        this.target = target;
        this.operands = List.copyOf(operands);
    }

    /** {@return the call target name (without {@code @})} */
    public String target() {
        return target;
    }

    /** {@return the operand values, in order} */
    public List<TensorValue> operands() {
        return operands;
    }

    /**
     * One operand value.
     *
     * @param i the operand's index
     * @return its value
     */
    public TensorValue operand(int i) {
        return operands.get(i);
    }

    /** {@return the operand types as the program declares them (e.g. {@code tensor<2x3xf32>})} */
    public List<Type> operandTypes() {
        List<Type> out = new ArrayList<>(op.numOperands());
        for (int i = 0; i < op.numOperands(); i++) out.add(op.operand(i).type());
        return Collections.unmodifiableList(out);
    }

    /** {@return the result types, one per result the kernel must return} */
    public List<Type> resultTypes() {
        List<Type> out = new ArrayList<>(op.numResults());
        for (int i = 0; i < op.numResults(); i++) out.add(op.result(i).type());
        return Collections.unmodifiableList(out);
    }

    /**
     * The string form of the backend config: {@code backend_config = "..."} (or a string
     * {@code mhlo.backend_config}).
     *
     * @return the string, or null when the config is absent or a dictionary
     */
    public String backendConfigString() {
        if (op.attr("backend_config") instanceof StringAttr s) return s.value();
        if (op.attr("mhlo.backend_config") instanceof StringAttr s) return s.value();
        return null;
    }

    /**
     * The dictionary (typed FFI) form of the backend config: {@code backend_config = {...}} of
     * {@code api_version = 4}, or JAX's {@code mhlo.backend_config = {...}}. Entries become plain Java values:
     * integers {@link Long}, floats {@link Double}, booleans (and unit attributes) {@link Boolean}, strings
     * {@link String}, integer dense arrays {@code long[]}, dense elements {@link TensorValue} (when a
     * TensorValue can hold them), nested dictionaries {@code Map}, arrays {@code List}; anything else stays its
     * {@link Attribute}.
     *
     * @return the entries, sorted by name (as the IR keeps them); empty when the config is absent or a string
     */
    public Map<String, Object> backendConfig() {
        Attribute a = op.attr("backend_config");
        if (!(a instanceof DictionaryAttr)) a = op.attr("mhlo.backend_config");
        return a instanceof DictionaryAttr d ? dictionary(d) : Map.of();
    }

    /**
     * {@code mhlo.frontend_attributes}: the string-valued hints frontends attach (other values as their
     * {@link #backendConfig()} conversion).
     *
     * @return the entries, sorted by name; empty when absent
     */
    public Map<String, Object> frontendAttributes() {
        return op.attr("mhlo.frontend_attributes") instanceof DictionaryAttr d ? dictionary(d) : Map.of();
    }

    /**
     * {@code operand_layouts}: per operand, its dimensions minor to major.
     *
     * @return one layout per operand; empty when the call has none
     */
    public List<List<Long>> operandLayouts() {
        return layouts("operand_layouts");
    }

    /**
     * {@code result_layouts}: per result, its dimensions minor to major.
     *
     * @return one layout per result; empty when the call has none
     */
    public List<List<Long>> resultLayouts() {
        return layouts("result_layouts");
    }

    /** {@return the {@code output_operand_aliases} entries; empty when there are none} */
    public List<OutputOperandAlias> outputOperandAliases() {
        List<OutputOperandAlias> out = new ArrayList<>();
        if (op.attr("output_operand_aliases") instanceof ArrayAttr a) {
            for (Attribute e : a.elements()) {
                if (e instanceof OutputOperandAliasAttr o) {
                    out.add(new OutputOperandAlias(o.outputTupleIndices(), (int) o.operandIndex(),
                            o.operandTupleIndices()));
                }
            }
        }
        return Collections.unmodifiableList(out);
    }

    /** {@return {@code api_version} (1, {@code API_VERSION_ORIGINAL}, when absent; 4 is typed FFI)} */
    public int apiVersion() {
        Attribute a = op.attr("api_version");
        if (a instanceof IntegerAttr i) return (int) i.longValue();
        if (a instanceof EnumAttr e) return e.value();
        return 1;
    }

    /** {@return whether the call is marked {@code has_side_effect = true}} */
    public boolean hasSideEffect() {
        Attribute a = op.attr("has_side_effect");
        return a instanceof BoolAttr b && b.value() || a instanceof UnitAttr;
    }

    /**
     * Any attribute of the call, as the IR holds it.
     *
     * @param name the attribute's name
     * @return the attribute, or null when absent
     */
    public Attribute attribute(String name) {
        return op.attr(name);
    }

    @Override
    public String toString() {
        return "CustomCall[@" + target + ", " + operands.size() + " operands, " + op.numResults() + " results]";
    }

    private List<List<Long>> layouts(String name) {
        List<List<Long>> out = new ArrayList<>();
        if (op.attr(name) instanceof ArrayAttr a) {
            for (Attribute e : a.elements()) {
                List<Long> layout = new ArrayList<>();
                if (e instanceof DenseElementsAttr d) for (double v : Tensor.fromAttr(d).toDoubles()) layout.add((long) v);
                out.add(Collections.unmodifiableList(layout));
            }
        }
        return Collections.unmodifiableList(out);
    }

    private static Map<String, Object> dictionary(DictionaryAttr d) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (NamedAttribute na : d.entries()) out.put(na.name(), value(na.value()));
        return Collections.unmodifiableMap(out);
    }

    private static Object value(Attribute a) {
        if (a instanceof IntegerAttr i) return i.longValue();
        if (a instanceof FloatAttr f) return FloatFormats.toDouble(f.type().kind(), f.bits());
        if (a instanceof BoolAttr b) return b.value();
        if (a instanceof UnitAttr) return Boolean.TRUE;
        if (a instanceof StringAttr s) return s.value();
        if (a instanceof DictionaryAttr d) return dictionary(d);
        if (a instanceof ArrayAttr arr) {
            List<Object> out = new ArrayList<>();
            for (Attribute e : arr.elements()) out.add(value(e));
            return Collections.unmodifiableList(out);
        }
        if (a instanceof DenseArrayAttr arr && arr.elementType() instanceof IntegerType) {
            long[] out = new long[arr.size()];
            for (int i = 0; i < out.length; i++) out[i] = arr.getLong(i);
            return out;
        }
        if (a instanceof DenseElementsAttr d) {
            TensorValue v = TensorValue.fromTensor(Tensor.fromAttr(d));
            return v == null ? a : v;
        }
        return a;
    }
}
