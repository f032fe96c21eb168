package org.stablehlo4j.spark;

import java.util.List;

import org.stablehlo4j.spark.PreparedModel.InputLayout;

/**
 * Turns column values into a row's slice of a batched argument: the input's columns in order, each a number (one
 * element) or an array of numbers (its elements), concatenated into {@code double[]} (float arguments) or
 * {@code long[]} (integer and boolean arguments) of exactly the slice's size. A bad value gives a message naming
 * the column instead.
 */
final class RowSlices {
    private RowSlices() {
    }

    /** A bad value: the message names the column. */
    static final class BadValue extends Exception {
        private static final long serialVersionUID = 1L;

        BadValue(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The slice of input {@code l} from {@code values}, one per column of the input (a Spark array arrives as a
     * {@code scala.collection.Seq}, a {@code java.util.List} or a Java array).
     */
    static Object slice(InputLayout l, Object[] values) throws BadValue {
        List<String> columns = l.spec().columns();
        int size = l.sliceSize();
        boolean isFloat = l.type().isFloat();
        double[] d = isFloat ? new double[size] : null;
        long[] x = isFloat ? null : new long[size];
        int at = 0;
        for (int c = 0; c < columns.size(); c++) {
            Object v = values[c];
            String column = "column '" + columns.get(c) + "'";
            if (v == null) throw new BadValue(column + ": null");
            if (v instanceof scala.collection.Seq<?> seq) v = scala.jdk.javaapi.CollectionConverters.asJava(seq);
            if (v instanceof List<?> list) {
                int n = list.size();
                if (at + n > size) throw new BadValue(lengthMessage(l, columns, c, at + n, values));
                for (int i = 0; i < n; i++) put(list.get(i), d, x, at++, l, column + " element " + i);
            } else if (v.getClass().isArray()) {
                int n = java.lang.reflect.Array.getLength(v);
                if (at + n > size) throw new BadValue(lengthMessage(l, columns, c, at + n, values));
                for (int i = 0; i < n; i++) put(java.lang.reflect.Array.get(v, i), d, x, at++, l, column + " element " + i);
            } else {
                if (at + 1 > size) throw new BadValue(lengthMessage(l, columns, c, at + 1, values));
                put(v, d, x, at++, l, column);
            }
        }
        if (at != size) throw new BadValue(lengthMessage(l, columns, columns.size() - 1, at, values));
        return isFloat ? d : x;
    }

    private static void put(Object v, double[] d, long[] x, int i, InputLayout l, String where) throws BadValue {
        if (v == null) throw new BadValue(where + ": null");
        if (v instanceof Boolean b) v = b ? 1 : 0;
        if (!(v instanceof Number n)) {
            throw new BadValue(where + ": " + v.getClass().getSimpleName() + " is not a number");
        }
        if (d != null) {
            d[i] = n.doubleValue();
            return;
        }
        long value;
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            value = n.longValue();
        } else {
            double dv = n.doubleValue();
            if (dv != Math.rint(dv) || Double.isInfinite(dv)) {
                throw new BadValue(where + ": " + v + " is not an integer (the argument is " + l.type().mlirName() + ")");
            }
            value = (long) dv;
        }
        if (!fits(value, l.type())) {
            throw new BadValue(where + ": " + value + " does not fit " + l.type().mlirName());
        }
        x[i] = value;
    }

    private static boolean fits(long v, org.stablehlo4j.api.run.ElementType t) {
        return switch (t) {
            case I1 -> v == 0 || v == 1;
            case I8 -> v == (byte) v;
            case I16 -> v == (short) v;
            case I32 -> v == (int) v;
            case UI8 -> v >= 0 && v <= 0xFF;
            case UI16 -> v >= 0 && v <= 0xFFFF;
            case UI32 -> v >= 0 && v <= 0xFFFF_FFFFL;
            default -> true;
        };
    }

    private static String lengthMessage(InputLayout l, List<String> columns, int c, int got, Object[] values) {
        int size = l.sliceSize();
        if (columns.size() == 1) {
            return "column '" + columns.get(0) + "': expected " + size + " number" + (size == 1 ? "" : "s") + ", got "
                    + count(values[0]);
        }
        return "columns " + String.join(", ", columns) + ": expected " + size + " numbers in all (argument "
                + l.spec().argument() + " without its batch dimension), got " + (got > size ? "more, at column '"
                + columns.get(c) + "'" : String.valueOf(got));
    }

    private static int count(Object v) {
        if (v instanceof scala.collection.Seq<?> seq) return seq.size();
        if (v instanceof List<?> list) return list.size();
        if (v != null && v.getClass().isArray()) return java.lang.reflect.Array.getLength(v);
        return 1;
    }
}
