package org.stablehlo4j.dialect.func;

import java.util.List;
import org.stablehlo4j.bytecode.DialectBytecode;

/** The layout of the func dialect's op properties in bytecode. */
final class FuncBytecode implements DialectBytecode {
    @Override
    public List<Property> properties(String opName) {
        return switch (opName) {
            case "func.func" -> List.of(new Property("arg_attrs", false), new Property("function_type", true),
                    new Property("no_inline", false), new Property("res_attrs", false),
                    new Property("sym_name", true), new Property("sym_visibility", false));
            case "func.call" -> List.of(new Property("arg_attrs", false), new Property("callee", true),
                    new Property("no_inline", false), new Property("res_attrs", false));
            case "func.constant" -> List.of(new Property("value", true));
            case "func.return" -> List.of();
            default -> null;
        };
    }
}
