package org.stablehlo4j.dialect;

import java.util.HashMap;
import org.stablehlo4j.ir.OpDefinition;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The registered dialects and ops. Dialect packages contribute their op tables here.
 */
public final class Registry {
    private static final Map<String, OpDefinition> OPS = new HashMap<>();
    private static final Set<String> DIALECTS = new HashSet<>();

    static {
        DIALECTS.add("builtin");
        DIALECTS.add("func");
        for (OpDefinition d : org.stablehlo4j.dialect.builtin.BuiltinOps.TABLE.all()) register(d);
        for (OpDefinition d : org.stablehlo4j.dialect.func.FuncOps.TABLE.all()) register(d);
        // Dialect op tables (stablehlo-opt registers both): keep last, they call register().
        for (OpDefinition d : org.stablehlo4j.dialect.stablehlo.StablehloOps.all()) register(d);
        for (OpDefinition d : org.stablehlo4j.dialect.check.CheckOps.TABLE.all()) register(d);
        for (OpDefinition d : org.stablehlo4j.dialect.interpreter.InterpreterOps.TABLE.all()) register(d);
        for (OpDefinition d : org.stablehlo4j.dialect.chlo.ChloOps.TABLE.all()) register(d);
        org.stablehlo4j.dialect.mlir.MlirOps.registerAll();
        // stablehlo-opt also loads VHLO: its ops keep their attributes in properties.
        org.stablehlo4j.dialect.vhlo.ops.VhloOpTable.registerAll();
    }

    private Registry() {}

    public static synchronized void register(OpDefinition def) {
        OPS.put(def.name(), def);
        DIALECTS.add(def.dialect());
    }

    /** The op's definition, or null if unregistered. */
    public static synchronized OpDefinition lookup(String opName) {
        return OPS.get(opName);
    }

    public static synchronized boolean isDialectRegistered(String dialect) {
        return DIALECTS.contains(dialect);
    }
}
