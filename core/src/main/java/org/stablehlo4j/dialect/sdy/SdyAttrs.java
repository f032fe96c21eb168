package org.stablehlo4j.dialect.sdy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.SymbolRefAttr;

/**
 * The structured attributes of the sdy dialect (shardy/dialect/sdy/ir/attrs.td) with their text syntax
 * (parsers.cc, printers.cc and the declarative formats of attrs.td). Each prints its "stripped" form (what ops
 * and enclosing attributes print, e.g. {@code <@mesh, [{"x"}, {}]>}) and its full form {@code #sdy.mnemonic...}.
 * The enums of enums.td are I32 enum attributes (builtin integers): see {@link SdyEnums}.
 */
public final class SdyAttrs {
    public static final String DIALECT = "sdy";

    private SdyAttrs() {}

    /** An sdy attribute: a structured value that prints itself. */
    public sealed interface SdyAttr extends Attribute, DialectPrintable
            permits MeshAxisAttr, MeshAttr, SubAxisInfoAttr, AxisRefAttr, DimensionShardingAttr, TensorShardingAttr,
            TensorShardingPerValueAttr, ManualAxesAttr, DimMappingAttr, TensorMappingAttr, OpShardingRuleAttr,
            AxisRefListAttr, ListOfAxisRefListsAttr, AllToAllParamAttr, AllToAllParamListAttr {
        String mnemonic();

        /** Appends the stripped form (without {@code #sdy.mnemonic}). */
        void printStripped(StringBuilder out);

        @Override
        default String dialectNamespace() {
            return DIALECT;
        }

        @Override
        default void printBody(AsmSink sink) {
            StringBuilder sb = new StringBuilder(mnemonic());
            printStripped(sb);
            sink.append(sb.toString());
        }

        default String stripped() {
            StringBuilder sb = new StringBuilder();
            printStripped(sb);
            return sb.toString();
        }
    }

    // ---- printing helpers

    /** MLIR's printEscapedString in double quotes. */
    static void quote(StringBuilder out, String s) {
        out.append('"');
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
                out.append((char) c);
            } else {
                out.append('\\').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        out.append('"');
    }

