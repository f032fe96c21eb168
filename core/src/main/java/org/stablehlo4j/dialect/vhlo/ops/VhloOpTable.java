package org.stablehlo4j.dialect.vhlo.ops;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.ir.OpDefinition;

/**
 * The VHLO op table: every versioned op of upstream's VHLO dialect at StableHLO 1.20.0 (one row per op version,
 * {@code vhlo.add_v1}, {@code vhlo.gather_v2}, ...), with lookups by name, by StableHLO op and target version,
 * and legality checks for ops, types and attributes at a version.
 */
public final class VhloOpTable {
    private static final List<VhloOpDef> ALL;
    private static final Map<String, VhloOpDef> BY_NAME = new HashMap<>();
    /** Op versions grouped by the StableHLO/func op they correspond to, oldest first. */
    private static final Map<String, List<VhloOpDef>> BY_STABLEHLO = new LinkedHashMap<>();
    /** Op versions grouped by base name ({@code gather}), oldest first. */
    private static final Map<String, List<VhloOpDef>> BY_BASE = new HashMap<>();

    static {
        VhloOpTableBuilder t = new VhloOpTableBuilder();
        ElementwiseOps.declare(t);
        ShapeOps.declare(t);
        ComputeOps.declare(t);
        CollectiveOps.declare(t);
        RegionOps.declare(t);
        List<VhloOpDef> defs = new ArrayList<>(t.build());
        defs.sort(Comparator.comparing(VhloOpDef::name));
        ALL = List.copyOf(defs);
        Comparator<VhloOpDef> byVersion = Comparator.comparingInt(VhloOpDef::opVersion);
        for (VhloOpDef def : ALL) {
            if (BY_NAME.put(def.name(), def) != null) {
                throw new IllegalStateException("duplicate VHLO op " + def.name());
            }
            for (String shlo : def.stablehloNames()) {
                BY_STABLEHLO.computeIfAbsent(shlo, k -> new ArrayList<>()).add(def);
            }
            BY_BASE.computeIfAbsent(def.baseName(), k -> new ArrayList<>()).add(def);
        }
        BY_STABLEHLO.values().forEach(l -> l.sort(byVersion));
        BY_BASE.values().forEach(l -> l.sort(byVersion));
    }

    private VhloOpTable() {}

    /** Every op version, sorted by name. */
    public static List<VhloOpDef> all() {
        return ALL;
    }

    /**
     * The generic op rows of every op version ({@link VhloOpDef#toOpDefinition}), in {@link #all()}'s order: an
     * immutable table built once, which every context's VHLO dialect registers (rows hold no per-context state).
     */
    public static List<org.stablehlo4j.ir.OpDefinition> opDefinitions() {
        return Rows.ROWS;
    }

    /** The rows of {@link #opDefinitions()}, built on first use. */
    private static final class Rows {
        static final List<org.stablehlo4j.ir.OpDefinition> ROWS =
                ALL.stream().map(VhloOpDef::toOpDefinition).toList();
    }

    /** The full name of {@code vhlo.func_v1}, the function op (custom assembly, a parent that func's ops look at). */
    public static final String FUNC_V1 = "vhlo.func_v1";
    /** {@code func.func}, which {@code vhlo.func_v1} legalizes to. */
    public static final String FUNC_FUNC = "func.func";
    /** {@code func.return}, which {@code vhlo.return_v1} legalizes to in a function's body. */
    public static final String FUNC_RETURN = "func.return";

    /** Looks an op version up by its name, with or without the {@code vhlo.} prefix. */
    public static Optional<VhloOpDef> byName(String name) {
        if (name == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(BY_NAME.get(name.startsWith("vhlo.") ? name : "vhlo." + name));
    }

    /** All versions of the op with this base name ({@code gather}), oldest first; empty if unknown. */
    public static List<VhloOpDef> versionsOf(String baseName) {
        return List.copyOf(BY_BASE.getOrDefault(baseName, List.of()));
    }

    /** The StableHLO and func ops that have VHLO counterparts. */
    public static List<String> stablehloOps() {
        return List.copyOf(BY_STABLEHLO.keySet());
    }

    /**
     * The version of the VHLO op for {@code stablehloName} (e.g. {@code stablehlo.gather}, {@code func.func})
     * to use when targeting {@code target}: the one whose range contains the target's opset. Empty if the op is
     * unknown or did not exist yet at that version.
     */
    public static Optional<VhloOpDef> forStablehlo(String stablehloName, Version target) {
        for (VhloOpDef def : BY_STABLEHLO.getOrDefault(stablehloName, List.of())) {
            if (def.isValidAt(target)) {
                return Optional.of(def);
            }
        }
        return Optional.empty();
    }

    /** The op version StableHLO legalizes to (the one valid at the current version). */
    public static Optional<VhloOpDef> forStablehlo(String stablehloName) {
        return forStablehlo(stablehloName, Version.current());
    }

    /** The op version the vhlo-to-version pass converts {@code op} to for {@code target}, possibly itself. */
    public static Optional<VhloOpDef> convertTo(VhloOpDef op, Version target) {
        for (VhloOpDef def : BY_BASE.getOrDefault(op.baseName(), List.of())) {
            if (def.isValidAt(target)) {
                return Optional.of(def);
            }
        }
        return Optional.empty();
    }

    /** The next older version of the op, if any. */
    public static Optional<VhloOpDef> previous(VhloOpDef op) {
        return neighbour(op, -1);
    }

    /** The next newer version of the op, if any. */
    public static Optional<VhloOpDef> next(VhloOpDef op) {
        return neighbour(op, 1);
    }

    private static Optional<VhloOpDef> neighbour(VhloOpDef op, int delta) {
        List<VhloOpDef> family = BY_BASE.getOrDefault(op.baseName(), List.of());
        int at = family.indexOf(op);
        int i = at + delta;
        return at >= 0 && i >= 0 && i < family.size() ? Optional.of(family.get(i)) : Optional.empty();
    }

    /** Whether the op named {@code name} exists and its version range contains {@code target} (patch ignored). */
    public static boolean isOpValidAt(String name, Version target) {
        return byName(name).map(d -> d.isValidAt(target)).orElse(false);
    }

    /** Whether the VHLO type ({@code f8E4M3_v1} or {@code !vhlo.f8E4M3_v1}) exists and is legal at {@code target}. */
    public static boolean isTypeValidAt(String name, Version target) {
        return VhloTypeKind.byMnemonic(name).map(k -> k.isValidAt(target)).orElse(false);
    }

    /** Whether the VHLO attribute ({@code integer_v1} or {@code #vhlo.integer_v1}) is legal at {@code target}. */
    public static boolean isAttrValidAt(String name, Version target) {
        return VhloAttrKind.byMnemonic(name).map(k -> k.isValidAt(target)).orElse(false);
    }

}
