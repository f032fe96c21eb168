package org.stablehlo4j.dialect.stablehlo.transforms.quant;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;

/** Quantized types seen through tensors: the element's quantization, its storage and expressed types. */
final class QuantTypes {
    private QuantTypes() {}

    /** {@return the element type of a tensor type, or the type itself} */
    static Type element(Type t) {
        if (t instanceof RankedTensorType r) return r.elementType();
        if (t instanceof UnrankedTensorType u) return u.elementType();
        return t;
    }

    /** {@return the quantized element type of {@code t} (or {@code t} itself), or null when it is not quantized} */
    static UniformQuantizedType quant(Type t) {
        return element(t) instanceof UniformQuantizedType q ? q : null;
    }

    /** {@return whether {@code t}'s element is quantized} */
    static boolean isQuantized(Type t) {
        return quant(t) != null;
    }

    /** {@return whether any of {@code types} has a quantized element} */
    static boolean anyQuantized(List<? extends Type> types) {
        for (Type t : types) if (isQuantized(t)) return true;
        return false;
    }

    /** {@return the types of {@code values}} */
    static List<Type> types(List<? extends Value> values) {
        List<Type> out = new ArrayList<>(values.size());
        for (Value v : values) out.add(v.type());
        return out;
    }

    /** {@return the result types of {@code op}} */
    static List<Type> resultTypes(Operation op) {
        List<Type> out = new ArrayList<>(op.numResults());
        for (OpResult r : op.results()) out.add(r.type());
        return out;
    }

    /** {@return {@code t} (a tensor type, or an element type) with its element replaced by {@code element}} */
    static Type withElement(Type t, Type element) {
        if (t instanceof RankedTensorType r) return new RankedTensorType(r.shape(), element, r.encoding());
        if (t instanceof UnrankedTensorType) return new UnrankedTensorType(element);
        return element;
    }

    /** {@return {@code t} with a quantized element replaced by its storage type; other types unchanged} */
    static Type storage(Type t) {
        UniformQuantizedType q = quant(t);
        return q == null ? t : withElement(t, q.storageType());
    }

    /** {@return {@code t} with a quantized element replaced by its expressed type; other types unchanged} */
    static Type expressed(Type t) {
        UniformQuantizedType q = quant(t);
        return q == null ? t : withElement(t, q.expressedType());
    }
}
