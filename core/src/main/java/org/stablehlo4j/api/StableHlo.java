package org.stablehlo4j.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.stablehlo4j.asm.AsmParser;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.asm.ParseOptions;
import org.stablehlo4j.asm.PrintOptions;
import org.stablehlo4j.compat.CompatibilityApi;
import org.stablehlo4j.compat.CompatibilityRequirement;
import org.stablehlo4j.compat.legalize.PortableArtifacts;
import org.stablehlo4j.dialect.vhlo.version.Version;
import org.stablehlo4j.dialect.vhlo.version.VersionException;
import org.stablehlo4j.dialect.stablehlo.transforms.CompatibilityExpanderPass;
import org.stablehlo4j.dialect.stablehlo.transforms.ShapeSpecialization;
import org.stablehlo4j.init.AllDialects;
import org.stablehlo4j.init.AllPasses;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.pass.OpPassManager;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.pass.PassRegistry;
import org.stablehlo4j.verify.Verifier;

/**
 * The front door of stablehlo4j: what libStablehlo's portable API ({@code stablehlo/api/PortableApi.h}) and its
 * Python bindings ({@code stablehlo/integrations/python/StablehloApi.cpp}) offer, plus parsing, printing,
 * verification and passes.
 *
 * <p>One object per {@link Context} (the loaded dialects); {@link #create()} makes both. The object holds no
 * mutable state of its own and the Context loads dialects under a lock, so one instance may be shared by any
 * number of threads, as long as each {@link ModuleOp} is used by one thread at a time (IR is not synchronized).
 * The version queries are static: they need no Context.
 *
 * <p>Every method that takes a program or an artifact from outside throws the checked {@link StableHloException}
 * with MLIR-style diagnostics on bad input, never an unchecked exception. Serialization verifies the module
 * first and refuses, with the diagnostics, anything the target version cannot express; nothing is written then.
 */
public final class StableHlo {
    private static final String DEFAULT_BUFFER = "<source>";

    private final Context context;
    private final PassRegistry passes;

    /**
     * A facade over {@code context}, with every pass stablehlo4j implements.
     *
     * @param context the context (the loaded dialects)
     */
    public StableHlo(Context context) {
        this(context, AllPasses.registry());
    }

    /**
     * A facade over {@code context} running the passes of {@code passes}.
     *
     * @param context the context (the loaded dialects)
     * @param passes the passes pipelines may name
     */
    public StableHlo(Context context, PassRegistry passes) {
        this.context = Objects.requireNonNull(context, "context");
        this.passes = Objects.requireNonNull(passes, "passes");
    }

    /**
     * A facade over a new Context with every dialect (StableHLO, CHLO, VHLO, func, quant, sdy, ...).
     *
     * @return a facade over a new Context with every dialect (StableHLO, CHLO, VHLO, func, quant, sdy, ...)
     */
    public static StableHlo create() {
        return new StableHlo(AllDialects.newContext());
    }

    /**
     * The Context whose dialects this facade parses, reads and writes with.
     *
     * @return the Context whose dialects this facade parses, reads and writes with
     */
    public Context context() {
        return context;
    }

    // ---- versions (upstream PortableApi: getApiVersion, getCurrentVersion, ...) ---------------------------------

    /**
     * Upstream {@code getApiVersion()}: the revision of the portable API this mirrors (9 at StableHLO 1.20.0).
     *
     * @return the API version, e.g. 9
     */
    public static int apiVersion() {
        return CompatibilityApi.getApiVersion();
    }

    /**
     * The newest StableHLO version this library reads and writes: {@code "1.20.0"}.
     *
     * @return the newest StableHLO version this library reads and writes
     */
    public static String currentVersion() {
        return CompatibilityApi.getCurrentVersion();
    }

    /**
     * The oldest target a portable artifact can be written for: {@code "0.9.0"}.
     *
     * @return the oldest target a portable artifact can be written for
     */
    public static String minimumVersion() {
        return CompatibilityApi.getMinimumVersion();
    }

