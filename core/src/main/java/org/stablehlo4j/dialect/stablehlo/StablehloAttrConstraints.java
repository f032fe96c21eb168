package org.stablehlo4j.dialect.stablehlo;

import java.util.Map;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DialectAttrConstraints;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.OpDefinition;

/**
 * The ODS constraints of StableHLO's own attribute kinds in the op rows (StablehloEnums.td, StablehloAttrs.td):
 * an {@code ENUM} row holds an enum attribute of the enum its detail names, a {@code STRUCT} row the structured
 * attribute its detail names, and so on; the descriptions are the attributes' ODS summaries.
 */
public final class StablehloAttrConstraints implements DialectAttrConstraints {
    /** The stateless instance the dialect registers. */
    public static final StablehloAttrConstraints INSTANCE = new StablehloAttrConstraints();

    /** The ODS summary of each enum (I32EnumAttr's summary, which its EnumAttr inherits). */
    private static final Map<StablehloEnum, String> ENUM_SUMMARIES = Map.of(
            StablehloEnum.COMPARISON_DIRECTION, "Which comparison operation to perform.",
            StablehloEnum.COMPARISON_TYPE, "Which comparison type to use.",
            StablehloEnum.PRECISION, "XLA precision for an operand. Has backend specific meaning.",
            StablehloEnum.FFT_TYPE, "XLA fast fourier transform type.",
            StablehloEnum.TRANSPOSE, "Transpose options",
            StablehloEnum.RNG_DISTRIBUTION, "XLA PRNG distribution to be used.",
            StablehloEnum.RNG_ALGORITHM, "XLA PRNG algorithm to be used.",
            StablehloEnum.RESULT_ACCURACY_MODE, "XLA result accuracy mode.",
            StablehloEnum.CUSTOM_CALL_API_VERSION, "Custom call API version");

    /** Structured attribute mnemonic -> its class and ODS summary. */
    private record Struct(Class<? extends Attribute> cls, String summary) {}

    private static final Map<String, Struct> STRUCTS = Map.of(
            "channel_handle", new Struct(ChannelHandleAttr.class, "two 64-bit integers 'handle' and 'type'"),
            "conv", new Struct(ConvDimensionNumbersAttr.class, "Structure of dimension information for conv op"),
            "dot", new Struct(DotDimensionNumbersAttr.class, "Attribute that models the dimension information for dot."),
            "dot_algorithm", new Struct(DotAlgorithmAttr.class,
                    "Attribute that models the algorithm constraints to use for computing dot."),
            "gather", new Struct(GatherDimensionNumbersAttr.class,
                    "Attribute that models the dimension information for gather"),
            "scatter", new Struct(ScatterDimensionNumbersAttr.class,
                    "Attribute that models the dimension information for scatter"),
            "result_accuracy", new Struct(ResultAccuracyAttr.class,
                    "The requested accuracy for transcendental unary ops."),
            "output_operand_alias", new Struct(OutputOperandAliasAttr.class,
                    "Attribute that models the alias relationship of output and operand of a CustomCall op"));

    private StablehloAttrConstraints() {}

    @Override
    public String violation(OpDefinition.AttrSpec spec, Attribute value) {
        return switch (spec.kind()) {
            case ENUM -> {
                StablehloEnum e = StablehloEnum.byMnemonic(spec.detail());
                if (e == null) yield null;
                yield isEnum(value, e) ? null : ENUM_SUMMARIES.get(e);
            }
            case ENUM_ARRAY -> {
                StablehloEnum e = StablehloEnum.byMnemonic(spec.detail());
                if (e == null) yield null;
                boolean ok = value instanceof ArrayAttr a;
                if (ok) for (Attribute x : ((ArrayAttr) value).elements()) ok &= isEnum(x, e);
                // The one enum array of the rows: StableHLO_PrecisionConfigAttr.
                yield ok ? null : "Precision Config attribute";
            }
            case I32_ENUM -> {
                StablehloEnum e = enumByName(spec.detail());
                if (e == null) yield null;
                boolean ok = value instanceof IntegerAttr i && i.type().equals(IntegerType.I32)
                        && i.value().bitLength() < 32 && e.indexOfValue(i.value().longValue()) >= 0;
                yield ok ? null : ENUM_SUMMARIES.get(e);
            }
            case STRUCT -> {
                Struct s = STRUCTS.get(spec.detail());
                if (s == null) yield null;
                yield s.cls().isInstance(typed(value)) ? null : s.summary();
            }
            case STRUCT_ARRAY -> {
                Struct s = STRUCTS.get(spec.detail());
                if (s == null) yield null;
                boolean ok = value instanceof ArrayAttr;
                if (ok) for (Attribute x : ((ArrayAttr) value).elements()) ok &= s.cls().isInstance(typed(x));
                yield ok ? null : "Aliasing attribute for outputs and operands of CustomCall";
            }
            case REPLICA_GROUPS -> {
                boolean ok = value instanceof DenseElementsAttr d && d.type().elementType().equals(IntegerType.I64)
                        || typed(value) instanceof ReplicaGroupMeshAxesAttr;
                yield ok ? null : "64-bit signless integer elements attribute";
            }
            default -> null;
        };
    }

    private static boolean isEnum(Attribute value, StablehloEnum e) {
        return typed(value) instanceof EnumAttr en && en.kind() == e;
    }

    private static StablehloEnum enumByName(String name) {
        try {
            return StablehloEnum.valueOf(name);
        } catch (IllegalArgumentException unknown) {
            return null;
        }
    }

    /** A StableHLO attribute kept as text, in its structured form (the value itself when it does not parse). */
    private static Attribute typed(Attribute a) {
        try {
            return StablehloAsm.parseAttribute(a);
        } catch (RuntimeException malformed) {
            return a;
        }
    }
}
