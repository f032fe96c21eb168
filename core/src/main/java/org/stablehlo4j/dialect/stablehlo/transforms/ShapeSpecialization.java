package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.WalkResult;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.verify.Verifier;

/**
 * Specializing a shape-polymorphic program to concrete argument types, as JAX does before it calls an export (and
 * upstream's interpreter before it runs a program with dynamic arguments): {@code --stablehlo-refine-arguments}
 * with the given types, {@code --stablehlo-refine-shapes}, {@code --stablehlo-canonicalize-dynamism} and
 * {@code --stablehlo-check-shape-assertions} on every function, then the verifier. A failed
 * {@code shape_assertion} is an error carrying its message with the placeholders filled in.
 */
public final class ShapeSpecialization {
    private ShapeSpecialization() {}

    /**
     * Whether running {@code function} of {@code module} needs a specialization first: one of its argument types is
     * not a static tensor type, or the module has {@code shape_assertion} custom calls (a JAX export with shape
     * polymorphism).
     *
     * @param module the module
     * @param function the function to run
     * @return whether to specialize
     */
    public static boolean needed(ModuleOp module, Operation function) {
        if (function != null && function.numRegions() == 1 && function.region(0).entry() != null) {
            for (Value a : function.region(0).entry().arguments()) {
                if (a.type() instanceof ShapedType && !Constants.isStatic(a.type())) return true;
            }
        }
        return module.op().walk(WalkOrder.PRE_ORDER, op -> CustomCallOp.is(op)
                && CheckShapeAssertionsPass.SHAPE_ASSERTION.equals(DynamicCustomCalls.target(op))
                ? WalkResult.INTERRUPT : WalkResult.ADVANCE).wasInterrupted();
    }

    /**
     * Specializes {@code module} in place: the arguments of {@code function} become {@code argumentTypes} and the
     * program is refined from them, its dynamic ops canonicalized and its shape assertions checked.
     *
     * @param ctx the module's context
     * @param module the module, changed in place
     * @param function the function whose arguments are given (null: {@code @main}, or the only function)
     * @param argumentTypes one type per argument
     * @throws DiagnosticException with every error: an invalid refinement, a failed or non-constant shape
     *                             assertion, a program that does not verify once refined
     */
    public static void specialize(Context ctx, ModuleOp module, String function, List<Type> argumentTypes)
            throws DiagnosticException {
        Operation func = function == null ? RefineArgumentsPass.target(module) : find(module, function);
        if (func == null) {
            throw new DiagnosticException(Diagnostic.error(module.op().location(), "module has no function "
                    + (function == null ? "to specialize" : "@" + function)));
        }
        if (func.region(0).numBlocks() != 1) {
            throw new DiagnosticException(Diagnostic.error(func.location(),
                    "'" + func.name() + "' op must have exactly one block"));
        }
        // a pattern reports its problem each time it is tried: each diagnostic once
        java.util.Set<Diagnostic> errors = new java.util.LinkedHashSet<>();
        if (!RefineArgumentsPass.refineArguments(ctx, func, argumentTypes, errors::add)) {
            throw new DiagnosticException(List.copyOf(errors));
        }
        RefineShapesPass.refineEntryFunction(ctx, func, errors::add);
        PassContext pc = new PassContext(ctx, errors::add);
        for (Operation op : List.copyOf(module.body().operations())) {
            if (!FuncOp.is(op)) continue;
            CanonicalizeDynamismPass.canonicalize(ctx, op, errors::add);
        }
        if (!errors.isEmpty()) throw new DiagnosticException(List.copyOf(errors));
        new CheckShapeAssertionsPass(true).run(module, pc);
        if (!errors.isEmpty()) throw new DiagnosticException(List.copyOf(errors));
        Verifier.verify(ctx, module);
    }

    /**
     * The static types of {@code function}'s arguments once specialized to inputs of the given shapes (each
     * argument's element type with the input's shape).
     *
     * @param function the function
     * @param shapes one shape per argument
     * @return the types
     */
    public static List<Type> argumentTypes(Operation function, List<long[]> shapes) {
        List<Type> out = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) {
            Type t = function.region(0).entry().argument(i).type();
            out.add(t instanceof ShapedType s ? new RankedTensorType(shapes.get(i), s.elementType()) : t);
        }
        return out;
    }

    /**
     * A deep copy of {@code module}, its resources included (specializing the copy leaves the original as it is).
     *
     * @param module the module
     * @return the copy
     */
    public static ModuleOp copy(ModuleOp module) {
        ModuleOp copy = new ModuleOp(module.op().cloneDeep());
        module.dialectResources().forEach((k, v) -> copy.dialectResources().put(k, new java.util.LinkedHashMap<>(v)));
        module.externalResources().forEach((k, v) -> copy.externalResources().put(k, new java.util.LinkedHashMap<>(v)));
        return copy;
    }

    /**
     * The function {@code name} of {@code module}, or null.
     *
     * @param module the module
     * @param name the function's name
     * @return the function
     */
    public static Operation find(ModuleOp module, String name) {
        for (Operation op : module.body().operations()) {
            if (FuncOp.is(op) && op.attr("sym_name") instanceof StringAttr s && s.value().equals(name)) return op;
        }
        return null;
    }
}
