package org.stablehlo4j.dialect.stablehlo.ops;

import static org.stablehlo4j.dialect.stablehlo.ops.RuleSupport.longs;
import static org.stablehlo4j.dialect.stablehlo.ops.ControlFlowRules.*;
import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.TypeCompat;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.dialect.stablehlo.ScatterDimensionNumbersAttr;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;
import static org.stablehlo4j.dialect.stablehlo.ops.RegionRules.*;

/**
 * Verification and type inference rules of scatter (split out of {@link RegionRules}, whose helpers it shares).
 */
public final class ScatterRules {
    private ScatterRules() {}

    // ---------------------------------------------------------------------------------------------------------
    // scatter

    static void verifyScatter(Operation op) {
        List<Type> inputs = operandTypes(group(op, 0, 3));
        List<Type> updates = operandTypes(group(op, 2, 3));
        if (op.numOperands() < 3 || inputs.isEmpty()) return;
        Type indicesType = op.operand(inputs.size()).type();
        if (!(op.properties().get("scatter_dimension_numbers") instanceof ScatterDimensionNumbersAttr dn)
                || !allRanked(inputs) || !allRanked(updates) || !(indicesType instanceof RankedTensorType indices)) {
            return;
        }
        for (Type t : inputs) {
            if (!TypeCompat.compatibleShape(inputs.get(0), t)) {
                throw VerificationError.at(op.location(), "Not all inputs have compatible shapes.");
            }
        }
        for (Type t : updates) {
            if (!TypeCompat.compatibleShape(updates.get(0), t)) {
                throw VerificationError.at(op.location(), "Not all updates have compatible shapes.");
            }
        }
        long indexVectorDim = dn.indexVectorDim();
        if (indexVectorDim < 0 || indexVectorDim > indices.rank()) {
            throw VerificationError.at(op.location(), "Expects index_vector_dim to be in range [0, "
                    + "rank-of('scatter_indices')] i.e. [0, " + indices.rank() + "]. got: " + indexVectorDim + ".");
        }
        Block body = entry(op.region(0));
        if (body == null) return;
        List<Type> inits = new ArrayList<>();
        for (Type u : updates) inits.add(scalar(TypeCompat.elementType(u)));
        verifyReducerShape(op, body, inputs, inits, new long[0]);

        long[] expandedIndices = indices.shape();
        if (indexVectorDim == indices.rank()) {
            expandedIndices = java.util.Arrays.copyOf(expandedIndices, expandedIndices.length + 1);
            expandedIndices[expandedIndices.length - 1] = 1;
        }
        long[] updateWindowDims = longs(dn.updateWindowDims());
        long[] insertedWindowDims = longs(dn.insertedWindowDims());
        long[] inputBatchingDims = longs(dn.inputBatchingDims());
        long expectedUpdatesRank = expandedIndices.length - 1 + updateWindowDims.length;
        for (int i = 0; i < inputs.size() && i < updates.size(); i++) {
            int rank = ((RankedTensorType) updates.get(i)).rank();
            if (rank != expectedUpdatesRank) {
                throw VerificationError.at(op.location(), "expects updates tensor must be of rank "
                        + expectedUpdatesRank + " ( == rank-of('scatter_indices') - 1 + size-of('update_window_dims'), "
                        + "where 'scatter_indices' is expanded by a trailing 1 dimension if 'index_vector_dim' == "
                        + "rank-of('scatter_indices')), but got " + rank + ".");
            }
        }
        for (int i = 0; i < inputs.size() && i < updates.size(); i++) {
            scatterDimensionNumbers(op, (RankedTensorType) inputs.get(i), expandedIndices,
                    (RankedTensorType) updates.get(i), dn);
        }
        for (int i = 0; i < inputs.size() && i < updates.size(); i++) {
            long[] updatesShape = ((RankedTensorType) updates.get(i)).shape();
            long[] operandShape = ((RankedTensorType) inputs.get(i)).shape();
            List<Long> maxSlice = new ArrayList<>();
            int inserted = 0;
            int batching = 0;
            for (int d = 0; d < operandShape.length; d++) {
                if (inserted < insertedWindowDims.length && insertedWindowDims[inserted] == d) {
                    inserted++;
                } else if (batching < inputBatchingDims.length && inputBatchingDims[batching] == d) {
                    batching++;
                } else {
                    maxSlice.add(operandShape[d]);
                }
            }
            for (int w = 0; w < updateWindowDims.length && w < maxSlice.size(); w++) {
                long u = updatesShape[(int) updateWindowDims[w]];
                long max = maxSlice.get(w);
                if (u == DYN || max == DYN) continue;
                if (u > max) {
                    throw VerificationError.at(op.location(), "expects bounds of the window dimensions of updates to "
                            + "not exceed the bounds of the corresponding dimensions of operand. For dimension "
                            + updateWindowDims[w] + ", updates bound is " + u + ", operand bound is " + max + ".");
                }
            }
            int seen = 0;
            for (int d = 0; d < updatesShape.length; d++) {
                if (contains(updateWindowDims, d)) continue;
                if (seen == indexVectorDim) seen++;
                if (seen >= expandedIndices.length) break;
                if (!compatibleDims(updatesShape[d], expandedIndices[seen])) {
                    throw VerificationError.at(op.location(), "expects bounds of the scatter dimensions of updates to "
                            + "be same as the bounds of the corresponding dimensions of scatter indices. For scatter "
                            + "dimension " + d + ", updates bound is " + updatesShape[d] + " , scatter_indices bound is "
                            + expandedIndices[seen] + ".");
                }
                seen++;
            }
        }
    }

