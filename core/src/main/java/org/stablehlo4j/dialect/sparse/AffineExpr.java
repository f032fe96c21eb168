package org.stablehlo4j.dialect.sparse;

/**
 * A small affine expression as used by the dimension-to-level maps of sparse tensor encodings: dimension and
 * symbol identifiers, integer constants and the binary operators {@code + * floordiv ceildiv mod}. Subtraction
 * and negation are represented as MLIR does ({@code a - b} is {@code a + b * -1}).
 *
 * <p>Expressions are built through {@link #add}, {@link #mul}, {@link #floorDiv}, {@link #ceilDiv} and
 * {@link #mod}, which apply the same local simplifications as MLIR's expression builders (constant folding,
 * constants moved to the right-hand side, neutral elements dropped), so structurally equal inputs give equal
 * records and print the way {@code mlir-opt} prints them.
 */
public sealed interface AffineExpr {
    /** The binary operator kinds. */
    enum Op {
        ADD(" + "), MUL(" * "), MOD(" mod "), FLOOR_DIV(" floordiv "), CEIL_DIV(" ceildiv ");

        final String spelling;

        Op(String spelling) {
            this.spelling = spelling;
        }
    }

    /** Dimension (or, in a level-to-dimension map, level) variable {@code d<pos>}. */
    record Dim(int pos) implements AffineExpr {}

    /** Symbol {@code s<pos>}. */
    record Sym(int pos) implements AffineExpr {}

    /** Integer constant. */
    record Const(long value) implements AffineExpr {}

    /** A binary operation, as stored after simplification. */
    record Binary(Op op, AffineExpr lhs, AffineExpr rhs) implements AffineExpr {}

    /** Whether the expression uses no dimension (only symbols and constants). */
    default boolean isSymbolicOrConstant() {
        if (this instanceof Dim) return false;
        if (this instanceof Binary b) return b.lhs().isSymbolicOrConstant() && b.rhs().isSymbolicOrConstant();
        return true;
    }

    /** The largest integer known to divide every value of the expression. */
    default long largestKnownDivisor() {
        if (this instanceof Const c) return Math.abs(c.value());
        if (!(this instanceof Binary b)) return 1;
        long l = b.lhs().largestKnownDivisor();
        long r = b.rhs().largestKnownDivisor();
        return switch (b.op()) {
            case MUL -> l * r;
            case ADD, MOD -> gcd(l, r);
            default -> 1;
        };
    }

