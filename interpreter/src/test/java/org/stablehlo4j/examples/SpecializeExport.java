package org.stablehlo4j.examples;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.stablehlo4j.api.StableHlo;
import org.stablehlo4j.api.StableHloException;
import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Type;

/** Specializes a shape-polymorphic export (e.g. jax-runtime/poly_mlp.mlir.bc) once per input shape. */
public class SpecializeExport {
    private static final Map<List<Type>, ModuleOp> BY_SHAPE = new ConcurrentHashMap<>();

    public static void main(String[] args) throws Exception {
        StableHlo api = StableHlo.create();
        ModuleOp export = api.deserializePortableArtifact(Files.readAllBytes(Path.of(args[0])));
        for (String batch : new String[] {"3", "5", "3", "0"}) {
            List<Type> types = List.of(AsmParser.parseType(api.context(), "tensor<" + batch + "x8xf32>"),
                    AsmParser.parseType(api.context(), "tensor<8x4xf32>"));
            try {
                ModuleOp specialized = BY_SHAPE.computeIfAbsent(types, t -> refine(api, export, t));
                System.out.println(batch + ": " + api.print(specialized).lines()
                        .filter(l -> l.contains("func.func public @main")).findFirst().orElseThrow().trim());
            } catch (IllegalArgumentException e) {                       // a failed shape assertion
                System.out.println(batch + ": " + e.getMessage());
            }
        }
        System.out.println(BY_SHAPE.size() + " specializations");
    }

    private static ModuleOp refine(StableHlo api, ModuleOp export, List<Type> types) {
        try {
            return api.refineShapes(export, types);                     // the export itself is not modified
        } catch (StableHloException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
