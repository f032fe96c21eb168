package org.stablehlo4j.ir;

import java.util.List;

/**
 * MLIR source locations ({@code loc(...)}). Locations are attributes, so they may appear in {@code #loc}
 * aliases and inside other attributes.
 */
public sealed interface Location extends Attribute
        permits Location.Unknown, Location.FileLineCol, Location.Name, Location.CallSite, Location.Fused {

    /** The one {@code loc(unknown)}. */
    Unknown UNKNOWN = new Unknown();

    /** {@code loc(unknown)}. */
    record Unknown() implements Location {}

    /**
     * {@code loc("file":line:col)} or the range form {@code loc("file":l1:c1 to l2:c2)}; for a point location
     * {@code endLine == line} and {@code endColumn == column}... a range is recorded with {@code range = true}.
     */
    record FileLineCol(StringAttr file, int line, int column, int endLine, int endColumn, boolean range)
            implements Location {
        /**
         * A point location {@code loc("file":line:column)}.
         *
         * @param file the file name
         * @param line the line, from 1
         * @param column the column, from 1
         * @return the location
         */
        public static FileLineCol point(String file, int line, int column) {
            return new FileLineCol(StringAttr.of(file), line, column, line, column, false);
        }
    }

    /** {@code loc("name")} or {@code loc("name"(child))}; child is null when absent. */
    record Name(StringAttr name, Location child) implements Location {}

    /** {@code loc(callsite(callee at caller))}. */
    record CallSite(Location callee, Location caller) implements Location {}

    /** {@code loc(fused[a, b])} or {@code loc(fused<metadata>[a, b])}; metadata is null when absent. */
    record Fused(List<Location> locations, Attribute metadata) implements Location {
        /**
         * Copies the list.
         *
         * @param locations the fused locations
         * @param metadata the metadata attribute, or null
         */
        public Fused {
            locations = List.copyOf(locations);
        }
    }
}
