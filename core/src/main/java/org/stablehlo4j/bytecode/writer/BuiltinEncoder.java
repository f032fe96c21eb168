package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DenseStringElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * The builtin dialect's attribute and type encodings (the writing side of MLIR's BuiltinDialectBytecode; kind
 * codes as in {@code bytecode.BuiltinBytecode}). Kinds without an encoding here use the textual fallback.
 */
final class BuiltinEncoder implements AttrTypeEncoder {
    static final BuiltinEncoder INSTANCE = new BuiltinEncoder();

    // Attribute codes.
    private static final int ARRAY = 0, DICTIONARY = 1, STRING = 2, STRING_WITH_TYPE = 3, FLAT_SYMBOL_REF = 4,
            SYMBOL_REF = 5, TYPE_ATTR = 6, UNIT = 7, INTEGER_ATTR = 8, FLOAT_ATTR = 9, CALL_SITE_LOC = 10,
            FILE_LINE_COL_LOC = 11, FUSED_LOC = 12, FUSED_LOC_WITH_METADATA = 13, NAME_LOC = 14,
            UNKNOWN_LOC = 15, DENSE_RESOURCE_ELEMENTS = 16, DENSE_ARRAY = 17, DENSE_INT_OR_FP_ELEMENTS = 18,
            DENSE_STRING_ELEMENTS = 19, FILE_LINE_COL_RANGE = 22;
    // Type codes.
    private static final int INTEGER = 0, INDEX = 1, FUNCTION = 2, COMPLEX = 9, NONE = 12, RANKED_TENSOR = 13,
            RANKED_TENSOR_WITH_ENCODING = 14, TUPLE = 15, UNRANKED_TENSOR = 18;

    private BuiltinEncoder() {}

    @Override
    public boolean attribute(Attribute a, EncodingSink out) {
        if (a instanceof ArrayAttr arr) {
            out.varInt(ARRAY);
            out.attributes(arr.elements());
        } else if (a instanceof DictionaryAttr d) {
            out.varInt(DICTIONARY);
            out.varInt(d.size());
            for (NamedAttribute na : d.entries()) {
                out.attribute(StringAttr.of(na.name()));
                out.attribute(na.value());
            }
        } else if (a instanceof StringAttr s) {
            boolean typed = s.type() != null && !(s.type() instanceof NoneType);
            out.varInt(typed ? STRING_WITH_TYPE : STRING);
            out.string(s.bytes());
            if (typed) out.type(s.type());
        } else if (a instanceof SymbolRefAttr ref) {
            out.varInt(ref.nested().isEmpty() ? FLAT_SYMBOL_REF : SYMBOL_REF);
            out.attribute(StringAttr.of(ref.root()));
            if (!ref.nested().isEmpty()) {
                out.varInt(ref.nested().size());
                for (String n : ref.nested()) out.attribute(SymbolRefAttr.flat(n));
            }
        } else if (a instanceof TypeAttr t) {
            out.varInt(TYPE_ATTR);
            out.type(t.value());
        } else if (a instanceof UnitAttr) {
            out.varInt(UNIT);
        } else if (a instanceof IntegerAttr i) {
            int width = intWidth(i.type());
            if (width < 0) return false;
            out.varInt(INTEGER_ATTR);
            out.type(i.type());
            out.apInt(width, i.value());
        } else if (a instanceof FloatAttr f) {
            out.varInt(FLOAT_ATTR);
            out.type(f.type());
            out.apInt(f.type().width(), f.bits());
        } else if (a instanceof Location loc) {
            location(loc, out);
        } else if (a instanceof DenseResourceElementsAttr r) {
            out.varInt(DENSE_RESOURCE_ELEMENTS);
            out.type(r.type());
            out.resourceHandle("builtin", r.handle());
        } else if (a instanceof DenseArrayAttr arr) {
            out.varInt(DENSE_ARRAY);
            out.type(arr.elementType());
            out.varInt(arr.size());
            byte[] data = arr.rawBytes();
            out.blob(data, 0, data.length);
        } else if (a instanceof DenseElementsAttr d) {
            out.varInt(DENSE_INT_OR_FP_ELEMENTS);
            out.type(d.type());
            DenseBlobs.write(d, out);
        } else if (a instanceof DenseStringElementsAttr d) {
            out.varInt(DENSE_STRING_ELEMENTS);
            out.type(d.type());
            out.varInt(d.splat() ? 1 : 0);
            for (StringAttr s : d.values()) out.string(s.bytes());
        } else {
            return false;
        }
        return true;
    }

