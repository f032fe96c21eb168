package org.stablehlo4j.ir;

/**
 * A dialect's half of the ODS attribute constraints: the kinds of {@link AttrKind} that name the dialect's own
 * attributes ({@link AttrKind#ENUM}, {@link AttrKind#STRUCT}, ...). The generic verifier checks the builtin kinds
 * itself and asks the op's dialect (through this interface) about the rest.
 */
public interface DialectAttrConstraints {
    /**
     * The constraint's description as ODS words it ({@code "attribute 'x' failed to satisfy constraint: "} + it)
     * when {@code value} breaks the constraint of {@code spec}; null when it holds or the kind is not the dialect's.
     *
     * @param spec the attribute's row
     * @param value the attribute present on the op
     * @return the description, or null when the value is fine or the constraint is not this dialect's
     */
    String violation(OpDefinition.AttrSpec spec, Attribute value);
}
