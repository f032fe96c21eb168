package org.stablehlo4j.asm;

import java.util.List;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.asm.OpAsmParser.UnresolvedOperand;
import org.stablehlo4j.asm.Token.Kind;

/** The custom forms of the builtin ops: {@code module}, {@code unrealized_conversion_cast}. */
final class BuiltinCustomParsers {
    private BuiltinCustomParsers() {}

    static void registerAll(OpAsmTable t) {
        t.parser(ModuleOp.NAME, BuiltinCustomParsers::module);
        t.parser(BuiltinOps.UNREALIZED_CONVERSION_CAST, BuiltinCustomParsers::unrealizedCast);
    }

    /** {@code module @name? (attributes {...})? region}; unqualified op names inside default to builtin. */
    private static void module(OpAsmParser p, OperationState state) {
        if (p.isSymbolName()) state.addProperty("sym_name", p.parseSymbolName());
        state.addAttributes(p.parseOptionalAttrDictWithKeyword());
        List<Block> body = p.parseRegion(null, true, BuiltinOps.DIALECT);
        state.addRegion(body.isEmpty() ? List.of(new Block()) : body);
    }

    /** {@code ($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict} */
    private static void unrealizedCast(OpAsmParser p, OperationState state) {
        List<UnresolvedOperand> operands = p.parseOptionalOperandList();
        if (!operands.isEmpty()) {
            p.parse(Kind.COLON, "expected ':'");
            int at = p.offset();
            state.addOperands(p.resolveOperands(operands, p.parseTypeList(), at));
        }
        p.parseKeyword("to");
        state.addResultTypes(p.parseTypeList());
        state.addAttributes(p.parseOptionalAttrDict());
    }

}
