package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.DialectBodyException;
import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.SymbolRefAttr;

/** Parsers of the sdy attributes' stripped forms (parsers.cc and attrs.td's formats), over a {@link SdyIn}. */
final class SdyAttrParser {
    private SdyAttrParser() {}

    /** The dialect's attribute hook: {@code #sdy.mnemonic<...>} bodies become structured attributes. */
    static final AsmDialectInterface ASM = new AsmDialectInterface() {
        @Override
        public Attribute parseAttribute(DialectAttr opaque) {
            if (!opaque.pretty()) return opaque;
            String body = opaque.body();
            int e = 0;
            while (e < body.length() && (Character.isLetterOrDigit(body.charAt(e)) || body.charAt(e) == '_')) e++;
            String mnemonic = body.substring(0, e);
            SdyIn.SdyLexer in = new SdyIn.SdyLexer(body, e);
            if (mnemonic.equals(SdyPropagationEdges.MNEMONIC)) {
                // Kept as written; parsed here to run PropagationEdgesAttr::verify.
                String invalid = SdyPropagationEdges.verify(SdyPropagationEdges.parse(in));
                if (invalid != null) throw new DialectBodyException(0, invalid);
                if (!in.atEnd()) throw in.error("expected '>'");
                return opaque;
            }
            Attribute a = switch (mnemonic) {
                case "mesh" -> mesh(in);
                case "sharding" -> sharding(in);
                case "sharding_per_value" -> shardingPerValue(in);
                case "op_sharding_rule" -> rule(in);
                case "manual_axes" -> manualAxes(in);
                case "axis_ref_list" -> axisRefList(in);
                case "list_of_axis_ref_lists" -> listOfAxisRefLists(in);
                case "all_to_all_param_list" -> allToAllParams(in);
                case "sub_axis_info" -> subAxisInfo(in);
                default -> null;
            };
            if (a == null) {
                if (KNOWN.contains(mnemonic) || mnemonic.isEmpty()) return opaque;
                throw new DialectBodyException(0, "unknown attribute `" + mnemonic + "` in dialect `sdy`");
            }
            if (!in.atEnd()) throw in.error("expected '>'");
            return a;
        }
    };

    /** Mnemonics of attributes kept as text (propagation debugging metadata). */
    private static final java.util.Set<String> KNOWN = java.util.Set.of("propagation_edges", "edge_value_ref",
            "axis_to_propagation_details", "propagation_one_step", "mesh_axis", "axis_ref", "dimension_sharding",
            "dim_mapping", "tensor_mapping", "all_to_all_param", "propagation_direction", "edge_node_type",
            "reduction_op");

    // The errors upstream's generated and custom parsers add when a nested parameter fails (parsers.cc).
    static final String AXIS_REF_NAME = "failed to parse Sdy_AxisRef parameter 'name' which is to be a "
            + "`::llvm::StringRef`";
    static final String AXIS_LIST = "failed to parse axis list which is expected to be an `ArrayRef<AxisRefAttr>`";
    static final String REPLICATED_AXES = "failed to parse Sdy_TensorSharding parameter 'replicated_axes'";
    static final String UNREDUCED_AXES = "failed to parse Sdy_TensorSharding parameter 'unreduced_axes'";
    static final String DIM_SHARDINGS = "failed to parse Sdy_TensorSharding parameter 'dim_shardings' which is to "
            + "be a `::llvm::ArrayRef<DimensionShardingAttr>`";
    static final String SHARDINGS = "failed to parse Sdy_TensorShardingPerValue parameter 'shardings' which is to "
            + "be a `::llvm::ArrayRef<TensorShardingAttr>`";
    static final String DIM_MAPPINGS = "failed to parse Sdy_TensorMapping parameter 'dim_mappings' which is to be "
            + "a `::llvm::ArrayRef<DimMappingAttr>`";

    private static String mappingsFailure(String kind) {
        return "failed to parse Sdy_OpShardingRule parameter '" + kind + "_mappings' which is to be a "
                + "`::llvm::ArrayRef<TensorMappingAttr>`";
    }

    /** Runs {@code parse}; when it fails, adds {@code followUp} after the failure's own errors. */
    private static <T> T chained(SdyIn in, java.util.function.Supplier<T> parse, String followUp) {
        try {
            return parse.get();
        } catch (RuntimeException e) {
            throw in.withFollowUp(e, in.offset(), followUp);
        }
    }

