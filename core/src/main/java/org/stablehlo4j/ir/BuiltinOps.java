package org.stablehlo4j.ir;

/**
 * The builtin dialect's ops: {@code builtin.module} and {@code builtin.unrealized_conversion_cast}. Their rows and
 * names live in {@code ir} (as MLIR's BuiltinOps.td lives in mlir/IR), where the generic layers (bytecode, verify,
 * pass) and compat reach them; the dialect class is {@code dialect.builtin.BuiltinDialect}.
 */
public final class BuiltinOps {
    /** The dialect's namespace. */
    public static final String DIALECT = "builtin";

    /** The dialect's op rows. */
    public static final DialectOpTable TABLE = OpTable.define(DIALECT, BuiltinOps::rows);

    /** The full name of {@code builtin.module} ({@link ModuleOp#NAME}). */
    public static final String MODULE = "builtin.module";

    /** The full name of {@code builtin.unrealized_conversion_cast}. */
    public static final String UNREALIZED_CONVERSION_CAST = "builtin.unrealized_conversion_cast";

    /** The row of {@code builtin.module}. */
    static final OpDefinition MODULE_ROW = TABLE.spec(MODULE);

    /** The row of {@code builtin.unrealized_conversion_cast}. */
    private static final OpDefinition UNREALIZED_CONVERSION_CAST_ROW = TABLE.spec(UNREALIZED_CONVERSION_CAST);

    /**
     * Whether {@code op} is a {@code builtin.unrealized_conversion_cast}: by the identity of its row (by name only
     * for an op without a row, e.g. of a {@link OperationName#detached detached} name).
     *
     * @param op an op
     * @return whether it is a cast
     */
    public static boolean isUnrealizedConversionCast(Operation op) {
        OperationName n = op.opName();
        OpDefinition def = n.definition();
        return def != null ? def == UNREALIZED_CONVERSION_CAST_ROW
                : n.name().equals(UNREALIZED_CONVERSION_CAST);
    }

    private BuiltinOps() {}

    /** ODS's ZeroOperands and ZeroResults traits of ModuleOp. */
    private static void verifyModule(Operation op) {
        if (op.numOperands() != 0) throw VerificationError.op(op, "requires zero operands");
        if (op.numResults() != 0) throw VerificationError.op(op, "requires zero results");
    }

    /**
     * MLIR's fold of {@code unrealized_conversion_cast}: a cast to its operands' own types is its operands, and a
     * cast that undoes the cast defining all of its operands is that cast's operands.
     */
    private static java.util.List<Object> foldCast(Operation op, Attribute[] constants) {
        java.util.List<Value> in = op.operands();
        if (types(in).equals(types(op.results()))) return new java.util.ArrayList<>(in);
        Operation def = in.isEmpty() ? null : in.get(0).definingOp();
        if (def == null || !isUnrealizedConversionCast(def) || !def.results().equals(in)
                || !types(def.operands()).equals(types(op.results()))) {
            return null;
        }
        return new java.util.ArrayList<>(def.operands());
    }

    private static java.util.List<Type> types(java.util.List<? extends Value> values) {
        java.util.List<Type> out = new java.util.ArrayList<>(values.size());
        for (Value v : values) out.add(v.type());
        return out;
    }

    private static void rows(OpTable t) {
        t.op("module").optAttr("sym_name", AttrKind.STRING).optAttr("sym_visibility", AttrKind.STRING)
                .region("bodyRegion")
                .traits(OpTrait.ISOLATED_FROM_ABOVE, OpTrait.NO_TERMINATOR, OpTrait.GRAPH_REGION, OpTrait.SYMBOL_TABLE)
                .custom()
                .verifier(BuiltinOps::verifyModule);
        t.op("unrealized_conversion_cast").varIn("inputs", "AnyType").varOut("outputs", "AnyType")
                .traits(OpTrait.PURE).custom()
                .folder(BuiltinOps::foldCast);
    }
}
