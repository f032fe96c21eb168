package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionException;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassOptions;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.rewrite.GreedyRewriteDriver;

/**
 * {@code --stablehlo-compatibility-expander=target=X.Y.Z} (upstream's {@code StablehloCompatibilityExpanderPass}):
 * expresses what is newer than the target StableHLO version with what that version has, so that the module can
 * be serialized for it: gather/scatter batching dimensions (1.1.0), {@code stablehlo.tan} (1.4.0), source ranges
 * in locations (1.9.0; {@code loc("f":1:2 to :5)} becomes {@code loc("f":1:2)}, in ops, block arguments and
 * nested locations, the module's own included) and replica groups given as mesh axes (1.16.0). See
 * {@link CompatibilityExpanderPatterns}. The patterns run top-down; replica groups that cannot be flattened (an
 * unknown mesh symbol, an axis the mesh lacks) are errors.
 *
 * @param target the StableHLO version to expand for
 */
public record CompatibilityExpanderPass(Version target) implements Pass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-compatibility-expander";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Compatibility expander for StableHLO operations.";
    /** The feature name {@link Expansion#counts()} gives the rewritten source ranges of locations. */
    public static final String LOCATION_RANGES = "source ranges in locations";

    /**
     * Reads the options: {@code target=#.#.#} (required; the version must lie between the minimum and the current
     * version).
     *
     * @param options the option text
     * @return the pass
     * @throws IllegalArgumentException on an unknown option, or a target missing, malformed or out of range
     */
    public static CompatibilityExpanderPass fromOptions(String options) {
        return new CompatibilityExpanderPass(target(PassOptions.parse(NAME, options, Set.of("target")).string("target", "")));
    }

    /**
     * Validates a target version as the pass does.
     *
     * @param text the version text
     * @return the version
     * @throws IllegalArgumentException if it is missing, malformed or out of range
     */
    public static Version target(String text) {
        try {
            Version v = Version.parse(text);
            v.checkSupported();
            return v;
        } catch (VersionException e) {
            throw new IllegalArgumentException(e.getMessage().replace('\n', ' '), e);
        }
    }

    @Override public String name() { return NAME; }

    @Override public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        expand(module.op(), target);
    }

    /**
     * What an expansion rewrote.
     *
     * @param target the version expanded for
     * @param counts how many rewrites each feature took, in the order first met (empty: nothing was newer)
     */
    public record Expansion(Version target, Map<String, Integer> counts) {
        /**
         * The expansion.
         *
         * @param target the version expanded for
         * @param counts how many rewrites each feature took
         */
        public Expansion {
            counts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(counts));
        }

        /** {@return whether nothing was rewritten} */
        public boolean isEmpty() {
            return counts.isEmpty();
        }

        /** {@return one line per feature, e.g. {@code expanded 2 x stablehlo.tan for StableHLO 1.0.0}} */
        public List<String> lines() {
            List<String> out = new ArrayList<>();
            counts.forEach((feature, n) -> out.add("expanded " + n + " x " + feature + " for StableHLO " + target));
            return out;
        }
    }

    /**
     * Expands {@code module} in place for {@code target}.
     *
     * @param module the module op
     * @param target the version
     * @return what was rewritten
     * @throws DiagnosticException if replica groups cannot be flattened or the rewrites do not converge
     */
    public static Expansion expand(Operation module, Version target) throws DiagnosticException {
        Map<String, Integer> counts = new LinkedHashMap<>();
        if (target.isBefore(CompatibilityExpanderPatterns.LOCATION_RANGES)) {
            int n = dropLocationRanges(module);
            if (n > 0) counts.put(LOCATION_RANGES, n);
        }
        Set<Diagnostic> errors = new LinkedHashSet<>();
        boolean converged = GreedyRewriteDriver.apply(module,
                CompatibilityExpanderPatterns.patterns(target, f -> counts.merge(f, 1, Integer::sum), errors::add),
                GreedyRewriteDriver.Config.DEFAULT.withTopDown(true));
        if (!converged) {
            errors.add(Diagnostic.error(module.location(), "Failed to converge StableHLOCompatibilityExpanderPass in "
                    + GreedyRewriteDriver.Config.DEFAULT.maxIterations() + " iterations"));
        }
        if (!errors.isEmpty()) throw new DiagnosticException(new ArrayList<>(errors));
        return new Expansion(target, counts);
    }

    /**
     * The expander run before a serialization to {@code target} (the opt-in of {@code stablehlo-translate
     * --serialize --expand-for-target}): {@link #expand} for the version the serializer writes. A target the
     * serializer refuses expands nothing (the serializer then reports it).
     *
     * @param module the module op, changed in place
     * @param target the serialization target: {@code X.Y.Z}, {@code current} or {@code minimum}
     * @return what was rewritten
     * @throws DiagnosticException as {@link #expand}
     */
    public static Expansion expandForSerialization(Operation module, String target) throws DiagnosticException {
        Version v = serializationTarget(target);
        return v == null ? new Expansion(Version.current(), Map.of()) : expand(module, v);
    }

    /**
     * A failed serialization's errors, with a note on the first naming the opt-in when the expander would
     * rewrite something of {@code module} for {@code target} (an op or attribute the target lacks); else
     * {@code failure} itself. {@code module} is not changed (the expander runs on a copy).
     *
     * @param failure the serialization's errors
     * @param module the module that failed to serialize
     * @param target the serialization target
     * @return the errors, perhaps with the note
     */
    public static DiagnosticException withExpansionHint(DiagnosticException failure, Operation module,
            String target) {
        Version v = serializationTarget(target);
        if (v == null || failure.diagnostics().isEmpty()) return failure;
        Map<String, Integer> counts;
        try {
            counts = new LinkedHashMap<>(expand(module.cloneDeep(), v).counts());
        } catch (DiagnosticException e) {
            return failure;
        }
        counts.remove(LOCATION_RANGES);
        if (counts.isEmpty()) return failure;
        List<Diagnostic> out = new ArrayList<>(failure.diagnostics());
        Diagnostic first = out.get(0);
        List<Diagnostic> notes = new ArrayList<>(first.notes());
        notes.add(new Diagnostic(Diagnostic.Severity.NOTE, first.location(), "the module uses "
                + String.join(", ", counts.keySet()) + ", newer than StableHLO " + v + ": the compatibility "
                + "expander rewrites them with what " + v + " has: stablehlo-translate --serialize "
                + "--expand-for-target, or StableHlo.serializePortableArtifact with "
                + "SerializeOptions.withExpandForTarget(true), or stablehlo-opt --" + NAME + "=target=" + v
                + " first", List.of()));
        out.set(0, new Diagnostic(first.severity(), first.location(), first.message(), notes));
        return new DiagnosticException(out);
    }

    /** A serialization target as the serializer reads it, or null if it refuses it. */
    private static Version serializationTarget(String target) {
        try {
            return Version.resolveSerializationTarget(target);
        } catch (VersionException e) {
            return null;
        }
    }

    /** Rewrites every range location under {@code root} (itself included) to its start; returns how many. */
    static int dropLocationRanges(Operation root) {
        int[] changed = {0};
        root.walk(op -> {
            op.setLocation(pointOf(op.location(), changed));
            for (Region region : op.regions()) {
                for (Block block : region.blocks()) {
                    for (BlockArgument arg : block.arguments()) arg.setLocation(pointOf(arg.location(), changed));
                }
            }
        });
        return changed[0];
    }

    /** {@code loc} with each {@code "f":l:c to ...} inside it replaced by {@code "f":l:c}. */
    private static Location pointOf(Location loc, int[] changed) {
        if (loc instanceof Location.FileLineCol f && f.range()) {
            changed[0]++;
            return new Location.FileLineCol(f.file(), f.line(), f.column(), f.line(), f.column(), false);
        }
        if (loc instanceof Location.Name n && n.child() != null) {
            Location child = pointOf(n.child(), changed);
            return child == n.child() ? n : new Location.Name(n.name(), child);
        }
        if (loc instanceof Location.CallSite c) {
            Location callee = pointOf(c.callee(), changed);
            Location caller = pointOf(c.caller(), changed);
            return callee == c.callee() && caller == c.caller() ? c : new Location.CallSite(callee, caller);
        }
        if (loc instanceof Location.Fused f) {
            List<Location> parts = new ArrayList<>();
            boolean same = true;
            for (Location part : f.locations()) {
                Location p = pointOf(part, changed);
                same &= p == part;
                parts.add(p);
            }
            return same ? f : new Location.Fused(parts, f.metadata());
        }
        return loc;
    }
}
