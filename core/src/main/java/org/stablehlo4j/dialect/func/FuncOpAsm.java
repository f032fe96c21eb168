package org.stablehlo4j.dialect.func;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.asm.CustomOpParser;
import org.stablehlo4j.asm.OpAsmParser;
import org.stablehlo4j.asm.OpAsmParser.Argument;
import org.stablehlo4j.asm.OpAsmParser.UnresolvedOperand;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.OperationState;
import org.stablehlo4j.asm.Token.Kind;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.Value;

/**
 * The pretty forms of the func ops (MLIR's FuncOps.cpp and function_interface_impl): {@code func.func},
 * {@code func.return} and {@code func.call}, each printed and parsed by one object.
 */
final class FuncOpAsm {
    private FuncOpAsm() {}

    /** An op's pretty form: its printer and its parser. */
    private interface Form extends AsmPrinterCustomOp, CustomOpParser {}

    /** {@return the table the dialect registers} */
    static OpAsmTable table() {
        OpAsmTable t = new OpAsmTable();
        add(t, FuncOp.NAME, new Func());
        add(t, ReturnOp.NAME, new Return());
        add(t, CallOp.NAME, new Call());
        return t;
    }

    private static void add(OpAsmTable t, String name, Form form) {
        t.parser(name, form).printer(name, form);
    }

    /** {@code func.func visibility? @name(args) (-> results)? (attributes {...})? region?} */
    private static final class Func implements Form {
        private static final List<String> ELIDED =
                List.of("sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs");

        @Override
        public String defaultDialect() {
            return FuncOps.DIALECT;
        }

        /** MLIR's function_interface_impl::printFunctionOp. */
        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.append(" ");
            if (op.attr("sym_visibility") instanceof StringAttr vis) p.append(vis.value()).append(" ");
            p.printSymbolName(op.attr("sym_name") instanceof StringAttr s ? s.value() : "");
            FunctionType fnType = op.attr("function_type") instanceof TypeAttr t && t.value() instanceof FunctionType f
                    ? f : new FunctionType(List.of(), List.of());
            List<DictionaryAttr> argAttrs = dictionaries(op.attr("arg_attrs"));
            List<DictionaryAttr> resAttrs = dictionaries(op.attr("res_attrs"));
            Region body = op.region(0);
            boolean external = body.isEmpty();
            p.append("(");
            List<Type> inputs = fnType.inputs();
            for (int i = 0; i < inputs.size(); i++) {
                if (i > 0) p.append(", ");
                DictionaryAttr attrs = argAttrs != null && i < argAttrs.size() ? argAttrs.get(i) : null;
                if (!external && i < body.entry().numArguments()) {
                    p.printRegionArgument(body.entry().argument(i), attrs, false);
                } else {
                    p.printType(inputs.get(i));
                    if (attrs != null) p.printOptionalAttrDict(attrs.entries(), List.of());
                }
            }
            p.append(")");
            List<Type> results = fnType.results();
            if (!results.isEmpty()) {
                p.append(" -> ");
                boolean parens = results.size() > 1 || results.get(0) instanceof FunctionType
                        || (resAttrs != null && !resAttrs.isEmpty() && !resAttrs.get(0).isEmpty());
                if (parens) p.append("(");
                for (int i = 0; i < results.size(); i++) {
                    if (i > 0) p.append(", ");
                    p.printType(results.get(i));
                    if (resAttrs != null && i < resAttrs.size()) {
                        p.printOptionalAttrDict(resAttrs.get(i).entries(), List.of());
                    }
                }
                if (parens) p.append(")");
            }
            p.printOptionalAttrDictWithKeyword(p.allAttributes(op), ELIDED);
            if (!external) {
                p.append(" ");
                p.printRegion(body, false, true, false);
            }
        }

        @Override
        public void parse(OpAsmParser p, OperationState state) {
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
                List<Block> body = p.parseRegion(args, true, FuncOps.DIALECT);
                if (body.isEmpty()) throw emptyBody;
                state.addRegion(body);
            } else {
                state.addRegion(List.of());
            }
        }
    }

    /** {@code return attr-dict? (operands : types)?} */
    private static final class Return implements Form {
        @Override
        public boolean isTerminator() {
            return true;
        }

        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.printOptionalAttrDict(p.allAttributes(op), List.of());
            if (op.numOperands() > 0) {
                p.append(" ");
                p.printOperands(op.operands());
                p.append(" : ");
                p.printTypes(op.operands().stream().map(Value::type).toList());
            }
        }

        @Override
        public void parse(OpAsmParser p, OperationState state) {
            state.addAttributes(p.parseOptionalAttrDict());
            List<UnresolvedOperand> operands = p.parseOptionalOperandList();
            if (!operands.isEmpty()) {
                p.parse(Kind.COLON, "expected ':'");
                int at = p.offset();
                state.addOperands(p.resolveOperands(operands, p.parseTypeList(), at));
            }
        }
    }

    /** {@code call @callee(operands) attr-dict? : (types) -> results} */
    private static final class Call implements Form {
        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.append(" ");
            if (op.attr("callee") instanceof SymbolRefAttr callee) p.printAttributeWithoutType(callee);
            p.append("(");
            p.printOperands(op.operands());
            p.append(")");
            p.printOptionalAttrDict(p.allAttributes(op), List.of("callee"));
            p.append(" : ");
            p.printFunctionalType(op);
        }

        @Override
        public void parse(OpAsmParser p, OperationState state) {
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

    private static List<DictionaryAttr> dictionaries(Attribute a) {
        if (!(a instanceof ArrayAttr arr)) return null;
        List<DictionaryAttr> out = new ArrayList<>(arr.elements().size());
        for (Attribute e : arr.elements()) out.add(e instanceof DictionaryAttr d ? d : DictionaryAttr.EMPTY);
        return out;
    }
}
