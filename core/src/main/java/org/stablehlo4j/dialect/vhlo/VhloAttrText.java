package org.stablehlo4j.dialect.vhlo;

import java.util.Optional;
import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.Type;

/**
 * VHLO attributes written as text ({@code #vhlo.dict_v1<{...}>}, {@code #vhlo.result_accuracy_v1<...>}, ...):
 * their bodies are read with the file grammar and checked as upstream's attribute verifiers
 * ({@code VhloAttrs.td}) check them when the parser builds them: the keys of a {@code dict_v1} must be VHLO
 * attributes ({@code expected VHLO key attribute}), the type of a {@code type_v1} a VHLO type
 * ({@code expected VHLO type}), the {@code mode} of a {@code result_accuracy_v1} a VHLO attribute
 * ({@code expected VHLO result accuracy mode}); nested {@code #vhlo.*} attributes are checked the same way. A
 * valid attribute is kept as its text (the form the rest of stablehlo4j reads VHLO text in).
 */
final class VhloAttrText implements AsmDialectInterface {
    static final VhloAttrText INSTANCE = new VhloAttrText();

    private VhloAttrText() {}

    @Override
    public Attribute parseAttribute(DialectAttr opaque) {
        String body = opaque.body();
        int open = body.indexOf('<');
        if (!opaque.pretty() || open < 0) return opaque;
        Optional<VhloAttrKind> kind = VhloAttrKind.byMnemonic(body.substring(0, open));
        if (kind.isEmpty()) return opaque;
        DialectAsmParser.parsePrefix(body, open, ns -> "vhlo".equals(ns) ? this : null, p -> {
            check(kind.get(), p);
            return null;
        });
        return opaque;
    }

    /** Reads (and checks) the {@code <...>} of an attribute of {@code kind}, where the checks apply. */
    private static void check(VhloAttrKind kind, DialectAsmParser p) {
        switch (kind.form) {
            case DICT -> {
                p.expect("<");
                p.expect("{");
                if (!p.consumeIf("}")) {
                    do {
                        int at = p.offset();
                        if (!fromVhlo(p.parseAttribute())) throw p.errorAt(at, "expected VHLO key attribute");
                        p.expect("=");
                        p.parseAttribute();
                    } while (p.consumeIf(","));
                    p.expect("}");
                }
                p.expect(">");
            }
            case ARRAY -> {
                p.expect("<");
                p.parseList("[", "]", p::parseAttribute);
                p.expect(">");
            }
            case TYPE -> {
                p.expect("<");
                int at = p.offset();
                if (!fromVhlo(p.parseType())) throw p.errorAt(at, "expected VHLO type");
                p.expect(">");
            }
            case STRUCT -> {
                if (kind == VhloAttrKind.RESULT_ACCURACY) resultAccuracy(p);
            }
            default -> { }
        }
    }

    /** {@code <atol = F, rtol = F, ulps = N, mode = #vhlo...>}. */
    private static void resultAccuracy(DialectAsmParser p) {
        p.expect("<");
        for (String name : new String[] {"atol", "rtol", "ulps", "mode"}) {
            if (!name.equals("atol")) p.expect(",");
            p.expectKeyword(name);
            p.expect("=");
            int at = p.offset();
            if (name.equals("ulps")) {
                p.parseSignedLong();
            } else if (name.equals("mode")) {
                if (!fromVhlo(p.parseAttribute())) throw p.errorAt(at, "expected VHLO result accuracy mode");
            } else {
                p.parseAttribute();
            }
        }
        p.expect(">");
    }

    private static boolean fromVhlo(Attribute a) {
        return a instanceof VhloAttr || a instanceof DialectAttr d && d.dialect().equals("vhlo");
    }

    private static boolean fromVhlo(Type t) {
        return t instanceof VhloType || t instanceof DialectType d && d.dialect().equals("vhlo");
    }
}
