package org.stablehlo4j.dialect.sdy;

import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.VerificationError;
import static org.stablehlo4j.dialect.sdy.SdyVerifiers.*;
import static org.stablehlo4j.dialect.sdy.SdyAxes.*;

/**
 * The verifiers of sdy's collective ops (shardy/dialect/sdy/ir/verifiers.cc): the Sdy_CollectiveOpInterface's
 * {@code verifyCollectiveOp} and each op's {@code verifySymbolUses}.
 */
final class SdyCollectiveVerifiers {
    private SdyCollectiveVerifiers() {}

    // ---- the collective interface (verifyCollectiveOp)

    /** How a collective's row differs from the interface's defaults. */
    record Options(boolean allowMissingInputSharding, boolean allowDifferentMeshes) {
        static final Options DEFAULT = new Options(false, false);
        static final Options MISSING_INPUT_SHARDING = new Options(true, false);
        static final Options DIFFERENT_MESHES = new Options(false, true);
    }

    /** {@code verifyCollectiveOp}: the Sdy_CollectiveOpInterface's verifier. */
    static void collective(Operation op, Options options) {
        TensorShardingAttr operandSharding = shardingOf(op.operand(0));
        if (!options.allowMissingInputSharding() && operandSharding == null) {
            throw VerificationError.op(op, "collective on operand without sharding");
        }
        if (!(op.attr("out_sharding") instanceof TensorShardingAttr result)) return;
        MeshAttr resultMesh = meshOf(result, op);
        verifyTensorSharding(result, op.result(0).type(), resultMesh, opError(op), false,
                parentManualComputations(op));
        if (!options.allowDifferentMeshes()) {
            MeshAttr operandMesh = operandSharding == null ? null : meshOf(operandSharding, op);
            if (operandMesh != null && !operandMesh.equals(resultMesh)) {
                throw VerificationError.op(op, "result mesh does not match operand mesh")
                        .note(op.operand(0).location(), "operand mesh: #sdy.mesh" + operandMesh.stripped());
            }
        }
        if (operandSharding != null && result.dimShardings().size() != operandSharding.dimShardings().size()) {
            throw VerificationError.op(op, "result sharding has rank " + result.dimShardings().size()
                    + " but operand sharding has rank " + operandSharding.dimShardings().size());
        }
    }

    // ---- helpers

    private static TensorShardingAttr outSharding(Operation op) {
        return (TensorShardingAttr) op.attr("out_sharding");
    }

    /** {@code getOrCreateSharding(operand, meshOrRef)}: its sharding, or a fully closed replicated one. */
    private static TensorShardingAttr operandSharding(Operation op, TensorShardingAttr result) {
        TensorShardingAttr s = shardingOf(op.operand(0));
        if (s != null) return s;
        int rank = op.operand(0).type() instanceof RankedTensorType t ? t.rank() : 0;
        List<DimensionShardingAttr> dims = new ArrayList<>();
        for (int i = 0; i < rank; i++) dims.add(new DimensionShardingAttr(List.of(), true, null));
        return new TensorShardingAttr(result.meshOrRef(), dims, List.of(), List.of(), 0);
    }

    private static int reductionOp(Operation op) {
        return op.attr("reduction_op") instanceof IntegerAttr i ? i.value().intValue() : 0;
    }

