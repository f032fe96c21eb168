package org.stablehlo4j.dialect.mlir;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.OpAsmParser;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.OperationState;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * Hand-written pretty forms of {@code tensor.dim} (whose index operand and result have the buildable type
 * {@code index}) and {@code cf.br} (a successor with its operands), as MLIR's TensorOps.td and
 * ControlFlowOps.td declare them.
 */
final class MlirForms {
    private MlirForms() {}

    /** {@code tensor.dim}'s form, added to {@code table}; returns it. */
    static OpAsmTable addTensorDim(OpAsmTable table) {
        return table.parser(MlirOps.TENSOR_DIM, MlirForms::parseDim).printer(MlirOps.TENSOR_DIM, MlirForms::printDim);
    }

    /** {@code cf.br}'s form, added to {@code table}; returns it. */
    static OpAsmTable addBranch(OpAsmTable table) {
        return table.parser(MlirOps.CF_BR, MlirForms::parseBr).printer(MlirOps.CF_BR, MlirForms::printBr);
    }

    /** {@code attr-dict $source , $index : type($source)} */
    private static void parseDim(OpAsmParser p, OperationState state) {
        state.addAttributes(p.parseOptionalAttrDict());
        OpAsmParser.UnresolvedOperand source = p.parseOperand();
        p.parse(Kind.COMMA, "expected ','");
        OpAsmParser.UnresolvedOperand index = p.parseOperand();
        p.parse(Kind.COLON, "expected ':'");
        Type type = p.parseType();
        state.addOperands(List.of(p.resolveOperand(source, type), p.resolveOperand(index, IndexType.INSTANCE)));
        state.addResultTypes(List.of(IndexType.INSTANCE));
    }

    private static void printDim(Operation op, AsmPrinterContext p) {
        p.printOpName(op);
        p.printOptionalAttrDict(p.allAttributes(op), List.of());
        p.append(" ");
        p.printOperand(op.operand(0));
        p.append(", ");
        p.printOperand(op.operand(1));
        p.append(" : ");
        p.printType(op.operand(0).type());
    }

    /** {@code $dest (( $destOperands : type($destOperands) ))? attr-dict} */
    private static void parseBr(OpAsmParser p, OperationState state) {
        state.addSuccessor(p.parseSuccessor());
        if (p.parseOptional(Kind.L_PAREN)) {
            List<OpAsmParser.UnresolvedOperand> operands = p.parseOptionalOperandList();
            p.parse(Kind.COLON, "expected ':'");
            int at = p.offset();
            List<Type> types = new ArrayList<>(p.parseTypeList());
            state.addOperands(p.resolveOperands(operands, types, at));
            p.parse(Kind.R_PAREN, "expected ')'");
        }
        state.addAttributes(p.parseOptionalAttrDict());
    }

    private static void printBr(Operation op, AsmPrinterContext p) {
        p.printOpName(op);
        p.append(" ");
        List<Value> operands = new ArrayList<>(op.operands());
        p.printSuccessorAndUseList(op.successor(0), operands);
        p.printOptionalAttrDict(p.allAttributes(op), List.of());
    }
}
