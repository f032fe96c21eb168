/**
 * StableHLO's custom assembly: the {@code custom<...>} directives of its declarative op formats, its enums as
 * bare case names, and the hand-written pretty forms of {@code while} and {@code reduce}.
 */
package org.stablehlo4j.dialect.stablehlo.asm;
