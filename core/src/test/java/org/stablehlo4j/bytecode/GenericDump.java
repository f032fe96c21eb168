package org.stablehlo4j.bytecode;

import org.stablehlo4j.dialect.vhlo.FloatText;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.AsmSink;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectPrintable;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Module;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnitAttr;
import org.stablehlo4j.ir.Value;

import java.math.BigInteger;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * A small test-only generic-form dumper, close enough to MLIR's generic printer for the constructs in the VHLO
 * artifacts that CHECK-line substrings can be compared. (The real printer lives in the asm package.)
 */
final class GenericDump implements AsmSink {
    private final StringBuilder out = new StringBuilder();
    private final Map<Value, String> names = new IdentityHashMap<>();
    private int nextValue;
    private int nextArg;

    static String dump(Module m) {
        GenericDump d = new GenericDump();
        d.op(m.op(), 0);
        return d.out.toString();
    }

    @Override public AsmSink append(String text) { out.append(text); return this; }

    @Override
    public AsmSink type(Type t) {
        if (t instanceof DialectPrintable p) {
            out.append('!').append(p.dialectNamespace()).append('.');
            p.printBody(this);
        } else if (t instanceof IntegerType || t instanceof FloatType || t instanceof IndexType) {
            out.append(t instanceof IndexType ? "index" : t.toString());
        } else if (t instanceof ComplexType c) {
            out.append("complex<");
            type(c.elementType());
            out.append('>');
        } else if (t instanceof RankedTensorType r) {
            out.append("tensor<");
            for (long d : r.shape()) out.append(d == Long.MIN_VALUE ? "?" : Long.toString(d)).append('x');
            type(r.elementType());
            if (r.encoding() != null) {
                out.append(", ");
                attribute(r.encoding());
            }
            out.append('>');
        } else if (t instanceof DialectType dt) {
            out.append(dt);
        } else {
            out.append(t);
        }
        return this;
    }

    @Override
    public AsmSink attribute(Attribute a) {
        if (a instanceof DialectPrintable p) {
            StringBuilder saved = new StringBuilder(out);
            out.setLength(0);
            p.printBody(this);
            String body = out.toString();
            out.setLength(0);
            out.append(saved);
            boolean pretty = body.matches("[A-Za-z_][A-Za-z0-9_]*(<.*>)?") ;
            out.append('#').append(p.dialectNamespace()).append(pretty ? "." + body : "<" + body + ">");
        } else if (a instanceof IntegerAttr i) {
            out.append(i.value());
            out.append(" : ");
            type(i.type());
        } else if (a instanceof StringAttr s) {
            out.append('"').append(s.value()).append('"');
        } else if (a instanceof BoolAttr b) {
            out.append(b.value());
        } else if (a instanceof UnitAttr) {
            out.append("unit");
        } else if (a instanceof ArrayAttr arr) {
            out.append('[');
            for (int i = 0; i < arr.elements().size(); i++) {
                if (i > 0) out.append(", ");
                attribute(arr.elements().get(i));
            }
            out.append(']');
        } else if (a instanceof DenseElementsAttr d) {
            dense(d);
        } else if (a instanceof DialectAttr da) {
            out.append(da);
        } else {
            out.append(a);
        }
        return this;
    }

    private void dense(DenseElementsAttr d) {
        RankedTensorType t = (RankedTensorType) d.type();
        Type et = t.elementType();
        int eb = BuiltinBytecode.elementBytes(et);
        out.append("dense<");
        if (d.isSplat()) {
            element(d, 0, et, eb);
        } else if (t.numElements() == 0) {
            out.append("");
        } else {
            nested(d, t.shape(), 0, new int[] {0}, et, eb);
        }
        out.append("> : ");
        type(t);
    }

    private void nested(DenseElementsAttr d, long[] shape, int dim, int[] idx, Type et, int eb) {
        if (dim == shape.length) {
            element(d, idx[0]++, et, eb);
            return;
        }
        out.append('[');
        for (long i = 0; i < shape[dim]; i++) {
            if (i > 0) out.append(", ");
            nested(d, shape, dim + 1, idx, et, eb);
        }
        out.append(']');
    }