    static MeshAxisAttr meshAxis(SdyIn in) {
        int at = in.offset();
        String name = in.parseString("expected string");
        in.expect("=");
        long size = in.parseInteger();
        String invalid = SdyAxes.meshAxis(size);
        if (invalid != null) {
            throw in.withFollowUp(in.errorAt(at, invalid), in.offset(),
                    "failed to parse Sdy_Mesh parameter 'axes' which is to be a `::llvm::ArrayRef<MeshAxisAttr>`");
        }
        return new MeshAxisAttr(name, size);
    }

    /** {@code <[axes], device_ids=[...]>}. */
    static MeshAttr mesh(SdyIn in) {
        int at = in.offset();
        in.expect("<");
        List<MeshAxisAttr> axes = in.list("[", "]", () -> meshAxis(in));
        List<Long> ids = new ArrayList<>();
        if (in.consumeIf(",")) {
            String k = in.parseKeyword("expected 'device_ids'");
            if (!k.equals("device_ids")) throw in.error("expected 'device_ids'");
            in.expect("=");
            in.expect("[");
            do {
                ids.add(in.parseInteger());
            } while (in.consumeIf(","));
            in.expect("]");
        }
        in.expect(">");
        // MeshAttr::get drops iota device ids when there are axes (before MeshAttr::verify).
        if (!axes.isEmpty() && !ids.isEmpty()) {
            boolean iota = true;
            for (int i = 0; i < ids.size(); i++) if (ids.get(i) != i) iota = false;
            long product = 1;
            for (MeshAxisAttr a : axes) product *= a.size();
            if (iota && product == ids.size()) ids.clear();
        }
        String invalid = SdyAxes.mesh(axes, ids);
        if (invalid != null) throw in.errorAt(at, invalid);
        return new MeshAttr(axes, ids);
    }

    static SubAxisInfoAttr subAxisInfo(SdyIn in) {
        in.expect("(");
        long pre = in.parseInteger();
        in.expect(")");
        long size = in.parseInteger();
        return new SubAxisInfoAttr(pre, size);
    }

    static AxisRefAttr axisRef(SdyIn in) {
        String name = chained(in, () -> in.parseString("expected string"), AXIS_REF_NAME);
        SubAxisInfoAttr sub = null;
        if (in.consumeIf(":")) sub = subAxisInfo(in);
        return new AxisRefAttr(name, sub);
    }

    /** Axis refs up to (not including) the closing '}'. */
    static List<AxisRefAttr> axisRefs(SdyIn in) {
        List<AxisRefAttr> out = new ArrayList<>();
        if (!in.atString()) return out;
        do {
            out.add(axisRef(in));
        } while (in.consumeIf(","));
        return out;
    }

    static AxisRefListAttr axisRefList(SdyIn in) {
        in.expect("{");
        List<AxisRefAttr> axes = axisRefs(in);
        in.expect("}");
        return new AxisRefListAttr(axes);
    }

    static ListOfAxisRefListsAttr listOfAxisRefLists(SdyIn in) {
        List<AxisRefListAttr> out = in.list("[", "]", () -> axisRefList(in));
        return new ListOfAxisRefListsAttr(out);
    }

    static ManualAxesAttr manualAxes(SdyIn in) {
        List<String> out = in.list("{", "}", () -> in.parseString("expected string"));
        return new ManualAxesAttr(out);
    }

    static AllToAllParamListAttr allToAllParams(SdyIn in) {
        List<AllToAllParamAttr> out = in.list("[", "]", () -> {
            in.expect("{");
            List<AxisRefAttr> axes = axisRefs(in);
            in.expect("}");
            in.expect(":");
            long src = in.parseInteger();
            in.expect("->");
            long tgt = in.parseInteger();
            return new AllToAllParamAttr(axes, src, tgt);
        });
        return new AllToAllParamListAttr(out);
    }

    static DimensionShardingAttr dimSharding(SdyIn in) {
        in.expect("{");
        List<AxisRefAttr> axes = new ArrayList<>();
        boolean closed = true;
        while (!in.consumeIf("}")) {
            if (!axes.isEmpty()) in.expect(",");
            if (in.consumeIf("?")) {
                closed = false;
                in.expect("}");
                break;
            }
            axes.add(axisRef(in));
        }
        Long priority = null;
        String p = in.peekKeyword();
        if (p != null) {
            in.parseKeyword("");
            String num = p.substring(1);
            if (p.length() < 2 || p.charAt(0) != 'p' || !num.chars().allMatch(Character::isDigit)) {
                throw in.error("expecting priority in format 'p<number>', got: " + p);
            }
            if (num.startsWith("0") && num.length() > 1) {
                throw in.error("priorities with leading zeros are not allowed, got: " + p);
            }
            try {
                priority = Long.parseLong(num);
            } catch (NumberFormatException e) {
                throw in.error("expecting integer priority, got: " + p);
            }
        }
        return new DimensionShardingAttr(axes, closed, priority);
    }

