package org.stablehlo4j.asm;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.asm.OpAsmParser.Argument;
import org.stablehlo4j.asm.OpAsmParser.UnresolvedOperand;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;

/**
 * Custom forms of the builtin and func ops: {@code module}, {@code unrealized_conversion_cast}, {@code func.func},
 * {@code return}, {@code call}.
 */
final class BuiltinCustomParsers {
    private BuiltinCustomParsers() {}

    static void registerAll(OpAsmTable t) {
        t.parser("builtin.module", BuiltinCustomParsers::module);
        t.parser(org.stablehlo4j.ir.BuiltinOps.UNREALIZED_CONVERSION_CAST, BuiltinCustomParsers::unrealizedCast);
        t.parser("func.func", BuiltinCustomParsers::func);
        t.parser("func.return", BuiltinCustomParsers::ret);
        t.parser("func.call", BuiltinCustomParsers::call);
    }

    /** {@code module @name? (attributes {...})? region} */
    private static void module(OpAsmParser p, OperationState state) {
        if (p.isSymbolName()) state.addProperty("sym_name", p.parseSymbolName());
        state.addAttributes(p.parseOptionalAttrDictWithKeyword());
        List<Block> body = p.parseRegion(null, true, "func");
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

    /** {@code func.func visibility? @name(args) (-> results)? (attributes {...})? region?} */
    private static void func(OpAsmParser p, OperationState state) {
        String visibility = p.peekKeyword();
        if ("private".equals(visibility) || "public".equals(visibility) || "nested".equals(visibility)) {
            p.parseKeyword(visibility);
            state.addProperty("sym_visibility", StringAttr.of(visibility));
        }
        state.addProperty("sym_name", p.parseSymbolName());
        p.parse(Kind.L_PAREN, "expected '(' in function argument list");
        List<Argument> args = new ArrayList<>();
        Boolean named = null;
        if (!p.parseOptional(Kind.R_PAREN)) {
            do {
                if (p.peek() == Kind.ELLIPSIS) throw p.error("variadic arguments are not allowed");
                boolean hasName = p.isOperand();
                if (named != null && named != hasName) {
                    throw p.expected(hasName ? "expected type instead of SSA identifier" : "expected SSA identifier");
                }
                named = hasName;
                args.add(p.parseArgument(hasName));
            } while (p.parseOptional(Kind.COMMA));
            p.parse(Kind.R_PAREN, "expected ')' in function argument list");
        }
        List<Type> results = new ArrayList<>();
        List<Attribute> resAttrs = new ArrayList<>();
        if (p.parseOptional(Kind.ARROW)) {
            if (p.parseOptional(Kind.L_PAREN)) {
                if (!p.parseOptional(Kind.R_PAREN)) {
                    do {
                        results.add(p.parseType());
                        resAttrs.add(p.parseOptionalAttrDict());
                    } while (p.parseOptional(Kind.COMMA));
                    p.parse(Kind.R_PAREN, "expected ')' in function result list");
                }
            } else {
                results.add(p.parseNonFunctionType());
                resAttrs.add(DictionaryAttr.EMPTY);
            }
        }
        List<Type> inputs = new ArrayList<>();
        List<Attribute> argAttrs = new ArrayList<>();
        for (Argument a : args) {
            inputs.add(a.type());
            argAttrs.add(a.attributes());
        }
        state.addProperty("function_type", new TypeAttr(new FunctionType(inputs, results)));
        if (argAttrs.stream().anyMatch(d -> !((DictionaryAttr) d).isEmpty())) {
            state.addProperty("arg_attrs", new ArrayAttr(argAttrs));
        }
        if (resAttrs.stream().anyMatch(d -> !((DictionaryAttr) d).isEmpty())) {
            state.addProperty("res_attrs", new ArrayAttr(resAttrs));
        }
        state.addAttributes(p.parseOptionalAttrDictWithKeyword());
        if (p.peek() == Kind.L_BRACE) {
            if (Boolean.FALSE.equals(named)) throw p.error("expected named arguments for a function with a body");
            // As upstream's function parser: the printer leaves an empty body out, so `{}` is not a body.
            RuntimeException emptyBody = p.error("expected non-empty function body");
            List<Block> body = p.parseRegion(args, true, "func");
            if (body.isEmpty()) {
                throw emptyBody;
            }
            state.addRegion(body);
        } else {
            state.addRegion(List.of());
        }
    }

    /** {@code return attr-dict? (operands : types)?} */
    private static void ret(OpAsmParser p, OperationState state) {
        state.addAttributes(p.parseOptionalAttrDict());
        List<UnresolvedOperand> operands = p.parseOptionalOperandList();
        if (!operands.isEmpty()) {
            p.parse(Kind.COLON, "expected ':'");
            int at = p.offset();
            state.addOperands(p.resolveOperands(operands, p.parseTypeList(), at));
        }
    }

    /** {@code call @callee(operands) attr-dict? : (types) -> results} */
    private static void call(OpAsmParser p, OperationState state) {
        StringAttr callee = p.parseSymbolName();
        state.addProperty("callee", SymbolRefAttr.flat(callee.value()));
        p.parse(Kind.L_PAREN, "expected '('");
        List<UnresolvedOperand> operands = p.parseOptionalOperandList();
        p.parse(Kind.R_PAREN, "expected ')'");
        state.addAttributes(p.parseOptionalAttrDict());
        p.parse(Kind.COLON, "expected ':'");
        int at = p.offset();
        if (p.peek() != Kind.L_PAREN) throw p.expected("expected '('");
        FunctionType ft = p.parseFunctionType();
        state.addOperands(p.resolveOperands(operands, ft.inputs(), at));
        state.addResultTypes(ft.results());
    }
}
