package org.stablehlo4j.ir;

import org.stablehlo4j.testing.TestContexts;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The IR API: block list, walk, erase, RAUW, clone, builder. */
class IrApiTest {
    private static final TensorTypeHolder T = new TensorTypeHolder();

    /** tensor<i32>. */
    private static final class TensorTypeHolder {
        final Type i32 = new RankedTensorType(new long[0], IntegerType.I32, null);
    }

    private static ModuleOp parse(String text) throws Exception {
        return AsmParser.parse(TestContexts.standard(), text, new ParseOptions("t.mlir", 1, true));
    }

    private static String print(ModuleOp m) {
        return AsmPrinter.print(TestContexts.standard(), m, new PrintOptions(true, false, false));
    }

    private static Operation op(String name, List<Value> operands, int results) {
        List<Type> types = new ArrayList<>();
        for (int i = 0; i < results; i++) types.add(T.i32);
        return Operation.create(name, operands, types, null, null, 0, List.of(), null);
    }

    private static Operation withRegion(String name, Operation... nested) {
        Operation op = Operation.create(name, List.of(), List.of(), null, null, 1, List.of(), null);
        Block b = new Block();
        op.region(0).append(b);
        for (Operation n : nested) b.append(n);
        return op;
    }

    private static List<String> names(List<Operation> ops) {
        List<String> out = new ArrayList<>();
        for (Operation o : ops) out.add(o.name());
        return out;
    }

    // ---- block list

    @Test
    void blockListInsertRemoveAndOrder() {
        Block b = new Block();
        Operation a = op("t.a", List.of(), 0), c = op("t.c", List.of(), 0), d = op("t.d", List.of(), 0);
        b.append(a);
        b.append(d);
        b.insertBefore(d, c);
        Operation z = op("t.z", List.of(), 0);
        b.prepend(z);
        Operation y = op("t.y", List.of(), 0);
        b.insert(1, y);
        assertEquals(List.of("t.z", "t.y", "t.a", "t.c", "t.d"), names(b.operations()));
        assertEquals(5, b.numOperations());
        assertSame(z, b.first());
        assertSame(d, b.last());
        assertSame(d, b.terminator());
        assertSame(c, a.next());
        assertSame(a, c.prev());
        assertTrue(z.isBeforeInBlock(d));
        assertFalse(d.isBeforeInBlock(a));
        List<Operation> snapshot = b.operations();
        b.remove(y);
        assertNull(y.parent());
        assertNull(y.next());
        assertEquals(5, snapshot.size(), "an earlier snapshot is not changed");
        assertEquals(List.of("t.z", "t.a", "t.c", "t.d"), names(b.operations()));
        assertTrue(z.isBeforeInBlock(a), "order index rebuilt after a change");
        d.moveBefore(z);
        assertEquals(List.of("t.d", "t.z", "t.a", "t.c"), names(b.operations()));
        d.moveAfter(c);
        assertEquals(List.of("t.z", "t.a", "t.c", "t.d"), names(b.operations()));
        assertTrue(c.isBeforeInBlock(d));
        assertThrows(UnsupportedOperationException.class, () -> b.operations().add(y));
        assertThrows(IllegalStateException.class, () -> b.append(a));
    }

    // ---- walk

    /** t.root { t.a { t.a1, t.a2 }, t.b } */
    private static Operation tree() {
        return withRegion("t.root", withRegion("t.a", op("t.a1", List.of(), 0), op("t.a2", List.of(), 0)),
                op("t.b", List.of(), 0));
    }

    @Test
    void walkOrders() {
        Operation root = tree();
        List<String> pre = new ArrayList<>();
        root.walk(WalkOrder.PRE_ORDER, o -> {
            pre.add(o.name());
            return WalkResult.ADVANCE;
        });
        assertEquals(List.of("t.root", "t.a", "t.a1", "t.a2", "t.b"), pre);
        List<String> post = new ArrayList<>();
        root.walk(o -> post.add(o.name()));
        assertEquals(List.of("t.a1", "t.a2", "t.a", "t.b", "t.root"), post);
        assertEquals(List.of("t.a1"), names(root.collect("t.a1")));
        List<String> named = new ArrayList<>();
        root.walk("t.b", o -> named.add(o.name()));
        assertEquals(List.of("t.b"), named);
    }

    /** The names a walk visits when it returns {@code action} at op {@code at} (else advances), and the result. */
    private static List<String> walkNames(Operation root, WalkOrder order, String at, WalkResult action,
                                          boolean interrupted) {
        List<String> seen = new ArrayList<>();
        WalkResult r = root.walk(order, o -> {
            seen.add(o.name());
            return o.name().equals(at) ? action : WalkResult.ADVANCE;
        });
        assertEquals(interrupted, r.wasInterrupted());
        return seen;
    }

