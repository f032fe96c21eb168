package org.stablehlo4j.init;

import org.stablehlo4j.dialect.builtin.BuiltinDialect;
import org.stablehlo4j.dialect.check.CheckDialect;
import org.stablehlo4j.dialect.chlo.ChloDialect;
import org.stablehlo4j.dialect.func.FuncDialect;
import org.stablehlo4j.dialect.interpreter.InterpreterDialect;
import org.stablehlo4j.dialect.mlir.ArithDialect;
import org.stablehlo4j.dialect.mlir.CfDialect;
import org.stablehlo4j.dialect.mlir.MemRefDialect;
import org.stablehlo4j.dialect.mlir.ScfDialect;
import org.stablehlo4j.dialect.mlir.TensorDialect;
import org.stablehlo4j.dialect.quant.QuantDialect;
import org.stablehlo4j.dialect.sdy.SdyDialect;
import org.stablehlo4j.dialect.shape.ShapeDialect;
import org.stablehlo4j.dialect.sparse.SparseTensorDialect;
import org.stablehlo4j.dialect.stablehlo.ops.StablehloDialect;
import org.stablehlo4j.dialect.vhlo.VhloDialect;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectRegistry;

/**
 * The composition root of the dialects (upstream {@code stablehlo/dialect/Register.cpp} plus the dialect list of
 * {@code stablehlo-opt}): the one place that names every dialect. Nothing in core imports this package; the
 * tools, benchmarks and tests build their {@link Context} from it.
 */
public final class AllDialects {
    private AllDialects() {}

    /**
     * Dialects stablehlo-opt registers that stablehlo4j does not model: accepted with any op (kept generically)
     * so that upstream tests using them parse. Each entry: the namespace, then the upstream tests that need it.
     */
    static final String[][] STUBS = {
        {"hlo_test_speculatability", "stablehlo/tests/ops_speculatability.mlir"},
        {"hlo_test_infer", "stablehlo/tests/infer_stablehlo.mlir", "stablehlo/tests/infer_chlo.mlir"},
        {"hlo_test_broadcast", "stablehlo/tests/ops_broadcasting.mlir"},
        {"llvm", "stablehlo/tests/verify_scatter.mlir", "stablehlo/tests/verify_select_and_scatter.mlir"},
    };

    /** Adds every dialect stablehlo-opt loads to {@code registry}. */
    public static DialectRegistry register(DialectRegistry registry) {
        registry.insert("builtin", BuiltinDialect::new);
        registry.insert("func", FuncDialect::new);
        registry.insert("stablehlo", StablehloDialect::new);
        registry.insert("chlo", ChloDialect::new);
        registry.insert("vhlo", VhloDialect::new);
        registry.insert("check", CheckDialect::new);
        registry.insert("interpreter", InterpreterDialect::new);
        registry.insert("arith", ArithDialect::new);
        registry.insert("tensor", TensorDialect::new);
        registry.insert("shape", ShapeDialect::new);
        registry.insert("cf", CfDialect::new);
        registry.insert("quant", QuantDialect::new);
        registry.insert("sparse_tensor", SparseTensorDialect::new);
        registry.insert("sdy", SdyDialect::new);
        registry.insert("scf", ScfDialect::new);
        registry.insert("memref", MemRefDialect::memref);
        registry.insert("bufferization", MemRefDialect::bufferization);
        for (String[] stub : STUBS) {
            String ns = stub[0];
            registry.insert(ns, ctx -> new StubDialect(ns, ctx));
        }
        return registry;
    }

    /** A new registry with every dialect. */
    public static DialectRegistry registry() {
        return register(new DialectRegistry());
    }

    /** A new context over {@link #registry()} (dialects load lazily). */
    public static Context newContext() {
        return new Context(registry());
    }

    /** A dialect stablehlo-opt registers but stablehlo4j does not model: any op of it is accepted. */
    static final class StubDialect extends Dialect {
        StubDialect(String namespace, Context context) {
            super(namespace, context);
            allowUnknownOperations();
        }
    }
}
