package org.stablehlo4j.dialect.chlo;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.stablehlo4j.bytecode.BytecodeException;
import org.stablehlo4j.bytecode.DialectBytecode;
import org.stablehlo4j.bytecode.DialectReader;
import org.stablehlo4j.bytecode.DialectWriter;
import org.stablehlo4j.dialect.stablehlo.OdsPropertyLayout;
import org.stablehlo4j.dialect.stablehlo.ops.StablehloBytecode;
import org.stablehlo4j.dialect.stablehlo.StablehloEnum;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectAttr;

/**
 * The CHLO dialect's bytecode interface (upstream stablehlo/dialect/ChloBytecode.cpp): its two enum attributes
 * ({@code #chlo<comparison_direction EQ>} code 0, {@code #chlo<comparison_type FLOAT>} code 1, each followed by
 * the enum value as a varint; the enums are StableHLO's), no custom types, and the properties of CHLO ops laid
 * out by {@link OdsPropertyLayout} from {@link ChloOps#SIGNATURES}.
 */
public final class ChloBytecode implements DialectBytecode {
    public static final ChloBytecode INSTANCE = new ChloBytecode();

    static final int COMPARISON_DIRECTION = 0;
    static final int COMPARISON_TYPE = 1;

    private static final Pattern ENUM_BODY = Pattern.compile("\\s*(comparison_direction|comparison_type)\\s+(\\w+)\\s*");

    private ChloBytecode() {}

    @Override
    public List<Property> properties(String opName) {
        return OdsPropertyLayout.of(ChloOps.SIGNATURES.spec(opName));
    }

    @Override
    public boolean rejectsUnknownOps() {
        return true;
    }

    @Override
    public Attribute readAttribute(DialectReader r) throws BytecodeException {
        int at = r.position();
        long code = r.readVarInt();
        StablehloEnum kind;
        if (code == COMPARISON_DIRECTION) kind = StablehloEnum.COMPARISON_DIRECTION;
        else if (code == COMPARISON_TYPE) kind = StablehloEnum.COMPARISON_TYPE;
        else throw r.error(at, "unknown chlo attribute code: " + Long.toUnsignedString(code));
        int i = StablehloBytecode.readEnumCase(r, kind);
        return new DialectAttr(ChloOps.DIALECT, kind.mnemonic() + " " + kind.cases().get(i), false);
    }

    @Override
    public boolean writeAttribute(Attribute attribute, DialectWriter w) {
        if (!(attribute instanceof DialectAttr d) || !d.dialect().equals(ChloOps.DIALECT) || d.pretty()) return false;
        Matcher m = ENUM_BODY.matcher(d.body());
        if (!m.matches()) return false;
        StablehloEnum kind = m.group(1).equals("comparison_direction") ? StablehloEnum.COMPARISON_DIRECTION
                : StablehloEnum.COMPARISON_TYPE;
        int i = kind.indexOf(m.group(2));
        if (i < 0) return false;
        w.writeVarInt(kind == StablehloEnum.COMPARISON_DIRECTION ? COMPARISON_DIRECTION : COMPARISON_TYPE)
                .writeVarInt(kind.valueOf(i));
        return true;
    }
}