    @Test
    void walkSkipAndInterrupt() {
        Operation root = tree();
        assertEquals(List.of("t.root", "t.a", "t.b"),
                walkNames(root, WalkOrder.PRE_ORDER, "t.a", WalkResult.SKIP, false));
        assertEquals(List.of("t.a1", "t.a2"),
                walkNames(root, WalkOrder.POST_ORDER, "t.a2", WalkResult.INTERRUPT, true));
        assertEquals(List.of("t.root", "t.a"),
                walkNames(root, WalkOrder.PRE_ORDER, "t.a", WalkResult.INTERRUPT, true));
    }

    @Test
    void postOrderWalkMayEraseTheVisitedOp() {
        Operation root = tree();
        root.walk(o -> {
            if (o.name().startsWith("t.a")) o.erase();
        });
        List<String> left = new ArrayList<>();
        root.walk(o -> left.add(o.name()));
        assertEquals(List.of("t.b", "t.root"), left);
    }

    @Test
    void deepNestingDoesNotOverflow() {
        int depth = 100_000;
        Operation root = withRegion("t.n");
        Operation cur = root;
        for (int i = 0; i < depth; i++) {
            Operation n = withRegion("t.n");
            cur.region(0).entry().append(n);
            cur = n;
        }
        int[] count = {0};
        root.walk(o -> count[0]++);
        assertEquals(depth + 1, count[0]);
        count[0] = 0;
        root.walk(WalkOrder.PRE_ORDER, o -> {
            count[0]++;
            return WalkResult.ADVANCE;
        });
        assertEquals(depth + 1, count[0]);
        Operation copy = root.clone(new IRMapping());
        count[0] = 0;
        copy.walk(o -> count[0]++);
        assertEquals(depth + 1, count[0]);
        copy.erase();
    }

    // ---- erase and uses

    @Test
    void eraseRequiresNoUsesAndDropsOperandUses() {
        Block b = new Block();
        Operation p = op("t.p", List.of(), 1);
        Operation u = op("t.u", List.of(p.result(0), p.result(0)), 1);
        b.append(p);
        b.append(u);
        assertEquals(2, p.result(0).numUses());
        assertFalse(p.result(0).hasOneUse());
        assertSame(p, p.result(0).definingOp());
        assertEquals(List.of(u), p.users());
        assertThrows(IllegalStateException.class, p::erase);
        u.erase();
        assertFalse(p.result(0).hasUses());
        assertEquals(List.of("t.p"), names(b.operations()));
        p.erase();
        assertTrue(b.isEmpty());
    }

    @Test
    void eraseDropsNestedUses() {
        Block b = new Block();
        Operation p = op("t.p", List.of(), 1);
        b.append(p);
        Operation holder = withRegion("t.holder", op("t.use", List.of(p.result(0)), 0));
        b.append(holder);
        assertTrue(p.result(0).hasOneUse());
        holder.erase();
        assertFalse(p.result(0).hasUses());
    }

    @Test
    void replaceAllUsesWith() {
        Block b = new Block();
        Operation p = op("t.p", List.of(), 2);
        Operation q = op("t.q", List.of(), 2);
        Operation u = op("t.u", List.of(p.result(0), p.result(1), p.result(0)), 0);
        for (Operation o : List.of(p, q, u)) b.append(o);
        p.replaceAllUsesWith(q);
        assertEquals(List.of(q.result(0), q.result(1), q.result(0)), u.operands());
        assertFalse(p.hasUses());
        assertThrows(IllegalArgumentException.class, () -> q.replaceAllUsesWith(List.of(p.result(0))));
        q.result(0).replaceUsesWithIf(p.result(0), use -> use.index() == 2);
        assertEquals(List.of(q.result(0), q.result(1), p.result(0)), u.operands());
        assertTrue(q.result(0).hasOneUse());
        BlockArgument a = b.addArgument(T.i32, Location.UNKNOWN);
        assertNull(a.definingOp());
        assertSame(Location.UNKNOWN, a.location());
    }

    // ---- clone

