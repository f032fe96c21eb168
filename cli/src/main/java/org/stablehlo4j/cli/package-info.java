/**
 * The command-line tools {@code stablehlo-opt} and {@code stablehlo-translate} ({@link org.stablehlo4j.cli.Main}):
 * option parsing compatible with upstream's, input splitting, diagnostic printing and
 * {@code --verify-diagnostics}, and a server mode for running many invocations in one JVM.
 */
package org.stablehlo4j.cli;
