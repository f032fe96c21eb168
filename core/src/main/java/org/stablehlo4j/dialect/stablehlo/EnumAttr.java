package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import org.stablehlo4j.ir.AsmSink;

import java.util.Objects;

/**
 * Any StableHLO enum attribute ({@code #stablehlo<comparison_direction EQ>},
 * {@code #stablehlo.result_accuracy_mode<DEFAULT>}, ...): which enum, and which case.
 */
public record EnumAttr(StablehloEnum kind, int caseIndex) implements StablehloAttribute {
    public EnumAttr {
        if (!kind.hasAttribute()) throw new IllegalArgumentException(kind + " has no attribute form");
        if (caseIndex < 0 || caseIndex >= kind.cases().size()) {
            throw new IllegalArgumentException("no case " + caseIndex + " in " + kind);
        }
    }

    /** The attribute for case {@code caseName} of {@code kind}. */
    public static EnumAttr of(StablehloEnum kind, String caseName) {
        int i = kind.indexOf(caseName);
        if (i < 0) throw new IllegalArgumentException("no case " + caseName + " in " + kind);
        return new EnumAttr(kind, i);
    }

    public String caseName() {
        return kind.cases().get(caseIndex);
    }

    /** The case's integer value. */
    public int value() {
        return kind.valueOf(caseIndex);
    }

    @Override
    public void printBody(AsmSink sink) {
        if (kind.angleForm()) {
            sink.append(kind.mnemonic()).append("<").append(caseName()).append(">");
        } else {
            sink.append(kind.mnemonic()).append(" ").append(caseName());
        }
    }

    /** Parses what follows the mnemonic: {@code CASE} or, for the angle form, {@code <CASE>}. */
    static EnumAttr parseParams(StablehloEnum kind, DialectAsmParser r) {
        boolean angle = kind.angleForm() && r.consumeIf("<");
        int at = r.offset();
        String name = r.parseKeyword("expected " + kind.mnemonic() + " value");
        int i = kind.indexOf(name);
        if (i < 0) throw r.errorAt(at, "expected " + kind.mnemonic() + " to be one of: "
                + String.join(", ", kind.cases()));
        if (angle) r.expect(">");
        return new EnumAttr(kind, i);
    }

    public static EnumAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, EnumAttr.class);
    }

    @Override public boolean equals(Object o) { return this == o || o instanceof EnumAttr r && caseIndex == r.caseIndex
            && kind == r.kind; }

    @Override public int hashCode() { int h = Objects.hashCode(kind); h = 31 * h + caseIndex; return h; }
}
