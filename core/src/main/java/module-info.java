/**
 * stablehlo4j core: StableHLO/MLIR in pure Java, no dependencies. Users need {@code org.stablehlo4j.api} (the
 * facade {@code StableHlo}), {@code org.stablehlo4j.api.build} (the typed builder) and the IR in
 * {@code org.stablehlo4j.ir}; {@code asm}, {@code compat} and {@code pass} are exported for the option and registry
 * types the facade's signatures name. Everything else (dialects, bytecode, legalization, verifier internals) is
 * exported only to stablehlo4j's own interpreter and tools.
 */
module org.stablehlo4j.core {
    exports org.stablehlo4j.api; // the front door: StableHlo, StableHloException, ArtifactInfo
    exports org.stablehlo4j.api.build; // the typed builder
    exports org.stablehlo4j.ir; // the IR: ModuleOp, Operation, Value, types, attributes, diagnostics
    exports org.stablehlo4j.asm; // ParseOptions and PrintOptions of StableHlo.parse/print; the text parser and printer
    exports org.stablehlo4j.compat; // CompatibilityRequirement of StableHlo.versionFromCompatibilityRequirement
    exports org.stablehlo4j.pass; // PassRegistry and Pass, for StableHlo's constructor and custom pipelines

    exports org.stablehlo4j.asm.format to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.bytecode to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.bytecode.writer to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.compat.legalize to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.builtin to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.check to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    // dialects with typed op classes (AddOp, ReturnOp, ...; generated from the rows into the rows' package), for
    // stablehlo4j's own modules until the typed ops are a documented public API
    exports org.stablehlo4j.dialect.chlo to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.chlo.transforms to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.func to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.interpreter to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.mlir to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.quant to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.sdy to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.shape to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.sparse to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.stablehlo to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.stablehlo.ops to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.stablehlo.transforms to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.vhlo to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.vhlo.ops to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.dialect.vhlo.version to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.init to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.rewrite to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
    exports org.stablehlo4j.verify to org.stablehlo4j.interpreter, org.stablehlo4j.cli;
}
