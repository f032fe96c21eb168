package org.stablehlo4j.bytecode;

import org.stablehlo4j.bytecode.writer.BytecodeWriterConfig;
import org.stablehlo4j.ir.ModuleOp;

/**
 * Shorthands for {@link org.stablehlo4j.bytecode.writer.BytecodeWriter}: a bytecode format (the newest by
 * default) with the given producer and no dialect versions.
 */
public final class BytecodeWriter {
    private BytecodeWriter() {}

    public static byte[] write(org.stablehlo4j.ir.Context context, ModuleOp module, String producer) {
        return org.stablehlo4j.bytecode.writer.BytecodeWriter.write(context, module, BytecodeWriterConfig.current(producer));
    }

    /**
     * Writes format {@code version} (0-6).
     *
     * @throws IllegalArgumentException for an unsupported version or IR that cannot be written
     */
    public static byte[] write(org.stablehlo4j.ir.Context context, ModuleOp module, String producer, long version) {
        if (version < 0 || version > org.stablehlo4j.bytecode.writer.BytecodeWriter.MAX_VERSION) {
            throw new IllegalArgumentException("unsupported bytecode version " + version);
        }
        return org.stablehlo4j.bytecode.writer.BytecodeWriter.write(context, module,
                new BytecodeWriterConfig((int) version, producer, java.util.Map.of(), false));
    }
}
