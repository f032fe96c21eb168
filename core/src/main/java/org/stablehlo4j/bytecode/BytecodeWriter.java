package org.stablehlo4j.bytecode;

import org.stablehlo4j.bytecode.writer.BytecodeWriterConfig;
import org.stablehlo4j.ir.Module;

/**
 * Shorthand for {@link org.stablehlo4j.bytecode.writer.BytecodeWriter}: writes the newest bytecode format with
 * the given producer and no dialect versions.
 */
public final class BytecodeWriter {
    private BytecodeWriter() {}

    public static byte[] write(Module module, String producer) {
        return org.stablehlo4j.bytecode.writer.BytecodeWriter.write(module, BytecodeWriterConfig.current(producer));
    }
}