    /** {@code @name}, quoted when it is not a bare identifier. */
    static void symbol(StringBuilder out, String name) {
        out.append('@');
        boolean bare = !name.isEmpty() && (Character.isLetter(name.charAt(0)) || name.charAt(0) == '_');
        for (int i = 0; bare && i < name.length(); i++) {
            char c = name.charAt(i);
            bare = c < 0x80 && (Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.' || c == '-');
        }
        if (bare) out.append(name);
        else quote(out, name);
    }

    static <T extends SdyAttr> void commaList(StringBuilder out, List<T> items) {
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) out.append(", ");
            items.get(i).printStripped(out);
        }
    }

    static void longs(StringBuilder out, List<Long> values) {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) out.append(", ");
            out.append(values.get(i));
        }
    }

    /** The factor symbol of factor {@code index} ({@code i}..{@code z}, then {@code z_1}, ...). */
    public static String factorSymbol(long index) {
        return index <= K_START_AT_Z ? String.valueOf((char) ('i' + index)) : "z_" + (index - K_START_AT_Z);
    }

    static final long K_START_AT_Z = 'z' - 'i';

    // ---- the attributes

    /** {@code "x"=4}. */
    public record MeshAxisAttr(String name, long size) implements SdyAttr {
        public String mnemonic() { return "mesh_axis"; }

        public void printStripped(StringBuilder out) {
            quote(out, name);
            out.append('=').append(size);
        }
    }

    /** {@code <["x"=4, "y"=2], device_ids=[...]>}; {@code deviceIds} is empty when iota/absent. */
    public record MeshAttr(List<MeshAxisAttr> axes, List<Long> deviceIds) implements SdyAttr {
        public MeshAttr {
            axes = List.copyOf(axes);
            deviceIds = List.copyOf(deviceIds);
        }

        public String mnemonic() { return "mesh"; }

        public void printStripped(StringBuilder out) {
            out.append("<[");
            commaList(out, axes);
            out.append(']');
            if (!deviceIds.isEmpty()) {
                out.append(", device_ids=[");
                longs(out, deviceIds);
                out.append(']');
            }
            out.append('>');
        }

        /** The product of the axis sizes. */
        public long totalSize() {
            long n = 1;
            for (MeshAxisAttr a : axes) n *= a.size();
            return n;
        }

        public MeshAxisAttr axis(String name) {
            for (MeshAxisAttr a : axes) if (a.name().equals(name)) return a;
            return null;
        }
    }

    /** {@code (pre_size)size}. */
    public record SubAxisInfoAttr(long preSize, long size) implements SdyAttr {
        public String mnemonic() { return "sub_axis_info"; }

        public void printStripped(StringBuilder out) {
            out.append('(').append(preSize).append(')').append(size);
        }
    }

    /** {@code "x"} or {@code "x":(1)2}; {@code subAxisInfo} may be null. */
    public record AxisRefAttr(String name, SubAxisInfoAttr subAxisInfo) implements SdyAttr {
        public String mnemonic() { return "axis_ref"; }

        public void printStripped(StringBuilder out) {
            quote(out, name);
            if (subAxisInfo != null) {
                out.append(':');
                subAxisInfo.printStripped(out);
            }
        }
    }

    /** {@code {"a", "b", ?}p1}; {@code priority} may be null. */
    public record DimensionShardingAttr(List<AxisRefAttr> axes, boolean isClosed, Long priority) implements SdyAttr {
        public DimensionShardingAttr {
            axes = List.copyOf(axes);
        }

        public String mnemonic() { return "dimension_sharding"; }

        public void printStripped(StringBuilder out) {
            out.append('{');
            commaList(out, axes);
            if (!isClosed) {
                if (!axes.isEmpty()) out.append(", ");
                out.append('?');
            }
            out.append('}');
            if (priority != null) out.append('p').append(priority);
        }
    }

    /**
     * {@code <@mesh, [{"x"}, {}], replicated={"y"}, unreduced={"z"}>}: {@code meshOrRef} is a flat
     * {@link SymbolRefAttr} or an inline {@link MeshAttr}; {@code reductionOp} is a {@link SdyEnums#REDUCTION_OP}
     * value (0 = sum).
     */
    public record TensorShardingAttr(Attribute meshOrRef, List<DimensionShardingAttr> dimShardings,
                                     List<AxisRefAttr> replicatedAxes, List<AxisRefAttr> unreducedAxes,
                                     int reductionOp) implements SdyAttr {
        public TensorShardingAttr {
            dimShardings = List.copyOf(dimShardings);
            replicatedAxes = List.copyOf(replicatedAxes);
            unreducedAxes = List.copyOf(unreducedAxes);
        }

        public String mnemonic() { return "sharding"; }

        /** The referenced mesh's name, or null for an inline mesh. */
        public String meshName() {
            return meshOrRef instanceof SymbolRefAttr s ? s.root() : null;
        }

        public void printStripped(StringBuilder out) {
            out.append('<');
            if (meshOrRef instanceof MeshAttr m) {
                out.append("mesh");
                m.printStripped(out);
            } else if (meshOrRef instanceof SymbolRefAttr s) {
                symbol(out, s.root());
            } else {
                out.append(meshOrRef);
            }
            out.append(", [");
            commaList(out, dimShardings);
            out.append(']');
            if (!replicatedAxes.isEmpty()) {
                out.append(", replicated={");
                commaList(out, replicatedAxes);
                out.append('}');
            }
            if (!unreducedAxes.isEmpty()) {
                out.append(", unreduced=");
                if (reductionOp == 1) out.append("max");
                else if (reductionOp == 2) out.append("min");
                out.append('{');
                commaList(out, unreducedAxes);
                out.append('}');
            }
            out.append('>');
        }
    }

    /** {@code <[<@mesh, ...>, ...]>}; ops print the stripped list {@code [<@mesh, ...>, ...]}. */
    public record TensorShardingPerValueAttr(List<TensorShardingAttr> shardings) implements SdyAttr {
        public TensorShardingPerValueAttr {
            shardings = List.copyOf(shardings);
        }

        public String mnemonic() { return "sharding_per_value"; }

        public void printStripped(StringBuilder out) {
            out.append('<');
            printList(out);
            out.append('>');
        }

        /** {@code [<...>, <...>]} (printStrippedTensorShardingPerValueAttr). */
        public void printList(StringBuilder out) {
            out.append('[');
            commaList(out, shardings);
            out.append(']');
        }

        public boolean anyShardingHasUnreducedAxes() {
            for (TensorShardingAttr s : shardings) if (!s.unreducedAxes().isEmpty()) return true;
            return false;
        }
    }

    /** {@code {"a", "b"}}. */
    public record ManualAxesAttr(List<String> value) implements SdyAttr {
        public ManualAxesAttr {
            value = List.copyOf(value);
        }

        public String mnemonic() { return "manual_axes"; }

        public void printStripped(StringBuilder out) {
            out.append('{');
            for (int i = 0; i < value.size(); i++) {
                if (i > 0) out.append(", ");
                quote(out, value.get(i));
            }
            out.append('}');
        }
    }

    /** Factor symbols of one dimension, concatenated: {@code ij}. */
    public record DimMappingAttr(List<Long> factorIndices) implements SdyAttr {
        public DimMappingAttr {
            factorIndices = List.copyOf(factorIndices);
        }

        public String mnemonic() { return "dim_mapping"; }

        public void printStripped(StringBuilder out) {
            for (long f : factorIndices) out.append(factorSymbol(f));
        }
    }

    /** {@code [i, jk]}. */
    public record TensorMappingAttr(List<DimMappingAttr> dimMappings) implements SdyAttr {
        public TensorMappingAttr {
            dimMappings = List.copyOf(dimMappings);
        }

        public String mnemonic() { return "tensor_mapping"; }

        public void printStripped(StringBuilder out) {
            out.append('[');
            commaList(out, dimMappings);
            out.append(']');
        }
    }

    /**
     * The kinds of special factor an {@link OpShardingRuleAttr} lists after its factor sizes, in printing and
     * encoding order, each with its keyword ({@code reduction={j}}); the other factors are pass-through.
     */
    public enum FactorType {
        REDUCTION("reduction"), NEED_REPLICATION("need_replication"), PERMUTATION("permutation"),
        BLOCKED_PROPAGATION("blocked_propagation");

        /** The keyword before the factor set, e.g. {@code need_replication}. */
        public final String keyword;

        FactorType(String keyword) {
            this.keyword = keyword;
        }

        /** An immutable copy of {@code factors} with an (empty if absent) list for every type. */
        static Map<FactorType, List<Long>> copy(Map<FactorType, List<Long>> factors) {
            Map<FactorType, List<Long>> out = new EnumMap<>(FactorType.class);
            for (FactorType t : values()) out.put(t, List.copyOf(factors.getOrDefault(t, List.of())));
            return Collections.unmodifiableMap(out);
        }
    }

    /**
     * {@code <([i, j])->([i]) {i=2, j=4} reduction={j}, custom>}; {@code typedFactors} holds the factors of each
     * {@link FactorType}.
     */
    public record OpShardingRuleAttr(List<Long> factorSizes, List<TensorMappingAttr> operandMappings,
                                     List<TensorMappingAttr> resultMappings,
                                     Map<FactorType, List<Long>> typedFactors, boolean isCustomRule)
            implements SdyAttr {
        public OpShardingRuleAttr {
            factorSizes = List.copyOf(factorSizes);
            operandMappings = List.copyOf(operandMappings);
            resultMappings = List.copyOf(resultMappings);
            typedFactors = FactorType.copy(typedFactors);
        }

        /** The factors of {@code type}, sorted (the verifier checks it). */
        public List<Long> factors(FactorType type) {
            return typedFactors.get(type);
        }

        public String mnemonic() { return "op_sharding_rule"; }

        public void printStripped(StringBuilder out) {
            out.append("<(");
            commaList(out, operandMappings);
            out.append(")->(");
            commaList(out, resultMappings);
            out.append(')');
            if (!factorSizes.isEmpty()) {
                out.append(" {");
                for (int i = 0; i < factorSizes.size(); i++) {
                    if (i > 0) out.append(", ");
                    out.append(factorSymbol(i)).append('=').append(factorSizes.get(i));
                }
                out.append('}');
            }
            for (FactorType type : FactorType.values()) printFactors(out, type);
            if (isCustomRule) out.append(", custom");
            out.append('>');
        }

        private void printFactors(StringBuilder out, FactorType type) {
            List<Long> factors = factors(type);
            if (factors.isEmpty()) return;
            out.append(' ').append(type.keyword).append("={");
            for (int i = 0; i < factors.size(); i++) {
                if (i > 0) out.append(", ");
                out.append(factorSymbol(factors.get(i)));
            }
            out.append('}');
        }
    }

    /** {@code {"a", "b":(1)2}}. */
    public record AxisRefListAttr(List<AxisRefAttr> value) implements SdyAttr {
        public AxisRefListAttr {
            value = List.copyOf(value);
        }

        public String mnemonic() { return "axis_ref_list"; }

        public void printStripped(StringBuilder out) {
            out.append('{');
            commaList(out, value);
            out.append('}');
        }
    }

    /** {@code [{"a"}, {}]}. */
    public record ListOfAxisRefListsAttr(List<AxisRefListAttr> value) implements SdyAttr {
        public ListOfAxisRefListsAttr {
            value = List.copyOf(value);
        }

        public String mnemonic() { return "list_of_axis_ref_lists"; }

        public void printStripped(StringBuilder out) {
            out.append('[');
            commaList(out, value);
            out.append(']');
        }
    }

    /** {@code {"a"}: 0->1}. */
    public record AllToAllParamAttr(List<AxisRefAttr> axes, long srcDim, long tgtDim) implements SdyAttr {
        public AllToAllParamAttr {
            axes = List.copyOf(axes);
        }

        public String mnemonic() { return "all_to_all_param"; }

        public void printStripped(StringBuilder out) {
            out.append('{');
            commaList(out, axes);
            out.append("}: ").append(srcDim).append("->").append(tgtDim);
        }
    }

    /** {@code [{"a"}: 0->1, ...]}. */
    public record AllToAllParamListAttr(List<AllToAllParamAttr> value) implements SdyAttr {
        public AllToAllParamListAttr {
            value = List.copyOf(value);
        }

        public String mnemonic() { return "all_to_all_param_list"; }

        public void printStripped(StringBuilder out) {
            out.append('[');
            commaList(out, value);
            out.append(']');
        }
    }

    static List<Long> copyLongs(List<Long> l) {
        return new ArrayList<>(l);
    }
}
