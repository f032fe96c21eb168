package org.stablehlo4j.dialect.stablehlo.transforms.quant;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.stablehlo4j.dialect.chlo.BroadcastAddOp;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.stablehlo.ops.AddOp;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.ir.WalkResult;
import org.stablehlo4j.pass.PassContext;

/**
 * {@code --stablehlo-legalize-quant-to-math}: quantized programs become integer and float math on the storage
 * types (upstream's {@code StablehloLegalizeQuantToMathPass}, a partial dialect conversion). uniform_quantize,
 * uniform_dequantize, add, dot, dot_general and convolution are lowered to arithmetic; ops that only move data
 * (reshape, broadcast_in_dim, concatenate, pad, slice, gather, select, ...) and same-type min/max take the storage
 * types; the other ops of {@link LegalizeQuantizedOpToQdqPass} are decomposed to dequantize, float op, quantize
 * and converted again; function signatures take the storage types. A StableHLO, CHLO or func op left with a
 * quantized operand or result fails the pass with upstream's
 * {@code failed to legalize operation 'X' that was explicitly marked illegal}. Runs on each {@code func.func}.
 */
public final class LegalizeQuantToMathPass extends FuncPass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-legalize-quant-to-math";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Convert from StableHLO quantized ops to StableHLO primitive math ops.";

    /** The pass. */
    public LegalizeQuantToMathPass() {
        super(NAME);
    }

    @Override
    public void runOn(Operation func, PassContext context) throws DiagnosticException {
        new Conversion().run(func);
    }

    /** The namespace of a full op name. */
    private static String namespace(String opName) {
        return opName.substring(0, opName.indexOf('.'));
    }

    /** The dialects whose ops are legal exactly when their types are (upstream's dynamically legal dialects). */
    private static final Set<String> CHECKED_DIALECTS = Set.of(namespace(AddOp.NAME), namespace(BroadcastAddOp.NAME),
            namespace(FuncOp.NAME));

    /**
     * One conversion of a function. Values keep their identity where an op only changes types (in place); the type
     * each value had before the conversion stays readable through {@link #typeOf}, as the original operand types
     * are in MLIR's conversion patterns.
     */
    static final class Conversion implements PatternRewriter.Listener {
        private final Map<Value, Type> original = new HashMap<>();
        private final Set<Operation> erased = Collections.newSetFromMap(new IdentityHashMap<>());
        private final List<Diagnostic> diagnostics = new ArrayList<>();
        private List<Operation> inserted;
        final PatternRewriter rewriter = new PatternRewriter(this);

        @Override
        public void inserted(Operation op) {
            if (inserted != null) inserted.add(op);
        }

        @Override
        public void erased(Operation op) {
            erased.add(op);
        }

        @Override
        public void replaced(Operation op, List<? extends Value> with) {
            for (int i = 0; i < with.size(); i++) {
                Type before = typeOf(op.result(i));
                if (!before.equals(with.get(i).type())) original.put(with.get(i), before);
            }
        }

        /** {@return the type {@code v} had before the conversion} */
        Type typeOf(Value v) {
            Type t = original.get(v);
            return t != null ? t : v.type();
        }

        /** Reports an error at {@code op} (the pass fails when an op is left illegal). */
        void error(Operation op, String message) {
            diagnostics.add(Diagnostic.error(op.location(), message));
        }

        /** Gives {@code v} its storage type, remembering the quantized one. */
        void toStorage(Value v) {
            Type t = v.type();
            Type storage = QuantTypes.storage(t);
            if (!storage.equals(t)) {
                original.putIfAbsent(v, t);
                v.setType(storage);
            }
        }

        void run(Operation func) throws DiagnosticException {
            List<Operation> ops = new ArrayList<>();
            func.walk(WalkOrder.PRE_ORDER, o -> {
                ops.add(o);
                return WalkResult.ADVANCE;
            });
            for (Operation op : ops) {
                if (erased.contains(op)) continue;
                if (!legalize(op)) {
                    error(op, "failed to legalize operation '" + op.name() + "' that was explicitly marked illegal");
                    throw new DiagnosticException(diagnostics);
                }
            }
            if (!diagnostics.isEmpty()) throw new DiagnosticException(diagnostics);
        }

        /**
         * Whether {@code op} has no quantized type left: among its operands as they were before the conversion
         * (for an op of the input), or as they are (for an op a pattern created).
         */
        boolean isLegal(Operation op, boolean created) {
            if (!CHECKED_DIALECTS.contains(op.dialect())) return true;
            if (FuncOp.is(op)) {
                return !(FuncOp.cast(op).functionType() instanceof TypeAttr ta && ta.value() instanceof FunctionType ft)
                        || !QuantTypes.anyQuantized(ft.inputs()) && !QuantTypes.anyQuantized(ft.results());
            }
            for (Value v : op.operands()) if (QuantTypes.isQuantized(created ? v.type() : typeOf(v))) return false;
            for (OpResult r : op.results()) if (QuantTypes.isQuantized(r.type())) return false;
            return true;
        }

        /**
         * Makes {@code op} legal: the first pattern that applies (the ops it creates must be legal); false if none
         * applies.
         */
        boolean legalize(Operation op) {
            if (isLegal(op, false)) return true;
            for (QuantToMathPatterns.Pattern pattern : QuantToMathPatterns.patternsFor(op)) {
                List<Operation> created = new ArrayList<>();
                inserted = created;
                rewriter.setInsertionPoint(op);
                boolean applied;
                try {
                    applied = pattern.apply(op, this);
                } finally {
                    inserted = null;
                }
                if (!applied) continue;
                for (Operation c : created) if (!erased.contains(c) && !isLegal(c, true)) return false;
                return true;
            }
            return false;
        }

        /** A function's signature and entry block arguments take the storage types. */
        boolean convertSignature(Operation func) {
            if (!(FuncOp.cast(func).functionType() instanceof TypeAttr ta && ta.value() instanceof FunctionType ft)) {
                return false;
            }
            List<Type> inputs = new ArrayList<>();
            for (Type t : ft.inputs()) inputs.add(QuantTypes.storage(t));
            List<Type> results = new ArrayList<>();
            for (Type t : ft.results()) results.add(QuantTypes.storage(t));
            func.setProperties(func.properties().with("function_type", new TypeAttr(new FunctionType(inputs, results))));
            convertRegions(func);
            return true;
        }

        /** The block arguments of {@code op}'s regions take the storage types. */
        void convertRegions(Operation op) {
            for (Region region : op.regions()) {
                for (Block block : region.blocks()) for (BlockArgument a : block.arguments()) toStorage(a);
            }
        }
    }
}