    private static long gcd(long a, long b) {
        a = Math.abs(a);
        b = Math.abs(b);
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    static AffineExpr constant(long v) {
        return new Const(v);
    }

    static AffineExpr add(AffineExpr lhs, AffineExpr rhs) {
        if (lhs instanceof Const a && rhs instanceof Const b) return new Const(a.value() + b.value());
        if (lhs instanceof Const || (lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant())) return add(rhs, lhs);
        Long rc = rhs instanceof Const c ? c.value() : null;
        if (rc != null && rc == 0) return lhs;
        Binary lb = lhs instanceof Binary b && b.op() == Op.ADD ? b : null;
        if (lb != null && rc != null && lb.rhs() instanceof Const c) return add(lb.lhs(), new Const(c.value() + rc));
        // "c1 * e + c2 * e" becomes "e * (c1 + c2)" (with a bare e counting as 1 * e).
        AffineExpr first = lhs;
        long c1 = 1;
        if (lhs instanceof Binary b && b.op() == Op.MUL && b.rhs() instanceof Const c) {
            first = b.lhs();
            c1 = c.value();
        }
        AffineExpr second = rhs;
        long c2 = 1;
        if (rhs instanceof Binary b && b.op() == Op.MUL && b.rhs() instanceof Const c) {
            second = b.lhs();
            c2 = c.value();
        }
        if (first.equals(second)) return new Binary(Op.MUL, first, new Const(c1 + c2));
        // Successive additions keep the constant rightmost: (d0 + 2) + d1 becomes (d0 + d1) + 2.
        if (lb != null && lb.rhs() instanceof Const c) return add(add(lb.lhs(), rhs), c);
        AffineExpr asMod = modFromSubtraction(lhs, rhs);
        return asMod != null ? asMod : new Binary(Op.ADD, lhs, rhs);
    }

    /** {@code e - (e floordiv q) * q} (in either product order) as {@code e mod q}, else null. */
    private static AffineExpr modFromSubtraction(AffineExpr lhs, AffineExpr rhs) {
        if (!(rhs instanceof Binary r)) return null;
        if (r.rhs() instanceof Const c && c.value() == -1 && r.lhs() instanceof Binary p && p.op() == Op.MUL) {
            // (e floordiv q) * q * -1 with a symbolic q.
            if (!(p.lhs() instanceof Binary fd) || fd.op() != Op.FLOOR_DIV) return null;
            return fd.rhs().equals(p.rhs()) && lhs.equals(fd.lhs()) ? mod(lhs, p.rhs()) : null;
        }
        // (e floordiv c) * -c with a constant c.
        if (!(r.lhs() instanceof Binary fd) || fd.op() != Op.FLOOR_DIV) return null;
        return lhs.equals(fd.lhs()) && fd.rhs().equals(neg(r.rhs())) ? mod(lhs, fd.rhs()) : null;
    }

    static AffineExpr sub(AffineExpr lhs, AffineExpr rhs) {
        return add(lhs, neg(rhs));
    }

    static AffineExpr neg(AffineExpr e) {
        return mul(e, new Const(-1));
    }

    static AffineExpr mul(AffineExpr lhs, AffineExpr rhs) {
        if (lhs instanceof Const a && rhs instanceof Const b) return new Const(a.value() * b.value());
        if (lhs instanceof Const || (lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant())) return mul(rhs, lhs);
        if (rhs instanceof Const c) {
            if (c.value() == 1) return lhs;
            if (c.value() == 0) return c;
            if (lhs instanceof Binary b && b.op() == Op.MUL && b.rhs() instanceof Const lc) {
                return mul(b.lhs(), new Const(lc.value() * c.value()));
            }
        }
        if (lhs instanceof Binary b && b.op() == Op.MUL && b.rhs() instanceof Const lc) {
            return mul(mul(b.lhs(), rhs), lc);
        }
        return new Binary(Op.MUL, lhs, rhs);
    }

    static AffineExpr floorDiv(AffineExpr lhs, AffineExpr rhs) {
        if (!(rhs instanceof Const c) || c.value() < 1) return new Binary(Op.FLOOR_DIV, lhs, rhs);
        if (lhs instanceof Const l) return new Const(Math.floorDiv(l.value(), c.value()));
        if (c.value() == 1) return lhs;
        AffineExpr exact = exactQuotient(lhs, c.value());
        if (exact != null) return exact;
        // A sum with one term that is a multiple of the divisor splits into two quotients.
        if (lhs instanceof Binary b && b.op() == Op.ADD && (b.lhs().largestKnownDivisor() % c.value() == 0
                || b.rhs().largestKnownDivisor() % c.value() == 0)) {
            return add(floorDiv(b.lhs(), c), floorDiv(b.rhs(), c));
        }
        return new Binary(Op.FLOOR_DIV, lhs, rhs);
    }

    static AffineExpr ceilDiv(AffineExpr lhs, AffineExpr rhs) {
        if (!(rhs instanceof Const c) || c.value() < 1) return new Binary(Op.CEIL_DIV, lhs, rhs);
        if (lhs instanceof Const l) return new Const(-Math.floorDiv(-l.value(), c.value()));
        if (c.value() == 1) return lhs;
        AffineExpr exact = exactQuotient(lhs, c.value());
        return exact != null ? exact : new Binary(Op.CEIL_DIV, lhs, rhs);
    }

    /** {@code (e * k) / d} as {@code e * (k / d)} when d divides k, else null. */
    private static AffineExpr exactQuotient(AffineExpr lhs, long d) {
        if (lhs instanceof Binary b && b.op() == Op.MUL && b.rhs() instanceof Const k && k.value() % d == 0) {
            return mul(b.lhs(), new Const(k.value() / d));
        }
        return null;
    }

    static AffineExpr mod(AffineExpr lhs, AffineExpr rhs) {
        if (!(rhs instanceof Const c) || c.value() < 1) return new Binary(Op.MOD, lhs, rhs);
        if (lhs instanceof Const l) return new Const(Math.floorMod(l.value(), c.value()));
        if (lhs.largestKnownDivisor() % c.value() == 0) return new Const(0);
        if (lhs instanceof Binary b && b.op() == Op.ADD) {
            // A term that is a multiple of the modulus drops out.
            if (b.lhs().largestKnownDivisor() % c.value() == 0) return mod(b.rhs(), c);
            if (b.rhs().largestKnownDivisor() % c.value() == 0) return mod(b.lhs(), c);
        }
        // (e mod a) mod b is e mod b when b divides a.
        if (lhs instanceof Binary b && b.op() == Op.MOD && b.rhs() instanceof Const a && a.value() >= 1
                && a.value() % c.value() == 0) {
            return mod(b.lhs(), c);
        }
        return new Binary(Op.MOD, lhs, rhs);
    }

    /** The expression as MLIR prints it, e.g. {@code d0 floordiv 2}, {@code d0 - d1 * 3}, {@code (d0 + 1) mod 4}. */
    default String print() {
        StringBuilder sb = new StringBuilder();
        AffinePrinter.print(sb, this, false);
        return sb.toString();
    }
}
