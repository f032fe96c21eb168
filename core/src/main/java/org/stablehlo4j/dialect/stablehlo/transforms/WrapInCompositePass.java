package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.func.ReturnOp;
import org.stablehlo4j.dialect.stablehlo.ops.CompositeOp;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IRMapping;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.OperationName;
import org.stablehlo4j.ir.PatternRewriter;
import org.stablehlo4j.ir.PatternSet;
import org.stablehlo4j.ir.RewritePattern;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.SymbolTable;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.pass.Effects;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.pass.PassOptions;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * {@code --stablehlo-wrap-in-composite='op-names=a,b version=N'} (upstream's {@code StablehloWrapInCompositePass}):
 * each op of the module whose name is listed is replaced by a {@code stablehlo.composite} named after the op, with
 * the op's attributes (inherent and discardable) as its {@code composite_attributes}, the given {@code version},
 * and as decomposition a new private function {@code @NAME.impl} (made unique, as MLIR's symbol table does, with
 * a {@code _N} suffix) appended to the module, whose body is a copy of the op returning its results. Only the ops
 * present when the pass starts are wrapped (upstream's {@code ExistingOps} strictness), so the copies in the new
 * functions stay as they are. A name that is no registered op is reported as a warning and ignored.
 */
public final class WrapInCompositePass implements Pass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-wrap-in-composite";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Wraps a non-composite  StableHLO op in a composite op.";

    private final List<String> opNames;
    private final int version;

    /**
     * A pass wrapping the ops named {@code opNames} in composites of version {@code version}.
     *
     * @param opNames full op names
     * @param version the composites' version
     */
    public WrapInCompositePass(List<String> opNames, int version) {
        this.opNames = List.copyOf(opNames);
        this.version = version;
    }

    /**
     * Reads the options {@code op-names=a,b,...} and {@code version=N}.
     *
     * @param options the option text
     * @return the pass
     * @throws IllegalArgumentException on an unknown option or a malformed version
     */
    public static WrapInCompositePass fromOptions(String options) {
        PassOptions o = PassOptions.parse(NAME, options, Set.of("op-names", "version"));
        return new WrapInCompositePass(o.list("op-names"), o.int32("version", 0));
    }

    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        Context ctx = context.context();
        Set<OperationName> wrap = new LinkedHashSet<>();
        for (String n : opNames) {
            OperationName name = ctx.opDefinition(n) == null ? null : ctx.opName(n);
            if (name == null) {
                context.emitWarning(Location.UNKNOWN, "Unknown op name in opNamesOption: '" + n
                        + "' is not a registered operation.");
            } else {
                wrap.add(name);
            }
        }
        if (wrap.isEmpty()) return;
        Set<Operation> existing = Collections.newSetFromMap(new IdentityHashMap<>());
        module.op().walk(op -> {
            if (wrap.contains(op.opName())) existing.add(op);
        });
        GreedyRewriteDriver.apply(module.op(), new PatternSet().add(new Wrap(existing, version)),
                GreedyRewriteDriver.Config.DEFAULT.withIsPure(Effects.triviallyDeadIfUnused(ctx)));
    }

    /** An op present at the start (and named in the options) → a composite calling a new function. */
    static final class Wrap extends RewritePattern {
        private final Set<Operation> targets;
        private final int version;

        Wrap(Set<Operation> targets, int version) {
            super(null, 1);
            this.targets = targets;
            this.version = version;
        }

        @Override
        public boolean matchAndRewrite(Operation op, PatternRewriter rewriter) {
            if (!targets.remove(op)) return false;
            Operation module = op.parentOp();
            while (module != null && !ModuleOp.isModule(module)) module = module.parentOp();
            if (module == null) return rewriter.notifyMatchFailure(op, "Failed to find enclosing module");
            String impl = buildDecomposition(op, new ModuleOp(module), rewriter);
            List<NamedAttribute> attrs = new ArrayList<>(op.properties().entries());
            attrs.addAll(op.attributes().entries());
            DictionaryAttr compositeAttrs = DictionaryAttr.of(attrs);
            List<Type> types = new ArrayList<>();
            for (OpResult r : op.results()) types.add(r.type());
            Operation composite = CompositeOp.createWithTypes(rewriter, op.location(), types,
                    new ArrayList<>(op.operands()), StringAttr.of(op.name()),
                    compositeAttrs.isEmpty() ? null : compositeAttrs, SymbolRefAttr.flat(impl),
                    version == 0 ? null : IntegerAttr.of(IntegerType.I32, version), 0).operation();
            rewriter.replaceOp(op, composite);
            return true;
        }

        /** Appends {@code private @NAME.impl} computing {@code op} to the module; returns its (unique) name. */
        private static String buildDecomposition(Operation op, ModuleOp module, PatternRewriter rewriter) {
            String name = op.name() + ".impl";
            if (SymbolTable.lookupSymbol(op, name) != null) {
                int n = 0;
                while (SymbolTable.lookupSymbol(op, name + "_" + n) != null) n++;
                name = name + "_" + n;
            }
            List<Type> in = new ArrayList<>();
            for (Value v : op.operands()) in.add(v.type());
            List<Type> out = new ArrayList<>();
            for (OpResult r : op.results()) out.add(r.type());
            OpBuilder.InsertPoint ip = rewriter.saveInsertionPoint();
            rewriter.setInsertionPointToEnd(module.body());
            Location loc = op.location();
            Operation fn = FuncOp.create(rewriter, loc, StringAttr.of(name), new TypeAttr(new FunctionType(in, out)),
                    StringAttr.of("private"), null, null, null).operation();
            Block entry = new Block();
            for (Type t : in) entry.addArgument(t, loc);
            fn.region(0).append(entry);
            rewriter.setInsertionPointToEnd(entry);
            Operation copy = rewriter.clone(op, new IRMapping());
            for (int i = 0; i < in.size(); i++) copy.setOperand(i, entry.argument(i));
            ReturnOp.create(rewriter, loc, new ArrayList<>(copy.results()));
            rewriter.restoreInsertionPoint(ip);
            return name;
        }
    }

    @Override
    public String name() {
        return NAME;
    }
}