    /**
     * The smaller of two versions, canonically formatted (upstream {@code getSmallerVersion}).
     *
     * @throws StableHloException if either is not of the form {@code #.#.#}
     * @param version1 a version {@code X.Y.Z}
     * @param version2 another version {@code X.Y.Z}
     * @return the smaller of two versions, canonically formatted (upstream {@code getSmallerVersion})
     */
    public static String smallerVersion(String version1, String version2) throws StableHloException {
        try {
            return CompatibilityApi.getSmallerVersion(version1, version2);
        } catch (VersionException e) {
            throw new StableHloException(e.getMessage());
        }
    }

    /**
     * The target version for a compatibility requirement (upstream
     * {@code getVersionFromCompatibilityRequirement}): NONE = current, WEEK_4 = 1.18.0, WEEK_12 = 1.16.2, MAX =
     * minimum.
     *
     * @param requirement the compatibility requirement
     * @return the target version {@code X.Y.Z}
     */
    public static String versionFromCompatibilityRequirement(CompatibilityRequirement requirement) {
        return CompatibilityApi.getVersionFromCompatibilityRequirement(Objects.requireNonNull(requirement));
    }

    /**
     * The StableHLO version named by an artifact's producer string ({@code StableHLO_vX.Y.Z}), read from the
     * header only; empty if the bytes are not a StableHLO portable artifact.
     *
     * @param artifact the artifact's bytes
     * @return {@code X.Y.Z}, or empty when the bytes are not a StableHLO portable artifact
     */
    public static Optional<String> portableArtifactVersion(byte[] artifact) {
        return CompatibilityApi.getPortableArtifactVersion(artifact).map(Version::toString);
    }

    /**
     * Producer, bytecode format, dialects and the number of ops of each name in an artifact (any MLIR bytecode),
     * read from the header, dialect and IR sections without building the IR.
     *
     * @throws StableHloException if the bytes are not well-formed bytecode; the message names the byte offset
     * @param artifact the artifact's bytes
     * @return producer, version, dialects and op counts
     */
    public static ArtifactInfo artifactInfo(byte[] artifact) throws StableHloException {
        return artifactInfo(artifact, "<artifact>");
    }

    /**
     * {@link #artifactInfo(byte[])} of a file.
     *
     * @param file the file
     * @return producer, version, dialects and op counts
     * @throws StableHloException on bad input; the message is the diagnostics
     * @throws IOException when reading or writing fails
     */
    public static ArtifactInfo artifactInfo(Path file) throws StableHloException, IOException {
        return artifactInfo(Files.readAllBytes(file), file.toString());
    }

    private static ArtifactInfo artifactInfo(byte[] artifact, String name) throws StableHloException {
        Objects.requireNonNull(artifact, "artifact");
        try {
            return ArtifactScanner.scan(artifact, name);
        } catch (RuntimeException e) {
            throw internal(name, e);
        }
    }

    // ---- text --------------------------------------------------------------------------------------------------

    /**
     * Parses and verifies MLIR assembly (pretty or generic form).
     *
     * @param text MLIR assembly
     * @return the module
     * @throws StableHloException on bad input; the message is the diagnostics
     */
    public ModuleOp parse(String text) throws StableHloException {
        return parse(text, ParseOptions.of(DEFAULT_BUFFER));
    }

    /**
     * Parses and verifies MLIR assembly; {@code options} name the buffer (for diagnostics and locations), the
     * first line number and whether ops of unregistered dialects are accepted.
     *
     * @param text MLIR assembly
     * @param options the options
     * @return the module
     * @throws StableHloException on bad input; the message is the diagnostics
     */
    public ModuleOp parse(String text, ParseOptions options) throws StableHloException {
        Objects.requireNonNull(text, "text");
        ModuleOp m = guarded(options.bufferName(), () -> AsmParser.parse(context, text, options));
        verify(m);
        return m;
    }

