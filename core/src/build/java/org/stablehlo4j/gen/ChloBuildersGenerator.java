package org.stablehlo4j.gen;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpDefinition.Arity;
import org.stablehlo4j.ir.OpDefinition.ValueSpec;

/**
 * Writes {@code api.build.ChloBuilder}: the builder methods of the CHLO ops, from the same rows as the typed CHLO
 * classes. An op gets a method when it infers its result types, has no region, takes one to three single
 * operands and no required attribute: the element-wise math ops ({@code erf}, {@code acos}, ...), the binary ones
 * ({@code next_after}, {@code zeta}, ...) and the broadcasting ones ({@code broadcast_add}, ...,
 * {@code broadcast_select}), which also get an overload with their {@code broadcast_dimensions}. Ops whose
 * mnemonic starts with an underscore are the decompositions' own and get none.
 */
final class ChloBuildersGenerator {
    private ChloBuildersGenerator() {}

    static String chloBuilders(Collection<OpDefinition> rows) {
        StringBuilder s = new StringBuilder();
        s.append("package org.stablehlo4j.api.build;\n\n");
        s.append("import java.util.List;\n\nimport org.stablehlo4j.dialect.chlo.*;\n")
                .append("import org.stablehlo4j.ir.DenseArrayAttr;\nimport org.stablehlo4j.ir.Value;\n\n");
        s.append("/**\n * Appends CHLO ops to the block of an {@link Ops} ({@link Ops#chlo()}), one method per CHLO op")
                .append(" that infers its\n * result types and needs no attribute (generated from the CHLO op rows);")
                .append(" each op is verified as it is\n * built, like the StableHLO ones. Names follow the op mnemonics")
                .append(" in camel case. A module with CHLO ops\n * runs in the interpreter as it is; to serialize it,")
                .append(" opt in to lowering CHLO first\n * ({@code SerializeOptions.withLowerChlo(true)}).")
                .append(" Other CHLO ops ({@code broadcast_compare},\n * {@code top_k}, ...) are built with")
                .append(" {@link Ops#op(String, java.util.List, java.util.Map, java.util.List, java.util.List)}.\n */\n");
        s.append("public final class ChloBuilder {\n    private final Ops ops;\n\n")
                .append("    ChloBuilder(Ops ops) {\n        this.ops = ops;\n    }\n");
        for (OpDefinition def : rows) {
            List<ValueSpec> ins = def.operands();
            boolean fits = !def.mnemonic().startsWith("_") && def.infersResultTypes() && def.regions().isEmpty()
                    && !ins.isEmpty() && ins.size() <= 3 && def.results().size() == 1
                    && ins.stream().allMatch(v -> v.arity() == Arity.SINGLE)
                    && def.attributes().stream().noneMatch(a -> a.presence() == OpDefinition.Presence.REQUIRED);
            if (!fits) continue;
            List<String> params = new ArrayList<>();
            for (ValueSpec v : ins) params.add(TypedOpsGenerator.camel(v.name()));
            String method = TypedOpsGenerator.camel(def.mnemonic());
            String cls = TypedOpsGenerator.className(def.mnemonic());
            boolean dims = def.attributes().size() == 1 && def.attributes().get(0).name().equals("broadcast_dimensions");
            if (!dims && !def.attributes().isEmpty()) continue;
            appendMethod(s, def, method, cls, params, dims ? "null" : null);
            if (dims) appendMethod(s, def, method, cls, params, "dims");
        }
        s.append("}\n");
        return s.toString();
    }

    /** One method; {@code dims} is null (no attribute), "null" (left out) or "dims" (a parameter). */
    private static void appendMethod(StringBuilder s, OpDefinition def, String method, String cls, List<String> params,
            String dims) {
        s.append("\n    /**\n     * {@code ").append(def.name()).append("}");
        s.append("dims".equals(dims) ? " with explicit broadcast dimensions.\n     *\n"
                : "null".equals(dims) ? " (numpy-style broadcasting).\n     *\n" : ".\n     *\n");
        for (String p : params) s.append("     * @param ").append(p).append(" operand {@code ").append(p).append("}\n");
        if ("dims".equals(dims)) {
            s.append("     * @param broadcastDimensions the dimensions of the higher-rank operand that the lower-rank ")
                    .append("operand's\n     *        dimensions map to\n");
        }
        s.append("     * @return the result\n     */\n");
        s.append("    public Value ").append(method).append("(Value ").append(String.join(", Value ", params));
        if ("dims".equals(dims)) s.append(", List<Long> broadcastDimensions");
        s.append(") {\n");
        List<String> args = new ArrayList<>(params);
        if ("dims".equals(dims)) {
            args.add("DenseArrayAttr.ofLongs(broadcastDimensions.stream().mapToLong(Long::longValue).toArray())");
        } else if (dims != null) {
            args.add("null");
        }
        s.append("        return ops.build1((ob, l) -> ").append(cls).append(".create(ob, l, ")
                .append(String.join(", ", args)).append("));\n    }\n");
    }
}
