package org.stablehlo4j.pass;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Module;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.SymbolRefAttr;
import org.stablehlo4j.ir.Type;

/**
 * {@code --stablehlo-legalize-composite-to-call[=except=NAME,NAME...]}: every {@code stablehlo.composite} whose
 * name is not excepted becomes a {@code func.call} of its decomposition function with the same operands and
 * results (and the composite's location).
 */
public final class LegalizeCompositeToCallPass implements Pass {
    public static final String NAME = "stablehlo-legalize-composite-to-call";

    private final Set<String> except;

    public LegalizeCompositeToCallPass(Set<String> except) {
        this.except = Set.copyOf(except);
    }

    /** Reads the options: empty, or {@code except=a,b,...}. */
    public static LegalizeCompositeToCallPass fromOptions(String options) {
        String o = options.trim();
        if (o.isEmpty()) return new LegalizeCompositeToCallPass(Set.of());
        if (!o.startsWith("except=")) {
            throw new IllegalArgumentException("pass '" + NAME + "': unknown option '" + o + "' (expected except=...)");
        }
        String list = o.substring("except=".length());
        if (list.length() >= 2 && (list.startsWith("'") && list.endsWith("'")
                || list.startsWith("\"") && list.endsWith("\""))) {
            list = list.substring(1, list.length() - 1);
        }
        Set<String> names = new java.util.HashSet<>();
        for (String n : list.split(",")) if (!n.isBlank()) names.add(n.trim());
        return new LegalizeCompositeToCallPass(names);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void run(Module module) throws DiagnosticException {
        for (Operation op : Rewrites.opsNamed(module, "stablehlo.composite")) {
            String name = op.attr("name") instanceof StringAttr s ? s.value() : null;
            if (name == null || except.contains(name) || !(op.attr("decomposition") instanceof SymbolRefAttr callee)) {
                continue;
            }
            List<Type> types = new ArrayList<>();
            for (OpResult r : op.results()) types.add(r.type());
            Operation call = Operation.create("func.call", new ArrayList<>(op.operands()), types,
                    DictionaryAttr.of(List.of(new NamedAttribute("callee", callee))), DictionaryAttr.EMPTY, 0,
                    List.of(), op.location());
            Rewrites.replace(op, List.of(call), call);
        }
    }
}
