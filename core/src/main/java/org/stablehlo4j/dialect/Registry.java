package org.stablehlo4j.dialect;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The registered dialects and ops. Dialect packages contribute their op tables here.
 */
public final class Registry {
    private static final Map<String, OpDef> OPS = new HashMap<>();
    private static final Set<String> DIALECTS = new HashSet<>();

    static {
        DIALECTS.add("builtin");
        DIALECTS.add("func");
        register(new OpDef("builtin.module", List.of("sym_name", "sym_visibility"), true));
        register(new OpDef("func.func",
                List.of("sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs", "no_inline"), true));
        register(new OpDef("func.return", List.of(), true));
        register(new OpDef("builtin.unrealized_conversion_cast", List.of(), true));
        register(new OpDef("func.call", List.of("callee", "arg_attrs", "res_attrs", "no_inline"), true));
        // Dialect op tables (stablehlo-opt registers both): keep last, they call register().
        org.stablehlo4j.dialect.stablehlo.StablehloOps.registerAll();
        org.stablehlo4j.dialect.check.CheckOps.TABLE.registerAll();
        org.stablehlo4j.dialect.interpreter.InterpreterOps.TABLE.registerAll();
        org.stablehlo4j.dialect.chlo.ChloOps.TABLE.registerAll();
        org.stablehlo4j.dialect.mlir.MlirOps.registerAll();
        // stablehlo-opt also loads VHLO: its ops keep their attributes in properties.
        org.stablehlo4j.dialect.vhlo.ops.VhloOpTable.registerAll();
    }

    private Registry() {}

    public static synchronized void register(OpDef def) {
        OPS.put(def.name(), def);
        DIALECTS.add(def.dialect());
    }

    /** The op's definition, or null if unregistered. */
    public static synchronized OpDef lookup(String opName) {
        return OPS.get(opName);
    }

    public static synchronized boolean isDialectRegistered(String dialect) {
        return DIALECTS.contains(dialect);
    }
}