    /**
     * Prints a module as {@code stablehlo-opt} does (pretty form, no locations).
     *
     * @param module the module
     * @return the text
     */
    public String print(ModuleOp module) {
        return print(module, PrintOptions.DEFAULT);
    }

    /**
     * Prints a module; {@code options}: generic op form ({@code --mlir-print-op-generic}), debug info
     * ({@code --mlir-print-debuginfo}), local scope. As MLIR's printer ({@code verifyOpAndAdjustFlags}), a module
     * that does not verify is printed in the generic form, which needs no invariant to hold.
     *
     * @param module the module
     * @param options the options
     * @return the text
     */
    public String print(ModuleOp module, PrintOptions options) {
        PrintOptions effective = options;
        if (!options.generic()) {
            try {
                Verifier.verify(context, module);
            } catch (DiagnosticException e) {
                effective = new PrintOptions(true, options.debugInfo(), options.localScope());
            }
        }
        return AsmPrinter.print(context, module, effective);
    }

    /**
     * Runs the verifier (upstream's messages); throws with every error it reports.
     *
     * @param module the module
     * @throws StableHloException on bad input; the message is the diagnostics
     */
    public void verify(ModuleOp module) throws StableHloException {
        guarded("verifier", () -> {
            Verifier.verify(context, module);
            return null;
        });
    }

    // ---- passes ------------------------------------------------------------------------------------------------

    /**
     * Runs a pass pipeline on {@code module} in place, verifying after each pass as {@code stablehlo-opt} does.
     * {@code pipeline} is {@code --pass-pipeline}'s text ({@code builtin.module(inline,strip-debuginfo)}, with
     * nested pipelines on op anchors as MLIR schedules them: {@code builtin.module(func.func(canonicalize), cse)})
     * or a bare list run on the module ({@code stablehlo-legalize-to-vhlo, vhlo-to-version{target=1.9.0}}).
     *
     * @return the diagnostics passes emitted without failing (upstream's test passes report this way), in order
     * @throws StableHloException on an unknown pass, a bad option, or a pass or verification failure; the
     *                            module may then be partly transformed
     * @param module the module
     * @param pipeline the pipeline text
     */
    public List<Diagnostic> runPasses(ModuleOp module, String pipeline) throws StableHloException {
        OpPassManager pm = PassPipeline.parse(pipeline, passes);
        List<Diagnostic> emitted = new ArrayList<>();
        // As stablehlo-opt: the module is verified after each pass (and each nested pipeline) at its top level.
        PassContext pc = new PassContext(context, emitted::add).afterEachPass(op -> {
            if (op == module.op()) Verifier.verify(context, module);
        });
        try {
            pm.run(module, pc);
        } catch (DiagnosticException e) {
            throw new StableHloException(e);
        } catch (RuntimeException e) {
            throw internal("pass pipeline '" + pm.name() + "'", e);
        }
        return emitted;
    }

    // ---- shape refinement -----------------------------------------------------------------------------------

    /**
     * A copy of {@code module} specialized to concrete argument types, as JAX specializes a shape-polymorphic export
     * before it runs it: the arguments of {@code @main} (or of the module's only function) become
     * {@code argumentTypes}, static shapes are propagated through the program (into the functions it calls, JAX's
     * dimension arguments becoming constants), dynamic ops whose shape operands became constants are replaced by
     * their static forms, and the {@code shape_assertion} custom calls are checked and removed. This is the pipeline
     * {@code stablehlo-refine-arguments{types=...}, stablehlo-refine-shapes,
     * func.func(stablehlo-canonicalize-dynamism, stablehlo-check-shape-assertions)}, followed by the verifier.
     * {@code module} is not modified, so a server can specialize an export once per input shape and keep the
     * results (the specialization of one module to one list of types is always the same program).
     *
     * @param module the (shape-polymorphic) module
     * @param argumentTypes one type per argument: a refinement of the argument's type (same element type and rank,
     *                      the same size in each static dimension)
     * @return the specialized copy
     * @throws StableHloException on an invalid refinement (the diagnostic names the argument), a failed shape
     *                            assertion (JAX's message with its placeholders filled in, e.g. {@code 'b' = 0}),
     *                            or a program that does not verify once specialized
     */
    public ModuleOp refineShapes(ModuleOp module, List<Type> argumentTypes) throws StableHloException {
        return refineShapes(module, null, argumentTypes);
    }

