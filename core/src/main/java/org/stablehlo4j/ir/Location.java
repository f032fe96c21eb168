package org.stablehlo4j.ir;

import java.util.List;
import java.util.Objects;

/**
 * MLIR source locations ({@code loc(...)}). Locations are attributes, so they may appear in {@code #loc}
 * aliases and inside other attributes.
 */
public sealed interface Location extends Attribute
        permits Location.Unknown, Location.FileLineCol, Location.Name, Location.CallSite, Location.Fused {

    /** The one {@code loc(unknown)}. */
    Unknown UNKNOWN = new Unknown();

    /** {@code loc(unknown)}. */
    record Unknown() implements Location {
        @Override public boolean equals(Object o) { return o instanceof Unknown; }

        @Override public int hashCode() { return 0; }
    }

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

        @Override public boolean equals(Object o) { return this == o || o instanceof FileLineCol r && line == r.line
                && column == r.column && endLine == r.endLine && endColumn == r.endColumn && range == r.range
                && Objects.equals(file, r.file); }

        @Override public int hashCode() { int h = Objects.hashCode(file); h = 31 * h + line; h = 31 * h + column;
                h = 31 * h + endLine; h = 31 * h + endColumn; h = 31 * h + Boolean.hashCode(range); return h; }
    }

    /** {@code loc("name")} or {@code loc("name"(child))}; child is null when absent. */
    record Name(StringAttr name, Location child) implements Location {
        @Override public boolean equals(Object o) { return this == o || o instanceof Name r
                && Objects.equals(name, r.name) && Objects.equals(child, r.child); }

        @Override public int hashCode() { int h = Objects.hashCode(name); h = 31 * h + Objects.hashCode(child); return h;
                }
    }

    /** {@code loc(callsite(callee at caller))}. */
    record CallSite(Location callee, Location caller) implements Location {
        @Override public boolean equals(Object o) { return this == o || o instanceof CallSite r
                && Objects.equals(callee, r.callee) && Objects.equals(caller, r.caller); }

        @Override public int hashCode() { int h = Objects.hashCode(callee); h = 31 * h + Objects.hashCode(caller);
                return h; }
    }

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

        @Override public boolean equals(Object o) { return this == o || o instanceof Fused r
                && Objects.equals(locations, r.locations) && Objects.equals(metadata, r.metadata); }

        @Override public int hashCode() { int h = Objects.hashCode(locations); h = 31 * h + Objects.hashCode(metadata);
                return h; }
    }
}
