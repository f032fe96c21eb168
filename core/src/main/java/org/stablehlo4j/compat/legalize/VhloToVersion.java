package org.stablehlo4j.compat.legalize;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.stablehlo4j.compat.CompatibilityApi;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.VhloAttr;
import org.stablehlo4j.dialect.vhlo.ops.VhloAttrKind;
import org.stablehlo4j.dialect.vhlo.VhloType;
import org.stablehlo4j.dialect.vhlo.ops.VhloTypeKind;
import org.stablehlo4j.dialect.vhlo.ops.VersionConstraint;
import org.stablehlo4j.dialect.vhlo.ops.VersionStep;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpDef;
import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.ir.WalkOrder;
import org.stablehlo4j.ir.WalkResult;

/**
 * Converts every VHLO op of a module to the op versions of a target StableHLO version, one adjacent version at a
 * time ({@link VersionStep}): attributes new in the newer version get their version default on upgrade; on
 * downgrade an attribute that the older version lacks must still hold that default, a variadic group that
 * becomes single must hold one value and vanishing regions must be empty. Afterwards every op, type and
 * attribute must be legal at the target. Like upstream's conversion, the first op that fails is reported
 * ({@code failed to legalize operation 'vhlo.X' that was explicitly marked illegal}), followed by
 * {@code failed to convert VHLO to vX.Y.Z} on the module.
 */
public final class VhloToVersion {
    private VhloToVersion() {}

    /** Parses a target as the pass option does: {@code current} or a version within the supported window. */
    public static Version target(String text) {
        if (Version.CURRENT_KEYWORD.equals(text)) return Version.current();
        return Version.validateTarget(text);
    }

    /** {@link #target(String)} with a bad target reported as an error at {@code m}'s module op. */
    static Version target(String text, ModuleOp m) throws DiagnosticException {
        try {
            return target(text);
        } catch (org.stablehlo4j.dialect.vhlo.version.VersionException e) {
            throw new DiagnosticException(new Diagnostic(Diagnostic.Severity.ERROR, m.op().location(),
                    e.getMessage(), List.of()));
        }
    }

    /**
     * Converts {@code m} to {@code target} (an opset, patch ignored) and returns the converted module: {@code m}
     * itself when every op is already at the target's version (nothing to rebuild), else a new module.
     */
    public static ModuleOp convert(ModuleOp m, Version target) throws DiagnosticException {
        Version opset = target.opset();
        // Every op is checked first, in pre-order, as the rebuild would visit them; the first failure is reported.
        Operation[] failed = {null};
        boolean[] changed = {false};
        m.op().walk(WalkOrder.PRE_ORDER, op -> {
            try {
                OpLegalizer.Converted c = convertOp(OpView.of(op), opset);
                changed[0] |= !c.name().equals(op.name()) || c.properties() != op.properties();
                return WalkResult.ADVANCE;
            } catch (LegalizeException e) {
                failed[0] = op;
                return WalkResult.INTERRUPT;
            }
        });
        if (failed[0] != null) {
            throw conversionFailure(m, target, new Diagnostic(Diagnostic.Severity.ERROR, failed[0].location(),
                    IrRewriter.failureMessage(failed[0].name()), List.of()));
        }
        if (!changed[0]) return m;
        IrRewriter.Result r = IrRewriter.rewrite(m, op -> convertOp(OpView.of(op), opset), t -> t);
        if (!r.errors().isEmpty()) throw conversionFailure(m, target, r.errors().get(0));
        replayUseOrders(m, r.module());
        return r.module();
    }

    /** {@code first} followed by {@code failed to convert VHLO to vX.Y.Z} on the module. */
    private static DiagnosticException conversionFailure(ModuleOp m, Version target, Diagnostic first) {
        return new DiagnosticException(List.of(first, new Diagnostic(Diagnostic.Severity.ERROR, m.op().location(),
                CompatibilityApi.conversionFailureMessage(target), List.of())));
    }

    /**
     * Gives the converted module the use-list orders upstream's in-place conversion leaves. Upstream converts only
     * the ops whose version must change, each by creating its replacement (with the old op's operands, so those
     * uses become the newest of their values) and, when the conversion is committed, pointing the uses of the old
     * results at the new ones with MLIR's replace-all-uses, which moves uses one at a time from the newest and
     * so reverses their order. The rebuild here created every use in program order; this replays both effects
     * on the replaced ops ({@code from} and {@code to} have the same shape, op for op in pre-order).
     */
    private static void replayUseOrders(ModuleOp from, ModuleOp to) {
        List<Operation> before = new ArrayList<>();
        List<Operation> after = new ArrayList<>();
        preorder(from.op(), before);
        preorder(to.op(), after);
        List<Operation> replaced = new ArrayList<>();
        for (int i = 0; i < after.size(); i++) {
            if (!after.get(i).name().equals(before.get(i).name())) replaced.add(after.get(i));
        }
        for (Operation op : replaced) {
            for (int i = 0; i < op.numOperands(); i++) {
                Value v = op.operand(i);
                List<Value.Use> uses = new ArrayList<>(v.uses());
                Value.Use u = new Value.Use(op, i);
                uses.remove(u);
                uses.add(u);
                v.setUseOrder(uses);
            }
        }
        for (Operation op : replaced) {
            for (Value r : op.results()) {
                List<Value.Use> uses = new ArrayList<>(r.uses());
                java.util.Collections.reverse(uses);
                r.setUseOrder(uses);
            }
        }
    }

