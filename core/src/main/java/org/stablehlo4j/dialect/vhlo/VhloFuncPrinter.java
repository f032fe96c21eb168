package org.stablehlo4j.dialect.vhlo;

import java.util.List;

import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Operation;

/**
 * The pretty form of {@code vhlo.func_v1} (upstream's {@code custom<FunctionBody>} directive followed by the
 * attribute dictionary): {@code vhlo.func_v1 @name(%arg0: T) -> (R) { ... } {arg_attrs = ..., ...}}.
 */
public final class VhloFuncPrinter implements AsmPrinterCustomOp {
    VhloFuncPrinter() {}

    static final String OP = VhloOpTable.FUNC_V1;

    @Override
    public void print(Operation op, AsmPrinterContext p) {
        String name = symbolName(op.attr("sym_name"));
        String results = resultTypes(op.attr("function_type"));
        p.printOpName(op);
        p.append(" ");
        p.printSymbolName(name == null ? "" : name);
        p.append("(");
        List<BlockArgument> args = op.numRegions() == 1 && op.region(0).entry() != null
                ? op.region(0).entry().arguments() : List.of();
        for (int i = 0; i < args.size(); i++) {
            if (i > 0) p.append(", ");
            p.printRegionArgument(args.get(i), DictionaryAttr.EMPTY, false);
        }
        p.append(") -> (");
        if (op.attr("function_type") instanceof VhloAttr ft && ft.typeParam() instanceof VhloType fn) {
            p.printTypes(fn.results());
        } else if (results != null) {
            p.append(results);
        }
        p.append(") ");
        if (op.numRegions() == 1) p.printRegion(op.region(0), false, true, true);
        List<String> elided = new java.util.ArrayList<>();
        if (name != null) elided.add("sym_name");
        if (results != null) elided.add("function_type");
        p.printOptionalAttrDict(p.allAttributes(op), elided);
    }

    /** The function name, from a structured string attribute or from VHLO text {@code string_v1<"name">}. */
    private static String symbolName(Attribute a) {
        if (a instanceof VhloAttr v && v.stringBytes() != null) {
            return new String(v.stringBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        if (a instanceof DialectAttr d && d.body().startsWith("string_v1<\"") && d.body().endsWith("\">")
                && d.body().indexOf('\\') < 0) {
            return d.body().substring("string_v1<\"".length(), d.body().length() - 2);
        }
        return null;
    }

    /**
     * The printed result types of the function type (without parentheses), from a structured type attribute or
     * from VHLO text {@code type_v1<!vhlo.func_v1<(ins) -> outs>>}; null if the attribute is neither.
     */
    private static String resultTypes(Attribute a) {
        if (a instanceof VhloAttr v && v.typeParam() instanceof VhloType t && t.kind() == VhloTypeKind.FUNCTION) {
            return "";
        }
        if (!(a instanceof DialectAttr d)) return null;
        String b = d.body();
        String prefix = "type_v1<!vhlo.func_v1<";
        if (!b.startsWith(prefix) || !b.endsWith(">>")) return null;
        String inner = b.substring(prefix.length(), b.length() - 2);
        int depth = 0;
        for (int i = 0; i + 1 < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '(' || c == '<' || c == '[' || c == '{') depth++;
            else if (c == ')' || c == '>' || c == ']' || c == '}') depth--;
            else if (depth == 0 && c == '-' && inner.charAt(i + 1) == '>') {
                String outs = inner.substring(i + 2).trim();
                return outs.equals("()") ? "" : outs;
            }
        }
        return null;
    }
}