    /** {@code <mesh_or_ref, [dims], replicated={...}, unreduced={...}>}. */
    static TensorShardingAttr sharding(SdyIn in) {
        in.expect("<");
        Attribute meshOrRef;
        if ("mesh".equals(in.peekKeyword())) {
            in.parseKeyword("");
            meshOrRef = mesh(in);
        } else if (in.atSymbol()) {
            meshOrRef = SymbolRefAttr.flat(in.parseSymbol());
        } else {
            throw in.error("expecting MeshAttr or FlatSymbolRefAttr, got: ");
        }
        in.expect(",");
        List<DimensionShardingAttr> dims = in.list("[", "]", () -> chained(in, () -> dimSharding(in), DIM_SHARDINGS));
        List<AxisRefAttr> replicated = new ArrayList<>();
        List<AxisRefAttr> unreduced = new ArrayList<>();
        int reductionOp = 0;
        while (in.consumeIf(",")) {
            String k = in.peekKeyword();
            if (replicated.isEmpty() && "replicated".equals(k)) {
                in.parseKeyword("");
                replicated.addAll(chained(in, () -> {
                    in.expect("=");
                    return axisList(in);
                }, REPLICATED_AXES));
            } else if (unreduced.isEmpty() && "unreduced".equals(k)) {
                in.parseKeyword("");
                if (in.consumeIf("=")) {
                    String op = in.peekKeyword();
                    if ("sum".equals(op) || "max".equals(op) || "min".equals(op)) {
                        in.parseKeyword("");
                        reductionOp = op.equals("sum") ? 0 : op.equals("max") ? 1 : 2;
                    }
                }
                unreduced.addAll(chained(in, () -> axisList(in), UNREDUCED_AXES));
            } else {
                throw in.error("failed to parse Sdy_TensorSharding, expected valid named axis list after comma");
            }
        }
        in.expect(">");
        return new TensorShardingAttr(meshOrRef, dims, replicated, unreduced, reductionOp);
    }

    /** {@code parseAxisList}: {@code {axis-ref, ...}}. */
    private static List<AxisRefAttr> axisList(SdyIn in) {
        in.expect("{");
        List<AxisRefAttr> axes = chained(in, () -> axisRefs(in), AXIS_LIST);
        in.expect("}");
        return axes;
    }

    /** {@code [<...>, ...]}. */
    static TensorShardingPerValueAttr shardingList(SdyIn in) {
        List<TensorShardingAttr> out = in.list("[", "]", () -> sharding(in));
        return new TensorShardingPerValueAttr(out);
    }

    static TensorShardingPerValueAttr shardingPerValue(SdyIn in) {
        in.expect("<");
        List<TensorShardingAttr> out = in.list("[", "]", () -> chained(in, () -> sharding(in), SHARDINGS));
        in.expect(">");
        return new TensorShardingPerValueAttr(out);
    }

    // ---- op sharding rules

    /** Parses one factor symbol from the front of {@code s[0]}, removing it. */
    private static long factorIndex(SdyIn in, String[] s, List<RuntimeException> deferred) {
        String f = s[0];
        if (!f.startsWith("z_")) {
            char c = f.charAt(0);
            if (c < 'i' || c > 'z') throw in.error("expecting symbol from 'i' to 'z'. Received: '" + c + "'");
            s[0] = f.substring(1);
            return c - 'i';
        }
        int e = 2;
        while (e < f.length() && Character.isDigit(f.charAt(e))) e++;
        if (e == 2) throw in.error("expecting integer after 'z_'. Received: '" + f + "'");
        String num = f.substring(2, e);
        if (num.charAt(0) == '0') {
            throw in.error("expecting positive integer without leading zeros. Received: '" + num + "'");
        }
        long v;
        try {
            v = Long.parseLong(num);
        } catch (NumberFormatException ex) {
            // Upstream reports this and goes on (with index 0 after 'z_').
            deferred.add(in.error("expecting symbol index <=2^63-1. Received: '" + num + "'"));
            v = 0;
        }
        s[0] = f.substring(e);
        return v + SdyAttrs.K_START_AT_Z;
    }

