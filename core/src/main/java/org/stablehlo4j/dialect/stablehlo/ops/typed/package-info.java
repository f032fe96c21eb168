/**
 * Typed views and builders of the StableHLO ops (MLIR's ODS-generated op classes: {@code AddOp}, {@code ReshapeOp},
 * ...), one class per op, generated at build time from the op's row and not checked in.
 *
 * <h2>How they are made (issue 23)</h2>
 * The rows ({@code org.stablehlo4j.ir.OpDefinition}, built by each dialect's {@code *Ops} table) stay the single
 * source of an op's signature. In core's {@code generate-sources} phase, javac compiles the build-only
 * {@code org.stablehlo4j.gen.TypedOpsGenerator} (in {@code core/src/build/java}) together with the rows it reads,
 * straight from core's sources (implicit compilation pulls in only the rows and what they reference); the
 * generator then writes one class per op of stablehlo, chlo, func and sdy to
 * {@code target/generated-sources/typed-ops}, which the normal compile takes as a second source root. Only this
 * package-info is checked in (it makes the package exist for module-info while the rows are compiled).
 *
 * <h2>What a class gives</h2>
 * <ul>
 *   <li>{@code NAME} and {@code DEFINITION} (the row); {@code is(op)} compares the row of the op's interned
 *       {@link org.stablehlo4j.ir.OperationName} by identity (no string comparison), {@code match(op)} returns the
 *       view or null, {@code cast(op)} the view or throws;</li>
 *   <li>accessors named after the row's operand, result, attribute and region names (camel case;
 *       {@code Value}/{@code List<Value>}, {@code OpResult}, the attribute class its kind is held as, {@code Region});
 *       the group layout is read from the row at run time by {@link org.stablehlo4j.ir.TypedOp};</li>
 *   <li>{@code createWithTypes(b, loc, resultTypes, operands..., attributes...)}, and {@code create(b, loc, ...)}
 *       with the result types from the op's own inference (ops with a row inference and no regions), or with
 *       one explicit {@code Type} for single-result ops without inference.</li>
 * </ul>
 *
 * <h2>Limit</h2>
 * Code that the rows reference (verifiers, inference, folders, canonicalization patterns) is compiled before the
 * classes exist, so it cannot use them; it identifies ops through {@link org.stablehlo4j.ir.OperationName}. Splitting
 * those hooks from the signatures (MLIR's .td versus .cpp) lifts this.
 */
package org.stablehlo4j.dialect.stablehlo.ops.typed;