    private void element(DenseElementsAttr d, int index, Type et, int eb) {
        if (et instanceof ComplexType c) {
            int half = eb / 2;
            out.append('(');
            scalar(d, index * eb, c.elementType(), half);
            out.append(", ");
            scalar(d, index * eb + half, c.elementType(), half);
            out.append(')');
        } else {
            scalar(d, index * eb, et, eb);
        }
    }

    private void scalar(DenseElementsAttr d, int off, Type et, int eb) {
        byte[] raw = new byte[eb];
        for (int i = 0; i < eb; i++) raw[eb - 1 - i] = d.byteAt(off + i);
        BigInteger u = new BigInteger(1, raw);
        if (et instanceof IntegerType it && it.width() == 1) {
            out.append(u.signum() != 0);
        } else if (et instanceof IntegerType it) {
            if (!it.isUnsigned() && u.testBit(it.width() - 1)) u = u.subtract(BigInteger.ONE.shiftLeft(it.width()));
            out.append(u);
        } else if (et instanceof IndexType) {
            out.append(u.testBit(63) ? u.subtract(BigInteger.ONE.shiftLeft(64)) : u);
        } else if (et instanceof FloatType ft) {
            out.append(FloatText.format(ft.kind(), u));
        }
    }

    private String name(Value v) {
        return names.computeIfAbsent(v, k -> "%" + (nextValue++));
    }

    private void op(Operation op, int indent) {
        out.append("  ".repeat(indent));
        if (op.numResults() > 0) {
            for (int i = 0; i < op.numResults(); i++) out.append(i > 0 ? ", " : "").append(name(op.result(i)));
            out.append(" = ");
        }
        out.append('"').append(op.name()).append("\"(");
        for (int i = 0; i < op.numOperands(); i++) out.append(i > 0 ? ", " : "").append(name(op.operand(i)));
        out.append(')');
        if (!op.properties().isEmpty()) {
            out.append(" <");
            dict(op.properties());
            out.append('>');
        }
        if (op.numRegions() > 0) {
            out.append(" (");
            for (int r = 0; r < op.numRegions(); r++) {
                if (r > 0) out.append(", ");
                region(op.region(r), indent);
            }
            out.append(')');
        }
        if (!op.attributes().isEmpty()) {
            out.append(' ');
            dict(op.attributes());
        }
        out.append(" : (");
        for (int i = 0; i < op.numOperands(); i++) {
            if (i > 0) out.append(", ");
            type(op.operand(i).type());
        }
        out.append(") -> ");
        if (op.numResults() == 1) {
            type(op.result(0).type());
        } else {
            out.append('(');
            for (int i = 0; i < op.numResults(); i++) {
                if (i > 0) out.append(", ");
                type(op.result(i).type());
            }
            out.append(')');
        }
        out.append('\n');
    }

    private void region(Region r, int indent) {
        out.append("{\n");
        for (Block b : r.blocks()) {
            if (b.numArguments() > 0) {
                out.append("  ".repeat(indent)).append("^bb(");
                for (int i = 0; i < b.numArguments(); i++) {
                    if (i > 0) out.append(", ");
                    String n = "%arg" + (nextArg++);
                    names.put(b.argument(i), n);
                    out.append(n).append(": ");
                    type(b.argument(i).type());
                }
                out.append("):\n");
            }
            for (Operation o : b.operations()) op(o, indent + 1);
        }
        out.append("  ".repeat(indent)).append('}');
    }

    private void dict(DictionaryAttr d) {
        out.append('{');
        boolean first = true;
        for (NamedAttribute na : d.entries()) {
            out.append(first ? "" : ", ").append(na.name());
            first = false;
            if (!(na.value() instanceof UnitAttr)) {
                out.append(" = ");
                attribute(na.value());
            }
        }
        out.append('}');
    }
}
