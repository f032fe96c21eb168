package org.stablehlo4j.dialect.func;

import java.util.List;

import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.OpAsmParser;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.OperationState;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The pretty forms of {@code func.constant} ({@code attr-dict $value : type(results)}) and
 * {@code func.call_indirect} ({@code $callee ( $callee_operands ) attr-dict : type($callee)}, whose operand and
 * result types come from the callee's function type), as MLIR's FuncOps.td declares them.
 */
final class FuncForms {
    private FuncForms() {}

    /** Adds the two forms to {@code table}; returns it. */
    static OpAsmTable addTo(OpAsmTable table) {
        table.parser(ConstantOp.NAME, FuncForms::parseConstant).printer(ConstantOp.NAME, FuncForms::printConstant);
        table.parser(CallIndirectOp.NAME, FuncForms::parseCallIndirect)
                .printer(CallIndirectOp.NAME, FuncForms::printCallIndirect);
        return table;
    }

    private static void parseConstant(OpAsmParser p, OperationState state) {
        state.addAttributes(p.parseOptionalAttrDict());
        state.addProperty("value", org.stablehlo4j.ir.SymbolRefAttr.flat(p.parseSymbolName().value()));
        p.parse(Kind.COLON, "expected ':'");
        state.addResultTypes(List.of(p.parseType()));
    }

    private static void printConstant(Operation op, AsmPrinterContext p) {
        p.printOpName(op);
        p.printOptionalAttrDict(p.allAttributes(op), List.of("value"));
        p.append(" ");
        p.printAttributeWithoutType(op.attr("value"));
        p.append(" : ");
        p.printTypes(op.results().stream().map(Value::type).toList());
    }

    private static void parseCallIndirect(OpAsmParser p, OperationState state) {
        OpAsmParser.UnresolvedOperand callee = p.parseOperand();
        p.parse(Kind.L_PAREN, "expected '('");
        List<OpAsmParser.UnresolvedOperand> operands = p.parseOptionalOperandList();
        p.parse(Kind.R_PAREN, "expected ')'");
        state.addAttributes(p.parseOptionalAttrDict());
        p.parse(Kind.COLON, "expected ':'");
        int at = p.offset();
        Type type = p.parseType();
        if (!(type instanceof FunctionType ft)) throw p.errorAt(at, "expected function type");
        state.addOperands(List.of(p.resolveOperand(callee, ft)));
        state.addOperands(p.resolveOperands(operands, ft.inputs(), at));
        state.addResultTypes(ft.results());
    }

    private static void printCallIndirect(Operation op, AsmPrinterContext p) {
        p.printOpName(op);
        p.append(" ");
        p.printOperand(op.operand(0));
        p.append("(");
        p.printOperands(op.operands().subList(1, op.numOperands()));
        p.append(")");
        p.printOptionalAttrDict(p.allAttributes(op), List.of());
        p.append(" : ");
        p.printType(op.operand(0).type());
    }
}
