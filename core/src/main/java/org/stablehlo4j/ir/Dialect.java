package org.stablehlo4j.ir;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A dialect loaded in a {@link Context} (MLIR's {@code Dialect}): its namespace, its ops and the interfaces it
 * contributes to the generic layers (text syntax, bytecode, ...). Everything is set up in the subclass's
 * constructor; generic code asks for an interface by class and gets the implementation or null, so it never
 * names a dialect.
 */
public abstract class Dialect {
    private final String namespace;
    private final Context context;
    private final Map<String, OpDefinition> ops = new LinkedHashMap<>();
    /** Tables whose rows are looked up there, so that a per-op table attaches code only to the ops a run meets. */
    private final Map<String, DialectOpTable> tableOps = new LinkedHashMap<>();
    private final Map<Class<?>, Object> interfaces = new ConcurrentHashMap<>();
    private final Map<OpTrait, OpTrait> traitImplementations = new ConcurrentHashMap<>();
    private volatile boolean allowUnknownOperations;
    private volatile boolean completeSignatures;

    /**
     * A dialect of {@code context} named {@code namespace}; subclasses register their ops and interfaces here.
     *
     * @param namespace the prefix of the dialect's ops, types and attributes
     * @param context the context loading it
     */
    protected Dialect(String namespace, Context context) {
        this.namespace = namespace;
        this.context = context;
    }

    /** {@return the namespace, e.g. {@code stablehlo}} */
    public final String namespace() {
        return namespace;
    }

    /** {@return the context this dialect is loaded in} */
    public final Context context() {
        return context;
    }

    /**
     * Registers ops (rows whose names start with this dialect's namespace). Only from the constructor.
     *
     * @param defs the op rows
     */
    protected final void addOperations(Collection<OpDefinition> defs) {
        for (OpDefinition d : defs) addOperation(d);
    }

    /**
     * Registers the ops of {@code table}; their rows are taken from the table when first asked for, so a table
     * made by {@link DialectOpTable#withHooksPerOp} attaches code only to the ops used. Only from the constructor.
     *
     * @param table the ops' table
     */
    protected final void addOperations(DialectOpTable table) {
        for (String name : table.names()) {
            if (!name.startsWith(namespace) || name.length() <= namespace.length()
                    || name.charAt(namespace.length()) != '.') {
                throw new IllegalArgumentException("op " + name + " does not belong to dialect " + namespace);
            }
            tableOps.put(name, table);
        }
    }

    /**
     * Registers one op (a row whose name starts with this dialect's namespace). Only from the constructor.
     *
     * @param def the op row
     */
    protected final void addOperation(OpDefinition def) {
        if (!def.dialect().equals(namespace)) {
            throw new IllegalArgumentException("op " + def.name() + " does not belong to dialect " + namespace);
        }
        ops.put(def.name(), def);
    }

    /**
     * Attaches an interface implementation (from the constructor or a registry extension).
     *
     * @param <I> the interface type
     * @param kind the interface's class
     * @param impl the implementation
     */
    public final <I> void addInterface(Class<I> kind, I impl) {
        interfaces.put(kind, kind.cast(impl));
    }

    /**
     * The implementation of {@code kind}, attached on first use: {@code make} runs at most once per dialect, also
     * when threads ask at the same time (for tables a consumer of the dialect fills lazily, e.g. the
     * interpreter's kernels). {@code make} must not attach interfaces to this dialect itself.
     *
     * @param <I> the interface type
     * @param kind the interface's class
     * @param make makes the implementation
     * @return the implementation attached now or before
     */
    public final <I> I getOrAddInterface(Class<I> kind, java.util.function.Supplier<? extends I> make) {
        return kind.cast(interfaces.computeIfAbsent(kind, k -> kind.cast(make.get())));
    }

    /**
     * The implementation of {@code kind} this dialect contributes, or null.
     *
     * @param <I> the interface type
     * @param kind the interface's class
     * @return the implementation, or null
     */
    public final <I> I getInterface(Class<I> kind) {
        return kind.cast(interfaces.get(kind));
    }

    /**
     * Supplies the body of a trait the op rows name as a promise ({@link Traits#promised}, e.g.
     * {@link OpTrait#COMPATIBLE_OPERANDS_AND_RESULT_TYPE}) for this dialect's ops (from the constructor or a
     * registry extension). MLIR's promised interfaces, for traits: the rows stay free of the dialect that defines
     * the trait.
     *
     * @param promised the trait as the rows name it
     * @param implementation the trait that verifies it
     */
    public final void implementTrait(OpTrait promised, OpTrait implementation) {
        traitImplementations.put(promised, implementation);
    }

    /**
     * The trait that verifies {@code trait} for this dialect's ops: the implementation handed over for a promised
     * trait, else {@code trait} itself.
     *
     * @param trait a trait of one of this dialect's rows
     * @return its implementation
     */
    public final OpTrait resolveTrait(OpTrait trait) {
        OpTrait impl = traitImplementations.get(trait);
        return impl == null ? trait : impl;
    }

    /** Accepts ops of this namespace that it does not define (MLIR {@code allowUnknownOperations}). */
    protected final void allowUnknownOperations() {
        allowUnknownOperations = true;
    }

    /** {@return whether ops of this namespace that it does not define are accepted} */
    public final boolean allowsUnknownOperations() {
        return allowUnknownOperations;
    }

    /**
     * Creates an op of this dialect that yields {@code value} as a constant of type {@code type} at
     * {@code builder}'s insertion point (MLIR's {@code Dialect::materializeConstant}), for the results that its
     * ops' folders return as attributes. The op must be constant-like ({@link OpTrait#CONSTANT_LIKE}) and fold to
     * {@code value}. The default materializes nothing.
     *
     * @param builder where to create the op
     * @param value the constant value
     * @param type the result type
     * @param loc the op's location
     * @return the new op, or null when this dialect cannot materialize {@code value}
     */
    public Operation materializeConstant(OpBuilder builder, Attribute value, Type type, Location loc) {
        return null;
    }

    /**
     * Declares that this dialect's rows spell out their full ODS signatures (operand/result/region groups, inherent
     * attributes, type constraints, traits), so the verifier checks them; rows of other dialects are checked only
     * through their hooks (verifier, regionVerifier, inferTypes).
     */
    protected final void declareCompleteSignatures() {
        completeSignatures = true;
    }

    /** {@return whether the verifier checks the ODS signatures of this dialect's rows} */
    public final boolean hasCompleteSignatures() {
        return completeSignatures;
    }

    /**
     * The row of op {@code fullName} of this dialect, or null.
     *
     * @param fullName the op's name with its dialect prefix
     * @return the op's row, or null
     */
    public final OpDefinition opDefinition(String fullName) {
        OpDefinition d = ops.get(fullName);
        if (d != null) return d;
        DialectOpTable t = tableOps.get(fullName);
        return t == null ? null : t.spec(fullName);
    }

    /**
     * Every op row, in registration order (a table's rows after the ops registered one by one).
     *
     * @return the rows
     */
    public final Collection<OpDefinition> operations() {
        if (tableOps.isEmpty()) return Collections.unmodifiableCollection(ops.values());
        java.util.List<OpDefinition> all = new java.util.ArrayList<>(ops.values());
        for (Map.Entry<String, DialectOpTable> e : tableOps.entrySet()) all.add(e.getValue().spec(e.getKey()));
        return Collections.unmodifiableList(all);
    }

    @Override
    public String toString() {
        return "Dialect(" + namespace + ")";
    }
}
