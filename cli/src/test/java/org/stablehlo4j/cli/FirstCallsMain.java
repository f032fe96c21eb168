package org.stablehlo4j.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.bytecode.BytecodeReader;
import org.stablehlo4j.bytecode.BytecodeWriter;
import org.stablehlo4j.compat.legalize.PortableArtifacts;
import org.stablehlo4j.init.AllDialects;
import org.stablehlo4j.interpreter.InterpreterDriver;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.verify.Verifier;

/**
 * Run in a fresh JVM by {@link FirstCallsTest}: eight threads whose FIRST calls into the library are parse,
 * print, read, write, verify, serialize, deserialize and interpret, released at once, so class initialization
 * of every layer races. Each thread then finishes a whole pipeline; the results must equal the same pipelines
 * run afterwards on one thread. Prints {@code OK} and exits 0, or exits 1 with the difference.
 */
public final class FirstCallsMain {
    static final String PROGRAM = "func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {\n"
            + "  %0 = stablehlo.add %a, %b : tensor<2xf32>\n"
            + "  %1 = stablehlo.compare GT, %0, %b, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"
            + "  %2 = stablehlo.select %1, %0, %b : tensor<2xi1>, tensor<2xf32>\n"
            + "  return %2 : tensor<2xf32>\n}\n";
    static final String ARGS = "[dense<[1.0, -2.0]> : tensor<2xf32>, dense<[0.5, 0.5]> : tensor<2xf32>]";

    private FirstCallsMain() {}

    /** The eight pipelines; each starts with a different kind of first call. */
    static List<Callable<String>> pipelines(Context ctx, byte[] bytecode, byte[] artifact) {
        List<Callable<String>> out = new ArrayList<>();
        out.add(() -> print(ctx, parse(ctx)));                                        // parse first
        out.add(() -> AsmPrinter.print(ctx, ModuleOp.empty(Location.UNKNOWN), PrintOptions.DEFAULT)); // print first
        out.add(() -> print(ctx, BytecodeReader.read(ctx, bytecode, "in.mlirbc")));  // read first
        out.add(() -> java.util.Arrays.toString(                                      // write first
                BytecodeWriter.write(ctx, ModuleOp.empty(Location.UNKNOWN), "p")));
        out.add(() -> {                                                               // verify first
            ModuleOp m = ModuleOp.empty(Location.UNKNOWN);
            Verifier.verify(ctx, m);
            return "verified";
        });
        out.add(() -> java.util.Arrays.toString(serialize(ctx, parse(ctx))));         // serialize first
        out.add(() -> print(ctx, PortableArtifacts.deserializePortableArtifact(ctx, artifact))); // deserialize first
        out.add(() -> InterpreterDriver.interpret(ctx, parse(ctx), ARGS, false));     // interpret first
        return out;
    }

    static ModuleOp parse(Context ctx) throws Exception {
        ModuleOp m = AsmParser.parse(ctx, PROGRAM, ParseOptions.of("first-calls.mlir"));
        Verifier.verify(ctx, m);
        return m;
    }

    static String print(Context ctx, ModuleOp m) {
        return AsmPrinter.print(ctx, m, PrintOptions.DEFAULT);
    }

    static byte[] serialize(Context ctx, ModuleOp m) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        PortableArtifacts.serializePortableArtifact(ctx, m, "1.9.0", false, out);
        return out.toByteArray();
    }

    public static void main(String[] args) throws Exception {
        byte[] bytecode = java.nio.file.Files.readAllBytes(java.nio.file.Path.of(args[0]));
        byte[] artifact = java.nio.file.Files.readAllBytes(java.nio.file.Path.of(args[1]));
        Context ctx = AllDialects.newContext();
        List<Callable<String>> work = pipelines(ctx, bytecode, artifact);
        CyclicBarrier start = new CyclicBarrier(work.size());
        ExecutorService pool = Executors.newFixedThreadPool(work.size());
        List<Future<String>> results = new ArrayList<>();
        for (Callable<String> c : work) {
            results.add(pool.submit(() -> {
                start.await();
                return c.call();
            }));
        }
        List<String> concurrent = new ArrayList<>();
        for (Future<String> f : results) concurrent.add(f.get(60, TimeUnit.SECONDS));
        pool.shutdown();
        List<Callable<String>> again = pipelines(AllDialects.newContext(), bytecode, artifact);
        for (int i = 0; i < again.size(); i++) {
            String single = again.get(i).call();
            if (!single.equals(concurrent.get(i))) {
                System.out.println("pipeline " + i + " differs:\n" + concurrent.get(i) + "\nvs single-threaded:\n"
                        + single);
                System.exit(1);
            }
        }
        System.out.println("OK");
    }
}
