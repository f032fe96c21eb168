package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.dialect.stablehlo.ops.CustomCallOp;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;

/**
 * {@code --stablehlo-refine-arguments=types=T1,T2,...}: gives the function shape refinement runs on (the module's
 * only function, or {@code @main}) the argument types {@code types}, one per argument. A refinement keeps the
 * element type and the static dimensions and may make dynamic dimensions static (an unranked argument may become
 * any ranked tensor); equal types are left alone. Each refined argument's uses go through a
 * {@code stablehlo.custom_call @stablehlo.shape_refinement_operand_wrapper(%arg, shape)} of the old type, so the
 * program stays valid until {@code --stablehlo-refine-shapes} propagates the new types and removes the wrappers.
 * An invalid refinement is an error at the function and the pass fails (upstream's diagnostics).
 */
public final class RefineArgumentsPass implements Pass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-refine-arguments";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Refines the argument shapes of the main function.";
    /** The call target of the operand wrappers this pass inserts. */
    public static final String OPERAND_WRAPPER = "stablehlo.shape_refinement_operand_wrapper";

    private final List<String> typeStrings;
    private final List<Type> types;

    private RefineArgumentsPass(List<String> typeStrings, List<Type> types) {
        this.typeStrings = typeStrings;
        this.types = types;
    }

    /**
     * A pass refining the arguments to {@code types}.
     *
     * @param types one type per argument of the refined function
     * @return the pass
     */
    public static RefineArgumentsPass of(List<Type> types) {
        return new RefineArgumentsPass(null, List.copyOf(types));
    }

    /**
     * Reads the options: {@code types=T1,T2,...} (types in MLIR syntax; commas inside a type's brackets do not
     * separate), possibly quoted, or nothing (no arguments).
     *
     * @param options the option text
     * @return the pass
     * @throws IllegalArgumentException on an unknown option
     */
    public static RefineArgumentsPass fromOptions(String options) {
        String o = options.trim();
        if (o.isEmpty()) return new RefineArgumentsPass(List.of(), null);
        if (!o.startsWith("types=")) {
            throw new IllegalArgumentException("unknown option '" + o + "' (expected types=...)");
        }
        String list = o.substring("types=".length()).trim();
        if (list.length() >= 2 && (list.startsWith("'") && list.endsWith("'")
                || list.startsWith("\"") && list.endsWith("\""))) {
            list = list.substring(1, list.length() - 1);
        }
        return new RefineArgumentsPass(splitTopLevel(list), null);
    }

    /** Splits at commas outside brackets and quotes; blank items are dropped. */
    static List<String> splitTopLevel(String text) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '\\') i++;
                else if (c == '"') quoted = false;
                continue;
            }
            switch (c) {
                case '"' -> quoted = true;
                case '<', '(', '[', '{' -> depth++;
                case '>', ')', ']', '}' -> depth = Math.max(0, depth - 1);
                case ',' -> {
                    if (depth == 0) {
                        if (!text.substring(start, i).isBlank()) out.add(text.substring(start, i).trim());
                        start = i + 1;
                    }
                }
                default -> { }
            }
        }
        if (!text.substring(start).isBlank()) out.add(text.substring(start).trim());
        return out;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        Context ctx = context.context();
        Operation func = target(module);
        if (func == null) {
            throw new DiagnosticException(Diagnostic.error(module.op().location(),
                    "'" + module.op().name() + "' op has no function to refine"));
        }
        List<Type> refined = types;
        if (refined == null) {
            refined = new ArrayList<>();
            for (String s : typeStrings) {
                Type t;
                try {
                    t = AsmParser.parseType(ctx, s);
                } catch (DiagnosticException e) {
                    t = null;
                }
                if (t == null) {
                    throw new DiagnosticException(Diagnostic.error(module.op().location(),
                            "'" + module.op().name() + "' op Invalid type string: " + s));
                }
                refined.add(t);
            }
        }
        List<Diagnostic> errors = new ArrayList<>();
        if (!refineArguments(ctx, func, refined, errors::add)) throw new DiagnosticException(errors);
    }

    /**
     * The function shape refinement runs on (upstream's {@code getStablehloRefineShapesTarget}): the module's only
     * function, or {@code @main} when it has several; null when it has none.
     *
     * @throws DiagnosticException when there are several functions and no {@code @main}, or the function has more
     *                             than one block
     */
    static Operation target(ModuleOp module) throws DiagnosticException {
        List<Operation> funcs = new ArrayList<>();
        Operation main = null;
        for (Operation op : module.body().operations()) {
            if (!FuncOp.is(op)) continue;
            funcs.add(op);
            if (op.attr("sym_name") instanceof StringAttr s && s.value().equals("main")) main = op;
        }
        if (funcs.isEmpty()) return null;
        Operation result = funcs.size() == 1 ? funcs.get(0) : main;
        if (result == null) {
            throw new DiagnosticException(Diagnostic.error(module.op().location(), "'" + module.op().name()
                    + "' op must have no more than one function or a `main` function to clearly identify which "
                    + "function will be refined"));
        }
        if (result.region(0).numBlocks() != 1) {
            throw new DiagnosticException(Diagnostic.error(result.location(),
                    "'" + result.name() + "' op must have exactly one block"));
        }
        return result;
    }

    /**
     * Checks {@code refined} against the argument types of {@code func} (upstream's {@code validateRefinedTypes});
     * the first problem is reported to {@code errors}.
     *
     * @return whether they are a valid refinement
     */
    static boolean validateRefinedTypes(Operation func, List<Type> argTypes, List<Type> refined,
                                        Consumer<Diagnostic> errors) {
        String prefix = "'" + func.name() + "' op ";
        if (argTypes.size() != refined.size()) {
            errors.accept(Diagnostic.error(func.location(), prefix + "number of refinements must match number of op "
                    + "operands " + refined.size() + " vs " + argTypes.size()));
            return false;
        }
        for (int i = 0; i < argTypes.size(); i++) {
            Type type = argTypes.get(i);
            Type to = refined.get(i);
            if (type.equals(to)) continue;
            String problem = refinementProblem(type, to);
            if (problem != null) {
                errors.accept(Diagnostic.error(func.location(), prefix + "invalid refinement for argument " + i
                        + ", refinement " + problem + " in " + ShapeRefinement.print(type) + " -> "
                        + ShapeRefinement.print(to)));
                return false;
            }
        }
        return true;
    }

    private static String refinementProblem(Type type, Type to) {
        if (!isTensor(type) || !isTensor(to)) return "must be a tensor";
        Type element = ((org.stablehlo4j.ir.ShapedType) type).elementType();
        if (!element.equals(((org.stablehlo4j.ir.ShapedType) to).elementType())) return "element types must match";
        if (to instanceof UnrankedTensorType) return "must be ranked";
        if (!(type instanceof RankedTensorType t)) return null;
        RankedTensorType r = (RankedTensorType) to;
        if (t.rank() != r.rank()) return "rank must match operand rank";
        for (int d = 0; d < t.rank(); d++) {
            if (t.dim(d) != org.stablehlo4j.ir.ShapedType.DYNAMIC && t.dim(d) != r.dim(d)) {
                return "dimension sizes must match for static dimensions";
            }
        }
        return null;
    }

    private static boolean isTensor(Type t) {
        return t instanceof RankedTensorType || t instanceof UnrankedTensorType;
    }

    /**
     * Refines the arguments of {@code func} to {@code refined} (upstream's {@code refineArguments}): validates
     * them, wraps each changed argument's uses in an operand wrapper of its old type, then changes the argument
     * types and the function type.
     *
     * @return false (with the problem reported to {@code errors}) when the refinement is invalid
     */
    static boolean refineArguments(Context ctx, Operation func, List<Type> refined, Consumer<Diagnostic> errors) {
        Block body = func.region(0).entry();
        List<Type> argTypes = new ArrayList<>();
        for (BlockArgument a : body.arguments()) argTypes.add(a.type());
        if (!validateRefinedTypes(func, argTypes, refined, errors)) return false;
        OpBuilder builder = new OpBuilder(ctx);
        builder.setInsertionPointToStart(body);
        Operation first = body.first();
        if (first != null) builder.setInsertionPoint(first);
        for (int i = 0; i < body.numArguments(); i++) {
            BlockArgument arg = body.argument(i);
            Type to = refined.get(i);
            if (arg.type().equals(to)) continue;
            RankedTensorType rt = (RankedTensorType) to;
            DenseElementsAttr shape = Constants.ofInts(
                    new RankedTensorType(new long[] {rt.rank()}, IntegerType.I64), rt.shape());
            Value c = Constants.materialize(builder, arg.location(), shape).output();
            Operation wrapper = CustomCallOp.createWithTypes(builder, arg.location(), List.of(arg.type()),
                    List.of(arg, c), StringAttr.of(OPERAND_WRAPPER), null, null, null, null, null, null, null, null)
                    .operation();
            wrapper.setAttributes(DictionaryAttr.of(List.of(new NamedAttribute("indices_of_shape_operands",
                    Constants.ofInts(new RankedTensorType(new long[] {1}, IntegerType.I64), new long[] {1})))));
            arg.replaceUsesWithIf(wrapper.result(0), use -> use.user() != wrapper);
        }
        for (int i = 0; i < body.numArguments(); i++) body.argument(i).setType(refined.get(i));
        RefinePatterns.setFunctionType(func, new FunctionType(refined, RefinePatterns.resultTypes(func)));
        return true;
    }

    /**
     * Removes arguments {@code [from, to)} of {@code func} (which must be unused) from its block, its function
     * type and its {@code arg_attrs}.
     */
    static void eraseArguments(Operation func, int from, int to) {
        if (from >= to) return;
        Block body = func.region(0).entry();
        for (int i = to - 1; i >= from; i--) body.eraseArgument(i);
        List<Type> inputs = new ArrayList<>();
        if (func.attr("function_type") instanceof TypeAttr t && t.value() instanceof FunctionType f) {
            inputs.addAll(f.inputs());
            inputs.subList(from, Math.min(to, inputs.size())).clear();
        }
        RefinePatterns.setFunctionType(func, new FunctionType(inputs, RefinePatterns.resultTypes(func)));
        if (func.properties().get("arg_attrs") instanceof ArrayAttr attrs && attrs.elements().size() >= to) {
            List<Attribute> kept = new ArrayList<>(attrs.elements());
            kept.subList(from, to).clear();
            func.setProperties(func.properties().with("arg_attrs", new ArrayAttr(kept)));
        }
    }
}
