package org.stablehlo4j.dialect.stablehlo;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DialectTypeConstraints;
import org.stablehlo4j.ir.DialectTypeConstraints.TypeClass;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.UniformQuantizedType;

/**
 * StableHLO's ODS type constraints (upstream's stablehlo/dialect/Base.td): the {@code HLO_*} definitions the op
 * rows of StableHLO and CHLO name, in ODS's combinators, with the element classes ({@code HLO_Int},
 * {@code HLO_QuantizedInt}, ...), the whole-type classes ({@code HLO_Token}, {@code HLO_Future}) and the shape
 * predicates ({@code IsValidQuantizedDimension}, {@code HLO_HasStaticOrSingleBoundedShapePred}) they are made of.
 * The generic verifier reads them through {@link DialectTypeConstraints}; {@link HloBase} hands them over.
 */
public final class HloTypeConstraints {
    private HloTypeConstraints() {}

    private static final TypeClass TOKEN = new TypeClass("token", t -> t instanceof TokenType);
    private static final TypeClass FUTURE = new TypeClass("future", t -> t instanceof FutureType);

    private static final Predicate<RankedTensorType> VALID_QUANTIZED_DIMENSION =
            HloTypeConstraints::validQuantizedDimension;
    private static final Predicate<RankedTensorType> STATIC_OR_SINGLE_BOUNDED =
            r -> r.hasStaticShape() || singleBoundedDimension(r);

    private static boolean pred(Type t) {
        return t instanceof IntegerType i && i.width() == 1 && i.isSignless();
    }

    private static boolean signless(Type t) {
        return t instanceof IntegerType i && i.isSignless() && hloWidth(i.width());
    }

    private static boolean unsigned(Type t) {
        return t instanceof IntegerType i && i.isUnsigned() && hloWidth(i.width());
    }

    private static boolean integer(Type t) {
        return signless(t) || unsigned(t);
    }

    private static boolean float32Or64(Type t) {
        return t instanceof FloatType f && (f.kind() == FloatKind.F32 || f.kind() == FloatKind.F64);
    }

    private static boolean hloWidth(int w) {
        return w == 2 || w == 4 || w == 8 || w == 16 || w == 32 || w == 64;
    }

    /**
     * Storage of 2..32 bits, either signless (the "signed" classes check only that) or unsigned by the type's
     * flag (the "unsigned" classes), and zero points inside the storage range.
     */
    private static boolean validQuantized(UniformQuantizedType q) {
        int w = q.storageType().width();
        if (w != 2 && w != 4 && w != 8 && w != 16 && w != 32) return false;
        if (!q.storageType().isSignless() && q.isSigned()) return false;
        for (long z : q.zeroPoints()) {
            if (z < q.storageMin() || z > q.storageMax()) return false;
        }
        return true;
    }

    /** Element classes (ODS leaf type constraints) with upstream's summaries. */
    private static final Map<String, TypeClass> ELEMENTS = Map.ofEntries(
            Map.entry("HLO_Pred", new TypeClass("bool", HloTypeConstraints::pred)),
            Map.entry("HLO_SInt", new TypeClass("2/4/8/16/32/64-bit signless integer", HloTypeConstraints::signless)),
            Map.entry("HLO_UInt", new TypeClass("2/4/8/16/32/64-bit unsigned integer", HloTypeConstraints::unsigned)),
            Map.entry("HLO_Int", new TypeClass("2/4/8/16/32/64-bit integer", HloTypeConstraints::integer)),
            Map.entry("HLO_Float", new TypeClass("4/6/8/16/32/64-bit float", t -> t instanceof FloatType f
                    && f.kind() != FloatKind.TF32 && f.kind() != FloatKind.F80 && f.kind() != FloatKind.F128)),
            Map.entry("HLO_Float32Or64", new TypeClass("32/64-bit float", HloTypeConstraints::float32Or64)),
            Map.entry("HLO_Complex", new TypeClass("complex type with 32/64-bit float elements",
                    t -> t instanceof ComplexType c && float32Or64(c.elementType()))),
            Map.entry("HLO_QuantizedInt", new TypeClass("per-tensor integer quantized",
                    t -> t instanceof UniformQuantizedType q && !q.isPerAxis() && validQuantized(q))),
            Map.entry("HLO_PerAxisQuantizedInt", new TypeClass("per-axis integer quantized",
                    t -> t instanceof UniformQuantizedType q && q.isPerAxis() && validQuantized(q))),
            Map.entry("HLO_DimensionValue", new TypeClass("index or 2/4/8/16/32/64-bit integer",
                    t -> t instanceof IndexType || integer(t))));

