package org.stablehlo4j.dialect.quant;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.asm.Token;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UniformQuantizedType;

/** The part of MLIR's quant dialect StableHLO uses: the {@code !quant.uniform<...>} type (parsed here). */
public final class QuantDialect extends Dialect {
    public QuantDialect(Context context) {
        super("quant", context);
        addInterface(AsmDialectInterface.class, new AsmDialectInterface() {
            @Override
            public Type parseType(String mnemonic, DialectAsmParser p) {
                return mnemonic.equals("uniform") ? parseUniform(p) : null;
            }
        });
    }

    /**
     * {@code !quant.uniform<storage[<min:max>]:expressed[:axis], scale[:zp]>} or per-axis
     * {@code {s0:z0, ...}}; the lexer is positioned on the {@code '<'}.
     */
    static Type parseUniform(DialectAsmParser p) {
        p.enter();
        p.expect(Token.Kind.LESS, "expected '<'");
        if (!p.is(Token.Kind.BARE_IDENTIFIER)) throw p.wrongToken("expected storage type");
        String st = p.spelling();
        boolean signed;
        IntegerType storage;
        int width;
        if (DialectAsmParser.integerTypeSignedness(st) != null) {
            int at = p.offset();
            Type t = p.parseNonFunctionType();
            if (!(t instanceof IntegerType it)) throw p.errorAt(at, "illegal storage type");
            storage = it;
            signed = !it.isUnsigned();
            width = it.width();
        } else if (st.startsWith("u") && st.length() > 1 && st.length() <= 4
                && st.substring(1).chars().allMatch(Character::isDigit)) {
            width = Integer.parseInt(st.substring(1));
            signed = false;
            storage = IntegerType.signless(width);
            p.consume();
        } else {
            throw p.error("illegal storage type prefix");
        }
        if (width == 0 || width > 32) throw p.errorAt(p.previousEnd(), "illegal storage type size: " + width);
        long min = signed ? -(1L << (width - 1)) : 0;
        long max = signed ? (1L << (width - 1)) - 1 : (1L << width) - 1;
        boolean explicit = false;
        if (p.consumeIf(Token.Kind.LESS)) {
            long lo = p.parseSignedLong();
            p.expect(Token.Kind.COLON, "expected ':'");
            long hi = p.parseSignedLong();
            p.expect(Token.Kind.GREATER, "expected '>'");
            if (lo < min || hi > max || lo > hi) throw p.errorAt(p.previousEnd(), "illegal storage min and storage max");
            // Like MLIR, a range equal to the storage type's full range is the same type as no range at all.
            explicit = lo != min || hi != max;
            min = lo;
            max = hi;
        }
        p.expect(Token.Kind.COLON, "expected ':'");
        int eat = p.offset();
        Type expressed = p.parseType();
        if (!(expressed instanceof FloatType)) throw p.errorAt(eat, "illegal expressed type");
        int axis = -1;
        if (p.consumeIf(Token.Kind.COLON)) {
            long a = p.parseSignedLong();
            if (a < 0 || a > Integer.MAX_VALUE) throw p.errorAt(p.previousEnd(), "illegal quantized dimension: " + a);
            axis = (int) a;
        }
        p.expect(Token.Kind.COMMA, "expected ','");
        List<double[]> params = new ArrayList<>();
        if (axis >= 0) {
            p.expect(Token.Kind.L_BRACE, "expected '{'");
            do {
                params.add(parseScaleZeroPoint(p, (FloatType) expressed));
            } while (p.consumeIf(Token.Kind.COMMA));
            p.expect(Token.Kind.R_BRACE, "expected '}'");
        } else {
            params.add(parseScaleZeroPoint(p, (FloatType) expressed));
        }
        p.expect(Token.Kind.GREATER, "expected '>'");
        p.leave();
        double[] scales = new double[params.size()];
        long[] zps = new long[params.size()];
        for (int i = 0; i < scales.length; i++) {
            scales[i] = params.get(i)[0];
            zps[i] = (long) params.get(i)[1];
        }
        // The positional checks above are the text form of the checked construction; it holds them all.
        String problem = UniformQuantizedType.verifyInvariants(signed, storage, min, max, expressed, axis, scales, zps);
        if (problem != null) throw p.error(problem);
        return new QuantUniformType(signed, storage, min, max, explicit, expressed, axis, scales, zps);
    }

    /** A scale (within the expressed type's positive range, as MLIR's quant parser requires) and zero point. */
    private static double[] parseScaleZeroPoint(DialectAsmParser p, FloatType expressed) {
        int at = p.offset();
        boolean neg = p.consumeIf(Token.Kind.MINUS);
        if (!p.is(Token.Kind.FLOAT) && !p.is(Token.Kind.INTEGER)) throw p.wrongToken("expected scale value");
        double scale = scaleValue(p, neg, at);
        String problem = UniformQuantizedType.scaleProblem(scale, expressed);
        if (problem != null) throw p.errorAt(at, problem);
        p.consume();
        long zp = 0;
        if (p.consumeIf(Token.Kind.COLON)) zp = p.parseSignedLong();
        return new double[] {scale, zp};
    }

    /** The scale as a double: a decimal literal, or (like MLIR's parseFloat) a hexadecimal literal giving its bits. */
    private static double scaleValue(DialectAsmParser p, boolean neg, int at) {
        String s = p.spelling();
        if (p.is(Token.Kind.INTEGER) && s.length() > 2 && s.charAt(1) == 'x') {
            if (neg) throw p.errorAt(at, "hexadecimal float literal should not have a leading minus");
            java.math.BigInteger bits = new java.math.BigInteger(s.substring(2), 16);
            if (bits.bitLength() > 64) throw p.errorAt(p.offset(), "hexadecimal float constant out of range for type");
            return Double.longBitsToDouble(bits.longValue());
        }
        return (neg ? -1 : 1) * Double.parseDouble(s);
    }
}
