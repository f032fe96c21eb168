package org.stablehlo4j.pass;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.OperationName;
import org.stablehlo4j.ir.Region;

/**
 * MLIR's {@code OpPassManager}: a pipeline of passes anchored on an op name, run in order on one op of that name
 * (or on any op, for the anchor {@code any}). A nested pass manager (MLIR's {@code OpToOpPassAdaptor}) runs its
 * pipeline on each op whose name is its anchor found directly in the blocks of the regions of the op the outer
 * pipeline runs on; deeper ops are reached only through further nesting, as upstream. An {@code any} pipeline
 * runs on the ops all its passes can be scheduled on and skips the others. Adjacent nested pipelines with the same
 * anchor are merged into one, as MLIR's pass list finalization does.
 *
 * <p>An {@code OpPassManager} is itself a {@link Pass}, so a tool can run a textual pipeline as one step: on a
 * module, the pass manager must be anchored on {@code builtin.module} (or {@code any}); otherwise it fails with
 * MLIR's {@code can't run 'func.func' pass manager on 'builtin.module' op}.
 */
public final class OpPassManager implements Pass {
    /** The anchor of a pipeline that runs on any op. */
    public static final String ANY = "any";

    private final String anchor;
    /** {@link Pass}es and nested {@link OpPassManager}s, in order. */
    private final List<Object> elements = new ArrayList<>();

    /**
     * An empty pass manager.
     *
     * @param anchor the op name it runs on, or {@link #ANY}
     */
    public OpPassManager(String anchor) {
        this.anchor = anchor;
    }

    /** {@return the op name this pass manager runs on, or {@link #ANY}} */
    public String anchorName() { return anchor; }

    /**
     * Appends a pass.
     *
     * @param pass the pass
     * @return this
     * @throws IllegalArgumentException if the pass is restricted to another op than this pass manager's anchor
     *                                  (MLIR's {@code Can't add pass ... did you intend to nest?})
     */
    public OpPassManager addPass(Pass pass) {
        if (pass instanceof OpPassManager nested) {
            return addNested(nested);
        }
        String passAnchor = pass.anchor();
        if (passAnchor != null && !anchor.equals(ANY) && !passAnchor.equals(anchor)) {
            throw new IllegalArgumentException("Can't add pass '" + pass.name() + "' restricted to '" + passAnchor
                    + "' on a PassManager intended to run on '" + anchor + "', did you intend to nest?");
        }
        elements.add(pass);
        return this;
    }

    /**
     * Appends a nested pipeline, merging it into the previous one when that has the same anchor.
     *
     * @param nested the nested pass manager
     * @return this
     */
    public OpPassManager addNested(OpPassManager nested) {
        if (!elements.isEmpty() && elements.get(elements.size() - 1) instanceof OpPassManager last
                && last.anchor.equals(nested.anchor)) {
            last.elements.addAll(nested.elements);
        } else {
            elements.add(nested);
        }
        return this;
    }

    /**
     * Makes (and appends) an empty nested pipeline on {@code opName}, or returns the last element when it is
     * already one on that name (MLIR's {@code OpPassManager::nest}).
     *
     * @param opName the nested anchor
     * @return the nested pass manager
     */
    public OpPassManager nest(String opName) {
        if (!elements.isEmpty() && elements.get(elements.size() - 1) instanceof OpPassManager last
                && last.anchor.equals(opName)) {
            return last;
        }
        OpPassManager nested = new OpPassManager(opName);
        elements.add(nested);
        return nested;
    }

    /** {@return the number of passes and nested pipelines} */
    public int size() { return elements.size(); }

    /** {@return whether this pipeline has no passes} */
    public boolean isEmpty() { return elements.isEmpty(); }

    /** The textual form, MLIR's {@code printAsTextualPipeline}: {@code builtin.module(func.func(cse))}. */
    @Override
    public String name() {
        StringBuilder sb = new StringBuilder(anchor).append('(');
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) sb.append(',');
            sb.append(elements.get(i) instanceof OpPassManager pm ? pm.name() : ((Pass) elements.get(i)).name());
        }
        return sb.append(')').toString();
    }

    @Override
    public String toString() { return name(); }

    /** A pass manager runs on the ops of its anchor; {@code any} on every op. */
    @Override
    public String anchor() {
        return anchor.equals(ANY) ? null : anchor;
    }

    /**
     * Runs the pipeline on the module's op (module-anchored passes see {@code module} itself, with its resources).
     *
     * @throws DiagnosticException if a pass fails, or if this pass manager is anchored on another op
     */
    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        runOn(module.op(), module, context);
    }

    /**
     * Runs the pipeline on {@code op}.
     *
     * @throws DiagnosticException if a pass fails, or if {@code op} is not named by this pass manager's anchor
     */
    @Override
    public void runOn(Operation op, PassContext context) throws DiagnosticException {
        runOn(op, null, context);
    }

    private void runOn(Operation op, ModuleOp module, PassContext context) throws DiagnosticException {
        if (!anchor.equals(ANY) && !isAnchorOp(op)) {
            throw new DiagnosticException(Diagnostic.error(op.location(),
                    "can't run '" + anchor + "' pass manager on '" + op.name() + "' op"));
        }
        for (Object e : elements) {
            if (e instanceof OpPassManager nested) {
                nested.runOnChildren(op, context);
            } else {
                Pass pass = (Pass) e;
                if (anchor.equals(ANY) && !canScheduleOn(pass, op.name())) {
                    throw new DiagnosticException(Diagnostic.error(op.location(), "unable to schedule pass '"
                            + pass.name() + "' on a PassManager intended to run on '" + op.name() + "'!"));
                }
                if (module != null && module.op() == op) pass.run(module, context);
                else pass.runOn(op, context);
            }
            context.afterPass(op);
        }
    }

    /** MLIR's {@code OpToOpPassAdaptor}: this pipeline on each matching op directly nested in {@code parent}. */
    private void runOnChildren(Operation parent, PassContext context) throws DiagnosticException {
        List<Operation> targets = new ArrayList<>();
        for (Region region : parent.regions()) {
            for (Block block : region.blocks()) {
                for (Operation child = block.first(); child != null; child = child.next()) {
                    if (matches(child)) targets.add(child);
                }
            }
        }
        for (Operation child : targets) runOn(child, null, context);
    }

    /** Whether this pipeline runs on ops named {@code opName} (an {@code any} one: if all its passes can). */
    private boolean matches(Operation op) {
        if (!anchor.equals(ANY)) return isAnchorOp(op);
        for (Object e : elements) {
            if (e instanceof Pass p && !(e instanceof OpPassManager) && !canScheduleOn(p, op.opName().name())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code op} is of the anchor's kind: the anchor interned in the op's context is the op's own name
     * (MLIR's OpPassManager resolves its anchor to an OperationName the same way); a detached name has no
     * context to intern in, so its text is compared.
     */
    private boolean isAnchorOp(Operation op) {
        OperationName n = op.opName();
        return n.context() != null ? n.context().opName(anchor) == n : anchor.equals(n.name());
    }

    private static boolean canScheduleOn(Pass pass, String opName) {
        return pass.anchor() == null || pass.anchor().equals(opName);
    }
}
