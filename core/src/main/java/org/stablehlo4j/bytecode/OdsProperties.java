package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The properties encoding of ODS-generated ops (mlir-tblgen's {@code readProperties}/{@code writeProperties}),
 * given the op's property layout:
 *
 * <ul>
 *   <li>each inherent attribute in layout order: a required one as an attribute reference, an optional one (also
 *       a default-valued or unit attribute) as a reference with a presence flag in the low bit;</li>
 *   <li>from format 6 on ({@code kNativePropertiesODSSegmentSize}), the segment-size properties
 *       ({@code operandSegmentSizes}, then {@code resultSegmentSizes}) follow as native sparse arrays;</li>
 *   <li>before format 6 they are {@code DenseI32ArrayAttr} references at the place their name sorts to among
 *       the attributes.</li>
 * </ul>
 *
 * The layout itself (the attributes sorted by name, then the segment sizes) is the dialect's business; see
 * {@link DialectBytecode#properties}.
 */
public final class OdsProperties {
    /** The first format that writes ODS segment sizes natively (MLIR's kNativePropertiesODSSegmentSize). */
    public static final long V_NATIVE_SEGMENT_SIZES = 6;

    private OdsProperties() {}

    /** The fields in the order format {@code version} encodes them. */
    static List<DialectBytecode.Property> encodingOrder(List<DialectBytecode.Property> layout, long version) {
        if (version >= V_NATIVE_SEGMENT_SIZES || layout.stream().noneMatch(DialectBytecode.Property::isSegmentSizes)) {
            return layout;
        }
        List<DialectBytecode.Property> legacy = new ArrayList<>(layout);
        legacy.sort(Comparator.comparing(DialectBytecode.Property::name)); // stable: attributes stay in order
        return legacy;
    }

    /** Reads the properties of {@code opName} laid out as {@code layout}; the whole entry must be consumed. */
    public static DictionaryAttr read(String opName, List<DialectBytecode.Property> layout, DialectReader r)
            throws BytecodeException {
        List<NamedAttribute> out = new ArrayList<>(layout.size());
        for (DialectBytecode.Property p : encodingOrder(layout, r.bytecodeVersion())) {
            Attribute a;
            if (p.isSegmentSizes()) {
                a = r.bytecodeVersion() >= V_NATIVE_SEGMENT_SIZES ? segmentSizes(r.readSparseArray(p.segments()))
                        : readLegacySegmentSizes(p, r);
            } else {
                a = p.required() ? r.readAttribute() : r.readOptionalAttribute();
            }
            if (a != null) out.add(new NamedAttribute(p.name(), a));
        }
        if (!r.atEnd()) throw r.error("unexpected trailing bytes in the properties of " + opName);
        return DictionaryAttr.of(out);
    }

    private static Attribute readLegacySegmentSizes(DialectBytecode.Property p, DialectReader r)
            throws BytecodeException {
        int at = r.position();
        Attribute a = r.readAttribute();
        if (!(a instanceof DenseArrayAttr d) || !IntegerType.I32.equals(d.elementType())) {
            throw r.error(at, "expected DenseI32ArrayAttr, but got: " + a);
        }
        if (d.size() > p.segments()) throw r.error(at, "size mismatch for operand/result_segment_size");
        int[] values = new int[p.segments()];
        for (int i = 0; i < d.size(); i++) values[i] = (int) d.getLong(i);
        return segmentSizes(values);
    }

    /** {@code array<i32: ...>}. */
    public static DenseArrayAttr segmentSizes(int[] values) {
        byte[] b = new byte[values.length * 4];
        for (int i = 0; i < values.length; i++) {
            for (int k = 0; k < 4; k++) b[i * 4 + k] = (byte) (values[i] >>> (8 * k));
        }
        return new DenseArrayAttr(IntegerType.I32, b, values.length);
    }

    /** Writes the properties of {@code op} laid out as {@code layout}. */
    public static void write(Operation op, List<DialectBytecode.Property> layout, DialectWriter w) {
        write(op.name(), op.properties(), op.location(), layout, w);
    }

    /** Writes the properties {@code props} of an op named {@code opName} laid out as {@code layout}. */
    public static void write(String opName, DictionaryAttr props, org.stablehlo4j.ir.Location location,
                             List<DialectBytecode.Property> layout, DialectWriter w) {
        for (DialectBytecode.Property p : encodingOrder(layout, w.bytecodeVersion())) {
            Attribute v = props.get(p.name());
            if (p.isSegmentSizes()) {
                int[] sizes = segmentValues(opName, location, p, v);
                if (w.bytecodeVersion() >= V_NATIVE_SEGMENT_SIZES) w.writeSparseArray(sizes);
                else w.writeAttribute(segmentSizes(sizes));
            } else if (p.required()) {
                if (v == null) {
                    throw new UnwritableIRException(location, "op '" + opName
                            + "' is missing its required property '" + p.name() + "'");
                }
                w.writeAttribute(v);
            } else {
                w.writeOptionalAttribute(v);
            }
        }
    }

    private static int[] segmentValues(String opName, org.stablehlo4j.ir.Location location,
                                       DialectBytecode.Property p, Attribute v) {
        if (!(v instanceof DenseArrayAttr d) || !IntegerType.I32.equals(d.elementType())
                || d.size() != p.segments()) {
            throw new UnwritableIRException(location, "op '" + opName + "' needs '" + p.name()
                    + "' as an array<i32> of " + p.segments() + " entries, but has " + v);
        }
        int[] out = new int[p.segments()];
        for (int i = 0; i < out.length; i++) out[i] = (int) d.getLong(i);
        return out;
    }
}