    /**
     * {@link #refineShapes(ModuleOp, List)} for the arguments of function {@code function}.
     *
     * @param module the (shape-polymorphic) module
     * @param function the function whose arguments are given (null: {@code @main}, or the only function)
     * @param argumentTypes one type per argument of {@code function}
     * @return the specialized copy
     * @throws StableHloException as {@link #refineShapes(ModuleOp, List)} does, or when there is no such function
     */
    public ModuleOp refineShapes(ModuleOp module, String function, List<Type> argumentTypes)
            throws StableHloException {
        Objects.requireNonNull(module, "module");
        List<Type> types = List.copyOf(argumentTypes);
        return guarded("shape refinement", () -> {
            ModuleOp copy = ShapeSpecialization.copy(module);
            ShapeSpecialization.specialize(context, copy, function, types);
            return copy;
        });
    }

    /**
     * The names of the passes {@link #runPasses} knows.
     *
     * @return the names of the passes {@link #runPasses} knows
     */
    public List<String> passNames() {
        List<String> out = new ArrayList<>();
        passes.names().forEach(out::add);
        return out;
    }

    // ---- portable artifacts ------------------------------------------------------------------------------------

    /**
     * Serializes a StableHLO program as a portable artifact for {@code target} (upstream
     * {@code serializePortableArtifact}): verifies it, legalizes StableHLO to VHLO, converts VHLO to the target's
     * op versions and writes MLIR bytecode with the target's format and producer {@code StableHLO_vX.Y.Z}.
     * {@code module} is not modified.
     *
     * @param target             {@code X.Y.Z} within [{@link #minimumVersion()}, {@link #currentVersion()}] (a
     *                           non-zero patch names the producer; the opset is {@code X.Y.0}), or
     *                           {@code current} / {@code minimum}
     * @param allowOtherDialects keep ops of other dialects (not StableHLO, CHLO, func) as they are instead of
     *                           refusing them (upstream's {@code allowOtherDialects})
     * @throws StableHloException when the module does not verify, the target is malformed or out of range, or
     *                            an op, type or attribute cannot be expressed at the target (when the
     *                            compatibility expander could rewrite it, a note names
     *                            {@link SerializeOptions#withExpandForTarget(boolean)}); nothing is written
     * @param module the module
     * @return the artifact's bytes
     */
    public byte[] serializePortableArtifact(ModuleOp module, String target, boolean allowOtherDialects)
            throws StableHloException {
        return serialize(module, target, SerializeOptions.DEFAULT.withAllowOtherDialects(allowOtherDialects)).bytes();
    }

    /**
     * {@link #serializePortableArtifact(ModuleOp, String, boolean)} with {@link SerializeOptions}: with
     * {@link SerializeOptions#lowerChlo()}, a copy of the module goes through the CHLO pre-serialization pipeline
     * ({@code --chlo-pre-serialization-pipeline}) first, so CHLO ops become StableHLO ops in the artifact (the same
     * bytes as running that pipeline, then serializing). {@code module} is not modified.
     *
     * @param module the module
     * @param target the target version {@code X.Y.Z}, {@code current} or {@code minimum}
     * @param options other dialects and CHLO
     * @return the artifact's bytes
     * @throws StableHloException on bad input, or a CHLO op the lowering cannot legalize; the message is the
     *                            diagnostics
     */
    public byte[] serializePortableArtifact(ModuleOp module, String target, SerializeOptions options)
            throws StableHloException {
        return serialize(module, target, options).bytes();
    }

