package org.stablehlo4j.dialect.mlir;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.OpAsmParser;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.OperationState;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/** The hand-written pretty form of {@code cf.br} (a successor with its operands), as ControlFlowOps.td declares it. */
final class CfForms {
    private CfForms() {}

    /** {@code cf.br}'s form, added to {@code table}; returns it. */
    static OpAsmTable addBranch(OpAsmTable table) {
        return table.parser(MlirOps.CF_BR, CfForms::parseBr).printer(MlirOps.CF_BR, CfForms::printBr);
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
