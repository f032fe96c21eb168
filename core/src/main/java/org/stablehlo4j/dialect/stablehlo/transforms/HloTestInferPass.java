package org.stablehlo4j.dialect.stablehlo.transforms;

import org.stablehlo4j.pass.PassContext;
import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.ReifyReturnTypeShapes;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.verify.Verifier;

/**
 * {@code --hlo-test-infer}, upstream's test pass for type inference: an {@code hlo_test_infer.get_return_types}
 * (or {@code get_return_type_components}) op whose operand is produced by an op with type inference becomes an
 * {@code hlo_test_infer.return_types} ({@code return_type_components}) op carrying the inferred types as
 * {@code types0}, {@code types1}, ... attributes; an {@code hlo_test_infer.reify_return_type_shapes} op is replaced
 * by the shape computation of its operand's producer ({@code reifyReturnTypeShapes}). Ops whose producer has no
 * inference (reification), or whose inference fails, stay as they are.
 */
public final class HloTestInferPass implements GreedyPatternPass {
    public static final String NAME = "hlo-test-infer";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Uses test ops to invoke InferShapedTypeOpInterface methods";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PatternSet patterns(Context ctx, PassContext context) {
        return new PatternSet()
                .add(RewritePattern.of("hlo_test_infer.get_return_types", 1, (op, r) -> rewrite(ctx, op, r, false)))
                .add(RewritePattern.of("hlo_test_infer.get_return_type_components", 1,
                        (op, r) -> rewrite(ctx, op, r, true)))
                .add(RewritePattern.of("hlo_test_infer.reify_return_type_shapes", 1,
                        (op, r) -> reify(op, r, context)));
    }

    /**
     * {@code reify_return_type_shapes}: replaced by the shape computation its operand's producer reifies (the
     * row's {@link ReifyReturnTypeShapes}); producers without reification, or whose reification fails, stay.
     */
    private static boolean reify(Operation op, PatternRewriter rewriter, PassContext context) {
        if (op.numOperands() != 1 || !(op.operand(0) instanceof OpResult producer)) return false;
        OpDefinition spec = producer.owner().opName().definition();
        ReifyReturnTypeShapes reification = spec == null ? null : spec.ext(ReifyReturnTypeShapes.class);
        if (reification == null) return false;
        List<Value> shapes = reification.reify(rewriter, producer.owner(), List.copyOf(producer.owner().operands()),
                context::emit);
        if (shapes == null || shapes.size() != op.numResults()) return false;
        rewriter.replaceOp(op, shapes);
        return true;
    }

    private static boolean rewrite(Context ctx, Operation op, PatternRewriter rewriter, boolean components) {
        if (op.numOperands() != 1 || !(op.operand(0) instanceof OpResult producer)) return false;
        // Like upstream's patterns: get_return_types needs InferTypeOpInterface (full result types),
        // get_return_type_components InferShapedTypeOpInterface.
        OpDefinition spec = ctx.opDefinition(producer.owner());
        boolean inferable = spec != null && (components ? spec.hasTrait(OpTrait.INFER_SHAPED_TYPE)
                || spec.hasTrait(OpTrait.INFER_TYPE)
                : spec.hasTrait(OpTrait.INFER_TYPE) || spec.hasTrait(OpTrait.COMPATIBLE_OPERANDS_AND_RESULT_TYPE));
        if (!inferable) return false;
        List<Type> types;
        try {
            types = Verifier.inferReturnTypes(ctx, producer.owner());
        } catch (DiagnosticException e) {
            return false; // the pattern does not apply; the verifier reports invalid producers
        }
        if (types == null) return false;
        List<NamedAttribute> attrs = new ArrayList<>(op.attributes().entries());
        for (int i = 0; i < types.size(); i++) {
            Type t = types.get(i);
            // Shaped-type components (shape, element type, encoding) print as the tensor type they describe.
            if (components && !(t instanceof ShapedType)) return false;
            attrs.add(new NamedAttribute("types" + i, new TypeAttr(t)));
        }
        List<Type> resultTypes = new ArrayList<>();
        for (OpResult r : op.results()) resultTypes.add(r.type());
        Operation replacement = rewriter.create(op.location(),
                rewriter.opName(components ? "hlo_test_infer.return_type_components" : "hlo_test_infer.return_types"),
                List.copyOf(op.operands()), resultTypes, DictionaryAttr.EMPTY, DictionaryAttr.of(attrs), 0, List.of());
        rewriter.replaceOp(op, replacement);
        return true;
    }
}
