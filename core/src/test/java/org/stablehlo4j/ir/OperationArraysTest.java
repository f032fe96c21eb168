package org.stablehlo4j.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The array-backed op ({@link Operation#createOwning}) against the list factory, the lazily made use lists of
 * values and the lazily hashed, byte-sharing {@link StringAttr#ofUnmodifiedBytes}: each gives what the general
 * path gives.
 */
class OperationArraysTest {
    private static final Type I32 = new RankedTensorType(new long[0], IntegerType.I32, null);
    private static final Type F32 = new RankedTensorType(new long[] {2}, FloatType.F32, null);

    private static Operation source() {
        return Operation.create("test.src", List.of(), List.of(I32, F32), null, null, 0, List.of(), null);
    }

    @Test
    void createOwningBuildsWhatCreateBuilds() {
        Operation src = source();
        Block succ = new Block();
        DictionaryAttr attrs = DictionaryAttr.of(List.of(new NamedAttribute("a", StringAttr.of("x"))));
        Operation viaLists = Operation.create("test.op", List.of(src.result(0), src.result(1), src.result(0)),
                List.of(F32, I32), null, attrs, 2, List.of(succ), null);
        Operation viaArrays = Operation.createOwning("test.op",
                new Value[] {src.result(0), src.result(1), src.result(0)}, new Type[] {F32, I32}, null, attrs, 2,
                new Block[] {succ}, null);
        for (Operation op : List.of(viaLists, viaArrays)) {
            assertEquals(List.of(src.result(0), src.result(1), src.result(0)), op.operands());
            assertEquals(3, op.numOperands());
            assertEquals(2, op.numResults());
            assertEquals(F32, op.result(0).type());
            assertEquals(I32, op.results().get(1).type());
            assertEquals(1, op.result(1).index());
            assertSame(op, op.result(0).definingOp());
            assertEquals(2, op.numRegions());
            assertSame(op, op.region(1).parent());
            assertEquals(List.of(succ), op.successors());
            assertSame(DictionaryAttr.EMPTY, op.properties());
            assertEquals(attrs, op.attributes());
            assertSame(Location.UNKNOWN, op.location());
        }
        // Uses in build order: each op adds its uses in operand order.
        assertEquals(List.of(new Value.Use(viaLists, 0), new Value.Use(viaLists, 2), new Value.Use(viaArrays, 0),
                new Value.Use(viaArrays, 2)), src.result(0).uses());
        assertEquals(2, src.result(1).numUses());
    }

    @Test
    void viewsAreLiveAndReadOnly() {
        Operation src = source();
        Operation other = source();
        Block a = new Block();
        Block b = new Block();
        Operation op = Operation.createOwning("test.op", new Value[] {src.result(0)}, new Type[0], null, null, 0,
                new Block[] {a}, null);
        List<Value> operands = op.operands();
        List<Block> successors = op.successors();
        op.setOperand(0, other.result(1));
        op.setSuccessor(0, b);
        assertEquals(List.of(other.result(1)), operands);
        assertEquals(List.of(b), successors);
        assertFalse(src.result(0).hasUses());
        assertTrue(other.result(1).hasOneUse());
        assertThrows(UnsupportedOperationException.class, () -> operands.set(0, src.result(0)));
        assertThrows(UnsupportedOperationException.class, () -> op.results().add(null));
        op.dropAllReferences();
        assertTrue(operands.isEmpty());
        assertEquals(0, op.numOperands());
        assertFalse(other.result(1).hasUses());
    }

    @Test
    void aValueWithoutUsesAnswersLikeOneWhoseUsesWereRemoved() {
        Operation src = source();
        Value fresh = src.result(0);
        Value emptied = src.result(1);
        Operation user = Operation.create("test.use", List.of(emptied), List.of(), null, null, 0, List.of(), null);
        user.dropOperandUses();
        for (Value v : List.of(fresh, emptied)) {
            assertFalse(v.hasUses());
            assertFalse(v.hasOneUse());
            assertEquals(0, v.numUses());
            assertEquals(List.of(), v.uses());
            assertEquals(List.of(), v.users());
            v.replaceAllUsesWith(src.result(0) == v ? src.result(1) : src.result(0));
            v.setUseOrder(List.of());
        }
        List<Value.Use> view = fresh.uses();
        Operation.create("test.use", List.of(fresh), List.of(), null, null, 0, List.of(), null);
        assertEquals(1, view.size());
    }

    @Test
    void sharedBytesStringEqualsCopyingString() {
        byte[] bytes = "value 31".getBytes(StandardCharsets.UTF_8);
        StringAttr shared = StringAttr.ofUnmodifiedBytes(bytes);
        StringAttr copied = new StringAttr(bytes, null);
        assertEquals(copied, shared);
        assertEquals(shared, copied);
        assertEquals(copied.hashCode(), shared.hashCode());
        assertEquals(StringAttr.of("value 31").hashCode(), shared.hashCode());
        assertEquals("value 31", shared.value());
        assertNotEquals(new StringAttr(bytes, IntegerType.I32), shared);
        assertNotEquals(StringAttr.of("value 32"), shared);
        // The empty string's hash (31 * 1) is not the "not yet computed" marker; an equal pair still matches.
        assertEquals(StringAttr.of(""), StringAttr.ofUnmodifiedBytes(new byte[0]));
    }
}
