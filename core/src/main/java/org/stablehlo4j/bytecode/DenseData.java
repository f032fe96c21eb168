package org.stablehlo4j.bytecode;

import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;

/**
 * Turns the raw data blob of a dense elements attribute into the IR's layout. Non-boolean data is used in
 * place (a slice of the input). Boolean data may be stored one byte per element, bit-packed (8 per byte, least
 * significant bit first), or as a single 0x00/0xFF splat byte; only that case is copied.
 */
public final class DenseData {
    private DenseData() {}

    static long numElements(DialectReader r, ShapedType t) throws BytecodeException {
        if (!(t instanceof RankedTensorType rt)) throw r.error("expected a ranked tensor type, but got " + t);
        long n = rt.numElements();
        if (n < 0) throw r.error("expected a static shape, but got " + t);
        return n;
    }

    /**
     * Blobs of a buffer input (a memory-mapped file) at least this large stay in the buffer; smaller ones are
     * copied onto the heap, where every reader has the array fast path.
     */
    static final int MIN_MAPPED_BYTES = 4096;

    /**
     * Builds a {@link DenseElementsAttr} of {@code type} (whose element type is given by {@code elementType}
     * for layout purposes) over {@code [offset, offset+length)} of the input (as {@link DialectReader#readBlob}
     * gives them): a slice of the input array, or of the input buffer when it is memory-mapped (not copied).
     */
    public static DenseElementsAttr elements(DialectReader r, ShapedType type, org.stablehlo4j.ir.Type elementType,
                                             int offset, int length) throws BytecodeException {
        long n = numElements(r, type);
        int eb = BuiltinBytecode.elementBytes(elementType);
        if (eb < 0) throw r.error("unsupported dense element type " + elementType);
        byte[] a = r.array();
        if (a == null && (length < MIN_MAPPED_BYTES || elementType instanceof IntegerType it && it.width() == 1)) {
            a = r.blobBytes(offset, length); // small or boolean data: onto the heap
            offset = 0;
        }
        if (elementType instanceof IntegerType it && it.width() == 1) {
            // a splat (0x00 or 0xFF), also on a shape without elements
            if (length == 1 && n != 1 && ((a[offset] & 0xFF) == 0xFF || a[offset] == 0)) {
                byte[] one = {(byte) (a[offset] != 0 ? 1 : 0)};
                return new DenseElementsAttr(type, one, 0, 1, true);
            }
            byte[] bools = unpackBools(a, offset, length, n);
            if (bools == null) throw r.error("dense i1 data size " + length + " does not match " + n + " elements");
            boolean uniform = true;
            for (int i = 1; i < bools.length; i++) uniform &= bools[i] == bools[0];
            if (uniform && bools.length > 0) return new DenseElementsAttr(type, new byte[] {bools[0]}, 0, 1, true);
            return new DenseElementsAttr(type, bools, 0, bools.length, false);
        }
        // one element's worth of data is a splat, as in MLIR, whatever the shape (even one with no elements)
        boolean splat = length == eb;
        if (!splat && (long) eb * n != length) {
            throw r.error("dense data size " + length + " does not match " + n + " elements of " + eb + " bytes");
        }
        if (a == null) return new DenseElementsAttr(type, r.blobBuffer(offset, length), splat);
        return new DenseElementsAttr(type, a, offset, length, splat);
    }

    static DenseElementsAttr elements(DialectReader r, ShapedType type, int offset, int length)
            throws BytecodeException {
        return elements(r, type, type.elementType(), offset, length);
    }

    /** One byte 0/1 per element, or null if the size fits none of the boolean layouts. */
    private static byte[] unpackBools(byte[] a, int off, int len, long n) {
        if (n > Integer.MAX_VALUE) return null;
        int count = (int) n;
        byte[] out = new byte[count];
        if (len == count && !(len == 1 && (a[off] & 0xFF) == 0xFF)) {
            for (int i = 0; i < count; i++) out[i] = (byte) (a[off + i] != 0 ? 1 : 0);
            return out;
        }
        if (len == 1 && ((a[off] & 0xFF) == 0xFF || a[off] == 0)) {
            java.util.Arrays.fill(out, (byte) (a[off] != 0 ? 1 : 0));
            return out;
        }
        if (len == (count + 7) / 8) {
            for (int i = 0; i < count; i++) out[i] = (byte) ((a[off + i / 8] >> (i % 8)) & 1);
            return out;
        }
        return null;
    }

    /**
     * The bytes to write for boolean dense data: bit-packed (least significant bit first), a splat as a single
     * 0x00/0xFF byte; null for other element types (written as they are).
     */
    public static byte[] packForWrite(DenseElementsAttr d) {
        if (!(d.type().elementType() instanceof IntegerType it && it.width() == 1)) return null;
        // read through byteAt: boolean data is never buffer-backed (see elements), so this stays cheap
        if (d.isSplat()) return new byte[] {(byte) (d.byteAt(0) != 0 ? 0xFF : 0)};
        byte[] out = new byte[(d.length() + 7) / 8];
        for (int i = 0; i < d.length(); i++) if (d.byteAt(i) != 0) out[i / 8] |= (byte) (1 << (i % 8));
        return out;
    }

    /**
     * Writes the data of {@code d} as a size-prefixed blob: booleans bit-packed, buffer-backed data (a
     * memory-mapped artifact) referenced in place and streamed out when the bytecode is written.
     *
     * @param w the writer
     * @param d the dense elements
     */
    public static void write(org.stablehlo4j.bytecode.DialectWriter w, DenseElementsAttr d) {
        byte[] packed = packForWrite(d);
        if (packed != null) w.writeBlob(packed, 0, packed.length);
        else if (d.isMapped()) w.writeBlob(d.buffer());
        else w.writeBlob(d.rawArray(), d.offset(), d.length());
    }

    /** Dense array data in the IR layout (copied), or null on a size mismatch. */
    static byte[] expand(byte[] a, int off, int len, int size, int eb, boolean bool) {
        if (bool) {
            byte[] out = unpackBools(a, off, len, size);
            return out;
        }
        if ((long) size * eb != len) return null;
        return java.util.Arrays.copyOfRange(a, off, off + len);
    }
}
