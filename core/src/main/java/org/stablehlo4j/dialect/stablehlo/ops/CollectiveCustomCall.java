package org.stablehlo4j.dialect.stablehlo.ops;

import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import static org.stablehlo4j.dialect.stablehlo.ops.CollectiveRules.attr;
import static org.stablehlo4j.dialect.stablehlo.ops.CollectiveRules.isTensor;
import static org.stablehlo4j.dialect.stablehlo.ops.CollectiveRules.quote;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.dialect.stablehlo.OutputOperandAliasAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;

/**
 * The rules of {@code stablehlo.custom_call}: operand/result layouts, output-operand aliases, the backend config's
 * kind for the api version, and the buffer custom calls ({@code CreateBuffer}, {@code Pin}, {@code Unpin}) with
 * the aliasing buffers need.
 */
public final class CollectiveCustomCall {
    private CollectiveCustomCall() {}

    private static final long TYPED_FFI = 4;

    public static void verify(Operation op) {
        layouts(op);
        aliases(op);
        Attribute config = op.attr("backend_config");
        if (config != null) {
            Long setVersion = CollectiveSupport.integer(op, "api_version");
            long version = setVersion == null ? 1 : setVersion;
            StablehloEnum e = StablehloEnum.CUSTOM_CALL_API_VERSION;
            int index = e.indexOfValue(version);
            String name = index < 0 ? "" : e.cases().get(index);
            if (version == TYPED_FFI && !(config instanceof DictionaryAttr)) {
                throw VerificationError.op(op, "backend_config for api_version " + name
                        + " must be a dictionary attribute.");
            }
            if (version != TYPED_FFI && !(config instanceof StringAttr)) {
                throw VerificationError.op(op, "backend_config for api_version " + name
                        + " must be a string attribute.");
            }
        }
        knownTargets(op);
    }

    // ----- layouts -----

    private static void layouts(Operation op) {
        Attribute operandLayouts = op.attr("operand_layouts");
        Attribute resultLayouts = op.attr("result_layouts");
        if (operandLayouts == null && resultLayouts == null) return;
        if (operandLayouts == null || resultLayouts == null) {
            throw VerificationError.op(op,
                    "Layout attributes should be specified for either both operands and results or none.");
        }
        if (!(operandLayouts instanceof ArrayAttr ol) || !(resultLayouts instanceof ArrayAttr rl)) return;
        List<Type> resultTypes = CollectiveRules.typesOf(op.results());
        if (resultTypes.size() == 1 && resultTypes.get(0) instanceof TupleType tuple) resultTypes = tuple.types();
        typesAndLayouts(op, CollectiveRules.typesOf(op.operands()), ol, "operand");
        typesAndLayouts(op, resultTypes, rl, "result");
    }

    private static void typesAndLayouts(Operation op, List<Type> types, ArrayAttr layouts, String what) {
        if (types.size() != layouts.elements().size()) {
            throw VerificationError.op(op, "Number of " + what + "s must match the number of " + what + " layouts, "
                    + types.size() + " != " + layouts.elements().size());
        }
        for (int i = 0; i < types.size(); i++) {
            Type type = types.get(i);
            DenseElementsAttr layout = CollectiveSupport.intElements(layouts.elements().get(i));
            if (layout == null) continue; // not an integer layout: the attribute's own constraint rejects it
            if (type instanceof TupleType) {
                throw VerificationError.op(op, "Tuple types are not fully supported with layout constraints yet");
            }
            long size = CollectiveSupport.count(layout);
            if (!(type instanceof ShapedType)) {
                if (size == 0) continue;
                throw VerificationError.op(op, "Only tensor types can have non-empty layout: " + what + " #" + i
                        + " of type " + quote(type) + " has layout " + attr(layout));
            }
            long[] shape = shape(type);
            if (shape == null) continue;
            if (!isPermutation(layout, shape.length)) {
                throw VerificationError.op(op, "incorrect layout " + attr(layout) + " for type " + quote(type)
                        + ", layout must be a permutation of [0, " + shape.length + ")");
            }
        }
    }

    private static boolean isPermutation(DenseElementsAttr layout, int rank) {
        if (CollectiveSupport.count(layout) != rank) return false;
        boolean[] seen = new boolean[rank];
        for (int i = 0; i < rank; i++) {
            long v = CollectiveSupport.element(layout, i);
            if (v < 0 || v >= rank || seen[(int) v]) return false;
            seen[(int) v] = true;
        }
        return true;
    }

    /** The dimensions of a ranked tensor or memref, null when unranked or not shaped. */
    private static long[] shape(Type t) {
        if (t instanceof RankedTensorType r) return r.shape();
        if (t instanceof MemRefType m) return m.shape();
        return null;
    }

    // ----- output-operand aliases -----

    private static List<OutputOperandAliasAttr> aliasList(Operation op) {
        List<OutputOperandAliasAttr> out = new ArrayList<>();
        if (op.attr("output_operand_aliases") instanceof ArrayAttr a) {
            for (Attribute e : a.elements()) if (e instanceof OutputOperandAliasAttr alias) out.add(alias);
        }
        return out;
    }

    /** The results as aliases index them: the one result, or a tuple of all of them. */
    private static Type outputType(Operation op) {
        return op.numResults() == 1 ? op.result(0).type() : new TupleType(CollectiveRules.typesOf(op.results()));
    }

