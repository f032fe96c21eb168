package org.stablehlo4j.asm;

import java.util.List;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.ModuleOp;

/** The custom form of the builtin module: {@code module @name? (attributes {...})? region}. */
final class BuiltinCustomParsers {
    private BuiltinCustomParsers() {}

    static void registerAll(OpAsmTable t) {
        t.parser(ModuleOp.NAME, BuiltinCustomParsers::module);
    }

    /** {@code module @name? (attributes {...})? region}; unqualified op names inside default to builtin. */
    private static void module(OpAsmParser p, OperationState state) {
        if (p.isSymbolName()) state.addProperty("sym_name", p.parseSymbolName());
        state.addAttributes(p.parseOptionalAttrDictWithKeyword());
        List<Block> body = p.parseRegion(null, true, BuiltinOps.DIALECT);
        state.addRegion(body.isEmpty() ? List.of(new Block()) : body);
    }
}
