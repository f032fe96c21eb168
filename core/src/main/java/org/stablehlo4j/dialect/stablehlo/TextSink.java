package org.stablehlo4j.dialect.stablehlo;

import java.util.List;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.FloatAttr;
import org.stablehlo4j.ir.FloatFormats;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.UnrankedTensorType;

/**
 * A self-contained {@link AsmSink} that renders StableHLO attributes/types and the builtin values that occur
 * inside them (no aliases). Used for tests, diagnostics and {@link StablehloDialect#print}; the real module
 * printer supplies its own sink.
 */
public final class TextSink implements AsmSink {
    private final StringBuilder out = new StringBuilder();

    @Override
    public TextSink append(String text) {
        out.append(text);
        return this;
    }

    @Override
    public TextSink type(Type type) {
        if (type instanceof DialectPrintable p) {
            dialect('!', p);
        } else if (type instanceof RankedTensorType t) {
            out.append("tensor<");
            for (long d : t.shape()) out.append(d == ShapedType.DYNAMIC ? "?" : Long.toString(d)).append('x');
            type(t.elementType());
            if (t.encoding() != null) {
                out.append(", ");
                attribute(t.encoding());
            }
            out.append('>');
        } else if (type instanceof UnrankedTensorType t) {
            out.append("tensor<*x");
            type(t.elementType()).append(">");
        } else if (type instanceof ComplexType c) {
            out.append("complex<");
            type(c.elementType()).append(">");
        } else if (type instanceof TupleType t) {
            out.append("tuple<");
            list(t.types()).append(">");
        } else if (type instanceof FunctionType f) {
            out.append('(');
            list(f.inputs()).append(") -> ");
            if (f.results().size() == 1 && !(f.results().get(0) instanceof FunctionType)) {
                type(f.results().get(0));
            } else {
                out.append('(');
                list(f.results()).append(")");
            }
        } else {
            out.append(type);
        }
        return this;
    }

    private TextSink list(List<Type> types) {
        for (int i = 0; i < types.size(); i++) {
            if (i > 0) out.append(", ");
            type(types.get(i));
        }
        return this;
    }

    @Override
    public TextSink attribute(Attribute a) {
        if (a instanceof DialectPrintable p) {
            dialect('#', p);
        } else if (a instanceof IntegerAttr i) {
            if (i.type() instanceof IntegerType it && it.width() == 1 && it.isSignless()) {
                out.append(i.value().signum() != 0 ? "true" : "false");
            } else {
                out.append(i.value()).append(" : ");
                type(i.type());
            }
        } else if (a instanceof FloatAttr f) {
            out.append(FloatText.format(FloatFormats.toDouble(f.type().kind(), f.bits()))).append(" : ");
            type(f.type());
        } else if (a instanceof BoolAttr b) {
            out.append(b.value());
        } else if (a instanceof StringAttr s) {
            out.append(Fields.quote(s.bytes()));
            if (s.type() != null) {
                out.append(" : ");
                type(s.type());
            }
        } else if (a instanceof SymbolRefAttr s) {
            symbol(s.root());
            for (String n : s.nested()) {
                out.append("::");
                symbol(n);
            }
        } else if (a instanceof ArrayAttr arr) {
            out.append('[');
            for (int i = 0; i < arr.elements().size(); i++) {
                if (i > 0) out.append(", ");
                attribute(arr.elements().get(i));
            }
            out.append(']');
        } else if (a instanceof TypeAttr t) {
            type(t.value());
        } else if (a instanceof UnitAttr) {
            out.append("unit");
        } else if (a instanceof DenseElementsAttr d && d.type().elementType() instanceof IntegerType it) {
            dense(d, it);
        } else {
            out.append(a);
        }
        return this;
    }

    private void dense(DenseElementsAttr d, IntegerType it) {
        long[] v = Fields.denseLongs(d);
        int n = d.isSplat() ? 1 : v.length;
        out.append("dense<");
        if (n != 1) out.append('[');
        for (int i = 0; i < n; i++) {
            if (i > 0) out.append(", ");
            out.append(it.isUnsigned() ? Long.toUnsignedString(v[i]) : Long.toString(v[i]));
        }
        if (n != 1) out.append(']');
        out.append("> : ");
        type(d.type());
    }

    private void symbol(String name) {
        out.append(symbolText(name));
    }

    /** {@code @name}, quoted when the name is not a bare identifier. */
    static String symbolText(String name) {
        boolean bare = !name.isEmpty() && (Character.isLetter(name.charAt(0)) || name.charAt(0) == '_')
                && name.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.');
        return "@" + (bare ? name : Fields.quote(name));
    }

    private void dialect(char sigil, DialectPrintable p) {
        TextSink body = new TextSink();
        p.printBody(body);
        String b = body.toString();
        out.append(sigil).append(p.dialectNamespace());
        if (isPretty(b)) out.append('.').append(b);
        else out.append('<').append(b).append('>');
    }

    /** MLIR's rule: an identifier, optionally followed by one {@code <...>} group that ends the body. */
    static boolean isPretty(String body) {
        if (body.isEmpty() || !Character.isLetter(body.charAt(0))) return false;
        int i = 0;
        while (i < body.length() && (Character.isLetterOrDigit(body.charAt(i)) || body.charAt(i) == '.'
                || body.charAt(i) == '_')) {
            i++;
        }
        return i == body.length() || (body.charAt(i) == '<' && body.charAt(body.length() - 1) == '>');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
