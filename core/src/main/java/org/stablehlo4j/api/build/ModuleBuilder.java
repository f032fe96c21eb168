package org.stablehlo4j.api.build;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.func.ReturnOp;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;

import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.verify.Verifier;

/**
 * Builds a module of functions:
 * <pre>{@code
 * ModuleOp m = ModuleBuilder.create(api)
 *         .func("main", List.of(Types.tensor(Types.F32, 2)), (ops, args) -> List.of(ops.add(args.get(0), args.get(0))))
 *         .build();
 * }</pre>
 * Each function's result types are those of the values its body returns. Functions and the ops in them are
 * verified as they are built ({@link BuildException} with the verifier's message), the module once more by
 * {@link #build()}.
 */
public final class ModuleBuilder {
    private final Context context;
    private final ModuleOp module;
    private boolean built;

    private ModuleBuilder(Context context) {
        this.context = Objects.requireNonNull(context, "context");
        this.module = ModuleOp.empty(context, Location.UNKNOWN);
    }

    /**
     * A builder for a new module in {@code context} (which must have the func and stablehlo dialects).
     *
     * @param context the context
     * @return the builder
     */
    public static ModuleBuilder create(Context context) {
        return new ModuleBuilder(context);
    }

    /**
     * A builder for a new module in the context of {@code api}.
     *
     * @param api the facade whose context is used
     * @return the builder
     */
    public static ModuleBuilder create(StableHlo api) {
        return new ModuleBuilder(api.context());
    }

    /**
     * A type written in MLIR syntax, e.g. {@code tensor<2x?xbf16>} or {@code !stablehlo.token}.
     *
     * @param mlir the type's text
     * @return the type
     * @throws BuildException when the text is not a type
     */
    public Type type(String mlir) {
        try {
            return AsmParser.parseType(context, mlir);
        } catch (DiagnosticException e) {
            throw new BuildException(e.diagnostics());
        }
    }

    /**
     * Adds a public function {@code @name} whose body is built by {@code body}; the values it returns are the
     * function's results.
     *
     * @param name          the symbol name
     * @param argumentTypes the argument types
     * @param body          builds the body from the arguments and returns the results
     * @return this builder
     * @throws BuildException when an op or the function does not verify
     */
    public ModuleBuilder func(String name, List<Type> argumentTypes, RegionBody body) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(body, "body");
        if (built) throw new IllegalStateException("build() was called already");
        List<Type> args = List.copyOf(argumentTypes);
        OpBuilder b = new OpBuilder(context);
        b.setInsertionPointToEnd(module.body());
        Operation fn = FuncOp.create(b, Location.UNKNOWN, StringAttr.of(name), functionType(args, List.of()), null,
                null, null, null).operation();
        try {
            Block entry = new Block();
            for (Type t : args) entry.addArgument(Objects.requireNonNull(t, "argument type"), Location.UNKNOWN);
            fn.region(0).append(entry);
            Ops ops = new Ops(context, entry, (o, values) -> o.build((ob, l) -> ReturnOp.create(ob, l, values)));
            List<Value> results = body.build(ops, List.copyOf(entry.arguments()));
            if (results == null) results = List.of();
            List<Type> resultTypes = new ArrayList<>();
            for (Value v : results) resultTypes.add(Objects.requireNonNull(v, "returned value").type());
            fn.setProperties(fn.properties().with("function_type", functionType(args, resultTypes)));
            ops.terminate(results);
            Verifier.verify(context, fn);
        } catch (DiagnosticException e) {
            fn.erase();
            throw new BuildException(e.diagnostics());
        } catch (RuntimeException e) {
            fn.erase();
            throw e;
        }
        return this;
    }

    private static TypeAttr functionType(List<Type> args, List<Type> results) {
        return new TypeAttr(new FunctionType(args, results));
    }

    /**
     * Verifies the module and returns it; the builder cannot be used afterwards.
     *
     * @return the module
     * @throws BuildException when the module does not verify (e.g. a call to a function that is not there)
     */
    public ModuleOp build() {
        try {
            Verifier.verify(context, module);
        } catch (DiagnosticException e) {
            throw new BuildException(e.diagnostics());
        }
        built = true;
        return module;
    }
}