    /** {@code IsValidQuantizedDimension}: a per-axis quantized tensor's dimension exists and has one scale each. */
    static boolean validQuantizedDimension(RankedTensorType r) {
        if (!(r.elementType() instanceof UniformQuantizedType q) || !q.isPerAxis()) return true;
        int dim = q.quantizedDimension();
        return dim < r.rank() && (r.dim(dim) == ShapedType.DYNAMIC || q.numScales() == r.dim(dim));
    }

    /** One dimension dynamic and bounded, the others static. */
    static boolean singleBoundedDimension(RankedTensorType r) {
        List<Long> bounds = TypeCompat.bounds(r);
        if (bounds == null) return false;
        int bounded = 0;
        for (long b : bounds) if (b != ShapedType.DYNAMIC) bounded++;
        int dynamic = 0;
        for (long d : r.shape()) if (d == ShapedType.DYNAMIC) dynamic++;
        return bounded == 1 && dynamic == 1;
    }

    /** Named constraints, in ODS's combinators (after Base.td). */
    private static final Map<String, String> DEFINITIONS = Map.ofEntries(
            Map.entry("HLO_Tensor", "RankedTensorOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex, HLO_QuantizedInt]>"),
            Map.entry("HLO_TensorOrPerAxisQuantizedTensor", "RankedTensorOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex,"
                    + " HLO_QuantizedInt, HLO_PerAxisQuantizedInt], [IsValidQuantizedDimension]>"),
            Map.entry("HLO_PerAxisQuantizedIntTensor",
                    "RankedTensorOf<[HLO_PerAxisQuantizedInt], [IsValidQuantizedDimension]>"),
            Map.entry("HLO_QuantizedIntOrPerAxisQuantizedIntTensor", "RankedTensorOf<[HLO_QuantizedInt,"
                    + " HLO_PerAxisQuantizedInt], [IsValidQuantizedDimension]>"),
            Map.entry("HLO_FloatOrQuantizedIntOrPerAxisQuantizedIntTensor", "RankedTensorOf<[HLO_Float,"
                    + " HLO_QuantizedInt, HLO_PerAxisQuantizedInt], [IsValidQuantizedDimension]>"),
            Map.entry("HLO_IntTensor", "RankedTensorOf<[HLO_Int]>"),
            Map.entry("HLO_ScalarIntTensor", "0DTensorOf<[HLO_Int]>"),
            Map.entry("HLO_FpTensor", "RankedTensorOf<[HLO_Float]>"),
            Map.entry("HLO_Fp32Or64Tensor", "RankedTensorOf<[HLO_Float32Or64]>"),
            Map.entry("HLO_PredTensor", "RankedTensorOf<[HLO_Pred]>"),
            Map.entry("HLO_ScalarTensor", "0DTensorOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex, HLO_QuantizedInt]>"),
            Map.entry("HLO_NonQuantizedTensor", "RankedTensorOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex]>"),
            Map.entry("HLO_ComplexTensor", "RankedTensorOf<[HLO_Complex]>"),
            Map.entry("HLO_Buffer", "MemRefOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex, HLO_QuantizedInt]>"),
            Map.entry("HLO_Tuple", "NestedTupleOf<[HLO_Tensor, HLO_Buffer, HLO_PerAxisQuantizedIntTensor, HLO_Token]>"),
            Map.entry("HLO_TensorOrToken", "AnyTypeOf<[HLO_Tensor, HLO_Token]>"),
            Map.entry("HLO_TensorOrPerAxisQuantizedTensorOrToken",
                    "AnyTypeOf<[HLO_Tensor, HLO_PerAxisQuantizedIntTensor, HLO_Token]>"),
            Map.entry("HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer",
                    "AnyTypeOf<[HLO_TensorOrPerAxisQuantizedTensorOrToken, HLO_Buffer]>"),
            Map.entry("HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple",
                    "AnyTypeOf<[HLO_Tensor, HLO_PerAxisQuantizedIntTensor, HLO_Token, HLO_Tuple]>"),
            Map.entry("HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTupleOrBuffer",
                    "AnyTypeOf<[HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple, HLO_Buffer]>"),
            Map.entry("HLO_DimensionTensor", "1DTensorOf<[HLO_DimensionValue]>"),
            Map.entry("HLO_AnyTensor", "TensorOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex, HLO_QuantizedInt,"
                    + " HLO_PerAxisQuantizedInt], [IsValidQuantizedDimension]>"),
            Map.entry("HLO_CustomCallTuple", "NestedTupleOf<[HLO_AnyTensor, HLO_Buffer, HLO_Token]>"),
            Map.entry("HLO_CustomCallValue",
                    "AnyTypeOf<[HLO_AnyTensor, HLO_Buffer, HLO_Token, HLO_CustomCallTuple, HLO_Future]>"),
            Map.entry("HLO_IntOrFpTensor", "RankedTensorOf<[HLO_Int, HLO_Float]>"),
            Map.entry("HLO_PredOrIntTensor", "RankedTensorOf<[HLO_Pred, HLO_Int]>"),
            Map.entry("HLO_FpOrComplexTensor", "RankedTensorOf<[HLO_Float, HLO_Complex]>"),
            Map.entry("HLO_FpOrQuantizedIntTensor", "RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>"),
            Map.entry("HLO_FpComplexOrQuantizedIntTensor", "RankedTensorOf<[HLO_Float, HLO_Complex, HLO_QuantizedInt]>"),
            Map.entry("HLO_IntFpOrComplexOrQuantizedIntTensor",
                    "RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt]>"),
            Map.entry("HLO_PredIntOrFpTensor", "RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>"),
            Map.entry("HLO_StaticDimensionTensor", "RankedTensorOf<[HLO_DimensionValue], [HasStaticShapePred,"
                    + " HasRank1], \"statically shaped 1-dimensional tensor\">"),
            Map.entry("HLO_Static1DIntTensor", "RankedTensorOf<[HLO_Int], [HasStaticShapePred, HasRank1],"
                    + " \"statically shaped 1-dimensional integer tensor\">"),
            Map.entry("HLO_Static2DIntTensor", "RankedTensorOf<[HLO_Int], [HasStaticShapePred, HasRank2],"
                    + " \"statically shaped 2-dimensional integer tensor\">"),
            Map.entry("HLO_StaticShapeTensor",
                    "StaticShapeTensorOf<[HLO_Float, HLO_Pred, HLO_Int, HLO_Complex, HLO_QuantizedInt]>"),
            Map.entry("HLO_StaticShapeTensorOrPerAxisQuantizedTensor", "RankedTensorOf<[HLO_Float, HLO_Pred, HLO_Int,"
                    + " HLO_Complex, HLO_QuantizedInt, HLO_PerAxisQuantizedInt], [IsValidQuantizedDimension,"
                    + " HasStaticShapePred], \"statically shaped tensor\">"),
            Map.entry("HLO_StaticShapeTensorPerAxisQuantizedTensorOrBoundedTensor", "RankedTensorOf<[HLO_Float,"
                    + " HLO_Pred, HLO_Int, HLO_Complex, HLO_QuantizedInt, HLO_PerAxisQuantizedInt],"
                    + " [IsValidQuantizedDimension, HLO_HasStaticOrSingleBoundedShapePred], \"statically shaped or"
                    + " single bounded dimension tensor\">"),
            Map.entry("HLO_StaticShapeTensorOrPerAxisQuantizedTensorOrToken", "AnyTypeOf<[HLO_StaticShapeTensor,"
                    + " HLO_StaticShapeTensorOrPerAxisQuantizedTensor, HLO_Token]>"),
            Map.entry("HLO_StaticShapeIntOrFpTensor", "StaticShapeTensorOf<[HLO_Int, HLO_Float]>"),
            Map.entry("HLO_StaticShapeIntFpComplexOrQuantizedTensor",
                    "StaticShapeTensorOf<[HLO_Int, HLO_Float, HLO_Complex, HLO_QuantizedInt]>"),
            Map.entry("I32RankedTensor", "RankedTensorOf<[I32]>"),
            Map.entry("UI32RankedTensor", "RankedTensorOf<[UI32]>"));

    /** The table (stateless: the verifier keeps its answers per run); declared last, after the maps it reads. */
    public static final DialectTypeConstraints INSTANCE = DialectTypeConstraints.of(DEFINITIONS, ELEMENTS,
            Map.of("HLO_Token", TOKEN, "HLO_Future", FUTURE),
            Map.of("IsValidQuantizedDimension", VALID_QUANTIZED_DIMENSION,
                    "HLO_HasStaticOrSingleBoundedShapePred", STATIC_OR_SINGLE_BOUNDED));
}
