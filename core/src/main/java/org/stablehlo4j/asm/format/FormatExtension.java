package org.stablehlo4j.asm.format;

import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.OpDefinition.AttrSpec;
import org.stablehlo4j.ir.Type;

/**
 * What a dialect adds to the declarative-format engine for its ops ({@link FormatForms#declarativeTable}): its
 * {@code custom<Name>} directives and how its enum attributes appear in a format (ODS prints an enum attribute
 * variable as its bare case name). The engine itself knows no dialect; {@link #NONE} adds nothing.
 */
public interface FormatExtension {
    FormatExtension NONE = new FormatExtension() {};

    /** The directive {@code custom<name>}, or null if this dialect has none of that name. */
    default CustomDirective directive(String name) {
        return null;
    }

    /** The case name that enum-valued {@code value} prints as in a format, or null if it is no enum of this dialect. */
    default String enumCaseName(Attribute value) {
        return null;
    }

    /** Parses the bare case name of an {@code AttrKind.ENUM} attribute variable {@code spec}. */
    default Attribute parseEnum(AttrSpec spec, AsmParserContext p) {
        throw p.error("expected " + spec.detail() + " value");
    }

    /**
     * Whether {@code value} is case {@code caseName} of the enum {@code spec.detail()} (for eliding a default given
     * as {@code Enum::CASE}); false when the dialect has no such enum.
     */
    default boolean isEnumCase(AttrSpec spec, Attribute value, String caseName) {
        return false;
    }

    /**
     * The type ODS builds for a value of constraint {@code constraint} whose type the format does not give (a
     * {@code BuildableType}, such as a dialect's parameterless types), or null. ODS's builtin buildable types
     * ({@code Index}, {@code I1}, {@code I32}, {@code I64}) the engine knows itself.
     */
    default Type buildableType(String constraint) {
        return null;
    }

    /** The dialect's structured form of an attribute read from a format variable (identity by default). */
    default Attribute resolve(Attribute value) {
        return value;
    }
}