    /**
     * {@link #serializePortableArtifact(ModuleOp, String, SerializeOptions)}, also telling what was done to the
     * module first: with {@link SerializeOptions#expandForTarget()} a copy of the module goes through the
     * compatibility expander ({@code --stablehlo-compatibility-expander} at the target) before anything else, and
     * the result lists what it rewrote. Without it, an op newer than the target is an error as upstream, with a
     * note naming the opt-in. {@code module} is not modified.
     *
     * @param module the module
     * @param target the target version {@code X.Y.Z}, {@code current} or {@code minimum}
     * @param options other dialects, CHLO and the expander
     * @return the artifact's bytes and what the expander rewrote
     * @throws StableHloException on bad input, or an op that cannot be expressed at the target; the message is
     *                            the diagnostics
     */
    public SerializedArtifact serialize(ModuleOp module, String target, SerializeOptions options)
            throws StableHloException {
        Objects.requireNonNull(module, "module");
        Objects.requireNonNull(options, "options");
        Version v = resolveTarget(target);
        verify(module);
        ModuleOp expanded = module;
        List<String> lines = List.of();
        if (options.expandForTarget()) {
            expanded = copyOf(module);
            ModuleOp m = expanded;
            lines = guarded("compatibility expansion", () -> {
                List<String> out = CompatibilityExpanderPass.expandForSerialization(m.op(), v.toString()).lines();
                Verifier.verify(context, m);
                return out;
            });
        }
        // CHLO the expander made (constant_like of a dynamic shape) is lowered as the expander's own detail
        boolean lower = options.lowerChlo() || expanded != module && AllPasses.containsChlo(expanded)
                && !AllPasses.containsChlo(module);
        ModuleOp m = lower ? withChloLowered(expanded) : expanded;
        byte[] bytes = guarded("serialization", () -> {
            try {
                return PortableArtifacts.serializeVerified(context, m, v.toString(), options.allowOtherDialects())
                        .toByteArray();
            } catch (DiagnosticException e) {
                throw options.expandForTarget() ? e : CompatibilityExpanderPass.withExpansionHint(e, m.op(),
                        v.toString());
            }
        });
        return new SerializedArtifact(bytes, lines);
    }

    private static ModuleOp copyOf(ModuleOp module) {
        ModuleOp copy = new ModuleOp(module.op().cloneDeep());
        copy.dialectResources().putAll(module.dialectResources());
        copy.externalResources().putAll(module.externalResources());
        return copy;
    }

    /**
     * {@code module} itself when it holds no CHLO op, else a copy run through the CHLO pre-serialization pipeline
     * (the one {@link #runPasses} knows by that name, else stablehlo4j's) and verified.
     */
    private ModuleOp withChloLowered(ModuleOp module) throws StableHloException {
        if (!AllPasses.containsChlo(module)) return module;
        ModuleOp copy = copyOf(module);
        PassRegistry.Factory registered = passes.lookup(AllPasses.CHLO_PRE_SERIALIZATION_PIPELINE);
        Pass pipeline = registered != null ? registered.create("")
                : AllPasses.chloPreSerializationPipeline(AllPasses.registry());
        guarded("CHLO lowering", () -> {
            pipeline.run(copy, new PassContext(context, d -> { }));
            Verifier.verify(context, copy);
            return null;
        });
        return copy;
    }

    /**
     * {@link #serializePortableArtifact(ModuleOp, String, boolean)} without other dialects.
     *
     * @param module the module
     * @param target the target version {@code X.Y.Z}, {@code current} or {@code minimum}
     * @return the artifact's bytes
     * @throws StableHloException on bad input; the message is the diagnostics
     */
    public byte[] serializePortableArtifact(ModuleOp module, String target) throws StableHloException {
        return serializePortableArtifact(module, target, false);
    }

