package org.stablehlo4j.dialect.sparse;

/**
 * The storage format of one level of a sparse tensor ({@code dense}, {@code batch}, {@code compressed},
 * {@code singleton}, {@code loose_compressed} or {@code structured[n, m]}) with its non-default properties.
 */
public record LevelType(Format format, int n, int m, boolean nonunique, boolean nonordered, boolean soa) {
    /** Level formats with their assembly spelling. */
    public enum Format {
        DENSE("dense"), BATCH("batch"), COMPRESSED("compressed"), SINGLETON("singleton"),
        LOOSE_COMPRESSED("loose_compressed"), STRUCTURED("structured");

        public final String spelling;

        Format(String spelling) {
            this.spelling = spelling;
        }

        /** The format spelled {@code s}, or null. */
        public static Format of(String s) {
            for (Format f : values()) {
                if (f.spelling.equals(s)) return f;
            }
            return null;
        }

        /** Whether the format accepts the nonunique/nonordered/soa properties. */
        public boolean takesProperties() {
            return this == COMPRESSED || this == SINGLETON || this == LOOSE_COMPRESSED;
        }
    }

    /** A level with the default properties. */
    public static LevelType of(Format format) {
        return new LevelType(format, 0, 0, false, false, false);
    }

    public boolean hasProperties() {
        return nonunique || nonordered || soa;
    }

    /** The level type as written in an encoding, e.g. {@code compressed(nonunique, nonordered)}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(format.spelling);
        if (format == Format.STRUCTURED) sb.append('[').append(n).append(", ").append(m).append(']');
        StringBuilder props = new StringBuilder();
        if (nonunique) props.append("nonunique");
        if (nonordered) props.append(props.length() > 0 ? ", " : "").append("nonordered");
        if (soa) props.append(props.length() > 0 ? ", " : "").append("soa");
        if (props.length() > 0) sb.append('(').append(props).append(')');
        return sb.toString();
    }
}