    /** scatter_c2, scatter_c7...scatter_c21. */
    static void scatterDimensionNumbers(Operation op, RankedTensorType operand, long[] indicesShape,
                                                RankedTensorType update, ScatterDimensionNumbersAttr dn) {
        long[] updateWindowDims = longs(dn.updateWindowDims());
        long[] insertedWindowDims = longs(dn.insertedWindowDims());
        long[] inputBatchingDims = longs(dn.inputBatchingDims());
        long[] indicesBatchingDims = longs(dn.scatterIndicesBatchingDims());
        long[] toOperandDims = longs(dn.scatterDimsToOperandDims());
        long indexVectorDim = dn.indexVectorDim();
        int windowSize = updateWindowDims.length + insertedWindowDims.length + inputBatchingDims.length;
        if (operand.rank() != windowSize) {
            throw VerificationError.at(op.location(), "Expects rank-of operand to match size-of('update_window_dims') "
                    + "+ size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. " + windowSize
                    + " but got " + operand.rank() + ".");
        }
        if (!sorted(updateWindowDims)) {
            throw VerificationError.at(op.location(), "Expects update_window_dims to be sorted; got: ["
                    + joined(updateWindowDims) + "].");
        }
        if (!unique(updateWindowDims)) {
            throw VerificationError.at(op.location(), "Expects update_window_dims to not repeat; got: ["
                    + joined(updateWindowDims) + "].");
        }
        dimsInBounds(op, updateWindowDims, update.rank(), "update_window_dims", "rank-of('updates')");
        dimsDistinct(op, insertedWindowDims, inputBatchingDims, "inserted_window_dims", "input_batching_dims");
        if (!sorted(insertedWindowDims)) {
            throw VerificationError.at(op.location(), "Expects inserted_window_dims to be sorted; got: ["
                    + joined(insertedWindowDims) + "].");
        }
        dimsInBounds(op, insertedWindowDims, operand.rank(), "inserted_window_dims", "rank-of('operand')");
        if (!sorted(inputBatchingDims)) {
            throw VerificationError.at(op.location(), "Expects input_batching_dims to be sorted; got: ["
                    + joined(inputBatchingDims) + "].");
        }
        dimsInBounds(op, inputBatchingDims, operand.rank(), "input_batching_dims", "rank-of('operand')");
        if (!unique(indicesBatchingDims)) {
            throw VerificationError.at(op.location(), "Expects scatter_indices_batching_dims to not repeat; got: ["
                    + joined(indicesBatchingDims) + "].");
        }
        dimsInBounds(op, indicesBatchingDims, indicesShape.length, "scatter_indices_batching_dims",
                "rank-of('scatter_indices')");
        if (contains(indicesBatchingDims, indexVectorDim)) {
            throw VerificationError.at(op.location(), "expects scatter_indices_batching_dims not to include "
                    + "index_vector_dim " + indexVectorDim + ".");
        }
        if (inputBatchingDims.length != indicesBatchingDims.length) {
            throw VerificationError.at(op.location(), "input_batching_dims and scatter_indices_batching_dims "
                    + "should have the same size.");
        }
        for (int i = 0; i < inputBatchingDims.length; i++) {
            long a = operand.dim((int) inputBatchingDims[i]);
            long b = indicesShape[(int) indicesBatchingDims[i]];
            if (!compatibleDims(a, b)) {
                throw VerificationError.at(op.location(), "input_batching_dims[" + i
                        + "] and scatter_indices_batching_dims[" + i + "] must have compatible sizes, but got " + a
                        + " and " + b + ".");
            }
        }
        long indexBound = indicesShape[(int) indexVectorDim];
        if (indexBound != DYN && toOperandDims.length != indexBound) {
            throw VerificationError.at(op.location(), "Scatter op has " + toOperandDims.length
                    + " elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim="
                    + indexVectorDim + " of scatter_indices is " + indexBound + ". These two numbers must be equal.");
        }
        dimsDistinct(op, toOperandDims, inputBatchingDims, "scatter_dims_to_operand_dims", "input_batching_dims");
        dimsInBounds(op, toOperandDims, operand.rank(), "scatter_dims_to_operand_dims", "rank-of('operand')");
    }

    static void dimsInBounds(Operation op, long[] dims, long upper, String name, String upperName) {
        for (long d : dims) {
            if (d < 0 || d >= upper) {
                throw VerificationError.at(op.location(), "Expects each element of " + name + " to be in range [0, "
                        + upperName + ") i.e. [0, " + upper + "). got: " + d + ".");
            }
        }
    }

    static void dimsDistinct(Operation op, long[] a, long[] b, String aName, String bName) {
        Set<Long> seen = new HashSet<>();
        for (long[] dims : new long[][] {a, b}) {
            for (long d : dims) {
                if (!seen.add(d)) {
                    throw VerificationError.at(op.location(), "has duplicated dimension from " + aName + " and "
                            + bName + ": " + d);
                }
            }
        }
    }
}
