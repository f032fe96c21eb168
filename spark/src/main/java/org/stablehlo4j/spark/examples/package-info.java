/**
 * A runnable example: {@link org.stablehlo4j.spark.examples.MlpScoring} scores JAX's MLP export over a generated
 * table (README, "StableHLO on Apache Spark").
 */
package org.stablehlo4j.spark.examples;
