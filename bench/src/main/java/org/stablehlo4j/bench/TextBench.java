package org.stablehlo4j.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.Lexer;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.asm.Token;
import org.stablehlo4j.bytecode.writer.BytecodeWriter;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;

import java.util.concurrent.TimeUnit;

/**
 * Text and bytecode throughput on one large generated program ({@link LargeMlir}, {@code sizeMb} million
 * characters): lexing it, parsing it, printing the parsed module and writing it as bytecode.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class TextBench {
    /** The dialects (stablehlo-opt's list). */
    private final org.stablehlo4j.ir.Context context = org.stablehlo4j.init.AllDialects.newContext();

    /** Size of the generated program in millions of characters. */
    @Param("50")
    public int sizeMb;

    private String text;
    private ModuleOp module;

    @Setup
    public void setUp() throws DiagnosticException {
        context.getOrLoadDialect("stablehlo"); // loads the StableHLO op table
        text = LargeMlir.generate(sizeMb * 1_000_000L);
        module = parse();
    }

    /** Tokens only. */
    @Benchmark
    public int lex() {
        Lexer lexer = new Lexer(text);
        int tokens = 0;
        while (!lexer.next().is(Token.Kind.EOF)) tokens++;
        return tokens;
    }

    /** Text to IR. */
    @Benchmark
    public ModuleOp parse() throws DiagnosticException {
        return AsmParser.parse(context, text, ParseOptions.of("large.mlir"));
    }

    /** IR to text (custom op forms, as stablehlo-opt prints). */
    @Benchmark
    public String print() {
        return AsmPrinter.print(context, module, PrintOptions.DEFAULT);
    }

    /** IR to MLIR bytecode. */
    @Benchmark
    public byte[] writeBytecode() {
        return BytecodeWriter.write(context, module, "stablehlo4j-bench");
    }
}