    @Test
    void cloneCopiesRegionsBlocksArgumentsAndSuccessors() throws Exception {
        ModuleOp m = parse("""
                func.func @f(%x: tensor<i32>) -> tensor<i32> {
                  %0 = "t.outer"(%x) ({
                  ^bb0(%a: tensor<i32>):
                    %1 = "t.inner"(%a, %x) : (tensor<i32>, tensor<i32>) -> tensor<i32>
                    "t.br"(%1)[^bb1] : (tensor<i32>) -> ()
                  ^bb1:
                    "t.yield"(%1) : (tensor<i32>) -> ()
                  }) : (tensor<i32>) -> tensor<i32>
                  return %0 : tensor<i32>
                }
                """);
        Operation func = m.body().first();
        Operation outer = func.region(0).entry().first();
        IRMapping map = new IRMapping();
        Operation copy = OpBuilder.before(outer).clone(outer, map);
        assertSame(copy, outer.prev());
        assertSame(copy.result(0), map.lookupOrNull(outer.result(0)));
        Block b0 = copy.region(0).blocks().get(0);
        Block b1 = copy.region(0).blocks().get(1);
        assertNotSame(outer.region(0).entry(), b0);
        assertSame(b0, map.lookupOrNull(outer.region(0).entry()));
        Operation inner = b0.first();
        assertSame(b0.argument(0), inner.operand(0));
        assertSame(func.region(0).entry().argument(0), inner.operand(1), "values from above stay");
        Operation br = inner.next();
        assertSame(b1, br.successor(0));
        assertSame(inner.result(0), b1.first().operand(0));
        // The original is untouched and both print the same.
        String text = print(m);
        assertEquals(2, text.split("\"t.inner\"", -1).length - 1, text);
    }

    @Test
    void cloneRemapsUsesOfValuesDefinedInLaterBlocks() {
        // ^bb0 uses a value defined in ^bb1 (legal when ^bb1 dominates; here only the remapping matters).
        Operation holder = Operation.create("t.holder", List.of(), List.of(), null, null, 1, List.of(), null);
        Block b0 = new Block();
        Block b1 = new Block();
        holder.region(0).append(b0);
        holder.region(0).append(b1);
        Operation def = op("t.def", List.of(), 1);
        b1.append(def);
        b0.append(op("t.use", List.of(def.result(0)), 0));
        Operation copy = holder.cloneDeep();
        Operation use = copy.region(0).blocks().get(0).first();
        assertSame(copy.region(0).blocks().get(1).first().result(0), use.operand(0));
        assertTrue(def.result(0).hasOneUse(), "the original's uses are restored");
    }

    // ---- builder

    @Test
    void builderInsertionPoints() {
        Block b = new Block();
        List<Operation> inserted = new ArrayList<>();
        OpBuilder builder = new OpBuilder(new OpBuilder.Listener() {
            @Override
            public void inserted(Operation op) {
                inserted.add(op);
            }
        });
        builder.setInsertionPointToEnd(b);
        Operation x = builder.create(org.stablehlo4j.ir.OperationName.detached("t.x"), List.of(), List.of(), null);
        Operation z = builder.create(org.stablehlo4j.ir.OperationName.detached("t.z"), List.of(), List.of(), null);
        builder.setInsertionPoint(z);
        builder.create(org.stablehlo4j.ir.OperationName.detached("t.y"), List.of(), List.of(), null);
        builder.setInsertionPointToStart(b);
        builder.create(org.stablehlo4j.ir.OperationName.detached("t.w"), List.of(), List.of(), null);
        OpBuilder.InsertPoint saved = builder.saveInsertionPoint();
        builder.setInsertionPointAfter(z);
        builder.setDefaultLocation(Location.FileLineCol.point("f", 1, 2));
        Operation end = builder.create(org.stablehlo4j.ir.OperationName.detached("t.end"), List.of(), List.of(), null);
        assertEquals(Location.FileLineCol.point("f", 1, 2), end.location());
        builder.restoreInsertionPoint(saved);
        builder.create(org.stablehlo4j.ir.OperationName.detached("t.v"), List.of(), List.of(), null);
        // As MLIR: the start-of-block point is "before the then-first op" (t.x), so t.v lands after t.w.
        assertEquals(List.of("t.w", "t.v", "t.x", "t.y", "t.z", "t.end"), names(b.operations()));
        assertEquals(6, inserted.size());
        assertSame(x, inserted.get(0));
        builder.clearInsertionPoint();
        Operation detached = builder.create(org.stablehlo4j.ir.OperationName.detached("t.free"), List.of(), List.of(), null);
        assertNull(detached.parent());
        Block nb = builder.createBlock(withRegion("t.r").region(0), List.of(T.i32), null);
        assertSame(nb, builder.insertionBlock());
        assertEquals(1, nb.numArguments());
    }

    @Test
    void builderCloneAndRewriterEraseReportNestedOps() {
        Block b = new Block();
        b.append(tree());
        List<String> events = new ArrayList<>();
        PatternRewriter rw = new PatternRewriter(new PatternRewriter.Listener() {
            @Override
            public void inserted(Operation op) {
                events.add("+" + op.name());
            }

            @Override
            public void erased(Operation op) {
                events.add("-" + op.name());
            }
        });
        rw.setInsertionPointToEnd(b);
        Operation copy = rw.clone(b.first());
        assertEquals(List.of("+t.a", "+t.a1", "+t.a2", "+t.b", "+t.root"), events);
        events.clear();
        rw.eraseOp(copy);
        assertEquals(List.of("-t.a1", "-t.a2", "-t.a", "-t.b", "-t.root"), events);
        assertEquals(1, b.numOperations());
    }
}
