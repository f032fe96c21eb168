package org.stablehlo4j.dialect;

import java.util.List;

/**
 * One row of the declarative op table: what the generic machinery needs to know about a registered op.
 *
 * @param name           full name, e.g. {@code func.func}
 * @param inherentAttrs  names of inherent attributes; for a registered op these live in the operation's
 *                       properties (printed in the generic form's {@code <{...}>}), and a generic-form attribute
 *                       dictionary entry with one of these names is moved into the properties when parsed
 * @param customAssembly whether the op has a custom (pretty) assembly form that the printer uses by default
 */
public record OpDef(String name, List<String> inherentAttrs, boolean customAssembly) {
    public OpDef {
        inherentAttrs = List.copyOf(inherentAttrs);
    }

    public String dialect() {
        int dot = name.indexOf('.');
        return dot < 0 ? "" : name.substring(0, dot);
    }
}
