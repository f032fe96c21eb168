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
 * adds the output as a source root; it is not part of the jar. The rows are data only (the code they point at is
 * attached by each dialect's hooks class), which the generator checks before it writes anything.
 */
public final class TypedOpsGenerator {
    /** One dialect: its rows, the expression that finds a row by name, and the package the classes go to. */
    private record DialectRows(String namespace, Collection<OpDefinition> rows, String rowImport, String rowLookup,
                               String pkg, String base) {}

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
            "builder", "resultTypes", "resultType", "regionBuilder");

    private TypedOpsGenerator() {}

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        List<DialectRows> dialects = List.of(
                new DialectRows("stablehlo", StablehloOps.SIGNATURES.all(),
                        "org.stablehlo4j.dialect.stablehlo.ops.StablehloOpHooks", "StablehloOpHooks.TABLE.spec(NAME)",
                        "org.stablehlo4j.dialect.stablehlo.ops", "TypedOp"),
                new DialectRows("chlo", ChloOps.SIGNATURES.all(), "org.stablehlo4j.dialect.chlo.ChloOpHooks",
                        "ChloOpHooks.TABLE.spec(NAME)", "org.stablehlo4j.dialect.chlo", "TypedOp"),
                new DialectRows("func", FuncOps.SIGNATURES.all(), "org.stablehlo4j.dialect.func.FuncOpHooks",
                        "FuncOpHooks.TABLE.spec(NAME)", "org.stablehlo4j.dialect.func", "TypedOp"),
                new DialectRows("sdy", SdyOps.SIGNATURES.all(), "org.stablehlo4j.dialect.sdy.SdyOpHooks",
                        "SdyOpHooks.TABLE.spec(NAME)", "org.stablehlo4j.dialect.sdy", "TypedOp"),
                new DialectRows("check", CheckOps.TABLE.all(), "org.stablehlo4j.dialect.check.CheckOps",
                        "CheckOps.TABLE.spec(NAME)", "org.stablehlo4j.dialect.check", "TypedOp"),
                new DialectRows("interpreter", InterpreterOps.SIGNATURES.all(),
                        "org.stablehlo4j.dialect.interpreter.InterpreterOpHooks", "InterpreterOpHooks.TABLE.spec(NAME)",
                        "org.stablehlo4j.dialect.interpreter", "TypedOp"),
                // MLIR's arith and tensor ops share one package (their class names differ)
                new DialectRows("arith", MlirOps.ARITH_SIGNATURES.all(), "org.stablehlo4j.dialect.mlir.MlirOpHooks",
                        "MlirOpHooks.ARITH.spec(NAME)", "org.stablehlo4j.dialect.mlir", "TypedOp"),
                new DialectRows("tensor", MlirOps.TENSOR_SIGNATURES.all(), "org.stablehlo4j.dialect.mlir.MlirOpHooks",
                        "MlirOpHooks.TENSOR.spec(NAME)", "org.stablehlo4j.dialect.mlir", "TypedOp"),
                new DialectRows("shape", ShapeOps.SIGNATURES.all(), "org.stablehlo4j.dialect.shape.ShapeOpHooks",
                        "ShapeOpHooks.TABLE.spec(NAME)", "org.stablehlo4j.dialect.shape", "TypedOp"));
        checkOnlyRowsCompiled(dialects);
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
        Path api = out.resolve("org/stablehlo4j/api/build/ElementwiseOps.java");
        Files.createDirectories(api.getParent());
        write(api, elementwiseBuilders(StablehloOps.SIGNATURES.all()));
        written.add(api.toAbsolutePath().normalize());
        Path chloApi = out.resolve("org/stablehlo4j/api/build/ChloBuilder.java");
        write(chloApi, ChloBuildersGenerator.chloBuilders(ChloOps.SIGNATURES.all()));
        written.add(chloApi.toAbsolutePath().normalize());
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

    /**
     * Fails unless javac compiled nothing but {@code ir}, this generator and the row classes (named {@code *Ops}, in
     * the dialects' packages) to run it. A row that names code (a verifier, an inference, a folder, ...) pulls that
     * code in here, and that code could then not use the typed classes generated from the rows: rows are data, and
     * each dialect attaches its code from a hooks class ({@code StablehloOpHooks}, {@code ChloOpHooks}, ... through
     * {@code ir.OpHooks}).
     */
    private static void checkOnlyRowsCompiled(List<DialectRows> dialects) throws IOException {
        Path root;
        try {
            root = Path.of(TypedOpsGenerator.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        if (!Files.isDirectory(root)) return;
        Set<String> rowPackages = new HashSet<>();
        for (DialectRows d : dialects) rowPackages.add(d.pkg.replace('.', '/'));
        List<String> notRows = new ArrayList<>();
        try (java.util.stream.Stream<Path> files = Files.walk(root)) {
            for (Path p : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                String rel = root.relativize(p).toString().replace(java.io.File.separatorChar, '/');
                if (rel.equals("module-info.class") || rel.startsWith("org/stablehlo4j/ir/")
                        || rel.startsWith("org/stablehlo4j/gen/")) {
                    continue;
                }
                int slash = rel.lastIndexOf('/');
                String pkg = slash < 0 ? "" : rel.substring(0, slash);
                String top = rel.substring(slash + 1).replaceFirst("[$.].*", "");
                String cls = rel.replaceFirst("\\.class$", "");
                // what sits beside the rows is most likely what a row names: listed first
                if (rowPackages.contains(pkg) && !top.endsWith("Ops")) notRows.add(0, cls);
                else if (!rowPackages.contains(pkg)) notRows.add(cls);
            }
        }
        if (!notRows.isEmpty()) {
            List<String> shown = notRows.size() > 12 ? notRows.subList(0, 12) : notRows;
            throw new IllegalStateException("TypedOpsGenerator: the op rows must be data only, but they pull in "
                    + notRows.size() + " classes " + shown + (shown.size() < notRows.size() ? " ..." : "")
                    + "; attach verifiers, inference, folders and patterns from the dialect's hooks class"
                    + " (ir.OpHooks, DialectOpTable.withHooks) instead of naming them in a row");
        }
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

    static String camel(String snake) {
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
        boolean infers = def.infersResultTypes() && regions.isEmpty();
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
        if (!regions.isEmpty()) regionBuilders(s, def, cls, body, paramList, regionCount, fixedRegions, regionCountParam);
        s.append("}\n");
        return s.toString();
    }

    /**
     * The builders of an op with regions that fill them before the op is made: with explicit result types, and
     * with inferred ones when the op infers them (its inference reads the regions).
     */
    private static void regionBuilders(StringBuilder s, OpDefinition def, String cls, String body, String paramList,
                                       String regionCount, int fixedRegions, String regionCountParam) {
        String which = regionCountParam == null ? fixedRegions + (fixedRegions == 1 ? " region" : " regions")
                : "regions";
        String regionBody = body.replace("build(builder, location, NAME, $operands, DictionaryAttr.of($props), "
                + regionCount + ", %TYPES%)", "buildWithRegions(builder, location, NAME, $operands, "
                + "DictionaryAttr.of($props), " + regionCount + ", %TYPES%, regionBuilder)");
        String regionParam = ", java.util.function.Consumer<List<Region>> regionBuilder";
        s.append("    /**\n     * Creates a {@code ").append(def.name()).append("} with explicit result types at {@code builder}'s")
                .append(" insertion point,\n     * its ").append(which).append(" filled by {@code regionBuilder} first.\n")
                .append("     *\n     * @param builder the builder\n")
                .append("     * @param location the location (null: the builder's default)\n")
                .append("     * @param resultTypes the result types\n")
                .append("     * @param regionBuilder fills the op's regions (given in order) with blocks\n")
                .append("     * @return the new op's view\n     */\n");
        s.append("    public static ").append(cls).append(" createWithTypes(OpBuilder builder, Location location, ")
                .append("List<Type> resultTypes").append(paramList).append(regionParam).append(") {\n")
                .append(regionBody.replace("%TYPES%", "resultTypes")).append("    }\n\n");
        if (!def.infersResultTypes() || def.results().isEmpty()) return;
        s.append("    /**\n     * Creates a {@code ").append(def.name()).append("} at {@code builder}'s insertion point: ")
                .append("{@code regionBuilder}\n     * fills its ").append(which)
                .append(", then the op's own inference gives its result types.\n     *\n")
                .append("     * @param builder the builder\n")
                .append("     * @param location the location (null: the builder's default)\n")
                .append("     * @param regionBuilder fills the op's regions (given in order) with blocks\n")
                .append("     * @return the new op's view\n     */\n");
        s.append("    public static ").append(cls).append(" create(OpBuilder builder, Location location").append(paramList)
                .append(regionParam).append(") {\n").append(regionBody.replace("%TYPES%", "null")).append("    }\n\n");
    }

    /** api.build method names that differ from the camel-cased mnemonic (Kotlin's boolean operators). */
    private static final Set<String> API_SUFFIXED = Set.of("not", "and", "or");

    /**
     * {@code api.build.ElementwiseOps}: one public method per element-wise StableHLO op that infers its result
     * types from one or two operands and takes no required attribute (its optional ones left out), each calling
     * the op's typed builder. The element-wise ops with attributes or explicit types have hand-written methods in
     * {@code ExtraOps} and {@code Ops}.
     */
    static String elementwiseBuilders(Collection<OpDefinition> rows) {
        StringBuilder s = new StringBuilder();
        s.append("package org.stablehlo4j.api.build;\n\n");
        s.append("import org.stablehlo4j.dialect.stablehlo.ops.*;\nimport org.stablehlo4j.ir.Block;\n")
                .append("import org.stablehlo4j.ir.Context;\nimport org.stablehlo4j.ir.Value;\n\n");
        s.append("/**\n * The element-wise StableHLO ops, one method each (result types inferred, each op verified as it")
                .append(" is built),\n * generated from the op rows: every element-wise op that infers its result types")
                .append(" and needs no\n * attribute. {@link ExtraOps} and {@link Ops} add the others. Names follow the")
                .append(" op mnemonics in camel case\n * ({@code not_}, {@code and_}, {@code or_} avoid Kotlin's boolean")
                .append(" operators).\n */\n");
        s.append("public abstract class ElementwiseOps extends GenericOps {\n");
        s.append("    ElementwiseOps(Context context, Block block, Terminator terminator) {\n")
                .append("        super(context, block, terminator);\n    }\n");
        for (OpDefinition def : rows) {
            List<ValueSpec> ins = def.operands();
            boolean fits = def.hasTrait(org.stablehlo4j.ir.OpTrait.ELEMENTWISE) && def.infersResultTypes()
                    && def.regions().isEmpty() && (ins.size() == 1 || ins.size() == 2)
                    && ins.stream().allMatch(v -> v.arity() == Arity.SINGLE)
                    && def.attributes().stream().noneMatch(a -> a.presence() == OpDefinition.Presence.REQUIRED);
            if (!fits) continue;
            String method = camel(def.mnemonic()) + (API_SUFFIXED.contains(def.mnemonic()) ? "_" : "");
            List<String> params = ins.size() == 1 ? List.of("operand") : List.of("lhs", "rhs");
            List<String> args = new ArrayList<>(params);
            for (int i = 0; i < def.attributes().size(); i++) args.add("null");
            s.append("\n    /**\n     * {@code ").append(def.name()).append("}.\n     *\n");
            if (ins.size() == 1) {
                s.append("     * @param operand the operand\n");
            } else {
                s.append("     * @param lhs the left operand\n     * @param rhs the right operand\n");
            }
            s.append("     * @return the result\n     */\n");
            s.append("    public Value ").append(method).append("(Value ").append(String.join(", Value ", params))
                    .append(") {\n        return build1((ob, l) -> ").append(className(def.mnemonic()))
                    .append(".create(ob, l, ").append(String.join(", ", args)).append("));\n    }\n");
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
