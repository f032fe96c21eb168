package org.stablehlo4j.asm.format;

import java.util.List;
import java.util.function.BiConsumer;
import org.stablehlo4j.asm.AsmCustomOpParser;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DenseResourceElementsAttr;
import org.stablehlo4j.ir.DenseStringElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The hand-written constant forms dialects share: StableHLO's {@code constant} (also sdy's), MLIR's
 * {@code arith.constant}, and the arith-like {@code attr-dict $value} form of CHLO's constant.
 */
final class ConstantForms {
    private ConstantForms() {}

    /** A pretty printer and parser pair. */
    interface Both extends AsmPrinterCustomOp, AsmCustomOpParser {}


    static final Both CONSTANT = new Both() {
        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            Attribute value = op.attr("value");
            Type t = value == null ? null : elementsType(value);
            if (t == null || op.numResults() != 1 || !t.equals(op.result(0).type())) {
                p.append("()");
                if (!op.properties().isEmpty()) {
                    p.append(" <");
                    p.printAttribute(op.properties());
                    p.append(">");
                }
                p.printOptionalAttrDict(op.attributes().entries(), List.of());
                p.append(" : ");
                p.printFunctionalType(op);
                return;
            }
            p.printOptionalAttrDict(p.allAttributes(op), List.of("value"));
            p.append(" ");
            p.printAttribute(value);
        }

        @Override
        public void resultNames(Operation op, BiConsumer<Value, String> setName) {
            if (op.numResults() != 1) return;
            boolean integer = op.result(0).type() instanceof ShapedType s && s.elementType() instanceof IntegerType;
            setName.accept(op.result(0), integer ? "c" : "cst");
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            if (p.consumeIf("(")) {
                p.expect(")");
                DictionaryAttr props = DictionaryAttr.EMPTY;
                if (p.consumeIf("<")) {
                    int at = p.offset();
                    if (!(p.parseAttribute(null) instanceof DictionaryAttr d)) throw p.errorAt(at, "expected properties");
                    props = d;
                    p.expect(">");
                }
                DictionaryAttr attrs = p.parseOptionalAttrDict();
                p.expect(":");
                p.expect("(");
                p.expect(")");
                p.expect("->");
                Type t = p.parseType();
                return p.build(opName, List.of(), List.of(t), props, attrs, List.of(), opStart);
            }
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            int at = p.offset();
            Attribute value = p.parseAttribute(null);
            Type t = elementsType(value);
            if (t == null) throw p.errorAt(at, "invalid kind of attribute specified");
            return p.build(opName, List.of(), List.of(t), DictionaryAttr.EMPTY.with("value", value), attrs, List.of(),
                    opStart);
        }
    };

    /** {@code arith.constant attr-dict $value}: the result type is the value's type. */
    static final Both ARITH_CONSTANT = new Both() {
        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.printOptionalAttrDict(p.allAttributes(op), List.of("value"));
            Attribute value = op.attr("value");
            if (value != null) {
                p.append(" ");
                p.printAttribute(value);
            }
        }

        /** MLIR's names: {@code %true}/{@code %false}, {@code %c42_i32}, {@code %c42} (index), else {@code %cst}. */
        @Override
        public void resultNames(Operation op, BiConsumer<Value, String> setName) {
            if (op.numResults() != 1) return;
            Type type = op.result(0).type();
            if (op.attr("value") instanceof org.stablehlo4j.ir.IntegerAttr i) {
                if (type instanceof IntegerType it && it.width() == 1) {
                    setName.accept(op.result(0), i.value().signum() != 0 ? "true" : "false");
                    return;
                }
                String name = "c" + i.value();
                if (type instanceof IntegerType) name += "_" + org.stablehlo4j.asm.AsmPrinter.printType(type);
                setName.accept(op.result(0), name);
            } else if (op.attr("value") instanceof org.stablehlo4j.ir.BoolAttr b) {
                setName.accept(op.result(0), b.value() ? "true" : "false");
            } else {
                setName.accept(op.result(0), "cst");
            }
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            int at = p.offset();
            Attribute value = p.parseAttribute(null);
            Type t = typeOf(value);
            if (t == null) throw p.errorAt(at, "expected a typed attribute");
            return p.build(opName, List.of(), List.of(t), DictionaryAttr.EMPTY.with("value", value), attrs, List.of(),
                    opStart);
        }
    };

    /**
     * {@code chlo.constant attr-dict $value} (ChloOps.td): printed like arith.constant, the result type being the
     * value's, but without result names (the op has no OpAsmOpInterface).
     */
    static final Both TYPED_CONSTANT = new Both() {
        @Override
        public void print(Operation op, AsmPrinterContext p) {
            ARITH_CONSTANT.print(op, p);
        }

        /** The short form implies the result type: only when it is the value's. */
        @Override
        public boolean canPrint(Operation op) {
            Attribute value = op.attr("value");
            return op.numResults() == 1 && value != null && op.result(0).type().equals(elementsType(value));
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            return ARITH_CONSTANT.parse(opName, p, opStart);
        }
    };

    /** The type of a typed attribute (integer, float, bool, elements), or null. */
    static Type typeOf(Attribute a) {
        if (a instanceof org.stablehlo4j.ir.IntegerAttr i) return i.type();
        if (a instanceof org.stablehlo4j.ir.FloatAttr f) return f.type();
        if (a instanceof org.stablehlo4j.ir.BoolAttr) return IntegerType.I1;
        return elementsType(a);
    }

    /** The type of an elements attribute, or null for other attributes. */
    static Type elementsType(Attribute a) {
        if (a instanceof DenseElementsAttr d) return d.type();
        if (a instanceof DenseResourceElementsAttr d) return d.type();
        if (a instanceof DenseStringElementsAttr d) return d.type();
        return null;
    }

}
