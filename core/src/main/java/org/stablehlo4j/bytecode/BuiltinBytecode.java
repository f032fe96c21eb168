package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DenseStringElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The builtin dialect's attribute and type encodings (MLIR's BuiltinDialectBytecode), plus the layout of
 * {@code builtin.module}'s properties.
 */
final class BuiltinBytecode implements DialectBytecode {
    static final BuiltinBytecode INSTANCE = new BuiltinBytecode();

    /** Attribute kind codes, in code order. */
    private enum AttrCode {
        ARRAY, DICTIONARY, STRING, STRING_WITH_TYPE, FLAT_SYMBOL_REF, SYMBOL_REF, TYPE, UNIT, INTEGER, FLOAT,
        CALL_SITE_LOC, FILE_LINE_COL_LOC, FUSED_LOC, FUSED_LOC_WITH_METADATA, NAME_LOC, UNKNOWN_LOC,
        DENSE_RESOURCE_ELEMENTS, DENSE_ARRAY, DENSE_INT_OR_FP_ELEMENTS, DENSE_STRING_ELEMENTS, SPARSE_ELEMENTS,
        DISTINCT, FILE_LINE_COL_RANGE
    }

    /** Type kind codes, in code order. */
    private enum TypeCode {
        INTEGER, INDEX, FUNCTION, BF16, F16, F32, F64, F80, F128, COMPLEX, MEMREF, MEMREF_WITH_MEMSPACE, NONE,
        RANKED_TENSOR, RANKED_TENSOR_WITH_ENCODING, TUPLE, UNRANKED_MEMREF, UNRANKED_MEMREF_WITH_MEMSPACE,
        UNRANKED_TENSOR, VECTOR, VECTOR_WITH_SCALABLE_DIMS
    }

    private static final AttrCode[] ATTR_CODES = AttrCode.values();
    private static final TypeCode[] TYPE_CODES = TypeCode.values();

    private BuiltinBytecode() {}

    @Override
    public Attribute readAttribute(DialectReader r) throws BytecodeException {
        long code = r.readVarInt();
        if (code < 0 || code >= ATTR_CODES.length) throw r.error("unknown builtin attribute code: " + code);
        return switch (ATTR_CODES[(int) code]) {
            case ARRAY -> new ArrayAttr(r.readAttributes());
            case DICTIONARY -> readDictionary(r);
            case STRING -> new StringAttr(r.readStringBytes(), null);
            case STRING_WITH_TYPE -> new StringAttr(r.readStringBytes(), r.readType());
            case FLAT_SYMBOL_REF -> SymbolRefAttr.flat(r.readAttribute(StringAttr.class, "a string").value());
            case SYMBOL_REF -> readSymbolRef(r);
            case TYPE -> new TypeAttr(r.readType());
            case UNIT -> UnitAttr.INSTANCE;
            case INTEGER -> readInteger(r);
            case FLOAT -> readFloat(r);
            case CALL_SITE_LOC -> new Location.CallSite(readLocation(r), readLocation(r));
            case FILE_LINE_COL_LOC -> readFileLineCol(r);
            case FUSED_LOC -> new Location.Fused(readLocations(r), null);
            case FUSED_LOC_WITH_METADATA -> new Location.Fused(readLocations(r), r.readAttribute());
            case NAME_LOC -> new Location.Name(r.readAttribute(StringAttr.class, "a string"), readLocation(r));
            case UNKNOWN_LOC -> Location.UNKNOWN;
            case DENSE_RESOURCE_ELEMENTS -> new DenseResourceElementsAttr(readShaped(r), r.readResourceHandle());
            case DENSE_ARRAY -> readDenseArray(r);
            case DENSE_INT_OR_FP_ELEMENTS -> readDenseElements(r);
            case DENSE_STRING_ELEMENTS -> readDenseStrings(r);
            case FILE_LINE_COL_RANGE -> readFileLineColRange(r);
            case SPARSE_ELEMENTS, DISTINCT ->
                    throw r.error("builtin attribute kind " + ATTR_CODES[(int) code] + " is not supported");
        };
    }