    private static TensorMappingAttr tensorMapping(SdyIn in, List<RuntimeException> deferred) {
        in.expect("[");
        List<DimMappingAttr> dims = new ArrayList<>();
        if (!in.consumeIf("]")) {
            do {
                List<Long> idx = new ArrayList<>();
                String k = in.peekKeyword();
                if (k != null) {
                    in.parseKeyword("");
                    String[] s = {k};
                    chained(in, () -> {
                        while (!s[0].isEmpty()) idx.add(factorIndex(in, s, deferred));
                        return null;
                    }, DIM_MAPPINGS);
                }
                dims.add(new DimMappingAttr(idx));
            } while (in.consumeIf(","));
            in.expect("]");
        }
        return new TensorMappingAttr(dims);
    }

    /** {@code ($mappings)}: one mapping at least (an empty list fails at its '['). */
    private static List<TensorMappingAttr> mappings(SdyIn in, String kind, List<RuntimeException> deferred) {
        in.expect("(");
        List<TensorMappingAttr> out = new ArrayList<>();
        do {
            out.add(chained(in, () -> tensorMapping(in, deferred), mappingsFailure(kind)));
        } while (in.consumeIf(","));
        in.expect(")");
        return out;
    }

    private static List<Long> factorsWithType(SdyIn in, String type, List<RuntimeException> deferred) {
        List<Long> out = new ArrayList<>();
        if (!type.equals(in.peekKeyword())) return out;
        in.parseKeyword("");
        in.expect("=");
        if (in.consumeIf("{")) {
            do {
                String k = in.parseKeyword("expected valid keyword");
                String[] s = {k};
                out.add(factorIndex(in, s, deferred));
            } while (in.consumeIf(","));
            in.expect("}");
        }
        return out;
    }

    /**
     * {@code <(mappings)->(mappings) {factors} ...>}. Errors upstream reports without stopping (a factor index
     * too large) come first; the rule then fails with them even if the rest parses.
     */
    static OpShardingRuleAttr rule(SdyIn in) {
        List<RuntimeException> deferred = new ArrayList<>();
        OpShardingRuleAttr rule = null;
        try {
            rule = rule(in, deferred);
        } catch (RuntimeException e) {
            if (deferred.isEmpty()) throw e;
            deferred.add(e);
        }
        if (deferred.isEmpty()) return rule;
        if (!(deferred.get(0) instanceof DialectBodyException first)) throw deferred.get(0);
        for (RuntimeException later : deferred.subList(1, deferred.size())) {
            if (!(later instanceof DialectBodyException d)) continue;
            first.withFollowUp(d.reason());
            for (String f : d.followUps()) first.withFollowUp(f);
        }
        throw first;
    }

    private static OpShardingRuleAttr rule(SdyIn in, List<RuntimeException> deferred) {
        in.expect("<");
        List<TensorMappingAttr> operands = mappings(in, "operand", deferred);
        in.expect("->");
        List<TensorMappingAttr> results = mappings(in, "result", deferred);
        List<Long> sizes = new ArrayList<>();
        if (in.consumeIf("{")) {
            long expected = 0;
            do {
                String k = in.parseKeyword("expected valid keyword");
                String[] s = {k};
                long idx = factorIndex(in, s, deferred);
                if (idx != expected) {
                    throw in.error("expecting factor indices to be ordered like an iota ([0,1,2,...], e.g. {i=#, "
                            + "j=#, ...}). Expecting factor index symbol '" + SdyAttrs.factorSymbol(expected)
                            + "', received: '" + SdyAttrs.factorSymbol(idx) + "'");
                }
                expected++;
                if (!s[0].isEmpty()) throw in.error("expecting single factor symbol: " + s[0]);
                in.expect("=");
                sizes.add(in.parseInteger());
            } while (in.consumeIf(","));
            in.expect("}");
        }
        Map<FactorType, List<Long>> typed = new EnumMap<>(FactorType.class);
        for (FactorType type : FactorType.values()) typed.put(type, factorsWithType(in, type.keyword, deferred));
        boolean custom = false;
        if (in.consumeIf(",")) {
            String k = in.parseKeyword("expected 'custom'");
            if (!k.equals("custom")) throw in.error("expected 'custom'");
            custom = true;
        }
        in.expect(">");
        return new OpShardingRuleAttr(sizes, operands, results, typed, custom);
    }
}
