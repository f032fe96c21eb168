/**
 * Typed views and builders of the check ops, one class per op, generated at build time from the op's row and not
 * checked in; see {@link org.stablehlo4j.dialect.stablehlo.ops.typed} for how and what.
 */
package org.stablehlo4j.dialect.check.typed;
