/**
 * A typed builder for StableHLO programs: {@link org.stablehlo4j.api.build.ModuleBuilder} makes a module and its
 * functions, {@link org.stablehlo4j.api.build.Ops} appends ops to a block (one method per StableHLO op, plus the
 * generic {@link org.stablehlo4j.api.build.Ops#op(String, java.util.List, java.util.Map)}), regions are built by
 * lambdas ({@link org.stablehlo4j.api.build.RegionBody}). Result types are inferred by the op rows' own inference
 * (the one the verifier runs), and every op is verified as it is built: an invalid call throws a
 * {@link org.stablehlo4j.api.build.BuildException} carrying the verifier's message.
 */
package org.stablehlo4j.api.build;
