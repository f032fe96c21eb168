package org.stablehlo4j.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * The ODS type constraints the op table names for operands and results ({@code HLO_Tensor},
 * {@code RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>}, ...), as data: each named constraint is defined by an
 * expression in the same small TableGen-like language, so checking and the description in
 * "operand #0 must be ranked tensor of ... values, but got '...'" come from one definition.
 */
final class TypeConstraints {
    private TypeConstraints() {}

    /** Element type classes (ODS leaf type constraints) with upstream's summaries. */
    enum Elem {
        PRED("bool"),
        SINT("2/4/8/16/32/64-bit signless integer"),
        UINT("2/4/8/16/32/64-bit unsigned integer"),
        INT("2/4/8/16/32/64-bit integer"),
        FLOAT("4/6/8/16/32/64-bit float"),
        FLOAT32_OR_64("32/64-bit float"),
        COMPLEX("complex type with 32/64-bit float elements"),
        QUANTIZED_INT("per-tensor integer quantized"),
        PER_AXIS_QUANTIZED_INT("per-axis integer quantized"),
        INDEX("index"),
        ANY_INTEGER("integer"),
        I32("32-bit signless integer"),
        UI32("32-bit unsigned integer"),
        DIMENSION_VALUE("index or 2/4/8/16/32/64-bit integer");

        final String summary;

        Elem(String summary) {
            this.summary = summary;
        }

        boolean matches(Type t) {
            return switch (this) {
                case PRED -> t instanceof IntegerType i && i.width() == 1 && i.isSignless();
                case SINT -> t instanceof IntegerType i && i.isSignless() && hloWidth(i.width());
                case UINT -> t instanceof IntegerType i && i.isUnsigned() && hloWidth(i.width());
                case INT -> SINT.matches(t) || UINT.matches(t);
                case FLOAT -> t instanceof FloatType f && f.kind() != FloatKind.TF32 && f.kind() != FloatKind.F80
                        && f.kind() != FloatKind.F128;
                case FLOAT32_OR_64 -> t instanceof FloatType f && (f.kind() == FloatKind.F32 || f.kind() == FloatKind.F64);
                case COMPLEX -> t instanceof ComplexType c && FLOAT32_OR_64.matches(c.elementType());
                case QUANTIZED_INT -> t instanceof UniformQuantizedType q && !q.isPerAxis() && validQuantized(q);
                case PER_AXIS_QUANTIZED_INT -> t instanceof UniformQuantizedType q && q.isPerAxis() && validQuantized(q);
                case INDEX -> t instanceof IndexType;
                case ANY_INTEGER -> t instanceof IntegerType;
                case I32 -> t instanceof IntegerType i && i.width() == 32 && i.isSignless();
                case UI32 -> t instanceof IntegerType i && i.width() == 32 && i.isUnsigned();
                case DIMENSION_VALUE -> INDEX.matches(t) || INT.matches(t);
            };
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
    }

    /** Extra shape predicates a container may carry. */
    enum Shape { STATIC, RANK0, RANK1, RANK2, VALID_QUANTIZED_DIMENSION, STATIC_OR_SINGLE_BOUNDED }

    /** A type constraint: a container of element classes, a union of constraints, or a leaf type. */
    record Constraint(String kind, List<Elem> elems, List<Constraint> members, List<Shape> shapes, String summary) {
        String description() {
            if (kind.equals("AnyTypeOf")) {
                if (!summary.isEmpty()) return summary;
                List<String> parts = new ArrayList<>();
                for (Constraint c : members) parts.add(c.description());
                return String.join(" or ", parts);
            }
            if (kind.equals("token") || kind.equals("future")) return kind;
            List<String> parts = new ArrayList<>();
            for (Elem e : elems) parts.add(e.summary);
            for (Constraint c : members) parts.add(c.description());
            String joiner = kind.equals("NestedTupleOf") ? " " : " of ";
            return summary + joiner + String.join(" or ", parts) + " values";
        }

        boolean matches(Type t) {
            switch (kind) {
                case "AnyTypeOf":
                    for (Constraint c : members) if (c.matches(t)) return true;
                    return false;
                case "token":
                    return isStablehloType(t, "TokenType");
                case "future":
                    return isStablehloType(t, "FutureType");
                case "NestedTupleOf":
                    if (!(t instanceof TupleType tuple)) return false;
                    for (Type member : tuple.types()) {
                        if (!(member instanceof TupleType) && !anyMember(member)) return false;
                        if (member instanceof TupleType && !matches(member)) return false;
                    }
                    return true;
                case "MemRefOf":
                    return t instanceof MemRefType m && elementMatches(m.elementType());
                case "TensorOf":
                    if (t instanceof UnrankedTensorType u) return elementMatches(u.elementType());
                    return t instanceof RankedTensorType r && elementMatches(r.elementType()) && shapesHold(r);
                default: // ranked tensors with shape predicates
                    return t instanceof RankedTensorType r && elementMatches(r.elementType()) && shapesHold(r);
            }
        }

