package org.stablehlo4j.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.stablehlo4j.ir.DialectTypeConstraints;
import org.stablehlo4j.ir.DialectTypeConstraints.TypeClass;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * The ODS type constraints the op rows name for operands and results ({@code HLO_Tensor},
 * {@code RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>}, ...), as data: ODS's combinators ({@code RankedTensorOf},
 * {@code TensorOf}, {@code 0DTensorOf}, {@code 1DTensorOf}, {@code StaticShapeTensorOf}, {@code MemRefOf},
 * {@code NestedTupleOf}, {@code AnyTypeOf}) and builtin leaves ({@code Index}, {@code AnyInteger}, {@code I32},
 * {@code UI32}, {@code HasStaticShapePred}, {@code HasRank0/1/2}) over the named definitions, element classes and
 * predicates of the op's dialect ({@link DialectTypeConstraints}). Checking and the description in
 * "operand #0 must be ranked tensor of ... values, but got '...'" come from one definition.
 */
final class TypeConstraints {
    private TypeConstraints() {}

    /** A type constraint: a container of element classes, a union of constraints, or a whole-type class. */
    record Constraint(String kind, List<TypeClass> elems, List<Constraint> members,
                      List<Predicate<RankedTensorType>> shapes, String summary, TypeClass leaf) {
        String description() {
            if (kind.equals("AnyTypeOf")) {
                if (!summary.isEmpty()) return summary;
                List<String> parts = new ArrayList<>();
                for (Constraint c : members) parts.add(c.description());
                return String.join(" or ", parts);
            }
            if (kind.equals("type")) return leaf.summary();
            List<String> parts = new ArrayList<>();
            for (TypeClass e : elems) parts.add(e.summary());
            for (Constraint c : members) parts.add(c.description());
            String joiner = kind.equals("NestedTupleOf") ? " " : " of ";
            return summary + joiner + String.join(" or ", parts) + " values";
        }

        boolean matches(Type t) {
            switch (kind) {
                case "AnyTypeOf":
                    for (Constraint c : members) if (c.matches(t)) return true;
                    return false;
                case "type":
                    return leaf.matches(t);
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
            for (TypeClass e : elems) if (e.matches(element)) return true;
            return false;
        }

        private boolean shapesHold(RankedTensorType r) {
            for (Predicate<RankedTensorType> s : shapes) if (!s.test(r)) return false;
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
                case "AnyTypeOf", "type", "NestedTupleOf", "MemRefOf" -> OTHER;
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

    /**
     * The matchers of one verification run, by the constraint's name and the dialect whose definitions read it
     * (the dialects of a context may give a name different meanings): each read once per run.
     */
    static final class Cache {
        private final Map<DialectTypeConstraints, Map<String, Matcher>> byDialect = new IdentityHashMap<>();
        private final Map<String, Matcher> builtin = new HashMap<>();

        /** The matcher of {@code name} as {@code dialect} (or null: the builtin ones only) defines it, or null. */
        Matcher matcher(String name, DialectTypeConstraints dialect) {
            Map<String, Matcher> known = dialect == null ? builtin
                    : byDialect.computeIfAbsent(dialect, d -> new HashMap<>());
            if (known.containsKey(name)) return known.get(name);
            Constraint parsed = get(name, dialect);
            Matcher m = parsed == null ? null : new Matcher(parsed);
            known.put(name, m);
            return m;
        }
    }

    /** ODS's builtin element classes (CommonTypeConstraints.td). */
    private static final Map<String, TypeClass> ELEMS = Map.of(
            "Index", new TypeClass("index", t -> t instanceof IndexType),
            "AnyInteger", new TypeClass("integer", t -> t instanceof IntegerType),
            "I32", new TypeClass("32-bit signless integer",
                    t -> t instanceof IntegerType i && i.width() == 32 && i.isSignless()),
            "UI32", new TypeClass("32-bit unsigned integer",
                    t -> t instanceof IntegerType i && i.width() == 32 && i.isUnsigned()));

    /** ODS's builtin shape predicates. */
    private static final Predicate<RankedTensorType> STATIC = RankedTensorType::hasStaticShape;
    private static final Predicate<RankedTensorType> RANK0 = r -> r.rank() == 0;
    private static final Predicate<RankedTensorType> RANK1 = r -> r.rank() == 1;
    private static final Map<String, Predicate<RankedTensorType>> SHAPES = Map.of(
            "HasStaticShapePred", STATIC, "HasRank0", RANK0, "HasRank1", RANK1, "HasRank2", r -> r.rank() == 2);

    private static final Map<String, String> CONTAINER_SUMMARIES = Map.of(
            "RankedTensorOf", "ranked tensor", "TensorOf", "tensor", "0DTensorOf", "0D tensor", "1DTensorOf",
            "1D tensor", "StaticShapeTensorOf", "statically shaped tensor", "MemRefOf", "memref", "NestedTupleOf",
            "nested tuple with any combination of");

    /**
     * The constraint an op row names, or null when it is not modelled (then nothing is checked). Reads the
     * expression each time: the verifier resolves each name once per run and dialect ({@link OpPlan}).
     *
     * @param name the name or expression the row gives
     * @param dialect the definitions of the op's dialect, or null
     */
    static Constraint get(String name, DialectTypeConstraints dialect) {
        if (name == null || name.isEmpty()) return null;
        try {
            return new Reader(name, dialect).expr();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Reads one constraint expression. */
    private static final class Reader {
        private final String text;
        private final DialectTypeConstraints dialect;
        private int at;

        Reader(String text, DialectTypeConstraints dialect) {
            this.text = text;
            this.dialect = dialect;
        }

        Constraint expr() {
            String name = word();
            String named = dialect == null ? null : dialect.definition(name);
            if (named != null) return new Reader(named, dialect).expr();
            TypeClass leaf = dialect == null ? null : dialect.typeClass(name);
            if (leaf != null) return new Constraint("type", List.of(), List.of(), List.of(), "", leaf);
            String summary = CONTAINER_SUMMARIES.get(name);
            if (summary == null && !name.equals("AnyTypeOf")) throw new IllegalArgumentException(name);
            expect('<');
            expect('[');
            List<TypeClass> elems = new ArrayList<>();
            List<Constraint> members = new ArrayList<>();
            do {
                skip();
                int mark = at;
                String member = word();
                TypeClass e = elementClass(member);
                if (e != null && !name.equals("AnyTypeOf")) {
                    elems.add(e);
                } else {
                    at = mark;
                    members.add(expr());
                }
            } while (consume(','));
            expect(']');
            List<Predicate<RankedTensorType>> shapes = new ArrayList<>();
            if (name.equals("0DTensorOf")) shapes.add(RANK0);
            if (name.equals("1DTensorOf")) shapes.add(RANK1);
            if (name.equals("StaticShapeTensorOf")) shapes.add(STATIC);
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
                        Predicate<RankedTensorType> s = shapePredicate(word());
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
                    : explicit, null);
        }

        private TypeClass elementClass(String name) {
            TypeClass builtin = ELEMS.get(name);
            return builtin != null || dialect == null ? builtin : dialect.elementClass(name);
        }

        private Predicate<RankedTensorType> shapePredicate(String name) {
            Predicate<RankedTensorType> builtin = SHAPES.get(name);
            return builtin != null || dialect == null ? builtin : dialect.shapePredicate(name);
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
}
