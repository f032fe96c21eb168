package org.stablehlo4j.dialect.mlir;

import java.util.Map;
import org.stablehlo4j.ir.DialectTypeConstraints;
import org.stablehlo4j.ir.DialectTypeConstraints.TypeClass;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;

/**
 * The ODS type constraints the arith and tensor rows name (MLIR's {@code CommonTypeConstraints.td} and
 * {@code ArithBase.td}), for the generic verifier: {@code SignlessIntegerOrIndexLike}, {@code BoolLike},
 * {@code AnyTensor}, {@code AnyRankedTensor}, {@code AnyStaticShapeTensor} and {@code Index}.
 */
final class MlirTypeConstraints {
    private MlirTypeConstraints() {}

    private static final TypeClass INT_OR_INDEX = new TypeClass("signless integer or index",
            t -> t instanceof IndexType || t instanceof IntegerType i && i.isSignless());
    private static final TypeClass I1 = new TypeClass("1-bit signless integer",
            t -> t instanceof IntegerType i && i.width() == 1 && i.isSignless());
    private static final TypeClass ANY = new TypeClass("any type", t -> true);
    private static final TypeClass INDEX = new TypeClass("index", t -> t instanceof IndexType);

    private static final Map<String, String> DEFINITIONS = Map.of(
            "SignlessIntegerOrIndexLike",
            "AnyTypeOf<[SignlessIntegerOrIndex, TensorOf<[SignlessIntegerOrIndex]>], \"signless-integer-like\">",
            "BoolLike", "AnyTypeOf<[I1, TensorOf<[I1]>], \"bool-like\">",
            "AnyTensor", "TensorOf<[AnyType]>",
            "AnyRankedTensor", "RankedTensorOf<[AnyType]>",
            "AnyStaticShapeTensor", "StaticShapeTensorOf<[AnyType]>");

    private static final Map<String, TypeClass> CLASSES = Map.of(
            "SignlessIntegerOrIndex", INT_OR_INDEX, "I1", I1, "AnyType", ANY, "Index", INDEX);

    /** The table the arith and tensor dialects hand over. */
    static final DialectTypeConstraints INSTANCE = DialectTypeConstraints.of(DEFINITIONS, CLASSES, CLASSES, Map.of());
}
