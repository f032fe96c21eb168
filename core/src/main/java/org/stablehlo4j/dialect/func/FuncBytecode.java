package org.stablehlo4j.dialect.func;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.bytecode.DialectBytecode;

/**
 * The func dialect's bytecode interface: no custom attributes or types; the properties of its ODS-generated ops,
 * laid out by ODS's rule (inherent attributes sorted by name; only required ones without a presence flag).
 */
public final class FuncBytecode implements DialectBytecode {
    public static final FuncBytecode INSTANCE = new FuncBytecode();

    /** Op -> inherent attributes as declared in FuncOps.td, each with whether it is required. */
    private static final Map<String, List<Property>> OPS = Map.of(
            FuncOp.NAME, sorted(new Property("sym_name", true), new Property("function_type", true),
                    new Property("sym_visibility", false), new Property("arg_attrs", false),
                    new Property("res_attrs", false), new Property("no_inline", false)),
            CallOp.NAME, sorted(new Property("callee", true), new Property("arg_attrs", false),
                    new Property("res_attrs", false), new Property("no_inline", false)),
            ConstantOp.NAME, sorted(new Property("value", true)),
            CallIndirectOp.NAME, sorted(new Property("arg_attrs", false), new Property("res_attrs", false)),
            ReturnOp.NAME, List.of());

    private FuncBytecode() {}

    private static List<Property> sorted(Property... declared) {
        List<Property> out = new ArrayList<>(List.of(declared));
        out.sort(Comparator.comparing(Property::name));
        return List.copyOf(out);
    }

    @Override
    public List<Property> properties(String opName) {
        return OPS.get(opName);
    }
}