    /**
     * Parses (and verifies) StableHLO text, then serializes it (upstream's string overload).
     *
     * @param moduleText StableHLO text
     * @param target the target version {@code X.Y.Z}, {@code current} or {@code minimum}
     * @param allowOtherDialects whether ops of other dialects are kept as they are
     * @return the module
     * @throws StableHloException on bad input; the message is the diagnostics
     */
    public byte[] serializePortableArtifact(String moduleText, String target, boolean allowOtherDialects)
            throws StableHloException {
        Version v = resolveTarget(target);
        ModuleOp module = parse(moduleText); // verifies: not verified again
        return guarded("serialization", () -> PortableArtifacts.serializeVerified(context, module, v.toString(),
                allowOtherDialects).toByteArray());
    }

    /**
     * Serializes to a stream. The whole artifact is produced before the first byte is written, so a failure
     * writes nothing.
     *
     * @param module the module
     * @param target the target version {@code X.Y.Z}, {@code current} or {@code minimum}
     * @param allowOtherDialects whether ops of other dialects are kept as they are
     * @param out the stream written to
     * @throws StableHloException on bad input; the message is the diagnostics
     * @throws IOException when reading or writing fails
     */
    public void serializePortableArtifact(ModuleOp module, String target, boolean allowOtherDialects,
                                          OutputStream out) throws StableHloException, IOException {
        Objects.requireNonNull(module, "module");
        Version v = resolveTarget(target);
        verify(module);
        // The artifact in full first (a failure writes nothing), then streamed out.
        var artifact = guarded("serialization", () -> PortableArtifacts.serializeVerified(context, module,
                v.toString(), allowOtherDialects));
        artifact.writeTo(out);
    }

    /**
     * Reads a portable artifact of any version in [0.9.0, 1.20.0] (or MLIR text of VHLO) back into StableHLO,
     * as upstream {@code deserializePortableArtifact}: reads the bytecode, upgrades VHLO to the current version,
     * legalizes it to StableHLO and verifies the result.
     *
     * @throws StableHloException for malformed or truncated bytes (the message names the section and byte
     *                            offset), a future version, or a program that does not verify
     * @param artifact the artifact's bytes
     * @return the module, in StableHLO
     */
    public ModuleOp deserializePortableArtifact(byte[] artifact) throws StableHloException {
        return deserialize(Objects.requireNonNull(artifact, "artifact"), "<artifact>");
    }

    /**
     * Reads the remaining bytes of {@code artifact} (its position is not changed). A direct buffer (e.g. a
     * memory-mapped file) is read in place and the module's large dense constants keep referring to it: it must
     * stay unchanged while the module is used.
     *
     * @param artifact the artifact's bytes
     * @return the module, in StableHLO
     * @throws StableHloException on bad input; the message is the diagnostics
     */
    public ModuleOp deserializePortableArtifact(ByteBuffer artifact) throws StableHloException {
        if (artifact.isDirect()) return deserializeInPlace(artifact.slice(), "<artifact>");
        byte[] bytes = new byte[artifact.remaining()];
        artifact.duplicate().get(bytes);
        return deserialize(bytes, "<artifact>");
    }

    /**
     * Reads an artifact file; diagnostics name the file.
     *
     * @param file the file
     * @return the module, in StableHLO
     * @throws StableHloException on bad input; the message is the diagnostics
     * @throws IOException when reading or writing fails
     */
    public ModuleOp deserializePortableArtifact(Path file) throws StableHloException, IOException {
        String name = file.toString();
        if (Files.size(file) < org.stablehlo4j.bytecode.BytecodeReader.MIN_MAPPED_FILE) {
            return deserialize(Files.readAllBytes(file), name);
        }
        // a large artifact is memory-mapped: its dense constants stay in the mapping
        return deserializeInPlace(org.stablehlo4j.bytecode.BytecodeReader.map(file), name);
    }

    private ModuleOp deserializeInPlace(ByteBuffer buffer, String name) throws StableHloException {
        ModuleOp m = guarded(name, () -> PortableArtifacts.deserializePortableArtifact(context, buffer, name));
        verify(m);
        return m;
    }