    @Override
    public Type readType(DialectReader r) throws BytecodeException {
        int at = r.position();
        long code = r.readVarInt();
        if (code < 0 || code >= TYPE_CODES.length) throw r.error("unknown builtin type code: " + code);
        return switch (TYPE_CODES[(int) code]) {
            case INTEGER -> {
                long v = r.readVarInt();
                long width = v >>> 2;
                if (width > (1 << 24)) throw r.error("integer bitwidth too large: " + width);
                IntegerType.Signedness s = switch ((int) (v & 3)) {
                    case 0 -> IntegerType.Signedness.SIGNLESS;
                    case 1 -> IntegerType.Signedness.SIGNED;
                    case 2 -> IntegerType.Signedness.UNSIGNED;
                    default -> throw r.error("invalid integer signedness");
                };
                yield new IntegerType((int) width, s);
            }
            case INDEX -> IndexType.INSTANCE;
            case FUNCTION -> new FunctionType(r.readTypes(), r.readTypes());
            case BF16 -> FloatType.BF16;
            case F16 -> FloatType.F16;
            case F32 -> FloatType.F32;
            case F64 -> FloatType.F64;
            case F80 -> new FloatType(FloatKind.F80);
            case F128 -> new FloatType(FloatKind.F128);
            case COMPLEX -> new ComplexType(r.readType());
            case NONE -> NoneType.INSTANCE;
            case RANKED_TENSOR -> checkedTensor(r, at, readShape(r), r.readType(), null);
            case RANKED_TENSOR_WITH_ENCODING -> {
                Attribute enc = r.readAttribute();
                yield checkedTensor(r, at, readShape(r), r.readType(), enc);
            }
            case TUPLE -> new TupleType(r.readTypes());
            case UNRANKED_TENSOR -> {
                Type element = r.readType();
                String problem = UnrankedTensorType.verifyInvariants(element);
                if (problem != null) throw r.error(at, problem);
                yield new UnrankedTensorType(element);
            }
            case MEMREF, MEMREF_WITH_MEMSPACE, UNRANKED_MEMREF, UNRANKED_MEMREF_WITH_MEMSPACE, VECTOR,
                 VECTOR_WITH_SCALABLE_DIMS ->
                    throw r.error("builtin type kind " + TYPE_CODES[(int) code] + " is not supported");
        };
    }

    /** The checked construction the text parser makes too ({@link RankedTensorType#verifyInvariants}). */
    private static RankedTensorType checkedTensor(DialectReader r, int at, long[] shape, Type element, Attribute enc)
            throws BytecodeException {
        String problem = RankedTensorType.verifyInvariants(shape, element, enc);
        if (problem != null) throw r.error(at, problem);
        return new RankedTensorType(shape, element, enc);
    }

