/**
 * stablehlo4j command-line tools ({@code stablehlo-opt}, {@code stablehlo-translate}); exports nothing. The
 * launchers in {@code bin/} run them from the class path.
 */
module org.stablehlo4j.cli {
    requires org.stablehlo4j.core;
    requires org.stablehlo4j.interpreter;
    requires info.picocli;

    opens org.stablehlo4j.cli to info.picocli;
}
