package org.stablehlo4j.api.build;

import java.util.List;
import java.util.Objects;

import org.stablehlo4j.ir.Type;

/**
 * A region to build: the types of its block arguments and the lambda that fills it.
 *
 * @param argumentTypes the block argument types
 * @param body          builds the block and returns the values it yields
 */
public record RegionDef(List<Type> argumentTypes, RegionBody body) {
    /**
     * Checks and copies the arguments.
     *
     * @param argumentTypes the block argument types
     * @param body          builds the block
     */
    public RegionDef {
        argumentTypes = List.copyOf(argumentTypes);
        Objects.requireNonNull(body, "body");
    }
}
