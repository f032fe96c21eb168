package org.stablehlo4j.api.build;

import java.util.List;

import org.stablehlo4j.ir.Value;

/**
 * Builds the body of a region (or function): appends ops through {@code ops} and returns the values the region
 * yields; the builder adds the terminator ({@code stablehlo.return} or {@code func.return}). A body may be run
 * more than once, so it should only build ops.
 */
@FunctionalInterface
public interface RegionBody {
    /**
     * Builds the body.
     *
     * @param ops       appends ops to the region's block
     * @param arguments the block arguments
     * @return the values the region yields
     */
    List<Value> build(Ops ops, List<Value> arguments);
}