    @Override
    public boolean writeAttribute(Attribute a, DialectWriter w) {
        if (a instanceof ArrayAttr arr) {
            w.writeVarInt(AttrCode.ARRAY.ordinal()).writeAttributes(arr.elements());
        } else if (a instanceof DictionaryAttr d) {
            w.writeVarInt(AttrCode.DICTIONARY.ordinal()).writeVarInt(d.size());
            for (NamedAttribute na : d.entries()) w.writeAttribute(StringAttr.of(na.name())).writeAttribute(na.value());
        } else if (a instanceof StringAttr s) {
            boolean typed = s.type() != null && !(s.type() instanceof NoneType);
            w.writeVarInt((typed ? AttrCode.STRING_WITH_TYPE : AttrCode.STRING).ordinal());
            w.writeString(s.bytes());
            if (typed) w.writeType(s.type());
        } else if (a instanceof SymbolRefAttr ref) {
            w.writeVarInt((ref.nested().isEmpty() ? AttrCode.FLAT_SYMBOL_REF : AttrCode.SYMBOL_REF).ordinal());
            w.writeAttribute(StringAttr.of(ref.root()));
            if (!ref.nested().isEmpty()) {
                w.writeVarInt(ref.nested().size());
                for (String n : ref.nested()) w.writeAttribute(SymbolRefAttr.flat(n));
            }
        } else if (a instanceof TypeAttr t) {
            w.writeVarInt(AttrCode.TYPE.ordinal()).writeType(t.value());
        } else if (a instanceof UnitAttr) {
            w.writeVarInt(AttrCode.UNIT.ordinal());
        } else if (a instanceof BoolAttr b) {
            w.writeVarInt(AttrCode.INTEGER.ordinal()).writeType(IntegerType.I1).writeByte(b.value() ? 1 : 0);
        } else if (a instanceof IntegerAttr i && (i.type() instanceof IntegerType || i.type() instanceof IndexType)) {
            int width = i.type() instanceof IntegerType it ? it.width() : 64;
            w.writeVarInt(AttrCode.INTEGER.ordinal()).writeType(i.type()).writeAPInt(i.value(), width);
        } else if (a instanceof FloatAttr f) {
            w.writeVarInt(AttrCode.FLOAT.ordinal()).writeType(f.type()).writeAPInt(f.bits(), f.type().width());
        } else if (a instanceof Location loc) {
            writeLocation(loc, w);
        } else if (a instanceof DenseResourceElementsAttr r) {
            w.writeVarInt(AttrCode.DENSE_RESOURCE_ELEMENTS.ordinal()).writeType(r.type());
            w.writeResourceHandle(r.handle());
        } else if (a instanceof DenseArrayAttr d) {
            byte[] raw = d.rawBytes();
            w.writeVarInt(AttrCode.DENSE_ARRAY.ordinal()).writeType(d.elementType()).writeVarInt(d.size())
                    .writeBlob(raw, 0, raw.length);
        } else if (a instanceof DenseElementsAttr d && d.type() instanceof RankedTensorType) {
            w.writeVarInt(AttrCode.DENSE_INT_OR_FP_ELEMENTS.ordinal()).writeType(d.type());
            DenseData.write(w, d);
        } else if (a instanceof DenseStringElementsAttr d && d.type() instanceof RankedTensorType) {
            w.writeVarInt(AttrCode.DENSE_STRING_ELEMENTS.ordinal()).writeType(d.type()).writeVarInt(d.splat() ? 1 : 0);
            for (StringAttr s : d.values()) w.writeString(s.bytes());
        } else {
            return false;
        }
        return true;
    }

    private static void writeLocation(Location loc, DialectWriter w) {
        if (loc instanceof Location.Unknown) {
            w.writeVarInt(AttrCode.UNKNOWN_LOC.ordinal());
        } else if (loc instanceof Location.FileLineCol f && !f.range()) {
            w.writeVarInt(AttrCode.FILE_LINE_COL_LOC.ordinal()).writeAttribute(f.file()).writeVarInt(f.line())
                    .writeVarInt(f.column());
        } else if (loc instanceof Location.FileLineCol f) {
            w.writeVarInt(AttrCode.FILE_LINE_COL_RANGE.ordinal()).writeAttribute(f.file());
            long[] fields = rangeFields(f);
            w.writeVarInt(fields.length);
            for (long v : fields) w.writeVarInt(v);
        } else if (loc instanceof Location.Name n) {
            w.writeVarInt(AttrCode.NAME_LOC.ordinal()).writeAttribute(n.name())
                    .writeAttribute(n.child() == null ? Location.UNKNOWN : n.child());
        } else if (loc instanceof Location.CallSite c) {
            w.writeVarInt(AttrCode.CALL_SITE_LOC.ordinal()).writeAttribute(c.callee()).writeAttribute(c.caller());
        } else if (loc instanceof Location.Fused f) {
            w.writeVarInt((f.metadata() == null ? AttrCode.FUSED_LOC : AttrCode.FUSED_LOC_WITH_METADATA).ordinal());
            w.writeAttributes(f.locations());
            if (f.metadata() != null) w.writeAttribute(f.metadata());
        }
    }

    /**
     * The fields MLIR writes for a range location, in its shortest form: line; line, column; line, column, end
     * column (one line); else line, column, end line, end column (MLIR's writeFileLineColRangeLocs, as the MLIR
     * in jaxlib 0.10.2 and upstream's writer order them; an earlier MLIR wrote end column before end line).
     */
    private static long[] rangeFields(Location.FileLineCol r) {
        long l = r.line(), c = r.column(), el = r.endLine(), ec = r.endColumn();
        if (l == 0 && c == 0 && el == 0 && ec == 0) return new long[0];
        if (c == 0 && ec == 0 && l == el) return new long[] {l};
        if (l == el && c == ec) return new long[] {l, c};
        if (l == el) return new long[] {l, c, ec};
        return new long[] {l, c, el, ec};
    }

