package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.stablehlo4j.dialect.sdy.SdyAttrs.AxisRefAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.MeshAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.SubAxisInfoAttr;
import org.stablehlo4j.dialect.sdy.SdyAttrs.TensorShardingAttr;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Type;

/**
 * {@code isShardingEquivalentAcrossReshapes} (shardy/dialect/sdy/ir/utils.cc): whether two shardings of tensors of
 * possibly different shapes split the same row-major linear data the same way, compared through the linear stride
 * of every (merged) mesh axis.
 */
final class SdyReshapes {
    private SdyReshapes() {}

    private record AxisStride(AxisRefAttr axis, double stride) {}

    private static boolean near(double a, double b) {
        return Math.abs(a - b) < 1e-6;
    }

    /** {@code getAxisStrides} with {@code allowNonDivisible=false}. */
    private static List<AxisStride> axisStrides(TensorShardingAttr sharding, RankedTensorType type, MeshAttr mesh) {
        List<AxisStride> strides = new ArrayList<>();
        double cumulative = 1.0;
        for (int i = type.rank() - 1; i >= 0; i--) {
            List<AxisRefAttr> axes = sharding.dimShardings().get(i).axes();
            long total = 1;
            for (AxisRefAttr a : axes) total *= SdyAxes.size(a, mesh);
            double stride = cumulative * (double) ((type.dim(i) + total - 1) / total);
            for (int j = axes.size() - 1; j >= 0; j--) {
                strides.add(new AxisStride(axes.get(j), stride));
                stride *= SdyAxes.size(axes.get(j), mesh);
            }
            cumulative *= type.dim(i);
        }
        strides.sort((a, b) -> Double.compare(a.stride(), b.stride()));
        List<AxisStride> merged = new ArrayList<>();
        for (AxisStride e : strides) {
            if (!merged.isEmpty()) {
                AxisStride back = merged.get(merged.size() - 1);
                AxisRefAttr prev = back.axis();
                AxisRefAttr curr = e.axis();
                if (prev.name().equals(curr.name())
                        && SdyAxes.preSize(curr) * SdyAxes.size(curr, mesh) == SdyAxes.preSize(prev)
                        && near(e.stride(), back.stride() * SdyAxes.size(prev, mesh))) {
                    long minPre = Math.min(SdyAxes.preSize(prev), SdyAxes.preSize(curr));
                    long size = SdyAxes.size(prev, mesh) * SdyAxes.size(curr, mesh);
                    long full = mesh.axis(prev.name()) == null ? size : mesh.axis(prev.name()).size();
                    AxisRefAttr combined = minPre == 1 && size == full ? new AxisRefAttr(prev.name(), null)
                            : new AxisRefAttr(prev.name(), new SubAxisInfoAttr(minPre, size));
                    merged.set(merged.size() - 1, new AxisStride(combined, back.stride()));
                    continue;
                }
            }
            merged.add(e);
        }
        return merged;
    }

    static boolean equivalentAcrossReshapes(TensorShardingAttr s1, Type t1, TensorShardingAttr s2, Type t2,
                                            Operation op) {
        if (Objects.equals(s1, s2) && Objects.equals(t1, t2)) return true;
        if (s1 == null || s2 == null || !Objects.equals(s1.meshName(), s2.meshName())) return false;
        if (!s1.replicatedAxes().equals(s2.replicatedAxes())) return false;
        if (!(t1 instanceof RankedTensorType r1) || !(t2 instanceof RankedTensorType r2)) return false;
        if (r1.encoding() != null || r2.encoding() != null) return false;
        if (!r1.hasStaticShape() || !r2.hasStaticShape()) return false;
        if (s1.dimShardings().size() != r1.rank() || s2.dimShardings().size() != r2.rank()) return false;
        MeshAttr mesh = SdyAxes.meshOf(s1, op);
        if (mesh == null) return false;
        List<AxisStride> a = axisStrides(s1, r1, mesh);
        List<AxisStride> b = axisStrides(s2, r2, mesh);
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).axis().equals(b.get(i).axis()) || !near(a.get(i).stride(), b.get(i).stride())) return false;
        }
        return true;
    }
}
