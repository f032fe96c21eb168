package org.stablehlo4j.dialect.stablehlo.ops;

import static org.stablehlo4j.dialect.stablehlo.ops.RuleSupport.longs;
import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.compatibleDims;
import static org.stablehlo4j.dialect.stablehlo.ops.DotConvSupport.ints;
import static org.stablehlo4j.dialect.stablehlo.ops.HloChecks.joined;
import static org.stablehlo4j.dialect.stablehlo.ops.DotConvSupport.q;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.stablehlo4j.ir.BoolAttr;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import static org.stablehlo4j.dialect.stablehlo.ops.DotConvRules.*;

/**
 * Result type inference of cholesky, triangular_solve, fft and rng (split out of {@link DotConvRules}, whose helpers
 * it shares).
 */
public final class LinalgRules {
    private LinalgRules() {}

    // ---- inference

    public static List<Type> cholesky(Operation op) {
        RankedTensorType a = ranked(op.operand(0));
        if (a == null) return null;
        int rank = a.rank();
        if (rank < 2) {
            throw VerificationError.at(op.location(), "argument 'a' must have rank >= 2, got shape "
                    + joined(a.shape()) + ".");
        }
        if (!compatibleDims(a.dim(rank - 2), a.dim(rank - 1))) {
            throw VerificationError.at(op.location(), "minor dimensions of 'a' must have equal size, got shape "
                    + joined(a.shape()) + ".");
        }
        return List.of(a);
    }

    public static List<Type> triangularSolve(Operation op) {
        RankedTensorType a = ranked(op.operand(0));
        RankedTensorType b = ranked(op.operand(1));
        if (a == null || b == null || !(op.attr("left_side") instanceof BoolAttr leftSide)) return null;
        Location loc = op.location();
        int rank = a.rank();
        if (rank < 2) {
            throw VerificationError.at(loc, "operand 'a' must have rank >= 2, but got " + q(a));
        }
        if (!compatibleDims(a.dim(rank - 2), a.dim(rank - 1))) {
            throw VerificationError.at(loc, "two minor dimensions of operand 'a' must be compatible, but got " + q(a));
        }
        if (rank != b.rank()) {
            throw VerificationError.at(loc, "operands must have equal rank, but got " + q(a) + " and " + q(b));
        }
        if (!compatibleDims(a.dim(rank - 1), b.dim(rank - (leftSide.value() ? 2 : 1)))) {
            throw VerificationError.at(loc, "shared dimension of operands 'a' and 'b' must be compatible, but got "
                    + q(a) + " and " + q(b));
        }
        if (!compatibleDims(Arrays.copyOf(a.shape(), rank - 2), Arrays.copyOf(b.shape(), rank - 2))) {
            throw VerificationError.at(loc, "batch dimensions of the operands must be compatible, but got " + q(a)
                    + " and " + q(b));
        }
        if ("TRANSPOSE_INVALID".equals(enumCase(op, "transpose_a"))) {
            throw VerificationError.at(loc, "Invalid transpose option value for triangular solve");
        }
        return List.of(b);
    }

    public static List<Type> fft(Operation op) {
        String type = enumCase(op, "fft_type");
        long[] length = ints(op.attr("fft_length"));
        if (type == null || length == null || !(op.operand(0).type() instanceof ShapedType operandType)) return null;
        Location loc = op.location();
        boolean rfft = type.equals("RFFT");
        boolean irfft = type.equals("IRFFT");
        int fftRank = length.length;
        if (fftRank > 3 || fftRank < 1) {
            throw VerificationError.at(loc, "rank must be between 1 and 3, but got " + fftRank + ".");
        }
        Type element = operandType.elementType();
        if (rfft) {
            if (!element.equals(FloatType.F32) && !element.equals(FloatType.F64)) {
                throw VerificationError.at(loc, "RFFT requires f32 or f64 input type, but is given " + q(element)
                        + ".");
            }
        } else if (!(element instanceof ComplexType)) {
            throw VerificationError.at(loc, "FFT/IFFT/IRFFT take a complex tensor as input, but is given "
                    + q(operandType) + ".");
        }
        Type resultElement = rfft ? new ComplexType(element) : irfft ? ((ComplexType) element).elementType()
                : element;
        if (!(operandType instanceof RankedTensorType ranked)) return null;
        long[] shape = ranked.shape();
        int rank = shape.length;
        if (rank < fftRank) {
            throw VerificationError.at(loc, "operand rank must not be less than fft rank of " + fftRank
                    + " for operand of type " + q(ranked) + ".");
        }
        long[] result = shape.clone();
        if (rfft) {
            for (int i = 0; i < fftRank; i++) {
                if (!compatibleDims(shape[rank - fftRank + i], length[i])) {
                    throw VerificationError.at(loc, "RFFT requires innermost dimensions to be compatible with "
                            + "fft_length. Got: " + joined(shape) + " but wanted " + joined(length) + ".");
                }
            }
            if (length[fftRank - 1] != 0) result[rank - 1] = length[fftRank - 1] / 2 + 1;
        }
        if (irfft) {
            for (int i = 0; i < fftRank - 1; i++) {
                long dim = shape[rank - fftRank + i];
                if (!compatibleDims(dim, length[i])) {
                    throw VerificationError.at(loc, "IRFFT requires non-final dimensions to be compatible with "
                            + "fft_length. Got: " + joined(shape) + " but wanted " + joined(length) + ", and " + dim
                            + " != " + length[i] + ".");
                }
            }
            long last = shape[rank - 1];
            long lastLength = length[fftRank - 1];
            if ((!compatibleDims(last, 0) || lastLength != 0) && !compatibleDims(last, lastLength / 2 + 1)) {
                throw VerificationError.at(loc, "IRFFT requires innermost dimension to be compatible with "
                        + "fft_length[-1]/2+1. Got: " + last + " but fft_length is " + joined(length) + ".");
            }
            result[rank - 1] = lastLength;
        }
        long[] bounds = boundsOf(ranked);
        if (bounds != null && (rfft || irfft) && bounds.length > 0) bounds[bounds.length - 1] = ShapedType.DYNAMIC;
        return List.of(new RankedTensorType(result, resultElement,
                TypeInference.boundsToEncoding(ranked.encoding(), bounds)));
    }