    @Override
    public boolean writeType(Type t, DialectWriter w) {
        if (t instanceof IntegerType it) {
            int sign = switch (it.signedness()) { case SIGNLESS -> 0; case SIGNED -> 1; case UNSIGNED -> 2; };
            w.writeVarInt(TypeCode.INTEGER.ordinal()).writeVarInt(((long) it.width() << 2) | sign);
        } else if (t instanceof IndexType) {
            w.writeVarInt(TypeCode.INDEX.ordinal());
        } else if (t instanceof FunctionType f) {
            w.writeVarInt(TypeCode.FUNCTION.ordinal()).writeTypes(f.inputs()).writeTypes(f.results());
        } else if (t instanceof FloatType f && floatCode(f.kind()) != null) {
            w.writeVarInt(floatCode(f.kind()).ordinal());
        } else if (t instanceof ComplexType c) {
            w.writeVarInt(TypeCode.COMPLEX.ordinal()).writeType(c.elementType());
        } else if (t instanceof NoneType) {
            w.writeVarInt(TypeCode.NONE.ordinal());
        } else if (t instanceof RankedTensorType r) {
            if (r.encoding() == null) {
                w.writeVarInt(TypeCode.RANKED_TENSOR.ordinal());
            } else {
                w.writeVarInt(TypeCode.RANKED_TENSOR_WITH_ENCODING.ordinal()).writeAttribute(r.encoding());
            }
            w.writeSignedVarInts(r.shape()).writeType(r.elementType());
        } else if (t instanceof TupleType tt) {
            w.writeVarInt(TypeCode.TUPLE.ordinal()).writeTypes(tt.types());
        } else if (t instanceof UnrankedTensorType u) {
            w.writeVarInt(TypeCode.UNRANKED_TENSOR.ordinal()).writeType(u.elementType());
        } else {
            return false;
        }
        return true;
    }

    private static TypeCode floatCode(FloatKind k) {
        return switch (k) {
            case BF16 -> TypeCode.BF16;
            case F16 -> TypeCode.F16;
            case F32 -> TypeCode.F32;
            case F64 -> TypeCode.F64;
            case F80 -> TypeCode.F80;
            case F128 -> TypeCode.F128;
            default -> null;
        };
    }

    @Override
    public List<Property> properties(String opName) {
        return switch (opName) {
            case ModuleOp.NAME -> List.of(new Property("sym_name", false), new Property("sym_visibility", false));
            case BuiltinOps.UNREALIZED_CONVERSION_CAST -> List.of();
            default -> null;
        };
    }

    /** Shapes are zigzag varints with MLIR's dynamic marker (INT64_MIN), mapped to {@link ShapedType#DYNAMIC}. */
    static long[] readShape(DialectReader r) throws BytecodeException {
        return r.readShape();
    }

