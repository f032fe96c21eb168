package org.stablehlo4j.bytecode.writer;

import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.IntegerType;

/**
 * The raw data blob of dense elements as MLIR stores it. Non-boolean data is the IR's slice, written in place.
 * Booleans (one byte per element in the IR) are stored bit-packed, least significant bit first, and a splat as
 * the single byte 0xFF (true) or 0x00 (false).
 */
final class DenseBlobs {
    private DenseBlobs() {}

    static void write(DenseElementsAttr d, EncodingSink out) {
        if (!(d.type().elementType() instanceof IntegerType it && it.width() == 1)) {
            out.blob(d.rawArray(), d.offset(), d.length());
            return;
        }
        byte[] packed;
        if (d.isSplat()) {
            packed = new byte[] {(byte) (d.length() > 0 && d.byteAt(0) != 0 ? 0xFF : 0)};
        } else {
            packed = new byte[(d.length() + 7) / 8];
            for (int i = 0; i < d.length(); i++) {
                if (d.byteAt(i) != 0) packed[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        out.blob(packed, 0, packed.length);
    }
}
