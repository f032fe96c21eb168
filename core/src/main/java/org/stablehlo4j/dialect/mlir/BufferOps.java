package org.stablehlo4j.dialect.mlir;

import static org.stablehlo4j.ir.OpTrait.*;

import java.util.List;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTable;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;

/**
 * The few ops of MLIR's memref and bufferization dialects that StableHLO's tests use (upstream
 * {@code MemRefOps.td}, {@code BufferizationOps.td}): {@code memref.cast}, {@code bufferization.to_tensor} and
 * {@code bufferization.to_buffer}, with their declarative forms, a kind check of their types and the folder of
 * {@code to_buffer} (a round trip through {@code to_tensor} is the buffer itself). The unit flags of the
 * bufferization ops ({@code restrict}, {@code writable}, {@code read_only}) are read and printed in the attribute
 * dictionary ({@code {restrict}}), not as upstream's bare keywords, which the format engine does not have.
 */
public final class BufferOps {
    /** The memref dialect's namespace. */
    public static final String MEMREF_DIALECT = "memref";
    /** The bufferization dialect's namespace. */
    public static final String BUFFERIZATION_DIALECT = "bufferization";

    /** The memref rows. */
    public static final DialectOpTable MEMREF = OpTable.define(MEMREF_DIALECT, BufferOps::memref);
    /** The bufferization rows. */
    public static final DialectOpTable BUFFERIZATION = OpTable.define(BUFFERIZATION_DIALECT, BufferOps::bufferization);

    private static final OpDefinition TO_TENSOR = BUFFERIZATION.spec("bufferization.to_tensor");

    private BufferOps() {}

    private static void memref(OpTable t) {
        t.op("cast")
                .in("source", "AnyType")
                .out("dest", "AnyType")
                .traits(NO_MEMORY_EFFECT)
                .format("$source attr-dict `:` type($source) `to` type($dest)")
                .verifier(op -> kinds(op, true, true));
    }

    private static void bufferization(OpTable t) {
        t.op("to_tensor")
                .in("buffer", "AnyType")
                .unit("restrict").unit("writable")
                .out("result", "AnyType")
                .format("$buffer attr-dict `:` type($buffer) `to` type($result)")
                .verifier(op -> kinds(op, true, false));
        t.op("to_buffer")
                .in("tensor", "AnyType")
                .unit("read_only")
                .out("buffer", "AnyType")
                .traits(NO_MEMORY_EFFECT)
                .format("$tensor attr-dict `:` type($tensor) `to` type($buffer)")
                .verifier(op -> kinds(op, false, true))
                .folder((op, constants) -> {
                    Operation def = op.operand(0).definingOp();
                    if (def == null || def.opName().definition() != TO_TENSOR) return null;
                    Value buffer = def.operand(0);
                    return buffer.type().equals(op.result(0).type()) ? List.of(buffer) : null;
                });
    }

    /** The operand and result are a memref ({@code true}) or a tensor ({@code false}), as the op declares. */
    private static void kinds(Operation op, boolean memrefIn, boolean memrefOut) {
        check(op, "operand", op.operand(0).type(), memrefIn);
        check(op, "result", op.result(0).type(), memrefOut);
    }

    private static void check(Operation op, String what, Type t, boolean memref) {
        boolean ok = memref ? t instanceof MemRefType
                : t instanceof RankedTensorType || t instanceof UnrankedTensorType;
        if (!ok) {
            throw VerificationError.op(op, what + " #0 must be " + (memref ? "ranked or unranked memref of any type"
                    : "tensor of any type") + " values, but got '" + t + "'");
        }
    }
}
