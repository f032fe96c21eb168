package org.stablehlo4j.dialect.mlir;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiConsumer;
import org.stablehlo4j.asm.AsmCustomOpParser;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmParserContext.OperandRef;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The pretty forms of the arith and tensor ops whose upstream formats derive operand or result types that the
 * declarative engine does not (ODS's {@code SameOperandsAndResultType}, {@code TypesMatchWith}, buildable
 * {@code index} operands, the {@code CmpIPredicate} keyword, {@code arith.select}'s hand-written form):
 * {@code arith.addi %a, %b : index}, {@code arith.cmpi slt, %a, %b : index},
 * {@code arith.select %c, %a, %b : index}, {@code tensor.dim %t, %c0 : tensor<?xf32>},
 * {@code tensor.extract %t[%i] : tensor<4xindex>}, {@code tensor.from_elements %a, %b : tensor<2xindex>}.
 */
final class MlirAsm {
    private MlirAsm() {}

    /** A form that prints and parses one op. */
    private abstract static class Form implements AsmPrinterCustomOp, AsmCustomOpParser {
        private final String resultName;
        private final int minOperands;
        private final int maxOperands;

        /** A form of ops with one result and {@code numOperands} operands. */
        Form(String resultName, int numOperands) {
            this(resultName, numOperands, numOperands);
        }

        /** A form of ops with one result and from {@code minOperands} to {@code maxOperands} operands. */
        Form(String resultName, int minOperands, int maxOperands) {
            this.resultName = resultName;
            this.minOperands = minOperands;
            this.maxOperands = maxOperands;
        }

        /** Whether the op has the form's one result and number of operands. */
        @Override
        public boolean canPrint(Operation op) {
            return op.numResults() == 1 && op.numOperands() >= minOperands && op.numOperands() <= maxOperands;
        }

        /** Prints the op's name and its operands, comma-separated. */
        static void printNameAndOperands(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.append(" ");
            p.printOperands(op.operands());
        }

        @Override
        public void resultNames(Operation op, BiConsumer<Value, String> setName) {
            if (resultName != null && op.numResults() == 1) setName.accept(op.result(0), resultName);
        }

        /** Prints the common tail {@code attr-dict : type}, the attributes {@code elided} left out. */
        static void printAttrsAndType(Operation op, AsmPrinterContext p, List<String> elided, Type type) {
            p.printOptionalAttrDict(p.allAttributes(op), elided);
            p.append(" : ");
            p.printType(type);
        }

        /** Parses one or more comma-separated operands into {@code refs}. */
        static void parseOperandList(AsmParserContext p, List<OperandRef> refs) {
            do {
                refs.add(p.parseOperand());
            } while (p.consumeIf(","));
        }

        /** The parsed {@code $lhs , $rhs attr-dict : type}: the two operands, both of that type, and the attributes. */
        record Binary(List<Value> operands, DictionaryAttr attrs, Type type) {}

        /** Parses {@code $lhs , $rhs attr-dict : type}, the operands resolved to the type. */
        static Binary parseBinary(AsmParserContext p) {
            OperandRef lhs = p.parseOperand();
            p.expect(",");
            OperandRef rhs = p.parseOperand();
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            p.expect(":");
            int at = p.offset();
            Type t = p.parseType();
            return new Binary(p.resolve(List.of(lhs, rhs), List.of(t, t), at), attrs, t);
        }

        /** Builds a parsed op with one result of type {@code result}, no properties and no regions. */
        static Operation build(AsmParserContext p, String opName, List<Value> operands, Type result,
                               DictionaryAttr attrs, int opStart) {
            return p.build(opName, operands, List.of(result), DictionaryAttr.EMPTY, attrs, List.of(), opStart);
        }
    }

    /** Adds the forms of the arith ops to {@code asm}. */
    static void addArith(OpAsmTable asm) {
        for (String name : List.of(AddiOp.NAME, AddfOp.NAME, SubiOp.NAME, MuliOp.NAME, DivsiOp.NAME, MaxsiOp.NAME, MinsiOp.NAME)) {
            asm.format(name, BINARY);
        }
        asm.format(CmpiOp.NAME, CMPI);
        asm.format(SelectOp.NAME, SELECT);
    }

    /** Adds the forms of the tensor ops to {@code asm}. */
    static void addTensor(OpAsmTable asm) {
        asm.format(DimOp.NAME, DIM);
        asm.format(ExtractOp.NAME, EXTRACT);
        asm.format(InsertOp.NAME, INSERT);
        asm.format(FromElementsOp.NAME, FROM_ELEMENTS);
    }

    /** {@code $lhs , $rhs attr-dict : type($result)}, every type the result's. */
    private static final Form BINARY = new Form(null, 2) {
        @Override
        public void print(Operation op, AsmPrinterContext p) {
            printNameAndOperands(op, p);
            printAttrsAndType(op, p, List.of(), op.result(0).type());
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            Binary b = parseBinary(p);
            return build(p, opName, b.operands(), b.type(), b.attrs(), opStart);
        }
    };

    /** {@code $predicate , $lhs , $rhs attr-dict : type($lhs)}; the result is i1 of the operands' shape. */
    private static final Form CMPI = new Form(null, 2) {
        @Override
        public boolean canPrint(Operation op) {
            return super.canPrint(op) && op.attr("predicate") instanceof IntegerAttr p
                    && p.value().signum() >= 0
                    && p.value().compareTo(BigInteger.valueOf(MlirOpHooks.CMPI_PREDICATES.size())) < 0;
        }

        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.append(" " + MlirOpHooks.CMPI_PREDICATES.get(((IntegerAttr) op.attr("predicate")).value().intValue()));
            p.append(", ");
            p.printOperands(op.operands());
            printAttrsAndType(op, p, List.of("predicate"), op.operand(0).type());
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            int at = p.offset();
            String keyword = p.parseKeywordOrString("expected string or keyword containing one of the following "
                    + "enum values for attribute 'predicate' [" + String.join(", ", MlirOpHooks.CMPI_PREDICATES) + "]");
            int predicate = MlirOpHooks.CMPI_PREDICATES.indexOf(keyword);
            if (predicate < 0) {
                throw p.errorAt(at, "invalid predicate attribute specification: \"" + keyword + "\"");
            }
            p.expect(",");
            Binary b = parseBinary(p);
            DictionaryAttr props = DictionaryAttr.EMPTY.with("predicate", IntegerAttr.of(IntegerType.I64, predicate));
            return p.build(opName, b.operands(), List.of(MlirOpHooks.boolLike(b.type())), props, b.attrs(), List.of(),
                    opStart);
        }
    };

    /** {@code %c, %t, %f attr-dict : [type($c) ,] type($result)}: the condition's type only when it is no i1. */
    private static final Form SELECT = new Form(null, 3) {
        @Override
        public void print(Operation op, AsmPrinterContext p) {
            printNameAndOperands(op, p);
            p.printOptionalAttrDict(p.allAttributes(op), List.of());
            p.append(" : ");
            if (op.operand(0).type() instanceof ShapedType) {
                p.printType(op.operand(0).type());
                p.append(", ");
            }
            p.printType(op.result(0).type());
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            List<OperandRef> refs = new ArrayList<>();
            parseOperandList(p, refs);
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            p.expect(":");
            int at = p.offset();
            Type cond = IntegerType.I1;
            Type t = p.parseType();
            if (p.consumeIf(",")) {
                cond = t;
                t = p.parseType();
            }
            List<Value> operands = p.resolve(refs, List.of(cond, t, t), at);
            return build(p, opName, operands, t, attrs, opStart);
        }
    };

    /** {@code attr-dict $source , $index : type($source)}. */
    private static final Form DIM = new Form("dim", 2) {
        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.printOptionalAttrDict(p.allAttributes(op), List.of());
            p.append(" ");
            p.printOperands(op.operands());
            p.append(" : ");
            p.printType(op.operand(0).type());
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            OperandRef source = p.parseOperand();
            p.expect(",");
            OperandRef index = p.parseOperand();
            p.expect(":");
            int at = p.offset();
            Type t = p.parseType();
            List<Value> operands = p.resolve(List.of(source, index), List.of(t, IndexType.INSTANCE), at);
            return build(p, opName, operands, IndexType.INSTANCE, attrs, opStart);
        }
    };

    /** {@code $tensor [ $indices ] attr-dict : type($tensor)}; the result is the element type. */
    private static final Form EXTRACT = new Indexed("extracted", false);
    private static final Form INSERT = new Indexed("inserted", true);

    /**
     * {@code tensor.extract $tensor[$indices] attr-dict : type($tensor)} (the result is an element) and
     * {@code tensor.insert $scalar into $dest[$indices] attr-dict : type($dest)} (the scalar an element, the result
     * the tensor's type).
     */
    private static final class Indexed extends Form {
        private final boolean insert;

        Indexed(String resultName, boolean insert) {
            super(resultName, insert ? 2 : 1, Integer.MAX_VALUE);
            this.insert = insert;
        }

        @Override
        public void print(Operation op, AsmPrinterContext p) {
            int tensor = insert ? 1 : 0;
            p.printOpName(op);
            p.append(" ");
            if (insert) {
                p.printOperand(op.operand(0));
                p.append(" into ");
            }
            p.printOperand(op.operand(tensor));
            p.append("[");
            p.printOperands(op.operands().subList(tensor + 1, op.numOperands()));
            p.append("]");
            printAttrsAndType(op, p, List.of(), op.operand(tensor).type());
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            List<OperandRef> refs = new ArrayList<>();
            if (insert) {
                refs.add(p.parseOperand());
                p.expectKeyword("into");
            }
            refs.add(p.parseOperand());
            p.expect("[");
            if (!p.consumeIf("]")) {
                parseOperandList(p, refs);
                p.expect("]");
            }
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            p.expect(":");
            int at = p.offset();
            Type t = p.parseType();
            if (!(t instanceof RankedTensorType rt)) throw p.errorAt(at, "expected ranked tensor type");
            List<Type> types = new ArrayList<>();
            if (insert) types.add(rt.elementType());
            types.add(t);
            types.addAll(Collections.nCopies(refs.size() - types.size(), IndexType.INSTANCE));
            List<Value> operands = p.resolve(refs, types, at);
            return build(p, opName, operands, insert ? t : rt.elementType(), attrs, opStart);
        }
    }

    /** {@code $elements attr-dict : type($result)}; every element of the result's element type. */
    private static final Form FROM_ELEMENTS = new Form("from_elements", 0, Integer.MAX_VALUE) {
        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            if (op.numOperands() > 0) {
                p.append(" ");
                p.printOperands(op.operands());
            }
            printAttrsAndType(op, p, List.of(), op.result(0).type());
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            List<OperandRef> refs = new ArrayList<>();
            if (p.atOperand()) {
                parseOperandList(p, refs);
            }
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            p.expect(":");
            int at = p.offset();
            Type t = p.parseType();
            if (!(t instanceof ShapedType st)) throw p.errorAt(at, "expected a tensor type");
            List<Value> operands = p.resolve(refs, Collections.nCopies(refs.size(), st.elementType()), at);
            return build(p, opName, operands, t, attrs, opStart);
        }
    };
}
