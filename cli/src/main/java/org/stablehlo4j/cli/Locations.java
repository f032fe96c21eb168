package org.stablehlo4j.cli;

import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.StringAttr;

import java.util.ArrayDeque;
import java.util.Deque;

/** Location helpers for diagnostics: searching nested locations and a compact textual form. */
final class Locations {
    private Locations() {}

    /** The first file location found walking {@code loc} pre-order (as MLIR's findInstanceOf), or null. */
    static Location.FileLineCol findFileLineCol(Location loc) {
        return find(loc, Location.FileLineCol.class, true);
    }

    /** The call-site location to report a call stack for, looking through names and fused locations. */
    static Location.CallSite findCallSite(Location loc) {
        return find(loc, Location.CallSite.class, false);
    }

    /** Pre-order search of nested locations (into call sites only if asked), without recursion. */
    private static <T extends Location> T find(Location loc, Class<T> type, boolean intoCallSites) {
        Deque<Location> work = new ArrayDeque<>();
        work.push(loc);
        while (!work.isEmpty()) {
            Location l = work.pop();
            if (type.isInstance(l)) return type.cast(l);
            if (l instanceof Location.Name n && n.child() != null) work.push(n.child());
            if (l instanceof Location.CallSite c && intoCallSites) {
                work.push(c.caller());
                work.push(c.callee());
            }
            if (l instanceof Location.Fused f) {
                for (int i = f.locations().size() - 1; i >= 0; i--) work.push(f.locations().get(i));
            }
        }
        return null;
    }

    /** {@code loc(...)} text of a location, as MLIR prints it in diagnostics. */
    static String format(Location loc) {
        StringBuilder sb = new StringBuilder("loc(");
        appendBody(sb, loc, 0);
        return sb.append(')').toString();
    }

    private static void appendBody(StringBuilder sb, Location loc, int depth) {
        if (depth > 200) {
            sb.append("...");
            return;
        }
        if (loc instanceof Location.Unknown) {
            sb.append("unknown");
        } else if (loc instanceof Location.FileLineCol f) {
            appendString(sb, f.file());
            sb.append(':').append(f.line()).append(':').append(f.column());
            if (f.range()) sb.append(" to ").append(f.endLine()).append(':').append(f.endColumn());
        } else if (loc instanceof Location.Name n) {
            appendString(sb, n.name());
            if (n.child() != null && !(n.child() instanceof Location.Unknown)) {
                sb.append('(');
                appendBody(sb, n.child(), depth + 1);
                sb.append(')');
            }
        } else if (loc instanceof Location.CallSite c) {
            sb.append("callsite(");
            appendBody(sb, c.callee(), depth + 1);
            sb.append(" at ");
            appendBody(sb, c.caller(), depth + 1);
            sb.append(')');
        } else if (loc instanceof Location.Fused f) {
            sb.append("fused");
            Attribute meta = f.metadata();
            if (meta != null) sb.append('<').append(meta).append('>');
            sb.append('[');
            for (int i = 0; i < f.locations().size(); i++) {
                if (i > 0) sb.append(", ");
                appendBody(sb, f.locations().get(i), depth + 1);
            }
            sb.append(']');
        }
    }

    /** A quoted string with MLIR escapes ({@code \"}, {@code \\}, {@code \XX} for other unprintables). */
    static void appendString(StringBuilder sb, StringAttr s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            int b = s.byteAt(i) & 0xFF;
            if (b == '"' || b == '\\') {
                sb.append('\\').append((char) b);
            } else if (b >= 0x20 && b < 0x7F) {
                sb.append((char) b);
            } else {
                sb.append('\\').append(Character.toUpperCase(Character.forDigit(b >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 15, 16)));
            }
        }
        sb.append('"');
    }
}