    static long[] boundsOf(RankedTensorType t) {
        List<Long> b = TypeCompat.bounds(t);
        return b == null ? null : longs(b);
    }

    /** batch_norm_*: operands listed by index as multi-dimensional (operand-like) and 1-D (scale-like). */
    static List<Type> batchNorm(Operation op, List<Integer> multi, List<Integer> single, boolean inference) {
        Long featureIndex = integer(op, "feature_index");
        if (featureIndex == null || featureIndex < 0) return null; // the attribute constraint reports it
        List<Type> multiTypes = new ArrayList<>();
        for (int i : multi) multiTypes.add(op.operand(i).type());
        List<Type> singleTypes = new ArrayList<>();
        for (int i : single) singleTypes.add(op.operand(i).type());
        if (!(multiTypes.get(0) instanceof RankedTensorType operand)
                || !(singleTypes.get(0) instanceof RankedTensorType scale) || scale.rank() != 1) {
            return null;
        }
        Location loc = op.location();
        if (!TypeCompat.compatibleShapes(multiTypes)) {
            throw VerificationError.at(loc, "expects multi-dimensional operands to have compatible shapes.");
        }
        if (!TypeCompat.compatibleShapes(singleTypes)) {
            throw VerificationError.at(loc, "expects single-dimensional operands to have compatible shapes.");
        }
        if (featureIndex >= operand.rank()) {
            throw VerificationError.at(loc, "expects featureIndex to be smaller than the rank of multi-dimensional "
                    + "operands; got featureIndex " + featureIndex + ", and rank " + operand.rank() + ".");
        }
        int feature = featureIndex.intValue();
        long featureCount = operand.dim(feature);
        if (!compatibleDims(scale.dim(0), featureCount)) {
            throw VerificationError.at(loc, "expects the size of single-dimensional operands to be compatible with "
                    + "feature count, but the size of single-dimensional operands is " + dimSize(scale.dim(0))
                    + " and the feature count is " + dimSize(featureCount) + ".");
        }
        RankedTensorType out = new RankedTensorType(operand.shape(), operand.elementType(), operand.encoding());
        if (inference) return List.of(out);
        long[] bounds = boundsOf(operand);
        long[] singleBounds = bounds == null || bounds.length <= feature ? null : new long[] {bounds[feature]};
        RankedTensorType stats = new RankedTensorType(new long[] {featureCount}, operand.elementType(),
                singleBounds == null ? null : TypeInference.boundsToEncoding(operand.encoding(), singleBounds));
        return List.of(out, stats, stats);
    }

    static boolean predIntOrFloat(Type t) {
        return t instanceof IntegerType || t instanceof FloatType;
    }

    static String dimSize(long d) {
        return d == ShapedType.DYNAMIC ? "?" : Long.toString(d);
    }

    public static List<Type> rng(Operation op) {
        if (!(op.operand(0).type() instanceof RankedTensorType a)
                || !(op.operand(1).type() instanceof RankedTensorType b)
                || !(op.operand(2).type() instanceof RankedTensorType shapeType) || shapeType.rank() != 1
                || a.rank() != 0 || b.rank() != 0 || !predIntOrFloat(a.elementType())
                || !predIntOrFloat(b.elementType())) {
            return null; // operand types the op's definition rejects
        }
        if ("NORMAL".equals(enumCase(op, "rng_distribution"))
                && (!(a.elementType() instanceof FloatType) || !(b.elementType() instanceof FloatType))) {
            throw VerificationError.at(op.location(), "mu and sigma must be floats");
        }
        long[] shape = DotConvSupport.constantInts(op.operand(2));
        if (shape == null) {
            long n = shapeType.dim(0);
            if (n < 0 || n > 1 << 16) return null;
            shape = new long[(int) n];
            Arrays.fill(shape, ShapedType.DYNAMIC);
        }
        return List.of(new RankedTensorType(shape, b.elementType()));
    }
}
