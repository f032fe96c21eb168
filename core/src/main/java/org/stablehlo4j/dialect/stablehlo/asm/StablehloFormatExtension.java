package org.stablehlo4j.dialect.stablehlo.asm;

import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.format.CustomDirective;
import org.stablehlo4j.asm.format.FormatExtension;
import org.stablehlo4j.dialect.stablehlo.EnumAttr;
import org.stablehlo4j.dialect.stablehlo.StablehloAsm;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.OpDefinition.AttrSpec;

/**
 * StableHLO's part of its ops' declarative formats: the {@code custom<...>} directives of
 * {@link StablehloDirectives} and the StableHLO enums ({@link StablehloEnum}) as bare case names.
 */
public final class StablehloFormatExtension implements FormatExtension {
    public static final StablehloFormatExtension INSTANCE = new StablehloFormatExtension();

    private StablehloFormatExtension() {}

    @Override
    public CustomDirective directive(String name) {
        return StablehloDirectives.ALL.get(name);
    }

    @Override
    public String enumCaseName(Attribute value) {
        EnumAttr e = asEnum(value);
        return e == null ? null : e.caseName();
    }

    @Override
    public Attribute parseEnum(AttrSpec spec, AsmParserContext p) {
        StablehloEnum kind = StablehloEnum.byMnemonic(spec.detail());
        int at = p.offset();
        String name = p.parseKeyword("expected " + spec.detail() + " value");
        int i = kind == null ? -1 : kind.indexOf(name);
        if (i < 0) {
            throw p.errorAt(at, "expected " + spec.detail() + " to be one of: "
                    + (kind == null ? "" : String.join(", ", kind.cases())));
        }
        return new EnumAttr(kind, i);
    }

    /**
     * An i32 enum ({@code CustomCallApiVersion::API_VERSION_ORIGINAL}) by its value; a result-accuracy attribute
     * by its mode when it has no tolerances.
     */
    @Override
    public boolean isEnumCase(AttrSpec spec, Attribute value, String caseName) {
        if (value instanceof IntegerAttr i) {
            StablehloEnum kind;
            try {
                kind = StablehloEnum.valueOf(spec.detail());
            } catch (IllegalArgumentException e) {
                return false;
            }
            return kind.indexOf(caseName) >= 0 && i.value().longValue() == kind.valueOf(kind.indexOf(caseName));
        }
        String text = AsmPrinter.printAttribute(value);
        return text.endsWith("<" + caseName + ">>") && text.contains("mode = ") && !text.contains("tol")
                && !text.contains("ulps");
    }

    @Override
    public Attribute resolve(Attribute value) {
        return StablehloAsm.parseAttribute(value);
    }

    /** The structured form of a StableHLO enum attribute, or null. */
    static EnumAttr asEnum(Attribute a) {
        if (a instanceof EnumAttr e) return e;
        try {
            return StablehloAsm.parseAttribute(a) instanceof EnumAttr e ? e : null;
        } catch (RuntimeException ex) {
            return null;
        }
    }
}
