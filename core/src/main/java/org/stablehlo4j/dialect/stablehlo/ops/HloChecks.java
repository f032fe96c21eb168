package org.stablehlo4j.dialect.stablehlo.ops;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.VerificationError;

/**
 * Upstream's shared {@code hlo::} verification helpers (stablehlo/dialect/Base.cpp, TypeInference.cpp) that both
 * the StableHLO and the CHLO rules use, with upstream's diagnostic texts, and the way those diagnostics print
 * integer lists and shapes.
 */
public final class HloChecks {
    private HloChecks() {}

    /** hlo::verifyPrecisionConfig (convolution_c24, dot_general_c11). */
    public static void verifyPrecisionConfig(Location loc, Attribute precisionConfig) {
        if (precisionConfig instanceof ArrayAttr arr && arr.elements().size() > 2) {
            throw VerificationError.at(loc,
                    "expects precision config to be empty or have <= 2 elements, got " + arr.elements().size());
        }
    }

    /** hlo::checkDotGeneralConstraints, after its precision-config check. */
    public static void checkDotGeneralConstraints(Location loc, RankedTensorType lhs, RankedTensorType rhs,
                                                  long[] lhsBatching, long[] rhsBatching, long[] lhsContracting,
                                                  long[] rhsContracting) {
        if (lhsBatching.length != rhsBatching.length) {
            throw VerificationError.at(loc, "lhs and rhs should have the same number of batching dimensions");
        }
        if (lhsContracting.length != rhsContracting.length) {
            throw VerificationError.at(loc, "lhs and rhs should have the same number of contracting dimensions");
        }
        checkDimsDistinct(loc, lhsBatching, lhsContracting, "lhs_batching_dimensions", "lhs_contracting_dimensions");
        checkDimsDistinct(loc, rhsBatching, rhsContracting, "rhs_batching_dimensions", "rhs_contracting_dimensions");
        checkDimsInRange(loc, lhs.rank(), lhsBatching, "lhs_batching_dimensions");
        checkDimsInRange(loc, lhs.rank(), lhsContracting, "lhs_contracting_dimensions");
        checkDimsInRange(loc, rhs.rank(), rhsBatching, "rhs_batching_dimensions");
        checkDimsInRange(loc, rhs.rank(), rhsContracting, "rhs_contracting_dimensions");
        for (int i = 0; i < lhsBatching.length; i++) {
            if (!compatibleDims(lhs.dim((int) lhsBatching[i]), rhs.dim((int) rhsBatching[i]))) {
                throw VerificationError.at(loc, "batching dimension sizes must match for lhs/rhs");
            }
        }
        for (int i = 0; i < lhsContracting.length; i++) {
            if (!compatibleDims(lhs.dim((int) lhsContracting[i]), rhs.dim((int) rhsContracting[i]))) {
                throw VerificationError.at(loc, "contracting dimension sizes must match for lhs/rhs");
            }
        }
    }

    /** Each of {@code dims} in [0, rank): {@code <name> value: <d> is out of range: [0, <rank>)}. */
    public static void checkDimsInRange(Location loc, int rank, long[] dims, String name) {
        for (long d : dims) {
            if (d < 0 || d >= rank) {
                throw VerificationError.at(loc, name + " value: " + d + " is out of range: [0, " + rank + ")");
            }
        }
    }

    /** hlo::checkDimInBounds (exclusive upper bound). */
    public static void checkDimInBounds(Location loc, long dim, long upperBound, String dimName,
                                        String upperBoundName) {
        if (dim < 0 || dim >= upperBound) {
            throw VerificationError.at(loc, "Expects " + dimName + " to be in range [0, " + upperBoundName
                    + ") i.e. [0, " + upperBound + "). got: " + dim + ".");
        }
    }

    /** hlo::checkDimsDistinct. */
    public static void checkDimsDistinct(Location loc, long[] lhsDims, long[] rhsDims, String lhs, String rhs) {
        Set<Long> seen = new HashSet<>();
        for (long[] dims : List.of(lhsDims, rhsDims)) {
            for (long d : dims) {
                if (!seen.add(d)) {
                    throw VerificationError.at(loc, "has duplicated dimension from " + lhs + " and " + rhs + ": " + d);
                }
            }
        }
    }

    /** Integers as LLVM's interleaveComma prints them: {@code 1, 2, 3}. */
    public static String joined(long[] values) {
        StringBuilder sb = new StringBuilder();
        for (long v : values) {
            if (sb.length() > 0) sb.append(", ");
            sb.append(v);
        }
        return sb.toString();
    }

    /** hlo::dimSizesToString: {@code [2, ?, 3]}. */
    public static String dimSizes(long[] sizes) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < sizes.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(sizes[i] == ShapedType.DYNAMIC ? "?" : Long.toString(sizes[i]));
        }
        return sb.append(']').toString();
    }

    /** Two dimension sizes are compatible when equal or either is dynamic. */
    public static boolean compatibleDims(long a, long b) {
        return a == ShapedType.DYNAMIC || b == ShapedType.DYNAMIC || a == b;
    }

    /** Equal-length size lists whose pairs are compatible (MLIR's verifyCompatibleShape on shapes). */
    public static boolean compatibleDims(long[] a, long[] b) {
        if (a.length != b.length) return false;
        for (int i = 0; i < a.length; i++) if (!compatibleDims(a[i], b[i])) return false;
        return true;
    }

    /** Whether {@code values} holds {@code v}. */
    public static boolean contains(long[] values, long v) {
        for (long x : values) if (x == v) return true;
        return false;
    }
}
