package org.stablehlo4j.asm;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;

/** Pretty forms of {@code builtin.module}, {@code func.func}, {@code func.return} and {@code func.call}. */
final class AsmPrinterBuiltin {
    private AsmPrinterBuiltin() {}

    static void registerAll(OpAsmTable t) {
        t.printer("builtin.module", new AsmPrinterCustomOp() {
            @Override
            public void print(Operation op, AsmPrinterContext p) {
                p.printOpName(op);
                if (op.attr("sym_name") instanceof StringAttr name) {
                    p.append(" ");
                    p.printSymbolName(name.value());
                }
                p.printOptionalAttrDictWithKeyword(p.allAttributes(op), List.of("sym_name"));
                p.append(" ");
                p.printRegion(op.region(0), true, true, false);
            }

            @Override
            public String defaultDialect() {
                return "builtin";
            }
        });
        t.printer("func.func", new AsmPrinterCustomOp() {
            @Override
            public void print(Operation op, AsmPrinterContext p) {
                printFunc(op, p);
            }

            @Override
            public String defaultDialect() {
                return "func";
            }
        });
        t.printer("func.return", new AsmPrinterCustomOp() {
            @Override
            public void print(Operation op, AsmPrinterContext p) {
                p.printOpName(op);
                p.printOptionalAttrDict(p.allAttributes(op), List.of());
                if (op.numOperands() > 0) {
                    p.append(" ");
                    p.printOperands(op.operands());
                    p.append(" : ");
                    p.printTypes(op.operands().stream().map(v -> v.type()).toList());
                }
            }

            @Override
            public boolean isTerminator() {
                return true;
            }
        });
        t.printer("builtin.unrealized_conversion_cast", AsmPrinterBuiltin::printUnrealizedCast);
        t.printer("func.call", (op, p) -> {
            p.printOpName(op);
            p.append(" ");
            if (op.attr("callee") instanceof SymbolRefAttr callee) p.printAttributeWithoutType(callee);
            p.append("(");
            p.printOperands(op.operands());
            p.append(")");
            p.printOptionalAttrDict(p.allAttributes(op), List.of("callee"));
            p.append(" : ");
            p.printFunctionalType(op);
        });
    }

    /** {@code ($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict}. */
    private static void printUnrealizedCast(Operation op, AsmPrinterContext p) {
        p.printOpName(op);
        if (op.numOperands() > 0) {
            p.append(" ");
            p.printOperands(op.operands());
            p.append(" : ");
            p.printTypes(op.operands().stream().map(v -> v.type()).toList());
        }
        p.append(" to ");
        p.printTypes(op.results().stream().map(v -> v.type()).toList());
        p.printOptionalAttrDict(p.allAttributes(op), List.of());
    }

    /** MLIR's function_interface_impl::printFunctionOp for func.func. */
    private static void printFunc(Operation op, AsmPrinterContext p) {
        p.printOpName(op);
        p.append(" ");
        if (op.attr("sym_visibility") instanceof StringAttr vis) p.append(vis.value()).append(" ");
        String name = op.attr("sym_name") instanceof StringAttr s ? s.value() : "";
        p.printSymbolName(name);
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
                if (resAttrs != null && i < resAttrs.size()) p.printOptionalAttrDict(resAttrs.get(i).entries(), List.of());
            }
            if (parens) p.append(")");
        }
        p.printOptionalAttrDictWithKeyword(p.allAttributes(op),
                List.of("sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs"));
        if (!external) {
            p.append(" ");
            p.printRegion(body, false, true, false);
        }
    }

    private static List<DictionaryAttr> dictionaries(Attribute a) {
        if (!(a instanceof ArrayAttr arr)) return null;
        List<DictionaryAttr> out = new ArrayList<>(arr.elements().size());
        for (Attribute e : arr.elements()) out.add(e instanceof DictionaryAttr d ? d : DictionaryAttr.EMPTY);
        return out;
    }
}
