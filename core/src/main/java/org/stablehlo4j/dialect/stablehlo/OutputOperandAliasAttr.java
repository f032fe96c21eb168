package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.DialectAsmParser;

import java.util.Arrays;
import java.util.List;
import org.stablehlo4j.ir.AsmSink;

/**
 * {@code #stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0,
 * operand_tuple_indices = [1]>}.
 */
public record OutputOperandAliasAttr(List<Long> outputTupleIndices, long operandIndex,
                                     List<Long> operandTupleIndices) implements StablehloAttribute {
    public OutputOperandAliasAttr {
        outputTupleIndices = List.copyOf(outputTupleIndices);
        operandTupleIndices = List.copyOf(operandTupleIndices);
    }

    @Override
    public void printBody(AsmSink sink) {
        sink.append("output_operand_alias<output_tuple_indices = ");
        Fields.printDims(sink, outputTupleIndices);
        sink.append(", operand_index = " + operandIndex + ", operand_tuple_indices = ");
        Fields.printDims(sink, operandTupleIndices);
        sink.append(">");
    }

    static OutputOperandAliasAttr parseParams(DialectAsmParser r) {
        r.expect("<");
        List<Long> out = Fields.dimsField(r, "output_tuple_indices");
        r.expect(",");
        long operand = DotAlgorithmAttr.intField(r, "operand_index");
        r.expect(",");
        List<Long> in = Fields.dimsField(r, "operand_tuple_indices");
        r.expect(">");
        return new OutputOperandAliasAttr(out, operand, in);
    }

    public static OutputOperandAliasAttr parseBody(String body) {
        return StablehloAsm.parseAttributeBody(body, OutputOperandAliasAttr.class);
    }

    /** The components in declaration order: one array serves equality and hashing. */
    private Object[] components() {
        return new Object[] {outputTupleIndices, operandIndex, operandTupleIndices};
    }

    @Override public boolean equals(Object o) {
        return this == o || o instanceof OutputOperandAliasAttr r && Arrays.equals(components(), r.components());
    }

    @Override public int hashCode() { return Fields.recordHash(components()); }
}
