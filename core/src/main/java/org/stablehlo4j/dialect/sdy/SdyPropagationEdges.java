package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.dialect.sdy.SdyAttrs.AxisRefAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.MeshAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.TensorShardingAttr;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.VerificationError;

/**
 * Propagation-edge debugging metadata ({@code #sdy.propagation_edges<[{step-N = [{"axis" = operand-i -> [result-j,
 * ...]}, ...]}, ...]>}, attrs.td's PropagationEdgesAttr and its parts). The attribute keeps its text (it prints as
 * written); this class reads that text into steps to run upstream's rules: {@code PropagationEdgesAttr::verify}
 * when the attribute is parsed, and the dialect's verification of {@code sdy.propagation_edges},
 * {@code sdy.result_propagation_edges} and {@code sdy.block_arg_propagation_edges} on an op
 * ({@code verifyPropagationEdgesShardingAttr}).
 */
final class SdyPropagationEdges {
    private SdyPropagationEdges() {}

    static final String MNEMONIC = "propagation_edges";
    static final String EDGES = "sdy.propagation_edges";
    static final String RESULT_EDGES = "sdy.result_propagation_edges";
    static final String BLOCK_ARG_EDGES = "sdy.block_arg_propagation_edges";

    /** An {@code EdgeValueRefAttr}: {@code operand-i} or {@code result-i}. */
    record ValueRef(boolean result, long index) {}

    /** An {@code AxisToPropagationDetailsAttr}. */
    record AxisEntry(AxisRefAttr axis, ValueRef source, List<ValueRef> targets) {}

    /** A {@code PropagationOneStepAttr}. */
    record Step(long index, List<AxisEntry> entries) {}

    /** Reads {@code <[step, ...]>} (the lexer stands after the mnemonic). */
    static List<Step> parse(DialectAsmParser in) {
        in.expect("<");
        List<Step> steps = in.parseList("[", "]", () -> step(in));
        in.expect(">");
        return steps;
    }

    private static Step step(DialectAsmParser in) {
        in.expect("{");
        if (!"step".equals(in.parseKeyword("expected 'step'"))) throw in.error("expected 'step'");
        in.expect("-");
        long index = in.parseInteger();
        in.expect("=");
        List<AxisEntry> entries = in.parseList("[", "]", () -> {
            in.expect("{");
            AxisRefAttr axis = SdyAttrParser.axisRef(in);
            in.expect("=");
            ValueRef source = valueRef(in);
            in.expect("->");
            List<ValueRef> targets = in.parseList("[", "]", () -> valueRef(in));
            in.expect("}");
            return new AxisEntry(axis, source, targets);
        });
        in.expect("}");
        return new Step(index, entries);
    }

    private static ValueRef valueRef(DialectAsmParser in) {
        String kind = in.parseKeyword("expected 'operand' or 'result'");
        if (!kind.equals("operand") && !kind.equals("result")) throw in.error("expected 'operand' or 'result'");
        in.expect("-");
        return new ValueRef(kind.equals("result"), in.parseInteger());
    }

    /** {@code PropagationEdgesAttr::verify}: the message, or null when valid. */
    static String verify(List<Step> steps) {
        Set<Long> seenSteps = new HashSet<>();
        for (Step step : steps) {
            if (step.index() < 0) return "propagation edges have negative step index: " + step.index();
            if (!seenSteps.add(step.index())) return "propagation edges have duplicate step index: " + step.index();
            for (AxisEntry e : step.entries()) {
                Set<ValueRef> seenTargets = new HashSet<>();
                for (ValueRef t : e.targets()) {
                    if (t.equals(e.source())) return "propagation edges have a source that is the same as a target";
                    if (!seenTargets.add(t)) {
                        return "propagation edges have duplicate targets for step index: " + step.index()
                                + " and axis: " + e.axis().name();
                    }
                }
            }
        }
        return null;
    }

    /** The steps of {@code a} if it is a {@code #sdy.propagation_edges}, else null. */
    static List<Step> of(Attribute a) {
        if (!(a instanceof DialectAttr d) || !d.dialect().equals(SdyOps.DIALECT) || !d.pretty()
                || !d.body().startsWith(MNEMONIC + "<")) {
            return null;
        }
        try {
            return DialectAsmParser.parsePrefix(d.body(), MNEMONIC.length(), null, SdyPropagationEdges::parse).value();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The op-attribute branch of {@code SdyDialect::verifyOperationAttribute} for the three edge attributes. */
    static void verifyOperationAttribute(Operation op, NamedAttribute attr) {
        if (attr.name().equals(EDGES)) {
            List<Step> steps = of(attr.value());
            if (steps == null) {
                throw VerificationError.op(op, "should have a propagation edges attribute of type PropagationEdgesAttr "
                        + "for attr named '" + EDGES + "'");
            }
            verifyShardings(steps, op);
        } else if (attr.name().equals(RESULT_EDGES) || attr.name().equals(BLOCK_ARG_EDGES)) {
            boolean ok = attr.value() instanceof ArrayAttr array;
            if (ok) for (Attribute e : ((ArrayAttr) attr.value()).elements()) ok &= of(e) != null;
            if (!ok) {
                throw VerificationError.op(op, "should have a propagation edges attribute of type "
                        + "ArrayAttr<PropagationEdgesAttr> for attr named '" + RESULT_EDGES + "' or '"
                        + BLOCK_ARG_EDGES + "'");
            }
        }
    }

    private static Value value(ValueRef ref, Operation op) {
        if (ref.result() && ref.index() >= 0 && ref.index() < op.numResults()) return op.result((int) ref.index());
        if (!ref.result() && ref.index() >= 0 && ref.index() < op.numOperands()) return op.operand((int) ref.index());
        return null;
    }

    private static void addSharding(Value v, List<TensorShardingAttr> out) {
        TensorShardingAttr s = v == null ? null : SdyVerifiers.shardingOf(v);
        if (s != null) out.add(s);
    }

    /** {@code verifyPropagationEdgesShardingAttr}. */
    private static void verifyShardings(List<Step> steps, Operation op) {
        List<TensorShardingAttr> shardings = new ArrayList<>();
        for (Step step : steps) {
            for (AxisEntry e : step.entries()) {
                addSharding(value(e.source(), op), shardings);
                for (ValueRef t : e.targets()) addSharding(value(t, op), shardings);
            }
        }
        if (shardings.isEmpty()) throw VerificationError.op(op, "expected propagation edges attr to reference a sharding.");
        MeshAttr mesh = SdyOpVerifiers.commonMesh(shardings, op);
        if (mesh == null) throw VerificationError.op(op, "expected a common mesh for propagation edges attr.");
        for (Step step : steps) {
            for (AxisEntry e : step.entries()) {
                if (mesh.axis(e.axis().name()) == null) {
                    throw VerificationError.op(op, "expected axis ref to be in one of the meshes");
                }
                verifyValueRef(e.source(), op);
                for (ValueRef t : e.targets()) verifyValueRef(t, op);
            }
        }
    }

    /** {@code verifyEdgeValueRef}: indices in range (func_data_flow_edge ops are exempt). */
    private static void verifyValueRef(ValueRef ref, Operation op) {
        if (FuncDataFlowEdgeOp.is(op)) return;
        int n = ref.result() ? op.numResults() : op.numOperands();
        if (ref.index() < 0 || ref.index() >= n) {
            throw VerificationError.op(op, "expected a value ref to have " + (ref.result() ? "a result" : "an operand")
                    + " index in range [0, " + n + "), got: " + ref.index());
        }
    }
}