    /** {@code strippedAttrsString(axes, /*stripMnemonic=*}{@code /true)}. */
    private static String axesString(List<AxisRefAttr> axes) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < axes.size(); i++) sb.append(i == 0 ? "" : ", ").append(str(axes.get(i)));
        return sb.append(']').toString();
    }

    private static long nextPreSizeOrFullSize(AxisRefAttr a, MeshAttr mesh) {
        return a.subAxisInfo() != null ? nextPreSize(a.subAxisInfo()) : size(a, mesh);
    }

    /** {@code AxisRefAttr::suffixOf}. */
    private static boolean suffixOf(AxisRefAttr a, AxisRefAttr other, MeshAttr mesh) {
        return contains(other, a) && nextPreSizeOrFullSize(a, mesh) == nextPreSizeOrFullSize(other, mesh);
    }

    /** {@code AxisRefAttr::canCoexist}. */
    private static boolean canCoexist(AxisRefAttr a, AxisRefAttr b) {
        if (!a.name().equals(b.name()) || a.subAxisInfo() == null || b.subAxisInfo() == null) return true;
        long minPre = Math.min(a.subAxisInfo().preSize(), b.subAxisInfo().preSize());
        long maxPre = Math.max(a.subAxisInfo().preSize(), b.subAxisInfo().preSize());
        long minNext = Math.min(nextPreSize(a.subAxisInfo()), nextPreSize(b.subAxisInfo()));
        long maxNext = Math.max(nextPreSize(a.subAxisInfo()), nextPreSize(b.subAxisInfo()));
        if (minNext > maxPre) return minNext % maxPre == 0 && maxPre % minPre == 0 && maxNext % minNext == 0;
        return maxPre % minNext == 0;
    }

    /** {@code AxisRefAttr::getPrefixWithoutOverlap}: null for none. */
    private static AxisRefAttr prefixWithoutOverlap(AxisRefAttr a, AxisRefAttr other) {
        if (!canCoexist(a, other)) return null;
        if (!overlaps(a, other)) return a;
        long pre = preSize(a);
        long otherPre = preSize(other);
        if (pre >= otherPre) return null;
        return new AxisRefAttr(a.name(), new SubAxisInfoAttr(pre, otherPre / pre));
    }

    /** {@code AxisRefAttr::merge}. */
    private static AxisRefAttr merge(AxisRefAttr a, AxisRefAttr b, MeshAttr mesh) {
        long pre = a.subAxisInfo().preSize();
        long size = a.subAxisInfo().size() * b.subAxisInfo().size();
        MeshAxisAttr axis = mesh.axis(a.name());
        if (axis != null && axis.size() == size) return new AxisRefAttr(a.name(), null);
        return new AxisRefAttr(a.name(), new SubAxisInfoAttr(pre, size));
    }

    /** {@code addAxisOrMerge}. */
    static void addAxisOrMerge(List<AxisRefAttr> axes, AxisRefAttr axis, MeshAttr mesh) {
        if (!axes.isEmpty() && canMerge(axes.get(axes.size() - 1), axis)) {
            axes.set(axes.size() - 1, merge(axes.get(axes.size() - 1), axis, mesh));
        } else {
            axes.add(axis);
        }
    }

    /** {@code sortAndMergeAxes}. */
    static List<AxisRefAttr> sortAndMerge(List<AxisRefAttr> axes, MeshAttr mesh) {
        List<AxisRefAttr> sorted = new ArrayList<>(axes);
        sorted.sort(meshComparator(mesh));
        List<AxisRefAttr> out = new ArrayList<>();
        for (AxisRefAttr a : sorted) addAxisOrMerge(out, a, mesh);
        return out;
    }

    /** Removes {@code gathering} from the end of {@code dim}'s axes ({@code gatherAxesAlongDim}). */
    private static List<AxisRefAttr> gatherAxesAlongDim(Operation op, DimensionShardingAttr dim,
                                                        List<AxisRefAttr> gathering, int d, MeshAttr mesh,
                                                        String axisType) {
        List<AxisRefAttr> expected = new ArrayList<>(dim.axes());
        for (int i = gathering.size() - 1; i >= 0; i--) {
            AxisRefAttr g = gathering.get(i);
            if (expected.isEmpty() || !suffixOf(g, expected.get(expected.size() - 1), mesh)) {
                throw VerificationError.op(op, "can't apply " + axisType + " axis " + str(g)
                        + " to operand sharding on dimension " + d);
            }
            AxisRefAttr sharding = expected.remove(expected.size() - 1);
            AxisRefAttr prefix = prefixWithoutOverlap(sharding, g);
            if (prefix != null) expected.add(prefix);
        }
        return expected;
    }

    /** Appends {@code slicing} to {@code dim}'s axes ({@code sliceAxesAlongDim}). */
    private static List<AxisRefAttr> sliceAxesAlongDim(DimensionShardingAttr dim, List<AxisRefAttr> slicing,
                                                       MeshAttr mesh) {
        List<AxisRefAttr> expected = new ArrayList<>(dim.axes());
        for (AxisRefAttr a : slicing) addAxisOrMerge(expected, a, mesh);
        return expected;
    }

    private interface ExpectedDimSharding {
        List<AxisRefAttr> of(DimensionShardingAttr operandDim, List<AxisRefAttr> dimAxes, int dim, MeshAttr mesh);
    }

    private static List<List<AxisRefAttr>> axesPerDim(Operation op, String name) {
        List<List<AxisRefAttr>> out = new ArrayList<>();
        if (op.attr(name) instanceof ListOfAxisRefListsAttr l) for (AxisRefListAttr a : l.value()) out.add(a.value());
        return out;
    }

    private static void verifyDimSharding(Operation op, TensorShardingAttr result, int dim,
                                          List<AxisRefAttr> expected) {
        if (!expected.equals(result.dimShardings().get(dim).axes())) {
            throw VerificationError.op(op, "result sharding doesn't match expected sharding " + axesString(expected)
                    + " on dimension " + dim);
        }
    }

    /** {@code verifyCollectiveWithAxesPerDim}. */
    private static void withAxesPerDim(Operation op, List<List<AxisRefAttr>> axesPerDim,
                                       ExpectedDimSharding expectedDimSharding) {
        TensorShardingAttr result = outSharding(op);
        TensorShardingAttr operand = operandSharding(op, result);
        MeshAttr mesh = meshOf(result, op);
        if (mesh == null) return;
        Set<AxisRefAttr> seen = new HashSet<>();
        Map<String, List<AxisRefAttr>> subAxes = new LinkedHashMap<>();
        Map<String, Long> sizes = axisNameToSize(mesh);
        for (List<AxisRefAttr> axes : axesPerDim) verifyAxisRefList(axes, sizes, seen, subAxes, opError(op));
        if (result.dimShardings().size() != axesPerDim.size()) {
            throw VerificationError.op(op, "result sharding has rank " + result.dimShardings().size()
                    + " but collective axes has rank " + axesPerDim.size());
        }
        for (int dim = 0; dim < axesPerDim.size() && dim < operand.dimShardings().size(); dim++) {
            List<AxisRefAttr> expected = expectedDimSharding.of(operand.dimShardings().get(dim), axesPerDim.get(dim),
                    dim, mesh);
            verifyDimSharding(op, result, dim, expected);
        }
    }

    // ---- each collective's verifySymbolUses

    static void allGatherUses(Operation op) {
        withAxesPerDim(op, axesPerDim(op, "gathering_axes"),
                (dim, axes, d, mesh) -> gatherAxesAlongDim(op, dim, axes, d, mesh, "gathering"));
    }

    static void allSliceUses(Operation op) {
        withAxesPerDim(op, axesPerDim(op, "slicing_axes"), (dim, axes, d, mesh) -> sliceAxesAlongDim(dim, axes, mesh));
    }

    static void reduceScatterUses(Operation op) {
        TensorShardingAttr result = outSharding(op);
        verifyUnreducedAxesTransition(op, List.of(operandSharding(op, result)), List.of(result), -1, reductionOp(op));
        withAxesPerDim(op, axesPerDim(op, "reduce_scatter_axes"),
                (dim, axes, d, mesh) -> sliceAxesAlongDim(dim, axes, mesh));
    }

    static void shardedToUnreducedUses(Operation op) {
        TensorShardingAttr result = outSharding(op);
        if (result.reductionOp() != 0) throw VerificationError.op(op, "out_sharding reduction_op must be SUM");
        List<List<AxisRefAttr>> axesPerDim = axesPerDim(op, "axes");
        withAxesPerDim(op, axesPerDim,
                (dim, axes, d, mesh) -> gatherAxesAlongDim(op, dim, axes, d, mesh, "shard-to-unreduce"));
        MeshAttr mesh = meshOf(result, op);
        TensorShardingAttr operand = shardingOf(op.operand(0));
        List<AxisRefAttr> expected = new ArrayList<>(operand == null ? List.of() : operand.unreducedAxes());
        for (List<AxisRefAttr> axes : axesPerDim) expected.addAll(axes);
        if (mesh != null && !sortAndMerge(expected, mesh).equals(result.unreducedAxes())) {
            throw VerificationError.op(op, "out_unreduced_axes should be in_unreduced_axes + sharded_to_unreduced_axes");
        }
    }

    static void replicatedToUnreducedUses(Operation op) {
        TensorShardingAttr result = outSharding(op);
        TensorShardingAttr operand = operandSharding(op, result);
        if (result.reductionOp() != 0) throw VerificationError.op(op, "out_sharding reduction_op must be SUM");
        MeshAttr mesh = meshOf(result, op);
        if (mesh == null) return;
        if (!operand.dimShardings().equals(result.dimShardings())) {
            throw VerificationError.op(op, "input and output must share the same dimension shardings");
        }
        List<AxisRefAttr> axes = op.attr("axes") instanceof AxisRefListAttr l ? l.value() : List.of();
        if (axes.isEmpty()) throw VerificationError.op(op, "r2u axes must not be empty");
        verifySortedAxisRefList(axes, axisNameToSize(mesh), new HashSet<>(), new LinkedHashMap<>(), opError(op), mesh,
                "r2u");
        for (AxisRefAttr axis : axes) {
            for (DimensionShardingAttr d : operand.dimShardings()) {
                for (AxisRefAttr a : d.axes()) {
                    if (overlaps(a, axis)) {
                        throw VerificationError.op(op, "r2u axis " + str(axis)
                                + " overlaps with operand dimension sharding");
                    }
                }
            }
            for (AxisRefAttr a : operand.unreducedAxes()) {
                if (overlaps(a, axis)) {
                    throw VerificationError.op(op, "r2u axis " + str(axis) + " overlaps with operand unreduced axes");
                }
            }
        }
        List<AxisRefAttr> expected = new ArrayList<>(operand.unreducedAxes());
        expected.addAll(axes);
        if (!sortAndMerge(expected, mesh).equals(result.unreducedAxes())) {
            throw VerificationError.op(op, "out_unreduced_axes should be in_unreduced_axes + r2u_axes");
        }
    }

    static void allToAllUses(Operation op) {
        TensorShardingAttr result = outSharding(op);
        TensorShardingAttr operand = shardingOf(op.operand(0));
        MeshAttr mesh = meshOf(result, op);
        if (operand == null || mesh == null) return;
        List<AllToAllParamAttr> params = op.attr("params") instanceof AllToAllParamListAttr l ? l.value() : List.of();
        if (params.isEmpty()) throw VerificationError.op(op, "parameter list is empty");
        int rank = op.result(0).type() instanceof RankedTensorType t ? t.rank() : 0;
        BitSet seenDims = new BitSet();
        long prevSrcDim = -1;
        Set<AxisRefAttr> seen = new HashSet<>();
        Map<String, List<AxisRefAttr>> subAxes = new LinkedHashMap<>();
        Map<String, Long> sizes = axisNameToSize(mesh);
        for (AllToAllParamAttr p : params) {
            verifyAxisRefList(p.axes(), sizes, seen, subAxes, opError(op));
            verifyDimInRange(op, p.srcDim(), rank, "source");
            verifyDimInRange(op, p.tgtDim(), rank, "target");
            for (long dim : new long[] {p.srcDim(), p.tgtDim()}) {
                if (seenDims.get((int) dim)) {
                    throw VerificationError.op(op, "overlapping source/target dimensions in all-to-all params: " + dim);
                }
                seenDims.set((int) dim);
            }
            if (prevSrcDim >= p.srcDim()) {
                throw VerificationError.op(op, "source dimensions are not sorted in ascending order: " + p.srcDim()
                        + " appears after " + prevSrcDim);
            }
            prevSrcDim = p.srcDim();
        }
        for (AllToAllParamAttr p : params) {
            int src = (int) p.srcDim();
            int tgt = (int) p.tgtDim();
            verifyDimSharding(op, result, src,
                    gatherAxesAlongDim(op, operand.dimShardings().get(src), p.axes(), src, mesh, "all-to-all"));
            verifyDimSharding(op, result, tgt, sliceAxesAlongDim(operand.dimShardings().get(tgt), p.axes(), mesh));
        }
        for (int dim = 0; dim < operand.dimShardings().size(); dim++) {
            if (!seenDims.get(dim)) verifyDimSharding(op, result, dim, operand.dimShardings().get(dim).axes());
        }
    }

    private static void verifyDimInRange(Operation op, long dim, int rank, String name) {
        if (dim < 0 || dim >= rank) {
            throw VerificationError.op(op, name + " dimension " + dim + " is out of range [0, " + rank + ")");
        }
    }

    static void collectivePermuteUses(Operation op) {
        TensorShardingAttr result = outSharding(op);
        TensorShardingAttr operand = shardingOf(op.operand(0));
        MeshAttr mesh = meshOf(result, op);
        MeshAttr operandMesh = operand == null ? null : meshOf(operand, op);
        if (mesh == null || operandMesh == null) return;
        if (!mesh.axes().equals(operandMesh.axes())) {
            throw VerificationError.op(op, "result mesh has different axes than operand mesh")
                    .note(op.operand(0).location(), "operand mesh: #sdy.mesh" + operandMesh.stripped());
        }
        if (!operand.meshOrRef().equals(result.meshOrRef()) && mesh.deviceIds().equals(operandMesh.deviceIds())) {
            throw VerificationError.op(op, "result mesh name is different but same device ids as operand")
                    .note(op.operand(0).location(), "operand mesh: #sdy.mesh" + operandMesh.stripped());
        }
        for (int dim = 0; dim < operand.dimShardings().size() && dim < result.dimShardings().size(); dim++) {
            DimensionShardingAttr in = operand.dimShardings().get(dim);
            DimensionShardingAttr out = result.dimShardings().get(dim);
            if (in.axes().equals(out.axes())) continue;
            long inSize = shardedSize(in, mesh);
            long outSize = shardedSize(out, mesh);
            if (inSize != outSize) {
                throw VerificationError.op(op, "sharded size of result doesn't match operand on dimension " + dim
                        + ": " + outSize + " != " + inSize);
            }
        }
    }

    static void allReduceUses(Operation op) {
        TensorShardingAttr result = outSharding(op);
        TensorShardingAttr operand = operandSharding(op, result);
        MeshAttr mesh = meshOf(result, op);
        if (mesh == null) return;
        if (!equivalentIgnoringUnreduced(operand, result)) {
            throw VerificationError.op(op, "operand and result shardings are not equivalent");
        }
        List<AxisRefAttr> reduction = op.attr("reduction_axes") instanceof AxisRefListAttr l ? l.value() : List.of();
        verifySortedAxisRefList(reduction, axisNameToSize(mesh), new HashSet<>(), new LinkedHashMap<>(), opError(op),
                mesh, "reduction");
        for (AxisRefAttr axis : reduction) {
            boolean overlapsOperand = false;
            for (DimensionShardingAttr d : operand.dimShardings()) {
                for (AxisRefAttr a : d.axes()) overlapsOperand |= overlaps(a, axis);
            }
            for (AxisRefAttr a : operand.replicatedAxes()) overlapsOperand |= overlaps(a, axis);
            if (overlapsOperand) {
                throw VerificationError.op(op, "reduction axis " + str(axis)
                        + " overlaps with operand dimension sharding or replicated axes");
            }
            for (AxisRefAttr a : result.unreducedAxes()) {
                if (overlaps(a, axis)) {
                    throw VerificationError.op(op, "reduction axis " + str(axis) + " overlaps with result unreduced axes");
                }
            }
        }
        verifyUnreducedAxesTransition(op, List.of(operand), List.of(result), -1, reductionOp(op));
    }

    /** {@code TensorShardingAttr::isEquivalent(other, /*ignoreUnreducedAxes=*}{@code /true)}. */
    private static boolean equivalentIgnoringUnreduced(TensorShardingAttr a, TensorShardingAttr b) {
        if (allDimsEmpty(a)) return allDimsEmpty(b);
        if (!a.meshOrRef().equals(b.meshOrRef())) return false;
        if (a.dimShardings().size() != b.dimShardings().size()) return false;
        for (int i = 0; i < a.dimShardings().size(); i++) {
            if (!a.dimShardings().get(i).axes().equals(b.dimShardings().get(i).axes())) return false;
        }
        return true;
    }

    private static boolean allDimsEmpty(TensorShardingAttr s) {
        for (DimensionShardingAttr d : s.dimShardings()) if (!d.axes().isEmpty()) return false;
        return true;
    }
}
