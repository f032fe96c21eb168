/**
 * stablehlo4j interpreter: the reference interpreter of StableHLO. Users need {@code org.stablehlo4j.api.run}
 * ({@code StableHloRunner}, {@code TensorValue}); the interpreter itself is exported only to the tools.
 */
module org.stablehlo4j.interpreter {
    requires transitive org.stablehlo4j.core;

    exports org.stablehlo4j.api.run;
    exports org.stablehlo4j.interpreter to org.stablehlo4j.cli;
}