        private boolean anyMember(Type t) {
            for (Constraint c : members) if (c.matches(t)) return true;
            return false;
        }

        private boolean elementMatches(Type element) {
            for (Elem e : elems) if (e.matches(element)) return true;
            return false;
        }

        private boolean shapesHold(RankedTensorType r) {
            for (Shape s : shapes) {
                boolean ok = switch (s) {
                    case STATIC -> r.hasStaticShape();
                    case RANK0 -> r.rank() == 0;
                    case RANK1 -> r.rank() == 1;
                    case RANK2 -> r.rank() == 2;
                    case VALID_QUANTIZED_DIMENSION -> validQuantizedDimension(r);
                    case STATIC_OR_SINGLE_BOUNDED -> r.hasStaticShape() || singleBoundedDimension(r);
                };
                if (!ok) return false;
            }
            return true;
        }
    }

    /**
     * One constraint as a verification run checks it against many values: its kind decoded once, and the answer
     * for the last element type kept (the element classes depend on the element type alone, and the values of a
     * program mostly share a few element types). Not thread-safe: one per run.
     */
    static final class Matcher {
        private static final int RANKED = 0;
        private static final int TENSOR = 1;
        private static final int OTHER = 2;
        final Constraint constraint;
        private final int kind;
        private Type lastElement;
        private boolean lastAnswer;

        Matcher(Constraint constraint) {
            this.constraint = constraint;
            this.kind = switch (constraint.kind()) {
                case "AnyTypeOf", "token", "future", "NestedTupleOf", "MemRefOf" -> OTHER;
                case "TensorOf" -> TENSOR;
                default -> RANKED;
            };
        }

        /**
         * The two types last asked about (by identity: types read from bytecode are shared, and a program's values
         * mostly have a few types) and their answers; the answer depends on the type alone.
         */
        private Type lastType;
        private boolean lastTypeAnswer;
        private Type previousType;
        private boolean previousTypeAnswer;

        boolean matches(Type t) {
            if (t != null) {
                if (t == lastType) return lastTypeAnswer;
                if (t == previousType) return previousTypeAnswer;
            }
            boolean answer = matchesType(t);
            previousType = lastType;
            previousTypeAnswer = lastTypeAnswer;
            lastType = t;
            lastTypeAnswer = answer;
            return answer;
        }

        private boolean matchesType(Type t) {
            if (t instanceof RankedTensorType r) {
                if (kind == OTHER) return constraint.matches(t);
                return element(r.elementType()) && constraint.shapesHold(r);
            }
            if (kind == RANKED) return false;
            if (kind == TENSOR) return t instanceof UnrankedTensorType u && element(u.elementType());
            return constraint.matches(t);
        }

        private boolean element(Type e) {
            Type last = lastElement;
            if (last != null && (e == last || e.equals(last))) return lastAnswer;
            boolean answer = constraint.elementMatches(e);
            lastElement = e;
            lastAnswer = answer;
            return answer;
        }
    }

    static boolean validQuantizedDimension(RankedTensorType r) {
        if (!(r.elementType() instanceof UniformQuantizedType q) || !q.isPerAxis()) return true;
        int dim = q.quantizedDimension();
        return dim < r.rank() && (r.dim(dim) == ShapedType.DYNAMIC || q.numScales() == r.dim(dim));
    }

    static boolean singleBoundedDimension(RankedTensorType r) {
        List<Long> bounds = TypeCompat.bounds(r);
        if (bounds == null) return false;
        int bounded = 0;
        for (long b : bounds) if (b != ShapedType.DYNAMIC) bounded++;
        int dynamic = 0;
        for (long d : r.shape()) if (d == ShapedType.DYNAMIC) dynamic++;
        return bounded == 1 && dynamic == 1;
    }

