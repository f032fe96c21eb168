package org.stablehlo4j.gen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.stablehlo4j.dialect.check.CheckOps;
import org.stablehlo4j.dialect.chlo.ChloOps;
import org.stablehlo4j.dialect.func.FuncOps;
import org.stablehlo4j.dialect.interpreter.InterpreterOps;
import org.stablehlo4j.dialect.mlir.MlirOps;
import org.stablehlo4j.dialect.shape.ShapeOps;
import org.stablehlo4j.dialect.sdy.SdyOps;
import org.stablehlo4j.dialect.stablehlo.ops.StablehloOps;
import org.stablehlo4j.ir.AttrKind;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.OpDefinition.Arity;
import org.stablehlo4j.ir.OpDefinition.AttrSpec;
import org.stablehlo4j.ir.OpDefinition.RegionSpec;
import org.stablehlo4j.ir.OpDefinition.ValueSpec;

/**
 * Writes the typed op classes (see {@code org.stablehlo4j.ir.TypedOp}) of stablehlo, chlo, func, sdy, check,
 * interpreter, MLIR's arith and tensor, and shape from their
 * op rows, into the directory given as the only argument. Build-only: core's pom compiles this class together with
 * the rows it reads (javac's implicit compilation from core's sources) in the generate-sources phase, runs it, and
 * adds the output as a source root; it is not part of the jar.
 */
public final class TypedOpsGenerator {
    /**
     * One dialect: its rows, the expression that finds a row by name, and the package the classes go to. With
     * {@code hookedInference} the rows are signatures whose result type inference the dialect's hooks attach: an
     * op declaring {@code InferTypeOpInterface} (the {@code INFER_TYPE} trait) gets the inferring builder.
     */
    private record DialectRows(String namespace, Collection<OpDefinition> rows, String rowImport, String rowLookup,
                               String pkg, String base, boolean hookedInference) {
        DialectRows(String namespace, Collection<OpDefinition> rows, String rowImport, String rowLookup, String pkg,
                    String base) {
            this(namespace, rows, rowImport, rowLookup, pkg, base, false);
        }
    }

    private static final Set<String> RESERVED = Set.of("abstract", "assert", "boolean", "break", "byte", "case",
            "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends",
            "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int",
            "interface", "long", "native", "new", "package", "private", "protected", "public", "return", "short",
            "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try",
            "void", "volatile", "while", "true", "false", "null", "var", "record", "yield",
            // TypedOp's and Object's own methods
            "operation", "location", "toString", "hashCode", "equals", "getClass", "notify", "notifyAll", "wait",
            "clone", "finalize", "is", "match", "cast", "create", "createWithTypes", "NAME", "DEFINITION",
            // the builders' parameters
            "builder", "resultTypes", "resultType");