    private static void aliases(Operation op) {
        for (OutputOperandAliasAttr alias : aliasList(op)) {
            long operandIndex = alias.operandIndex();
            if (operandIndex < 0 || operandIndex >= op.numOperands()) {
                throw VerificationError.op(op, "expects operandIndex in the output_operand_alias attribute to be in "
                        + "range [0, " + op.numOperands() + "); got: " + operandIndex + ".");
            }
            Type operandPart = part(op.operand((int) operandIndex).type(), alias.operandTupleIndices());
            if (operandPart == null) {
                throw VerificationError.op(op,
                        "operand_tuple_indices in the output_operand_alias attribute out of bounds");
            }
            Type outputPart = part(outputType(op), alias.outputTupleIndices());
            if (outputPart == null) {
                throw VerificationError.op(op,
                        "output_tuple_indices in the output_operand_alias attribute out of bounds");
            }
            if (!operandPart.equals(outputPart)) {
                throw VerificationError.op(op, "shapes mismatch in the output_operand_alias attribute: operand part "
                        + "has type " + quote(operandPart) + " and output part has type " + quote(outputPart));
            }
        }
    }

    /** The element of nested tuples {@code indices} select, or null when an index does not fit. */
    private static Type part(Type t, List<Long> indices) {
        for (long i : indices) {
            if (!(t instanceof TupleType tuple) || i < 0 || i >= tuple.types().size()) return null;
            t = tuple.types().get((int) i);
        }
        return t;
    }

    // ----- buffer custom calls -----

    private static void knownTargets(Operation op) {
        String target = CollectiveSupport.string(op, "call_target_name");
        if ("CreateBuffer".equals(target)) {
            if (op.numOperands() != 0) throw VerificationError.op(op, "CreateBuffer custom_call shouldn't have any inputs");
            if (op.numResults() != 1) throw VerificationError.op(op, "CreateBuffer custom_call should have one result");
            if (!(op.result(0).type() instanceof MemRefType)) {
                throw VerificationError.op(op, "CreateBuffer custom_call should have a memref result");
            }
            return;
        }
        if ("Pin".equals(target) || "Unpin".equals(target)) {
            boolean pin = target.equals("Pin");
            if (op.numOperands() != 1) throw VerificationError.op(op, target + " custom_call should have one input");
            Type input = op.operand(0).type();
            if (pin ? !isTensor(input) : !(input instanceof MemRefType)) {
                throw VerificationError.op(op, target + " custom_call should have a " + (pin ? "tensor" : "memref")
                        + " input");
            }
            if (op.numResults() != 1) throw VerificationError.op(op, target + " custom_call should have one output");
            Type output = op.result(0).type();
            if (pin ? !(output instanceof MemRefType) : !isTensor(output)) {
                throw VerificationError.op(op, target + " custom_call should have a " + (pin ? "memref" : "tensor")
                        + " output");
            }
            if (!compatibleShapes(input, output)
                    || !TypeCompat.elementType(input).equals(TypeCompat.elementType(output))) {
                throw VerificationError.op(op, target + " custom_call should have compatible input and output types");
            }
            return;
        }
        bufferAliases(op);
    }

    /** MLIR's verifyCompatibleShape for shaped types (tensors or memrefs). */
    private static boolean compatibleShapes(Type a, Type b) {
        long[] x = shape(a);
        long[] y = shape(b);
        if (x == null || y == null) return true;
        if (x.length != y.length) return false;
        for (int i = 0; i < x.length; i++) {
            if (x[i] != ShapedType.DYNAMIC && y[i] != ShapedType.DYNAMIC && x[i] != y[i]) return false;
        }
        return true;
    }

    /**
     * A buffer (memref) part is aliased at most once on each side, and every buffer in the results is aliased.
     * Indices are known valid here: {@link #aliases} checked them.
     */
    private static void bufferAliases(Operation op) {
        Set<List<Long>> outputParts = new HashSet<>();
        Set<List<Long>> operandParts = new HashSet<>();
        for (OutputOperandAliasAttr alias : aliasList(op)) {
            Type operandPart = part(op.operand((int) alias.operandIndex()).type(), alias.operandTupleIndices());
            if (!(operandPart instanceof MemRefType)) continue;
            if (!outputParts.add(alias.outputTupleIndices())) {
                throw VerificationError.op(op, "buffer output " + indices(alias.outputTupleIndices())
                        + " is used in output_operand_alias more than once");
            }
            List<Long> key = new ArrayList<>();
            key.add(alias.operandIndex());
            key.addAll(alias.operandTupleIndices());
            if (!operandParts.add(key)) {
                throw VerificationError.op(op, "buffer operand " + alias.operandIndex()
                        + indices(alias.operandTupleIndices()) + " is used in output_operand_alias more than once");
            }
        }
        if (op.numResults() == 0) return;
        // Every memref leaf of the results, by its path of tuple indices.
        List<Type> stack = new ArrayList<>(List.of(outputType(op)));
        List<List<Long>> paths = new ArrayList<>(List.of(List.of()));
        while (!stack.isEmpty()) {
            Type t = stack.remove(0);
            List<Long> path = paths.remove(0);
            if (t instanceof TupleType tuple) {
                for (int i = tuple.types().size() - 1; i >= 0; i--) {
                    List<Long> child = new ArrayList<>(path);
                    child.add((long) i);
                    stack.add(0, tuple.types().get(i));
                    paths.add(0, child);
                }
            } else if (t instanceof MemRefType && !outputParts.contains(path)) {
                throw VerificationError.op(op, "buffer output " + indices(path)
                        + " is not used in output_operand_alias");
            }
        }
    }

    private static String indices(List<Long> indices) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < indices.size(); i++) sb.append(i > 0 ? ", " : "").append(indices.get(i));
        return sb.append(']').toString();
    }
}
