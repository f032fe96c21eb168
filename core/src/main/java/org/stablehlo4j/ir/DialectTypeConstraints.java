package org.stablehlo4j.ir;

import java.util.Map;
import java.util.function.Predicate;

/**
 * A dialect's ODS type constraints (the {@code def}s of its Base.td, such as StableHLO's {@code HLO_Tensor}), which
 * the op rows name for their operands and results. The generic verifier reads each name once per run: a named
 * definition is an expression in ODS's combinators ({@code RankedTensorOf<[HLO_Float, HLO_Int], [HasRank1]>},
 * {@code AnyTypeOf<[...]>}, {@code TensorOf}, {@code MemRefOf}, {@code NestedTupleOf}, ...) which the verifier
 * knows, over the element classes, whole-type classes and shape predicates the dialect defines here (and ODS's
 * builtin ones: {@code Index}, {@code AnyInteger}, {@code I32}, {@code UI32}, {@code HasStaticShapePred},
 * {@code HasRank0/1/2}). The checks and the description in "operand #0 must be ranked tensor of ... values" come
 * from one definition. A dialect hands it over with {@link Dialect#addInterface}; ops of other dialects that name
 * the same constraints (CHLO's) hand over the same table.
 */
public interface DialectTypeConstraints {
    /**
     * A class of types with ODS's summary: the element types a container accepts ({@code HLO_Int}:
     * "2/4/8/16/32/64-bit integer"), or whole types ({@code HLO_Token}: "token").
     *
     * @param summary upstream's summary, as the constraint's description quotes it
     * @param test whether a type is in the class
     */
    record TypeClass(String summary, Predicate<Type> test) {
        /**
         * Whether {@code t} is in the class.
         *
         * @param t the type
         * @return whether it is
         */
        public boolean matches(Type t) {
            return test.test(t);
        }
    }

    /**
     * The expression a named constraint stands for ({@code HLO_IntTensor}: {@code RankedTensorOf<[HLO_Int]>}), or
     * null when the name is not one of the dialect's definitions.
     *
     * @param name the constraint's name
     * @return its definition, or null
     */
    String definition(String name);

    /**
     * An element class a container lists ({@code HLO_Float}), or null.
     *
     * @param name the class's name
     * @return the class, or null
     */
    TypeClass elementClass(String name);

    /**
     * A constraint on whole types that is no container ({@code HLO_Token}), or null.
     *
     * @param name the constraint's name
     * @return the class, or null
     */
    TypeClass typeClass(String name);

    /**
     * A shape predicate a container lists ({@code IsValidQuantizedDimension}), or null.
     *
     * @param name the predicate's name
     * @return the predicate on ranked tensors, or null
     */
    Predicate<RankedTensorType> shapePredicate(String name);

    /**
     * The constraints a dialect states as tables: each question is a look-up in its map (a name that is not a key
     * has no answer, i.e. null).
     *
     * @param definitions named definitions, by name
     * @param elementClasses element classes, by name
     * @param typeClasses whole-type classes, by name
     * @param shapePredicates shape predicates, by name
     * @return the constraints
     */
    static DialectTypeConstraints of(Map<String, String> definitions, Map<String, TypeClass> elementClasses,
                                     Map<String, TypeClass> typeClasses,
                                     Map<String, Predicate<RankedTensorType>> shapePredicates) {
        return new DialectTypeConstraints() {
            @Override
            public String definition(String name) {
                return definitions.get(name);
            }

            @Override
            public TypeClass elementClass(String name) {
                return elementClasses.get(name);
            }

            @Override
            public TypeClass typeClass(String name) {
                return typeClasses.get(name);
            }

            @Override
            public Predicate<RankedTensorType> shapePredicate(String name) {
                return shapePredicates.get(name);
            }
        };
    }
}