    private static void location(Location loc, EncodingSink out) {
        if (loc instanceof Location.CallSite c) {
            out.varInt(CALL_SITE_LOC);
            out.attribute(c.callee());
            out.attribute(c.caller());
        } else if (loc instanceof Location.Name n) {
            out.varInt(NAME_LOC);
            out.attribute(n.name());
            out.attribute(n.child() == null ? Location.UNKNOWN : n.child());
        } else if (loc instanceof Location.Fused f) {
            out.varInt(f.metadata() == null ? FUSED_LOC : FUSED_LOC_WITH_METADATA);
            out.attributes(f.locations());
            if (f.metadata() != null) out.attribute(f.metadata());
        } else if (loc instanceof Location.FileLineCol flc) {
            out.varInt(flc.range() ? FILE_LINE_COL_RANGE : FILE_LINE_COL_LOC);
            out.attribute(flc.file());
            if (!flc.range()) {
                out.varInt(Integer.toUnsignedLong(flc.line()));
                out.varInt(Integer.toUnsignedLong(flc.column()));
                return;
            }
            long[] fields = rangeFields(flc);
            out.varInt(fields.length);
            for (long v : fields) out.varInt(v);
        } else {
            out.varInt(UNKNOWN_LOC);
        }
    }

    /** The fields of a range location, shortest form first: line, column, end column, end line. */
    private static long[] rangeFields(Location.FileLineCol r) {
        long l = r.line(), c = r.column(), el = r.endLine(), ec = r.endColumn();
        if (l == 0 && c == 0 && el == 0 && ec == 0) return new long[0];
        if (c == 0 && ec == 0 && l == el) return new long[] {l};
        if (l == el && c == ec) return new long[] {l, c};
        if (l == el) return new long[] {l, c, ec};
        return new long[] {l, c, ec, el};
    }

    /** Bit width used for the value of an integer attribute, or -1 for a non-integer type. */
    static int intWidth(Type t) {
        if (t instanceof IntegerType it) return it.width();
        if (t instanceof IndexType) return 64;
        return -1;
    }

    @Override
    public boolean type(Type t, EncodingSink out) {
        if (t instanceof IntegerType it) {
            out.varInt(INTEGER);
            int sign = it.signedness() == IntegerType.Signedness.SIGNLESS ? 0
                    : it.signedness() == IntegerType.Signedness.SIGNED ? 1 : 2;
            out.varInt(((long) it.width() << 2) | sign);
        } else if (t instanceof IndexType) {
            out.varInt(INDEX);
        } else if (t instanceof FunctionType f) {
            out.varInt(FUNCTION);
            out.types(f.inputs());
            out.types(f.results());
        } else if (t instanceof FloatType f) {
            int code = floatCode(f);
            if (code < 0) return false;
            out.varInt(code);
        } else if (t instanceof ComplexType c) {
            out.varInt(COMPLEX);
            out.type(c.elementType());
        } else if (t instanceof NoneType) {
            out.varInt(NONE);
        } else if (t instanceof RankedTensorType r) {
            if (r.encoding() != null) {
                out.varInt(RANKED_TENSOR_WITH_ENCODING);
                out.attribute(r.encoding());
            } else {
                out.varInt(RANKED_TENSOR);
            }
            out.signedVarInts(r.shape());
            out.type(r.elementType());
        } else if (t instanceof TupleType tt) {
            out.varInt(TUPLE);
            out.types(tt.types());
        } else if (t instanceof UnrankedTensorType u) {
            out.varInt(UNRANKED_TENSOR);
            out.type(u.elementType());
        } else {
            return false;
        }
        return true;
    }

    /** Builtin type code of a float type with its own encoding, or -1 (the others are written as text). */
    private static int floatCode(FloatType f) {
        switch (f.kind()) {
            case BF16: return 3;
            case F16: return 4;
            case F32: return 5;
            case F64: return 6;
            case F80: return 7;
            case F128: return 8;
            default: return -1;
        }
    }
}