    private static void preorder(Operation op, List<Operation> out) {
        out.add(op);
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                for (Operation o : b.operations()) preorder(o, out);
            }
        }
    }

    /**
     * The op at {@code target}'s version; an op that needs no change keeps its name and its very properties
     * object (which {@link #convert} takes as "unchanged").
     */
    static OpLegalizer.Converted convertOp(OpView op, Version target) {
        if (!op.dialect().equals("vhlo")) return new OpLegalizer.Converted(op.name(), op.properties(), op.attributes());
        VhloOpDef def = VhloOpTable.byName(op.name()).orElseThrow(() -> new LegalizeException(
                IrRewriter.failureMessage(op.name())));
        if (def.isValidAt(target)) return atItsVersion(op, def, target);
        String illegal = IrRewriter.failureMessage(op.name());
        Map<String, Attribute> attrs = new HashMap<>();
        for (NamedAttribute n : op.properties().entries()) attrs.put(n.name(), n.value());
        List<Type> operandTypes = new ArrayList<>(op.numOperands());
        for (int i = 0; i < op.numOperands(); i++) operandTypes.add(op.operandType(i));
        Defaults.Context ctx = new Defaults.Context(attrs, operandTypes);
        while (!def.isValidAt(target)) {
            boolean up = lessThanTarget(def, target);
            VhloOpDef next = (up ? VhloOpTable.next(def) : VhloOpTable.previous(def)).orElse(null);
            if (next == null) throw new LegalizeException(illegal);
            step(VersionStep.between(def, next), op, ctx, illegal);
            def = next;
        }
        if (!isLegal(op, def, attrs, target)) throw new LegalizeException(illegal);
        List<NamedAttribute> props = new ArrayList<>();
        for (String name : def.attributeNames()) {
            Attribute a = attrs.get(name);
            if (a != null) props.add(new NamedAttribute(name, a));
        }
        return new OpLegalizer.Converted(def.name(), DictionaryAttr.of(props), op.attributes());
    }

    /**
     * An op whose version is legal at the target: only its legality is checked. Its properties are kept as they
     * are unless some are outside its version's attributes (those are dropped, as the rebuild does).
     */
    private static OpLegalizer.Converted atItsVersion(OpView op, VhloOpDef def, Version target) {
        DictionaryAttr props = op.properties();
        Map<String, Attribute> attrs = new HashMap<>();
        for (NamedAttribute n : props.entries()) attrs.put(n.name(), n.value());
        List<NamedAttribute> kept = new ArrayList<>(props.size());
        for (VhloOpDef.Attr d : def.attributes()) {
            Attribute a = attrs.get(d.name());
            if (a != null) kept.add(new NamedAttribute(d.name(), a));
        }
        if (!isLegal(op, def, attrs, target)) throw new LegalizeException(IrRewriter.failureMessage(op.name()));
        DictionaryAttr out = kept.size() == props.size() ? props : DictionaryAttr.of(kept);
        return new OpLegalizer.Converted(def.name(), out, op.attributes());
    }

    /** Whether every version of {@code def}'s range lies below the target (so the op must be upgraded). */
    private static boolean lessThanTarget(VhloOpDef def, Version target) {
        Version min = def.versions().min();
        return min.compareTo(target) < 0;
    }

    private static void step(VersionStep s, OpView op, Defaults.Context ctx, String illegal) {
        for (VhloOpDef.Attr a : s.attributesToAdd()) {
            if (a.versionDefault() != null) ctx.attrs().put(a.name(), Defaults.make(a.versionDefault(), ctx));
        }
        for (VhloOpDef.Attr a : s.attributesToDrop()) {
            Attribute v = ctx.attrs().remove(a.name());
            if (v == null || a.versionDefault() == null) continue;
            if (!(a.versionDefault() instanceof org.stablehlo4j.dialect.vhlo.ops.AttrDefault.Computed)
                    && !Defaults.matches(a.versionDefault(), v)) {
                throw new LegalizeException(illegal);
            }
        }
        int fixed = s.from().signature().fixedOperands();
        if (!s.operandsToUnwrap().isEmpty() && op.numOperands() - fixed != 1) throw new LegalizeException(illegal);
        int fixedResults = s.from().signature().fixedResults();
        if (!s.resultsToUnwrap().isEmpty() && op.numResults() - fixedResults != 1) {
            throw new LegalizeException(illegal);
        }
        if (!s.regionsToDrop().isEmpty()) {
            for (int i = s.to().signature().regions().size(); i < op.numRegions(); i++) {
                Region r = op.region(i);
                if (r == null || !r.isEmpty()) throw new LegalizeException(illegal);
            }
            if (op.numRegions() > s.to().signature().regions().size()) throw new LegalizeException(illegal);
        }
    }

    // ---------------------------------------------------------------- legality at a version

    private static boolean isLegal(OpView op, VhloOpDef def, Map<String, Attribute> attrs, Version target) {
        for (Attribute a : attrs.values()) if (!isLegal(a, target)) return false;
        for (NamedAttribute n : op.attributes().entries()) if (!isLegal(n.value(), target)) return false;
        for (int i = 0; i < op.numOperands(); i++) if (!isLegal(op.operandType(i), target)) return false;
        for (int i = 0; i < op.numResults(); i++) if (!isLegal(op.resultType(i), target)) return false;
        for (VersionConstraint c : def.constraints()) {
            if (!c.allowsAt(target) && violates(c, op, attrs)) return false;
        }
        return true;
    }

    /** Whether the op uses the relaxed form that constraint {@code c} only allows from its version on. */
    private static boolean violates(VersionConstraint c, OpView op, Map<String, Attribute> attrs) {
        switch (c) {
            case MIXED_ELEMENT_TYPES: {
                Set<Type> elements = new HashSet<>();
                for (int i = 0; i < op.numOperands(); i++) elements.add(elementType(op.operandType(i)));
                for (int i = 0; i < op.numRegions(); i++) {
                    Region r = op.region(i);
                    if (r == null) return true; // not read yet: cannot show the op keeps to the older form
                    Block entry = r.entry();
                    if (entry == null) continue;
                    for (Value a : entry.arguments()) if (!elements.contains(elementType(a.type()))) return true;
                }
                return false;
            }
            case TYPED_FFI_CUSTOM_CALL: {
                Attribute cfg = attrs.get("backend_config");
                Attribute api = attrs.get("api_version");
                return cfg instanceof VhloAttr v && v.kind() == VhloAttrKind.DICT
                        || api instanceof VhloAttr a && a.number() != null && a.number().intValue() == 4;
            }
            default:
                for (int i = 0; i < op.numOperands(); i++) {
                    if (op.operandType(i) instanceof VhloType t && t.kind() == VhloTypeKind.FUTURE) return true;
                }
                return false;
        }
    }

    private static Type elementType(Type t) {
        if (t instanceof VhloType v && (v.kind() == VhloTypeKind.RANKED_TENSOR
                || v.kind() == VhloTypeKind.UNRANKED_TENSOR)) {
            return v.elementType();
        }
        if (t instanceof ShapedType s) return s.elementType();
        return t;
    }

    /** Which type and attribute kinds are legal at {@code target}, by ordinal. */
    private record KindTable(Version target, boolean[] types, boolean[] attrs) {
        static KindTable at(Version target) {
            KindTable t = lastKinds;
            if (t != null && t.target.equals(target)) return t;
            VhloTypeKind[] ts = VhloTypeKind.values();
            boolean[] types = new boolean[ts.length];
            for (VhloTypeKind k : ts) types[k.ordinal()] = k.isValidAt(target);
            VhloAttrKind[] as = VhloAttrKind.values();
            boolean[] attrs = new boolean[as.length];
            for (VhloAttrKind k : as) attrs[k.ordinal()] = k.isValidAt(target);
            lastKinds = t = new KindTable(target, types, attrs);
            return t;
        }
    }

    /** The table of the last target asked about (a conversion asks about one target for every op). */
    private static volatile KindTable lastKinds;

    static boolean isLegal(Attribute a, Version target) {
        if (!(a instanceof VhloAttr v)) return true;
        if (!KindTable.at(target).attrs[v.kind().ordinal()]) return false;
        for (Attribute e : v.attributes()) if (!isLegal(e, target)) return false;
        if (v.typeParam() != null && !isLegal(v.typeParam(), target)) return false;
        for (Object p : v.params()) {
            if (p instanceof Attribute pa && !isLegal(pa, target)) return false;
        }
        return true;
    }

    static boolean isLegal(Type t, Version target) {
        if (!(t instanceof VhloType v)) return true;
        if (!KindTable.at(target).types[v.kind().ordinal()]) return false;
        for (Type e : v.types()) if (!isLegal(e, target)) return false;
        for (Type e : v.results()) if (!isLegal(e, target)) return false;
        if (v.encoding() != null && !isLegal(v.encoding(), target)) return false;
        VhloType.Quant q = v.quantization();
        return q == null || isLegal(q.storageType(), target) && isLegal(q.expressedType(), target);
    }
}
