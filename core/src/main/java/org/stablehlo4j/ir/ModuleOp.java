package org.stablehlo4j.ir;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A parsed program: the top-level {@code builtin.module} operation plus the file-level
 * {@code dialect_resources} blobs (dialect -> key -> blob) and external resources kept as text.
 */
public final class ModuleOp {
    /** The op name of a module. */
    public static final String NAME = BuiltinOps.MODULE;

    private final Operation op;
    private final Map<String, Map<String, ResourceBlob>> dialectResources = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> externalResources = new LinkedHashMap<>();

    /**
     * A view of {@code op}, a {@code builtin.module}.
     *
     * @param op the module operation
     */
    public ModuleOp(Operation op) {
        if (!isModule(op)) throw new IllegalArgumentException("not a builtin.module");
        this.op = op;
    }

    /**
     * A new empty {@code module {}} with one empty block.
     *
     * @param loc the module's location
     * @return the new module
     */
    public static ModuleOp empty(Location loc) {
        return empty(OperationName.detached(NAME), loc);
    }

    /**
     * A new empty {@code module {}} of {@code context}, with one empty block.
     *
     * @param context the context the module's name is interned in
     * @param loc the module's location
     * @return the new module
     */
    public static ModuleOp empty(Context context, Location loc) {
        return empty(context.opName(NAME), loc);
    }

    private static ModuleOp empty(OperationName name, Location loc) {
        Operation op = Operation.create(name, java.util.List.of(), java.util.List.of(), null, null, 1,
                java.util.List.of(), loc);
        op.region(0).append(new Block());
        return new ModuleOp(op);
    }

    /**
     * Whether {@code op} is a {@code builtin.module}: by the identity of its row (by name only for an op without
     * a row, e.g. of a {@link OperationName#detached detached} name).
     *
     * @param op an op
     * @return whether it is a module
     */
    public static boolean isModule(Operation op) {
        OperationName n = op.opName();
        OpDefinition def = n.definition();
        return def != null ? def == BuiltinOps.MODULE_ROW : n.name().equals(NAME);
    }

    /** {@return the {@code builtin.module} operation} */
    public Operation op() { return op; }

    /** {@return the module's body block (its functions and other top-level ops)} */
    public Block body() { return op.region(0).entry(); }

    /**
     * Mutable: dialect name -> resource key -> blob, in insertion order.
     *
     * @return the resources, by dialect and key
     */
    public Map<String, Map<String, ResourceBlob>> dialectResources() { return dialectResources; }

    /**
     * Mutable: {@code external_resources} section, kept as raw text values.
     *
     * @return the entries, by dialect and key
     */
    public Map<String, Map<String, String>> externalResources() { return externalResources; }
}
