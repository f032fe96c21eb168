package org.stablehlo4j.examples.kotlin

import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test
import org.stablehlo4j.api.build.BuildException
import org.stablehlo4j.api.build.ComparisonDirection
import org.stablehlo4j.api.build.ModuleBuilder
import org.stablehlo4j.api.build.Ops
import org.stablehlo4j.api.build.Types
import org.stablehlo4j.api.run.StableHloRunner
import org.stablehlo4j.api.run.TensorValue
import org.stablehlo4j.ir.ModuleOp
import org.stablehlo4j.ir.Value

/**
 * The builder and the interpreter from Kotlin: region bodies are trailing lambdas, lists are listOf(...).
 * Kotlin allows named arguments only on Kotlin functions, so the named ones here are this file's own helpers.
 */
class KotlinBuilderTest {
    private val runner = StableHloRunner.create()

    /** sum(x * x) over the one dimension of x, as a reduce whose body is a lambda. */
    private fun sumOfSquares(ops: Ops, x: Value): Value {
        val zero = ops.constant(0f)
        val squares = ops.multiply(x, x)
        return ops.reduce(listOf(squares), listOf(zero), listOf(0L)) { r, a -> listOf(r.add(a[0], a[1])) }[0]
    }

    /** Counts from 0 up to limit with a while loop: cond and body are lambdas. */
    private fun countTo(ops: Ops, limit: Int): Value {
        val start = ops.constant(intArrayOf(0), emptyList())
        val one = ops.constant(intArrayOf(1), emptyList())
        val bound = ops.constant(intArrayOf(limit), emptyList())
        return ops.while_(listOf(start),
            { c, a -> listOf(c.compare(ComparisonDirection.LT, a[0], bound)) },
            { b, a -> listOf(b.add(a[0], one)) })[0]
    }

    private fun module(size: Long, limit: Int = 3): ModuleOp =
        ModuleBuilder.create(runner.api())
            .func("main", listOf(Types.tensor(Types.F32, size))) { ops, args ->
                val sum = sumOfSquares(ops, x = args[0])
                val big = ops.compare(ComparisonDirection.GT, sum, ops.constant(10f))
                val clipped = ops.if_(big, { t, _ -> listOf(t.constant(10f)) }, { _, _ -> listOf(sum) })[0]
                listOf(sum, clipped, countTo(ops, limit = limit))
            }
            .build()

    @Test
    fun buildsAndRunsAModuleWithRegionLambdas() {
        val outputs = runner.run(module(size = 4L), TensorValue.of(floatArrayOf(1f, 2f, 3f, 4f), 4L))
        assertEquals(3, outputs.size)
        assertArrayEquals(floatArrayOf(30f), outputs[0].toFloatArray())        // 1 + 4 + 9 + 16
        assertArrayEquals(floatArrayOf(10f), outputs[1].toFloatArray())        // 30 > 10: the true branch
        assertArrayEquals(intArrayOf(3), outputs[2].toIntArray())
        assertEquals("dense<3.000000e+01> : tensor<f32>", outputs[0].toString())
    }

    @Test
    fun theFalseBranchAndAnotherBound() {
        val outputs = runner.run(module(size = 2L, limit = 5), TensorValue.of(floatArrayOf(1f, 2f), 2L))
        assertArrayEquals(floatArrayOf(5f), outputs[0].toFloatArray())
        assertArrayEquals(floatArrayOf(5f), outputs[1].toFloatArray())         // 5 <= 10: the false branch
        assertArrayEquals(intArrayOf(5), outputs[2].toIntArray())
    }

    @Test
    fun aBadCallFailsWithTheVerifiersMessage() {
        val e = assertThrows(BuildException::class.java) {
            ModuleBuilder.create(runner.api())
                .func("main", listOf(Types.tensor(Types.F32, 2L), Types.tensor(Types.F32, 3L))) { ops, args ->
                    listOf(ops.add(args[0], args[1]))
                }
        }
        assertEquals(true, e.message!!.contains("Mismatched dimension sizes 2 and 3 in dimension 0"), e.message)
    }
}
