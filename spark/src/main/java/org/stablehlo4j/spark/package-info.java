/**
 * StableHLO on Apache Spark: {@link org.stablehlo4j.spark.StableHloModel} scores a {@code Dataset<Row>} with a
 * portable artifact (batched, with bound weights, on the executors, with the reference interpreter), and
 * {@link org.stablehlo4j.spark.ArtifactFleet} checks a fleet of artifacts (one report row per artifact).
 * Spark 4 (Scala 2.13) is a {@code provided} dependency: the cluster brings it.
 */
package org.stablehlo4j.spark;
