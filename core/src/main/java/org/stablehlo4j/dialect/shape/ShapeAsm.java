package org.stablehlo4j.dialect.shape;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.stablehlo4j.asm.AsmCustomOpParser;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmParserContext.OperandRef;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.asm.format.FormatExtension;
import org.stablehlo4j.dialect.mlir.IntElements;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The hand-written pretty forms of the shape ops ({@code hasCustomAssemblyFormat} in ShapeOps.td, or formats whose
 * attribute the engine does not read): {@code shape.const_shape [1, 2] : tensor<2xindex>},
 * {@code shape.const_size 10} and {@code shape.assuming %w -> (types) { ... }}; and the format extension that
 * builds the dialect's parameterless types for the declarative formats that leave them out.
 */
final class ShapeAsm {
    private ShapeAsm() {}

    /** The dialect's types are ODS buildable types: formats may leave them out. */
    static final FormatExtension FORMATS = new FormatExtension() {
        @Override
        public Type buildableType(String constraint) {
            return switch (constraint) {
                case ShapeOps.SHAPE -> ShapeTypes.SHAPE;
                case ShapeOps.SIZE -> ShapeTypes.SIZE;
                case ShapeOps.VALUE_SHAPE -> ShapeTypes.VALUE_SHAPE;
                case ShapeOps.WITNESS -> ShapeTypes.WITNESS;
                default -> null;
            };
        }
    };

    /** A form that prints and parses one op. */
    private interface Form extends AsmPrinterCustomOp, AsmCustomOpParser {}

    /** {@code attr-dict [extents] : type}, the extents printed as a list of integers. */
    static final Form CONST_SHAPE = new Form() {
        @Override
        public boolean canPrint(Operation op) {
            return op.numResults() == 1 && op.attr("shape") instanceof DenseElementsAttr d
                    && ShapeRules.constantExtents(d) != null;
        }

        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.append(" ");
            p.printOptionalAttrDict(p.allAttributes(op), List.of("shape"));
            StringBuilder sb = new StringBuilder("[");
            long[] extents = ShapeRules.constantExtents(op.attr("shape"));
            for (int i = 0; i < extents.length; i++) {
                if (i > 0) sb.append(", ");
                sb.append(extents[i]);
            }
            p.append(sb.append("] : ").toString());
            p.printType(op.result(0).type());
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            int at = p.offset();
            Attribute raw = p.parseAttribute(null);
            if (!(raw instanceof ArrayAttr array)) throw p.errorAt(at, "expected a list of integer extents");
            long[] extents = new long[array.elements().size()];
            for (int i = 0; i < extents.length; i++) {
                if (!(array.elements().get(i) instanceof IntegerAttr extent)) {
                    throw p.errorAt(at, "expected a list of integer extents");
                }
                extents[i] = extent.value().longValue();
            }
            p.expect(":");
            Type t = p.parseType();
            DictionaryAttr props = DictionaryAttr.EMPTY.with("shape",
                    IntElements.of(ShapeTypes.extentTensor(extents.length), extents));
            return p.build(opName, List.of(), List.of(t), props, attrs, List.of(), opStart);
        }
    };

    /** {@code $value attr-dict} of an index attribute, its result named {@code %c<value>}. */
    static final Form CONST_SIZE = new Form() {
        @Override
        public boolean canPrint(Operation op) {
            return op.numResults() == 1 && op.attr("value") instanceof IntegerAttr;
        }

        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.append(" " + ((IntegerAttr) op.attr("value")).value());
            p.printOptionalAttrDict(p.allAttributes(op), List.of("value"));
        }

        @Override
        public void resultNames(Operation op, BiConsumer<Value, String> setName) {
            if (op.attr("value") instanceof IntegerAttr i) setName.accept(op.result(0), "c" + i.value());
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            Attribute value = p.parseAttribute(IndexType.INSTANCE);
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            return p.build(opName, List.of(), List.of(ShapeTypes.SIZE), DictionaryAttr.EMPTY.with("value", value),
                    attrs, List.of(), opStart);
        }
    };

    /**
     * {@code $witness [-> (types)] region attr-dict}; the region's terminator is printed only when the op has
     * results, and a missing {@code shape.assuming_yield} is added when parsing (SingleBlockImplicitTerminator).
     */
    static final Form ASSUMING = new Form() {
        @Override
        public boolean canPrint(Operation op) {
            return op.numOperands() == 1 && op.numRegions() == 1;
        }

        @Override
        public void print(Operation op, AsmPrinterContext p) {
            boolean yieldsResults = op.numResults() > 0;
            p.printOpName(op);
            p.append(" ");
            p.printOperand(op.operand(0));
            if (yieldsResults) {
                List<Type> types = new ArrayList<>();
                for (Value r : op.results()) types.add(r.type());
                p.append(" -> (");
                p.printTypes(types);
                p.append(")");
            }
            p.append(" ");
            p.printRegion(op.region(0), false, yieldsResults, false);
            p.printOptionalAttrDict(p.allAttributes(op), List.of());
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            OperandRef witness = p.parseOperand();
            Value w = p.resolve(witness, ShapeTypes.WITNESS);
            List<Type> types = new ArrayList<>();
            if (p.consumeIf("->")) {
                if (p.consumeIf("(")) {
                    if (!p.consumeIf(")")) {
                        types.addAll(p.parseTypeList());
                        p.expect(")");
                    }
                } else {
                    types.add(p.parseType());
                }
            }
            List<Block> blocks = new ArrayList<>(p.parseRegion(null));
            if (blocks.isEmpty()) blocks.add(new Block());
            Block body = blocks.get(blocks.size() - 1);
            if (body.last() == null || !AssumingYieldOp.is(body.last())) {
                body.append(Operation.create(p.opName(AssumingYieldOp.NAME), List.of(), List.of(),
                        DictionaryAttr.EMPTY, DictionaryAttr.EMPTY, 0, List.of(), p.locationOf(opStart)));
            }
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            return p.build(opName, List.of(w), types, DictionaryAttr.EMPTY, attrs, List.of(blocks), opStart);
        }
    };
}
