package org.stablehlo4j.dialect.stablehlo;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FloatKind;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NoneType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * A deliberately small parser for the builtin values that can appear nested inside StableHLO attribute and type
 * bodies: integers and floats (optionally typed), strings, booleans, symbol references, arrays, integer
 * {@code dense<...>} values, nested {@code #stablehlo} attributes, other dialects' attributes (kept as text), and
 * the common builtin types (integers, floats, index, none, complex, tuple, tensor) plus {@code !stablehlo} types.
 */
final class NestedValues {
    private NestedValues() {}

    static boolean bool(BodyReader r) {
        if (r.tryKeyword("true")) return true;
        if (r.tryKeyword("false")) return false;
        throw r.error("expected 'true' or 'false'");
    }

    /** A float literal (decimal, or an integer) as a double. */
    static double floatValue(BodyReader r) {
        int at = r.position();
        String lit = r.floatLiteral("floating point value");
        try {
            return Double.parseDouble(lit);
        } catch (NumberFormatException e) {
            throw new BodyParseException(at, "expected floating point value");
        }
    }

    /**
     * A StableHLO attribute written either stripped ({@code <...>} / {@code (...)}, as printed inside its parent)
     * or in full ({@code #stablehlo.mnemonic<...>}).
     */
    static <T> T strippedOrFull(BodyReader r, String mnemonic, Class<T> cls, Function<BodyReader, T> params) {
        if (r.peek() != '#') return params.apply(r);
        int at = r.position();
        Attribute a = attribute(r);
        if (!cls.isInstance(a)) throw new BodyParseException(at, "expected a #stablehlo." + mnemonic + " attribute");
        return cls.cast(a);
    }

    static Attribute attribute(BodyReader r) {
        r.enter();
        try {
            return attributeInner(r);
        } finally {
            r.leave();
        }
    }

    private static Attribute attributeInner(BodyReader r) {
        char c = r.peek();
        if (c == '#') return hashAttribute(r);
        if (c == '@') return symbolRef(r);
        if (c == '"') return new StringAttr(r.stringBytes("string"), optionalType(r));
        if (c == '[') return new ArrayAttr(r.commaList("[", "]", () -> attribute(r)));
        if (r.tryKeyword("true")) return BoolAttr.TRUE;
        if (r.tryKeyword("false")) return BoolAttr.FALSE;
        if (r.tryKeyword("unit")) return UnitAttr.INSTANCE;
        if (r.tryKeyword("dense")) return dense(r);
        if (r.peekFloat()) {
            int at = r.position();
            String lit = r.floatLiteral("float");
            Type t = optionalType(r);
            if (t == null) t = FloatType.F64;
            if (!(t instanceof FloatType ft)) throw new BodyParseException(at, "float literal needs a float type");
            return new FloatAttr(ft, decimal(ft, lit, at));
        }
        if (r.peekInteger()) {
            int at = r.position();
            BigInteger v = r.bigInteger("integer");
            Type t = optionalType(r);
            if (t == null) t = IntegerType.I64;
            if (t instanceof FloatType ft) {
                return new FloatAttr(ft, decimal(ft, v.toString(), at));
            }
            if (!(t instanceof IntegerType) && !(t instanceof IndexType)) {
                throw new BodyParseException(at, "integer literal needs an integer or index type");
            }
            return new IntegerAttr(t, v);
        }
        throw r.error("expected an attribute value");
    }

    private static BigInteger decimal(FloatType t, String literal, int at) {
        try {
            return FloatFormats.parseDecimal(t.kind(), literal);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new BodyParseException(at, "floating point value out of range: " + literal);
        }
    }

    private static Type optionalType(BodyReader r) {
        return r.tryPunct(":") ? type(r) : null;
    }

    private static SymbolRefAttr symbolRef(BodyReader r) {
        String root = symbolName(r);
        List<String> nested = new ArrayList<>();
        while (r.tryPunct("::")) nested.add(symbolName(r));
        return new SymbolRefAttr(root, nested);
    }

    private static String symbolName(BodyReader r) {
        r.expect("@");
        if (r.atChar('"')) return r.string("symbol name");
        return r.ident("symbol name");
    }

    /** {@code #stablehlo...} parsed in place; any other dialect's attribute is kept as text. */
    private static Attribute hashAttribute(BodyReader r) {
        r.expect("#");
        String name = r.ident("attribute dialect name");
        if (name.equals(StablehloOps.DIALECT)) {
            r.expect("<");
            Attribute a = StablehloAsm.parseAttributeParams(r);
            r.expect(">");
            return a;
        }
        if (name.startsWith(StablehloOps.DIALECT + ".")) {
            return StablehloAsm.parseAttributeParams(r, name.substring(StablehloOps.DIALECT.length() + 1));
        }
        int dot = name.indexOf('.');
        if (dot < 0) {
            if (!r.atChar('<')) throw r.error("attribute aliases are not supported here");
            r.expect("<");
            return new DialectAttr(name, r.balancedUntil('>'), false);
        }
        String body = name.substring(dot + 1);
        if (r.atChar('<')) {
            r.expect("<");
            body = body + "<" + r.balancedUntil('>') + ">";
        }
        return new DialectAttr(name.substring(0, dot), body, true);
    }

    /** {@code dense<...> : tensor<...xiN>} with integer elements: a splat or a (nested) list. */
    private static Attribute dense(BodyReader r) {
        r.expect("<");
        List<BigInteger> values = new ArrayList<>();
        boolean splat = !r.atChar('[') && r.peek() != '[';
        if (r.peek() != '>') denseElements(r, values);
        r.expect(">");
        int at = r.position();
        r.expect(":");
        Type t = type(r);
        if (!(t instanceof ShapedType st) || !(st.elementType() instanceof IntegerType it)) {
            throw new BodyParseException(at, "only integer tensors are supported in nested dense attributes");
        }
        long n = 1;
        if (st instanceof RankedTensorType rt) {
            for (long d : rt.shape()) n *= d;
        }
        if (!splat && values.size() != n) {
            throw new BodyParseException(at, "dense attribute has " + values.size() + " elements, type needs " + n);
        }
        int eb = Math.max(1, (it.width() + 7) / 8);
        byte[] data = new byte[values.size() * eb];
        for (int i = 0; i < values.size(); i++) {
            BigInteger v = values.get(i);
            for (int k = 0; k < eb; k++) data[i * eb + k] = v.shiftRight(8 * k).byteValue();
        }
        return new DenseElementsAttr(st, data, 0, data.length, splat && values.size() == 1 && n != 1);
    }

    private static void denseElements(BodyReader r, List<BigInteger> out) {
        if (r.peek() == '[') {
            r.enter();
            r.commaList("[", "]", () -> {
                denseElements(r, out);
                return null;
            });
            r.leave();
            return;
        }
        if (r.tryKeyword("true")) out.add(BigInteger.ONE);
        else if (r.tryKeyword("false")) out.add(BigInteger.ZERO);
        else out.add(r.bigInteger("integer element"));
    }

    static Type type(BodyReader r) {
        r.enter();
        try {
            return typeInner(r);
        } finally {
            r.leave();
        }
    }

    private static Type typeInner(BodyReader r) {
        if (r.peek() == '!') {
            r.expect("!");
            String name = r.ident("type dialect name");
            if (name.startsWith(StablehloOps.DIALECT + ".")) {
                return StablehloAsm.parseTypeParams(r, name.substring(StablehloOps.DIALECT.length() + 1));
            }
            int dot = name.indexOf('.');
            if (dot < 0) {
                r.expect("<");
                return new DialectType(name, r.balancedUntil('>'), false);
            }
            String body = name.substring(dot + 1);
            if (r.atChar('<')) {
                r.expect("<");
                body = body + "<" + r.balancedUntil('>') + ">";
            }
            return new DialectType(name.substring(0, dot), body, true);
        }
        int at = r.position();
        String id = r.ident("type");
        switch (id) {
            case "index":
                return IndexType.INSTANCE;
            case "none":
                return NoneType.INSTANCE;
            case "complex": {
                r.expect("<");
                Type e = type(r);
                r.expect(">");
                return new ComplexType(e);
            }
            case "tuple":
                return new TupleType(r.commaList("<", ">", () -> type(r)));
            case "tensor":
                return tensor(r);
            default:
                break;
        }
        FloatKind fk = FloatKind.fromKeyword(id);
        if (fk != null) return new FloatType(fk);
        IntegerType it = integerType(id);
        if (it != null) return it;
        throw new BodyParseException(at, "expected a type, found '" + id + "'");
    }

    private static IntegerType integerType(String id) {
        IntegerType.Signedness s;
        String digits;
        if (id.startsWith("si")) {
            s = IntegerType.Signedness.SIGNED;
            digits = id.substring(2);
        } else if (id.startsWith("ui")) {
            s = IntegerType.Signedness.UNSIGNED;
            digits = id.substring(2);
        } else if (id.startsWith("i")) {
            s = IntegerType.Signedness.SIGNLESS;
            digits = id.substring(1);
        } else {
            return null;
        }
        if (digits.isEmpty() || digits.length() > 8 || !digits.chars().allMatch(Character::isDigit)) return null;
        int w = Integer.parseInt(digits);
        return w > 16777215 ? null : new IntegerType(w, s);
    }

    private static Type tensor(BodyReader r) {
        r.expect("<");
        if (r.tryPunct("*")) {
            r.expect("x");
            Type e = type(r);
            r.expect(">");
            return new UnrankedTensorType(e);
        }
        List<Long> dims = new ArrayList<>();
        while (r.peek() == '?' || r.peekDigit()) {
            dims.add(r.tryPunct("?") ? ShapedType.DYNAMIC : r.decimal("dimension"));
            if (!r.atChar('x')) throw r.error("expected 'x' in a tensor shape");
            r.expect("x");
        }
        Type e = type(r);
        Attribute enc = r.tryPunct(",") ? attribute(r) : null;
        r.expect(">");
        long[] shape = new long[dims.size()];
        for (int i = 0; i < shape.length; i++) shape[i] = dims.get(i);
        return new RankedTensorType(shape, e, enc);
    }
}