    /** Named constraints, in the expression language {@link #parse} reads (after Base.td). */
    private static final Map<String, String> NAMED = Map.ofEntries(
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

    private static final Map<String, Elem> ELEMS = Map.ofEntries(
            Map.entry("HLO_Pred", Elem.PRED), Map.entry("HLO_SInt", Elem.SINT), Map.entry("HLO_UInt", Elem.UINT),
            Map.entry("HLO_Int", Elem.INT), Map.entry("HLO_Float", Elem.FLOAT),
            Map.entry("HLO_Float32Or64", Elem.FLOAT32_OR_64), Map.entry("HLO_Complex", Elem.COMPLEX),
            Map.entry("HLO_QuantizedInt", Elem.QUANTIZED_INT), Map.entry("HLO_PerAxisQuantizedInt",
                    Elem.PER_AXIS_QUANTIZED_INT), Map.entry("Index", Elem.INDEX), Map.entry("AnyInteger",
                    Elem.ANY_INTEGER), Map.entry("I32", Elem.I32), Map.entry("UI32", Elem.UI32),
            Map.entry("HLO_DimensionValue", Elem.DIMENSION_VALUE));

    private static final Map<String, Shape> SHAPES = Map.of(
            "HasStaticShapePred", Shape.STATIC, "HasRank0", Shape.RANK0, "HasRank1", Shape.RANK1, "HasRank2",
            Shape.RANK2, "IsValidQuantizedDimension", Shape.VALID_QUANTIZED_DIMENSION,
            "HLO_HasStaticOrSingleBoundedShapePred", Shape.STATIC_OR_SINGLE_BOUNDED);

    private static final Map<String, String> CONTAINER_SUMMARIES = Map.of(
            "RankedTensorOf", "ranked tensor", "TensorOf", "tensor", "0DTensorOf", "0D tensor", "1DTensorOf",
            "1D tensor", "StaticShapeTensorOf", "statically shaped tensor", "MemRefOf", "memref", "NestedTupleOf",
            "nested tuple with any combination of");

    /**
     * The constraint an op-table row names, or null when it is not modelled (then nothing is checked). Reads the
     * expression each time: the verifier resolves each name once per run ({@link OpPlan}).
     */
    static Constraint get(String name) {
        if (name == null || name.isEmpty()) return null;
        try {
            return new Reader(name).expr();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Reads one constraint expression. */
    private static final class Reader {
        private final String text;
        private int at;

        Reader(String text) {
            this.text = text;
        }

        Constraint expr() {
            String name = word();
            String named = NAMED.get(name);
            if (named != null) return new Reader(named).expr();
            if (name.equals("HLO_Token")) return new Constraint("token", List.of(), List.of(), List.of(), "");
            if (name.equals("HLO_Future")) return new Constraint("future", List.of(), List.of(), List.of(), "");
            String summary = CONTAINER_SUMMARIES.get(name);
            if (summary == null && !name.equals("AnyTypeOf")) throw new IllegalArgumentException(name);
            expect('<');
            expect('[');
            List<Elem> elems = new ArrayList<>();
            List<Constraint> members = new ArrayList<>();
            do {
                skip();
                int mark = at;
                String member = word();
                Elem e = ELEMS.get(member);
                if (e != null && !name.equals("AnyTypeOf")) {
                    elems.add(e);
                } else {
                    at = mark;
                    members.add(expr());
                }
            } while (consume(','));
            expect(']');
            List<Shape> shapes = new ArrayList<>();
            if (name.equals("0DTensorOf")) shapes.add(Shape.RANK0);
            if (name.equals("1DTensorOf")) shapes.add(Shape.RANK1);
            if (name.equals("StaticShapeTensorOf")) shapes.add(Shape.STATIC);
            String explicit = "";
            while (consume(',')) {
                skip();
                if (consume('"')) {
                    int end = text.indexOf('"', at);
                    explicit = text.substring(at, end);
                    at = end + 1;
                } else {
                    expect('[');
                    do {
                        Shape s = SHAPES.get(word());
                        if (s == null) throw new IllegalArgumentException("shape predicate");
                        shapes.add(s);
                    } while (consume(','));
                    expect(']');
                }
            }
            expect('>');
            String kind = name.equals("RankedTensorOf") || name.equals("0DTensorOf") || name.equals("1DTensorOf")
                    || name.equals("StaticShapeTensorOf") ? "ranked" : name;
            return new Constraint(kind, elems, members, shapes, explicit.isEmpty() && summary != null ? summary
                    : explicit);
        }

        private String word() {
            skip();
            int start = at;
            while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_')) at++;
            if (start == at) throw new IllegalArgumentException("name expected at " + at);
            return text.substring(start, at);
        }

        private void skip() {
            while (at < text.length() && text.charAt(at) == ' ') at++;
        }

        private boolean consume(char c) {
            skip();
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!consume(c)) throw new IllegalArgumentException("'" + c + "' expected at " + at);
        }
    }

    /**
     * Whether {@code t} is the StableHLO type of the given class (the token and future constraints), without
     * importing the dialect; goes when the HLO_* constraints move to dialect.stablehlo.
     */
    private static boolean isStablehloType(Type t, String simpleName) {
        return t instanceof DialectPrintable p && p.dialectNamespace().equals("stablehlo")
                && t.getClass().getSimpleName().equals(simpleName);
    }
}