    private TypedOpsGenerator() {}

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        List<DialectRows> dialects = List.of(
                new DialectRows("stablehlo", StablehloOps.all(), "org.stablehlo4j.dialect.stablehlo.ops.StablehloFolding",
                        "StablehloFolding.TABLE.spec(NAME)", "org.stablehlo4j.dialect.stablehlo.ops", "TypedOp"),
                new DialectRows("chlo", ChloOps.TABLE.all(), "org.stablehlo4j.dialect.chlo.ChloFolding",
                        "ChloFolding.TABLE.spec(NAME)", "org.stablehlo4j.dialect.chlo", "TypedOp"),
                new DialectRows("func", FuncOps.SIGNATURES.all(), "org.stablehlo4j.dialect.func.FuncOpHooks",
                        "FuncOpHooks.TABLE.spec(NAME)", "org.stablehlo4j.dialect.func", "TypedOp"),
                // sdy's signatures carry no code (SdyOpHooks attaches it), so its verifiers and patterns can use the
                // typed classes, which compare with the registered (hooked) rows
                new DialectRows("sdy", SdyOps.SIGNATURES.all(), "org.stablehlo4j.dialect.sdy.SdyOpHooks",
                        "SdyOpHooks.TABLE.spec(NAME)", "org.stablehlo4j.dialect.sdy", "TypedOp"),
                new DialectRows("check", CheckOps.TABLE.all(), "org.stablehlo4j.dialect.check.CheckOps",
                        "CheckOps.TABLE.spec(NAME)", "org.stablehlo4j.dialect.check", "TypedOp"),
                new DialectRows("interpreter", InterpreterOps.TABLE.all(),
                        "org.stablehlo4j.dialect.interpreter.InterpreterOps", "InterpreterOps.TABLE.spec(NAME)",
                        "org.stablehlo4j.dialect.interpreter", "TypedOp"),
                // MLIR's arith and tensor ops share one package (their class names differ); their code, inference
                // included, is attached by MlirOpHooks
                new DialectRows("arith", MlirOps.ARITH_SIGNATURES.all(), "org.stablehlo4j.dialect.mlir.MlirOpHooks",
                        "MlirOpHooks.ARITH.spec(NAME)", "org.stablehlo4j.dialect.mlir", "TypedOp", true),
                new DialectRows("tensor", MlirOps.TENSOR_SIGNATURES.all(), "org.stablehlo4j.dialect.mlir.MlirOpHooks",
                        "MlirOpHooks.TENSOR.spec(NAME)", "org.stablehlo4j.dialect.mlir", "TypedOp", true),
                new DialectRows("shape", ShapeOps.SIGNATURES.all(), "org.stablehlo4j.dialect.shape.ShapeOpHooks",
                        "ShapeOpHooks.TABLE.spec(NAME)", "org.stablehlo4j.dialect.shape", "TypedOp", true));
        int count = 0;
        Set<Path> written = new HashSet<>();
        for (DialectRows d : dialects) {
            Path dir = out.resolve(d.pkg.replace('.', '/'));
            Files.createDirectories(dir);
            List<String> classes = new ArrayList<>();
            for (OpDefinition def : d.rows) {
                String cls = className(def.mnemonic());
                classes.add(cls);
                Path file = dir.resolve(cls + ".java");
                // dialects sharing a package must not name two ops alike
                if (written.contains(file.toAbsolutePath().normalize())) {
                    throw new IllegalStateException("two typed op classes " + file);
                }
                write(file, generate(d, def, cls));
                written.add(file.toAbsolutePath().normalize());
                count++;
            }

        }
        // classes of ops (or packages) that are gone
        if (Files.isDirectory(out)) {
            try (java.util.stream.Stream<Path> files = Files.walk(out)) {
                for (Path p : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    if (!written.contains(p.toAbsolutePath().normalize())) Files.delete(p);
                }
            }
        }
        System.out.println("TypedOpsGenerator: " + count + " typed op classes in " + out);
    }

    private static void write(Path p, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (Files.exists(p) && java.util.Arrays.equals(Files.readAllBytes(p), bytes)) return;
        Files.write(p, bytes);
    }

    static String className(String mnemonic) {
        return pascal(mnemonic) + "Op";
    }

    private static String pascal(String snake) {
        StringBuilder sb = new StringBuilder();
        for (String part : snake.split("[^A-Za-z0-9]")) {
            if (part.isEmpty()) continue;
            sb.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return sb.toString();
    }

    private static String camel(String snake) {
        String p = pascal(snake);
        return p.isEmpty() ? p : Character.toLowerCase(p.charAt(0)) + p.substring(1);
    }

    /** A unique accessor name for {@code base} (camel-cased), with {@code suffix} on a clash. */
    private static String unique(Set<String> used, String base, String suffix) {
        String n = base;
        if (RESERVED.contains(n) || used.contains(n)) n = base + suffix;
        while (RESERVED.contains(n) || used.contains(n)) n = n + "_";
        used.add(n);
        return n;
    }

    /** The attribute class a kind is held as, or {@code Attribute} when it may be several. */
    private static String attrClass(AttrKind k) {
        return switch (k) {
            case I64, I32, UI64, UI32 -> "IntegerAttr";
            case F32, F64 -> "FloatAttr";
            case STRING -> "StringAttr";
            case FLAT_SYMBOL_REF -> "SymbolRefAttr";
            case DICTIONARY -> "DictionaryAttr";
            case DENSE_I64_ARRAY, DENSE_BOOL_ARRAY -> "DenseArrayAttr";
            case UNIT -> "UnitAttr";
            case BOOL -> "BoolAttr";
            case ARRAY -> "ArrayAttr";
            default -> "Attribute";
        };
    }

    private static String generate(DialectRows d, OpDefinition def, String cls) {
        StringBuilder s = new StringBuilder();
        s.append("package ").append(d.pkg).append(";\n\n");
        s.append("import java.util.ArrayList;\nimport java.util.List;\n");
        s.append("import org.stablehlo4j.ir.*;\n");
        s.append("import ").append(d.rowImport).append(";\n\n");
        s.append("/**\n * Typed view and builders of {@code ").append(def.name())
                .append("}, generated from its row (do not edit).\n */\n");
        s.append("public final class ").append(cls).append(" extends ").append(d.base).append(" {\n");
        s.append("    /** The op's full name. */\n");
        s.append("    public static final String NAME = \"").append(def.name()).append("\";\n");
        s.append("    /** The op's row: ops of this kind are those whose interned name carries it. */\n");
        s.append("    public static final OpDefinition DEFINITION = ").append(d.rowLookup).append(";\n\n");
        s.append("    private ").append(cls).append("(Operation op) {\n        super(op);\n    }\n\n");
        s.append("    /**\n     * Whether {@code op} is a {@code ").append(def.name())
                .append("} (by the identity of its row).\n     *\n     * @param op an op\n"
                        + "     * @return whether it is of this kind\n     */\n");
        s.append("    public static boolean is(Operation op) {\n"
                + "        return op.opName().definition() == DEFINITION;\n    }\n\n");
        s.append("    /**\n     * The typed view of {@code op}, or null when it is of another kind.\n     *\n"
                + "     * @param op an op\n     * @return the view, or null\n     */\n");
        s.append("    public static ").append(cls).append(" match(Operation op) {\n        return is(op) ? new ")
                .append(cls).append("(op) : null;\n    }\n\n");
        s.append("    /**\n     * The typed view of {@code op}, which must be of this kind.\n     *\n"
                + "     * @param op an op of this kind\n     * @return the view\n"
                + "     * @throws IllegalArgumentException when it is of another kind\n     */\n");
        s.append("    public static ").append(cls).append(" cast(Operation op) {\n"
                + "        if (!is(op)) throw new IllegalArgumentException(\"expected \" + NAME + \", got \" + op.name());\n"
                + "        return new ").append(cls).append("(op);\n    }\n\n");

        Set<String> used = new HashSet<>();
        // operands
        List<ValueSpec> ins = def.operands();
        boolean direct = true;
        List<String> operandParams = new ArrayList<>();
        List<String> operandAdds = new ArrayList<>();
        for (int k = 0; k < ins.size(); k++) {
            ValueSpec v = ins.get(k);
            String n = unique(used, camel(v.name().isEmpty() ? "operand" + k : v.name()), "Operand");
            switch (v.arity()) {
                case SINGLE -> {
                    doc(s, "operand {@code " + v.name() + "} (" + v.constraint() + ")");
                    s.append("    public Value ").append(n).append("() {\n        return ")
                            .append(direct ? "operation().operand(" + k + ")" : "optionalOperand(" + k + ")")
                            .append(";\n    }\n\n");
                    operandParams.add("Value " + n);
                    operandAdds.add("$operands.add(java.util.Objects.requireNonNull(" + n + ", \"" + v.name() + "\"));");
                }
                case OPTIONAL -> {
                    doc(s, "optional operand {@code " + v.name() + "} (" + v.constraint() + "), or null");
                    s.append("    public Value ").append(n).append("() {\n        return optionalOperand(").append(k)
                            .append(");\n    }\n\n");
                    operandParams.add("Value " + n);
                    operandAdds.add("if (" + n + " != null) $operands.add(" + n + ");");
                    direct = false;
                }
                case VARIADIC -> {
                    doc(s, "variadic operand {@code " + v.name() + "} (" + v.constraint() + ")");
                    s.append("    public List<Value> ").append(n).append("() {\n        return operandGroup(")
                            .append(k).append(");\n    }\n\n");
                    operandParams.add("List<Value> " + n);
                    operandAdds.add("$operands.addAll(" + n + ");");
                    direct = false;
                }
            }
        }
        // results
        List<ValueSpec> outs = def.results();
        boolean directResults = true;
        for (int k = 0; k < outs.size(); k++) {
            ValueSpec v = outs.get(k);
            boolean variadic = v.arity() == Arity.VARIADIC;
            String base = v.name().isEmpty() ? (outs.size() == 1 ? (variadic ? "results" : "result") : "result" + k)
                    : v.name();
            String n = unique(used, camel(base), "Result");
            if (variadic) {
                doc(s, "variadic result {@code " + base + "} (" + v.constraint() + ")");
                s.append("    public List<OpResult> ").append(n).append("() {\n        return resultGroup(").append(k)
                        .append(");\n    }\n\n");
                directResults = false;
            } else {
                doc(s, "result {@code " + base + "} (" + v.constraint() + ")"
                        + (v.arity() == Arity.OPTIONAL ? ", or null" : ""));
                s.append("    public OpResult ").append(n).append("() {\n        return ")
                        .append(directResults && v.arity() == Arity.SINGLE ? "operation().result(" + k + ")"
                                : "optionalResult(" + k + ")")
                        .append(";\n    }\n\n");
                if (v.arity() != Arity.SINGLE) directResults = false;
            }
        }
        // attributes
        List<String> attrParams = new ArrayList<>();
        List<String> attrPuts = new ArrayList<>();
        for (AttrSpec a : def.attributes()) {
            String n = unique(used, camel(a.name()), "Attr");
            String c = attrClass(a.kind());
            doc(s, "inherent attribute {@code " + a.name() + "} (" + a.kind().name().toLowerCase(Locale.ROOT)
                    + (a.detail().isEmpty() ? "" : " " + a.detail()) + ", " + a.presence().name().toLowerCase(Locale.ROOT)
                    + "), or null when absent");
            s.append("    public ").append(c).append(' ').append(n).append("() {\n        return attribute(\"")
                    .append(a.name()).append("\", ").append(c).append(".class);\n    }\n\n");
            attrParams.add(c + " " + n);
            attrPuts.add("put($props, \"" + a.name() + "\", " + n + ");");
        }
        // regions
        List<RegionSpec> regions = def.regions();
        int fixedRegions = 0;
        String regionCountParam = null;
        for (int k = 0; k < regions.size(); k++) {
            RegionSpec r = regions.get(k);
            String n = unique(used, camel(r.name().isEmpty() ? "region" + k : r.name()), "Region");
            if (r.variadic()) {
                doc(s, "regions {@code " + r.name() + "}");
                s.append("    public List<Region> ").append(n).append("() {\n        return regionGroup(").append(k)
                        .append(");\n    }\n\n");
                regionCountParam = "num" + Character.toUpperCase(n.charAt(0)) + n.substring(1);
            } else {
                doc(s, "region {@code " + r.name() + "}");
                s.append("    public Region ").append(n).append("() {\n        return operation().region(")
                        .append(fixedRegions).append(");\n    }\n\n");
                fixedRegions++;
            }
        }
        // builders
        List<String> params = new ArrayList<>(operandParams);
        params.addAll(attrParams);
        if (regionCountParam != null) params.add("int " + regionCountParam);
        String regionCount = regionCountParam == null ? String.valueOf(fixedRegions)
                : fixedRegions + " + " + regionCountParam;
        String body = builderBody(operandAdds, attrPuts, regionCount, cls);
        String paramList = params.isEmpty() ? "" : ", " + String.join(", ", params);
        s.append("    /**\n     * Creates a {@code ").append(def.name())
                .append("} with explicit result types at {@code builder}'s insertion point.\n     *\n"
                        + "     * @param builder the builder\n     * @param location the location (null: the builder's default)\n"
                        + "     * @param resultTypes the result types\n     * @return the new op's view\n     */\n");
        s.append("    public static ").append(cls).append(" createWithTypes(OpBuilder builder, Location location, List<Type> resultTypes")
                .append(paramList).append(") {\n").append(body.replace("%TYPES%", "resultTypes")).append("    }\n\n");
        boolean noResults = outs.isEmpty();
        boolean infers = (def.inferTypes() != null || d.hookedInference && def.hasTrait(OpTrait.INFER_TYPE))
                && regions.isEmpty();
        if (noResults || infers) {
            s.append("    /**\n     * Creates a {@code ").append(def.name()).append("} at {@code builder}'s insertion point")
                    .append(noResults ? "" : ", its result types inferred by the op's own inference")
                    .append(".\n     *\n     * @param builder the builder\n"
                            + "     * @param location the location (null: the builder's default)\n"
                            + "     * @return the new op's view\n     */\n");
            s.append("    public static ").append(cls).append(" create(OpBuilder builder, Location location").append(paramList)
                    .append(") {\n").append(body.replace("%TYPES%", noResults ? "List.of()" : "null"))
                    .append("    }\n\n");
        } else if (outs.size() == 1 && outs.get(0).arity() == Arity.SINGLE) {
            s.append("    /**\n     * Creates a {@code ").append(def.name())
                    .append("} of result type {@code resultType} at {@code builder}'s insertion point.\n     *\n"
                            + "     * @param builder the builder\n     * @param location the location (null: the builder's default)\n"
                            + "     * @param resultType the result type\n     * @return the new op's view\n     */\n");
            s.append("    public static ").append(cls).append(" create(OpBuilder builder, Location location, Type resultType")
                    .append(paramList).append(") {\n").append(body.replace("%TYPES%", "List.of(resultType)"))
                    .append("    }\n\n");
        }
        s.append("}\n");
        return s.toString();
    }

    private static String builderBody(List<String> operandAdds, List<String> attrPuts, String regionCount, String cls) {
        StringBuilder b = new StringBuilder();
        b.append("        List<Value> $operands = new ArrayList<>();\n");
        for (String a : operandAdds) b.append("        ").append(a).append('\n');
        b.append("        List<NamedAttribute> $props = new ArrayList<>();\n");
        for (String p : attrPuts) b.append("        ").append(p).append('\n');
        b.append("        return new ").append(cls).append("(build(builder, location, NAME, $operands, DictionaryAttr.of($props), ")
                .append(regionCount).append(", %TYPES%));\n");
        return b.toString();
    }

    private static void doc(StringBuilder s, String what) {
        s.append("    /** {@return the ").append(what.replace("*/", "*&#47;")).append("} */\n");
    }
}
