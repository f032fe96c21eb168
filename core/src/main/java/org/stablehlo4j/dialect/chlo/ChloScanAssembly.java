package org.stablehlo4j.dialect.chlo;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.stablehlo4j.asm.AsmCustomOpParser;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The hand-written pretty form of {@code chlo.scan} (ScanOp::parse/print in ChloOps.cpp):
 * {@code chlo.scan(%in) inits (%init) dimension=0 attributes {...} {region} : (types) -> (types)}. The body's
 * arguments are named {@code input}/{@code carry} (getAsmBlockArgumentNames).
 */
public final class ChloScanAssembly implements AsmPrinterCustomOp, AsmCustomOpParser {
    public static final ChloScanAssembly INSTANCE = new ChloScanAssembly();

    private static final List<String> ELIDED = List.of("dimension", "operandSegmentSizes", "resultSegmentSizes");

    private ChloScanAssembly() {}

    @Override
    public boolean canPrint(Operation op) {
        return op.numRegions() == 1 && inputCount(op) >= 0 && op.attr("dimension") instanceof IntegerAttr;
    }

    @Override
    public void print(Operation op, AsmPrinterContext p) {
        int inputs = inputCount(op);
        p.printOpName(op);
        p.append("(");
        p.printOperands(op.operands().subList(0, inputs));
        p.append(") inits (");
        p.printOperands(op.operands().subList(inputs, op.numOperands()));
        p.append(") dimension=" + ((IntegerAttr) op.attr("dimension")).value() + " ");
        p.printOptionalAttrDictWithKeyword(p.allAttributes(op), ELIDED);
        p.append(" ");
        p.printRegion(op.region(0), true, true, false);
        p.append(" : ");
        p.printFunctionalType(op);
    }

    @Override
    public void blockArgumentNames(Region region, BiConsumer<Value, String> setName) {
        Block entry = region.entry();
        Operation op = region.parent();
        if (entry == null || op == null) return;
        int inputs = inputCount(op);
        for (int i = 0; i < entry.numArguments(); i++) setName.accept(entry.argument(i), i < inputs ? "input" : "carry");
    }

    @Override
    public Operation parse(String opName, AsmParserContext p, int opStart) {
        List<AsmParserContext.OperandRef> inputs = operandList(p);
        p.expectKeyword("inits");
        List<AsmParserContext.OperandRef> inits = operandList(p);
        p.expectKeyword("dimension");
        p.expect("=");
        long dimension = p.parseInteger();
        DictionaryAttr attrs = p.parseOptionalAttrDictWithKeyword();
        List<Block> body = p.parseRegion(null);
        p.expect(":");
        int typeAt = p.offset();
        if (!(p.parseType() instanceof FunctionType funcType)) throw p.errorAt(typeAt, "expected function type");
        int numInputs = inputs.size();
        int numCarries = inits.size();
        int numOutputs = funcType.results().size() - numCarries;
        if (funcType.inputs().size() != numInputs + numCarries) {
            throw p.errorAt(opStart, "operand types must match the number of inputs and inits");
        }
        if (numOutputs < 0) throw p.errorAt(opStart, "not enough result types to cover the required carries");
        List<Type> inputTypes = funcType.inputs().subList(0, numInputs);
        List<Type> initTypes = funcType.inputs().subList(numInputs, funcType.inputs().size());
        List<Value> operands = new ArrayList<>(p.resolve(inputs, inputTypes, opStart));
        operands.addAll(p.resolve(inits, initTypes, opStart));
        List<NamedAttribute> props = new ArrayList<>();
        props.add(new NamedAttribute("dimension", IntegerAttr.of(IntegerType.I64, dimension)));
        props.add(new NamedAttribute("operandSegmentSizes", i32Array(numInputs, numCarries)));
        props.add(new NamedAttribute("resultSegmentSizes", i32Array(numOutputs, numCarries)));
        return p.build(opName, operands, funcType.results(), DictionaryAttr.of(props), attrs, List.of(body), opStart);
    }

    private static List<AsmParserContext.OperandRef> operandList(AsmParserContext p) {
        List<AsmParserContext.OperandRef> out = new ArrayList<>();
        p.expect("(");
        if (p.consumeIf(")")) return out;
        do {
            out.add(p.parseOperand());
        } while (p.consumeIf(","));
        p.expect(")");
        return out;
    }

    /** How many operands are inputs (the first operand segment), or -1 when unknown. */
    private static int inputCount(Operation op) {
        if (!(op.attr("operandSegmentSizes") instanceof DenseArrayAttr seg) || seg.size() != 2) return -1;
        long inputs = seg.getLong(0);
        return inputs >= 0 && inputs + seg.getLong(1) == op.numOperands() ? (int) inputs : -1;
    }

    private static DenseArrayAttr i32Array(int a, int b) {
        byte[] data = new byte[8];
        for (int k = 0; k < 4; k++) {
            data[k] = (byte) (a >>> (8 * k));
            data[4 + k] = (byte) (b >>> (8 * k));
        }
        return new DenseArrayAttr(IntegerType.I32, data, 2);
    }
}