    /**
     * Reads an artifact from a stream (to its end; the stream is not closed).
     *
     * @param in the stream read
     * @return the module, in StableHLO
     * @throws StableHloException on bad input; the message is the diagnostics
     * @throws IOException when reading or writing fails
     */
    public ModuleOp deserializePortableArtifact(InputStream in) throws StableHloException, IOException {
        return deserialize(in.readAllBytes(), "<stream>");
    }

    /**
     * The deserialized program as text (upstream's Python {@code deserialize_portable_artifact_str}).
     *
     * @param artifact the artifact's bytes
     * @return the deserialized program as text (upstream's Python {@code deserialize_portable_artifact_str})
     * @throws StableHloException on bad input; the message is the diagnostics
     */
    public String deserializePortableArtifactToString(byte[] artifact) throws StableHloException {
        return print(deserializePortableArtifact(artifact));
    }

    private ModuleOp deserialize(byte[] bytes, String name) throws StableHloException {
        ModuleOp m = guarded(name, () -> PortableArtifacts.deserializePortableArtifact(context, bytes, name));
        verify(m);
        return m;
    }

    /**
     * The oldest StableHLO version that can express {@code module}: serialization at any target from the
     * result up to {@link #currentVersion()} succeeds, at any older release it fails. The answer is one of the
     * released opsets {@code X.Y.0} (binary search over them: an artifact that can be written for a version can
     * be written for every later one, since VHLO only adds op versions and upgrades always succeed).
     *
     * @throws StableHloException if the module does not verify or cannot be serialized even at the current
     *                            version (with that attempt's diagnostics)
     * @param module the module
     * @return the oldest StableHLO version that can express {@code module}
     */
    public String minimumVersionFor(ModuleOp module) throws StableHloException {
        verify(module);
        List<Version> releases = Version.releases();
        int hi = releases.size() - 1;
        expressibleAt(module, Version.current(), true);
        if (!releases.get(hi).equals(Version.current())) hi++;
        int lo = 0;
        // invariant: the answer is in [lo, hi]; index releases.size() stands for current()
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (expressibleAt(module, releases.get(mid), false)) hi = mid;
            else lo = mid + 1;
        }
        return (lo == releases.size() ? Version.current() : releases.get(lo)).toString();
    }

    /**
     * {@link #minimumVersionFor(ModuleOp)} of StableHLO text.
     *
     * @param moduleText StableHLO text
     * @return the oldest version, {@code X.Y.0}
     * @throws StableHloException on bad input; the message is the diagnostics
     */
    public String minimumVersionFor(String moduleText) throws StableHloException {
        return minimumVersionFor(parse(moduleText));
    }

    private boolean expressibleAt(ModuleOp module, Version v, boolean rethrow) throws StableHloException {
        try {
            PortableArtifacts.legalizeForSerialization(module, v.toString(), false);
            return true;
        } catch (DiagnosticException e) {
            if (rethrow) throw new StableHloException(e);
            return false;
        } catch (RuntimeException e) {
            if (rethrow) throw internal("serialization", e);
            return false;
        }
    }

    private static Version resolveTarget(String target) throws StableHloException {
        try {
            return Version.resolveSerializationTarget(Objects.requireNonNull(target, "target"));
        } catch (VersionException e) {
            throw new StableHloException(e.getMessage());
        }
    }

    /** A failure inside the library turned into the API's checked exception, with its cause attached. */
    /** A step that reports bad input as diagnostics. */
    private interface Step<T> {
        T run() throws DiagnosticException;
    }

    /** Runs {@code step}: its diagnostics become the exception, any other failure an internal error at {@code where}. */
    private static <T> T guarded(String where, Step<T> step) throws StableHloException {
        try {
            return step.run();
        } catch (DiagnosticException e) {
            throw new StableHloException(e);
        } catch (RuntimeException e) {
            throw internal(where, e);
        }
    }

    static StableHloException internal(String where, RuntimeException e) {
        StableHloException out = new StableHloException(where + ": " + (e.getMessage() == null
                ? e.getClass().getSimpleName() : e.getMessage()));
        out.initCause(e);
        return out;
    }
}
