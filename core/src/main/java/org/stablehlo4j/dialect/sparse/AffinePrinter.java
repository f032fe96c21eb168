package org.stablehlo4j.dialect.sparse;

import org.stablehlo4j.dialect.sparse.AffineExpr.Binary;
import org.stablehlo4j.dialect.sparse.AffineExpr.Const;
import org.stablehlo4j.dialect.sparse.AffineExpr.Dim;
import org.stablehlo4j.dialect.sparse.AffineExpr.Op;
import org.stablehlo4j.dialect.sparse.AffineExpr.Sym;

/**
 * Prints affine expressions with MLIR's parenthesization: operands of the tightly binding operators
 * ({@code * floordiv ceildiv mod}) are parenthesized when they are compound, additions only when nested inside
 * such an operand; {@code x * -1} prints as {@code -x}, and additions of negated or negative terms print as
 * subtractions.
 */
final class AffinePrinter {
    private AffinePrinter() {}

    static void print(StringBuilder sb, AffineExpr e, boolean strong) {
        if (e instanceof Dim d) {
            sb.append('d').append(d.pos());
            return;
        }
        if (e instanceof Sym s) {
            sb.append('s').append(s.pos());
            return;
        }
        if (e instanceof Const c) {
            sb.append(c.value());
            return;
        }
        Binary b = (Binary) e;
        if (strong) sb.append('(');
        if (b.op() != Op.ADD) {
            if (b.op() == Op.MUL && b.rhs() instanceof Const c && c.value() == -1) {
                sb.append('-');
                print(sb, b.lhs(), true);
            } else {
                print(sb, b.lhs(), true);
                sb.append(b.op().spelling);
                print(sb, b.rhs(), true);
            }
        } else {
            printAdd(sb, b);
        }
        if (strong) sb.append(')');
    }

    private static void printAdd(StringBuilder sb, Binary b) {
        if (b.rhs() instanceof Binary r && r.op() == Op.MUL && r.rhs() instanceof Const k && k.value() <= -1) {
            print(sb, b.lhs(), false);
            sb.append(" - ");
            if (k.value() == -1) {
                print(sb, r.lhs(), r.lhs() instanceof Binary rb && rb.op() == Op.ADD);
            } else {
                print(sb, r.lhs(), true);
                sb.append(" * ").append(-k.value());
            }
            return;
        }
        if (b.rhs() instanceof Const c && c.value() < 0) {
            print(sb, b.lhs(), false);
            sb.append(" - ").append(-c.value());
            return;
        }
        print(sb, b.lhs(), false);
        sb.append(" + ");
        print(sb, b.rhs(), false);
    }
}
