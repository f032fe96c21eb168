package org.stablehlo4j.dialect.vhlo.ops;

import org.stablehlo4j.dialect.vhlo.version.Version;

/**
 * Extra legality conditions some op versions have beyond their version range (upstream's
 * VersionedOpConstraintInterface, implemented in {@code stablehlo/dialect/VhloOps.cpp}). Each names the version
 * from which the otherwise-illegal form is allowed.
 */
public enum VersionConstraint {
    /**
     * Operand and result element types may differ (e.g. reductions promoting precision) only when targeting
     * 0.17.0 or later; before that they must match pairwise.
     */
    MIXED_ELEMENT_TYPES("0.17.0"),
    /**
     * custom_call_v1 with a {@code #vhlo.dict_v1} backend_config or api_version API_VERSION_TYPED_FFI needs a
     * target of 1.3.0 or later.
     */
    TYPED_FFI_CUSTOM_CALL("1.3.0"),
    /** custom_call_v1 with an operand of type {@code !vhlo.future_v1} needs a target of 1.17.0 or later. */
    FUTURE_OPERANDS("1.17.0");

    private final Version since;

    VersionConstraint(String since) {
        this.since = Version.parse(since);
    }

    /** The first version (opset) where the relaxed form is legal. */
    public Version since() {
        return since;
    }

    /** Whether the relaxed form is legal when targeting {@code target} (patch ignored). */
    public boolean allowsAt(Version target) {
        return since.compareTo(target.opset()) <= 0;
    }
}
