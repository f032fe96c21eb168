package org.stablehlo4j.rewrite;

import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GreedyRewriteDriverTest {
    private static final Type I32 = new RankedTensorType(new long[0], IntegerType.I32, null);

    private static Operation op(String name, List<Value> operands, int results) {
        List<Type> types = new ArrayList<>();
        for (int i = 0; i < results; i++) types.add(I32);
        return Operation.create(name, operands, types, null, null, 0, List.of(), null);
    }

    /** A root op with one block holding {@code ops}. */
    private static Operation root(Operation... ops) {
        Operation root = Operation.create("t.root", List.of(), List.of(), null, null, 1, List.of(), null);
        Block b = new Block();
        root.region(0).append(b);
        for (Operation o : ops) b.append(o);
        return root;
    }

    private static List<String> names(Operation root) {
        List<String> out = new ArrayList<>();
        for (Operation o : root.region(0).entry().operations()) out.add(o.name());
        return out;
    }

    private static final GreedyRewriteDriver.Config CONFIG = GreedyRewriteDriver.Config.DEFAULT;

    @Test
    void rewritesToAFixedPointThroughNewOps() {
        // t.a -> t.b -> t.c, each a replacement by a new op; t.sink uses the value throughout.
        Operation a = op("t.a", List.of(), 1);
        Operation sink = op("t.sink", List.of(a.result(0)), 0);
        Operation root = root(a, sink);
        PatternSet patterns = new PatternSet()
                .add(RewritePattern.of("t.a", 1, (o, rw) -> {
                    rw.replaceOp(o, rw.create(org.stablehlo4j.ir.OperationName.detached("t.b"), List.of(), List.of(I32), null));
                    return true;
                }))
                .add(RewritePattern.of("t.b", 1, (o, rw) -> {
                    rw.replaceOp(o, rw.create(org.stablehlo4j.ir.OperationName.detached("t.c"), List.of(), List.of(I32), null));
                    return true;
                }));
        assertTrue(GreedyRewriteDriver.apply(root, patterns, CONFIG));
        assertEquals(List.of("t.c", "t.sink"), names(root));
        assertEquals("t.c", sink.operand(0).definingOp().name());
    }

    @Test
    void erasesTriviallyDeadOpsAndTheirNowDeadProducers() {
        Operation p1 = op("t.pure1", List.of(), 1);
        Operation p2 = op("t.pure2", List.of(p1.result(0)), 1);
        Operation user = op("t.effect", List.of(p2.result(0)), 0);
        Operation kept = op("t.effect", List.of(), 1); // unused but not pure
        Operation root = root(p1, p2, user, kept);
        // t.effect ops using a value are rewritten away; that leaves p2 and then p1 dead.
        PatternSet patterns = new PatternSet().add(RewritePattern.of("t.effect", 1, (o, rw) -> {
            if (o.numOperands() == 0) return false;
            rw.eraseOp(o);
            return true;
        }));
        GreedyRewriteDriver.Config config = CONFIG.withIsPure(o -> o.name().startsWith("t.pure"));
        assertTrue(GreedyRewriteDriver.apply(root, patterns, config));
        assertEquals(List.of("t.effect"), names(root));
        assertSame(kept, root.region(0).entry().first());
    }

    @Test
    void higherBenefitFirstAndNamedBeforeAnyOpAtEqualBenefit() {
        List<String> tried = new ArrayList<>();
        Operation root = root(op("t.x", List.of(), 0));
        PatternSet patterns = new PatternSet()
                .add(RewritePattern.of(null, 2, (o, rw) -> tried.add("any2") && false))
                .add(RewritePattern.of("t.x", 1, (o, rw) -> tried.add("named1") && false))
                .add(RewritePattern.of("t.x", 3, (o, rw) -> tried.add("named3") && false))
                .add(RewritePattern.of(null, 1, (o, rw) -> tried.add("any1") && false))
                .add(RewritePattern.of("t.x", 2, (o, rw) -> tried.add("named2") && false));
        assertTrue(GreedyRewriteDriver.apply(root, patterns, CONFIG));
        assertEquals(List.of("named3", "named2", "any2", "named1", "any1"), tried);
        tried.clear();
        PatternSet winner = new PatternSet()
                .add(RewritePattern.of("t.x", 1, (o, rw) -> tried.add("low") && false))
                .add(RewritePattern.of("t.x", 5, (o, rw) -> {
                    if (o.attr("done") != null) return false;
                    tried.add("high");
                    rw.modifyOpInPlace(o, () -> o.setAttributes(o.attributes().with("done", StringAttr.of("y"))));
                    return true;
                }));
        assertTrue(GreedyRewriteDriver.apply(root, winner, CONFIG));
        // First visit: high applies; the modified op is re-queued: high fails, low fails; then a rescan.
        assertEquals(List.of("high", "low", "low"), tried);
    }

    @Test
    void maxIterationsAndMaxRewritesBoundANonConvergingSet() {
        int[] applied = {0};
        Operation root = root(op("t.x", List.of(), 0));
        PatternSet forever = new PatternSet().add(RewritePattern.of("t.x", 1, (o, rw) -> {
            applied[0]++;
            rw.modifyOpInPlace(o, () -> { });
            return true;
        }));
        GreedyRewriteDriver.Config config = CONFIG.withMaxIterations(3).withMaxRewrites(2);
        assertFalse(GreedyRewriteDriver.apply(root, forever, config));
        assertEquals(6, applied[0]);
    }

    @Test
    void topDownAndBottomUpOrders() {
        List<String> seen = new ArrayList<>();
        PatternSet record = new PatternSet().add(RewritePattern.of(null, 1, (o, rw) -> seen.add(o.name()) && false));
        Operation nested = Operation.create("t.n", List.of(), List.of(), null, null, 1, List.of(), null);
        Block nb = new Block();
        nested.region(0).append(nb);
        nb.append(op("t.n1", List.of(), 0));
        nb.append(op("t.n2", List.of(), 0));
        Operation root = root(op("t.a", List.of(), 0), nested, op("t.c", List.of(), 0));
        GreedyRewriteDriver.apply(root, record, CONFIG.withTopDown(true));
        assertEquals(List.of("t.a", "t.n", "t.n1", "t.n2", "t.c"), seen);
        seen.clear();
        GreedyRewriteDriver.apply(root, record, CONFIG.withTopDown(false));
        // Post-order seeding, popped from the back: queuing t.n1 queues its ancestor t.n right after it (MLIR's
        // addToWorklist), so the worklist is [t.a, t.n1, t.n, t.n2, t.c].
        assertEquals(List.of("t.c", "t.n2", "t.n", "t.n1", "t.a"), seen);
    }
}