    private static DictionaryAttr readDictionary(DialectReader r) throws BytecodeException {
        int n = r.readCount("dictionary size");
        List<NamedAttribute> entries = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            StringAttr name = r.readAttribute(StringAttr.class, "a string attribute name");
            entries.add(new NamedAttribute(name.value(), r.readAttribute()));
        }
        return DictionaryAttr.of(entries);
    }

    private static SymbolRefAttr readSymbolRef(DialectReader r) throws BytecodeException {
        String root = r.readAttribute(StringAttr.class, "a string").value();
        int n = r.readCount("nested reference count");
        List<String> nested = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            SymbolRefAttr ref = r.readAttribute(SymbolRefAttr.class, "a flat symbol reference");
            nested.add(ref.root());
        }
        return new SymbolRefAttr(root, nested);
    }

    /** Bit width used to encode values of an integer-like type (index values are 64-bit). */
    static int intWidth(Type t, DialectReader r) throws BytecodeException {
        if (t instanceof IntegerType it) return it.width();
        if (t instanceof IndexType) return 64;
        throw r.error("expected an integer or index type, but got " + t);
    }

    /** An integer attribute; a signless i1 one is MLIR's bool attribute. */
    private static Attribute readInteger(DialectReader r) throws BytecodeException {
        Type t = r.readType();
        int w = intWidth(t, r);
        BigInteger v = r.readAPInt(w);
        if (t.equals(IntegerType.I1)) return BoolAttr.of(v.signum() != 0);
        boolean signed = !(t instanceof IntegerType it && (it.isUnsigned() || it.width() == 1));
        if (signed && w > 0 && v.testBit(w - 1)) v = v.subtract(BigInteger.ONE.shiftLeft(w));
        return new IntegerAttr(t, v);
    }

    private static FloatAttr readFloat(DialectReader r) throws BytecodeException {
        Type t = r.readType();
        if (!(t instanceof FloatType ft)) throw r.error("expected a float type, but got " + t);
        return new FloatAttr(ft, r.readAPInt(ft.width()));
    }

    private static Location readLocation(DialectReader r) throws BytecodeException {
        return r.readAttribute(Location.class, "a location");
    }

    private static List<Location> readLocations(DialectReader r) throws BytecodeException {
        int n = r.readCount("location count");
        List<Location> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(readLocation(r));
        return out;
    }

    private static Location readFileLineCol(DialectReader r) throws BytecodeException {
        StringAttr file = r.readAttribute(StringAttr.class, "a string");
        int line = (int) Math.min(Integer.MAX_VALUE, r.readVarInt());
        int col = (int) Math.min(Integer.MAX_VALUE, r.readVarInt());
        return new Location.FileLineCol(file, line, col, line, col, false);
    }

    /** A file name and 0 to 4 varints: line, column, then end column (3 fields) or end line and end column (4). */
    private static Location readFileLineColRange(DialectReader r) throws BytecodeException {
        StringAttr file = r.readAttribute(StringAttr.class, "a string");
        int n = r.readCount("location field count");
        if (n > 4) throw r.error("invalid file range location with " + n + " fields");
        int[] v = new int[n];
        for (int i = 0; i < n; i++) v[i] = (int) Math.min(Integer.MAX_VALUE, r.readVarInt());
        int line = n > 0 ? v[0] : 0;
        int col = n > 1 ? v[1] : 0;
        int endCol = n > 3 ? v[3] : n > 2 ? v[2] : col;
        int endLine = n > 3 ? v[2] : line;
        // MLIR's FileLineColLoc is exactly a range of two fields; any other count stays a FileLineColRange (e.g.
        // "file":64, which prints as "file":64:0 and is written back with the range code).
        return new Location.FileLineCol(file, line, col, endLine, endCol, n != 2);
    }

    private static ShapedType readShaped(DialectReader r) throws BytecodeException {
        Type t = r.readType();
        if (!(t instanceof ShapedType st)) throw r.error("expected a shaped type, but got " + t);
        return st;
    }

    /** Bytes per element of a dense element type, or -1 if it is not an int/float/complex type. */
    static int elementBytes(Type t) {
        return DenseElementsAttr.elementStorageBytes(t);
    }

    private static DenseArrayAttr readDenseArray(DialectReader r) throws BytecodeException {
        Type t = r.readType();
        long size = r.readVarInt();
        int[] blob = r.readBlob();
        int eb = elementBytes(t);
        if (eb < 0) throw r.error("unsupported dense array element type " + t);
        boolean bool = t instanceof IntegerType it && it.width() == 1;
        if (size < 0 || size > blob[1] * (bool ? 8L : 1L)) throw r.error("dense array size mismatch");
        byte[] in = r.array();
        byte[] data = in != null ? DenseData.expand(in, blob[0], blob[1], (int) size, eb, bool)
                : DenseData.expand(r.blobBytes(blob[0], blob[1]), 0, blob[1], (int) size, eb, bool);
        if (data == null) throw r.error("dense array data size " + blob[1] + " does not match " + size + " elements");
        return new DenseArrayAttr(t, data, (int) size);
    }

    private static DenseElementsAttr readDenseElements(DialectReader r) throws BytecodeException {
        ShapedType t = readShaped(r);
        int[] blob = r.readBlob();
        return DenseData.elements(r, t, blob[0], blob[1]);
    }

    private static DenseStringElementsAttr readDenseStrings(DialectReader r) throws BytecodeException {
        ShapedType t = readShaped(r);
        boolean splat = r.readVarInt() != 0;
        long n = splat ? 1 : DenseData.numElements(r, t);
        if (n > Integer.MAX_VALUE) throw r.error("too many string elements: " + n);
        List<StringAttr> values = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            if (r.atEnd()) throw r.error("expected " + n + " string elements");
            values.add(new StringAttr(r.readStringBytes(), null));
        }
        return new DenseStringElementsAttr(t, values, splat);
    }
}
