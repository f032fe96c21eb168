package org.stablehlo4j.verify;

import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DenseStringElementsAttr;
import org.stablehlo4j.ir.DialectAttrConstraints;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.UnitAttr;

/**
 * ODS's attribute constraints (mlir/include/mlir/IR/CommonAttrConstraints.td) for the builtin {@link
 * org.stablehlo4j.ir.AttrKind}s of the op rows: whether a value has the declared kind, and the constraint's
 * description for {@code "attribute 'x' failed to satisfy constraint: ..."}. Kinds that name a dialect's own
 * attributes go to that dialect's {@link DialectAttrConstraints}.
 */
final class AttrConstraints {
    private AttrConstraints() {}

    /** The description of the violated constraint, or null when {@code value} satisfies {@code spec}. */
    static String violation(OpDefinition.AttrSpec spec, Attribute value, DialectAttrConstraints dialect) {
        String builtin = switch (spec.kind()) {
            case I64 -> integer(value, 64, true, spec.detail());
            case I32 -> integer(value, 32, true, spec.detail());
            case UI64 -> integer(value, 64, false, spec.detail());
            case UI32 -> integer(value, 32, false, spec.detail());
            case BOOL -> value instanceof BoolAttr ? null : "bool attribute";
            case F32 -> value instanceof FloatAttr f && f.type().equals(FloatType.F32) ? null : "32-bit float attribute";
            case F64 -> value instanceof FloatAttr f && f.type().equals(FloatType.F64) ? null : "64-bit float attribute";
            case STRING -> value instanceof StringAttr ? null : "string attribute";
            case STRING_OR_DICTIONARY -> value instanceof StringAttr || value instanceof DictionaryAttr ? null
                    : "string attribute or dictionary of named attribute values";
            case FLAT_SYMBOL_REF -> isFlatSymbol(value) ? null : "flat symbol reference attribute";
            case FLAT_SYMBOL_REF_ARRAY -> flatSymbols(value) ? null : "flat symbol ref array attribute";
            case DICTIONARY -> value instanceof DictionaryAttr ? null : "dictionary of named attribute values";
            case ARRAY -> value instanceof ArrayAttr ? null : "array attribute";
            case DENSE_I64_ARRAY -> value instanceof DenseArrayAttr d && d.elementType().equals(IntegerType.I64)
                    ? null : "i64 dense array attribute";
            case DENSE_BOOL_ARRAY -> value instanceof DenseArrayAttr d && d.elementType().equals(IntegerType.I1)
                    ? null : "i1 dense array attribute";
            case ELEMENTS -> value instanceof DenseElementsAttr || value instanceof DenseResourceElementsAttr
                    || value instanceof DenseStringElementsAttr ? null : "constant vector/tensor attribute";
            case I64_ELEMENTS -> value instanceof DenseElementsAttr d && d.type().elementType().equals(IntegerType.I64)
                    ? null : "64-bit signless integer elements attribute";
            case LAYOUT_ARRAY -> layouts(value) ? null : "Array of layout (1D tensor of index type) attributes";
            case TILING_ARRAY -> value instanceof ArrayAttr ? null : "array attribute";
            case UNIT -> value instanceof UnitAttr ? null : "unit attribute";
            case ANY -> null;
            case I32_ENUM, REPLICA_GROUPS, ENUM, ENUM_ARRAY, STRUCT, STRUCT_ARRAY -> "";
        };
        if (builtin == null || !builtin.isEmpty()) return builtin;
        return dialect == null ? null : dialect.violation(spec, value);
    }

    /** ODS's integer attributes: width and signedness, and the value conditions IntNonNegative/IntPositive. */
    private static String integer(Attribute value, int width, boolean signless, String detail) {
        String range = switch (detail) {
            case "non-negative", "positive" -> detail;
            default -> "";
        };
        boolean ok = value instanceof IntegerAttr i && i.type() instanceof IntegerType t && t.width() == width
                && (signless ? t.isSignless() : t.isUnsigned())
                && (range.isEmpty() || i.value().signum() > 0 || (range.equals("non-negative") && i.value().signum() == 0));
        if (ok) return null;
        return width + "-bit " + (signless ? "signless" : "unsigned") + " integer attribute"
                + (range.isEmpty() ? "" : " whose value is " + range);
    }

    private static boolean isFlatSymbol(Attribute value) {
        return value instanceof SymbolRefAttr s && s.nested().isEmpty();
    }

    private static boolean flatSymbols(Attribute value) {
        if (!(value instanceof ArrayAttr a)) return false;
        for (Attribute e : a.elements()) if (!isFlatSymbol(e)) return false;
        return true;
    }

    /** StableHLO_ArrayOfLayoutAttr's elements: rank-1 dense tensors of index. */
    private static boolean layouts(Attribute value) {
        if (!(value instanceof ArrayAttr a)) return false;
        for (Attribute e : a.elements()) {
            if (!(e instanceof DenseElementsAttr d && d.type() instanceof RankedTensorType t && t.rank() == 1
                    && t.elementType() instanceof IndexType)) {
                return false;
            }
        }
        return true;
    }
}
