package org.stablehlo4j.dialect.stablehlo;

import org.stablehlo4j.asm.AsmDialectInterface;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.asm.DialectBodyException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DialectAttr;
import org.stablehlo4j.ir.DialectType;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.Value;

/**
 * Entry points that turn StableHLO attributes and types kept as text ({@link DialectAttr}/{@link DialectType}
 * with dialect {@code stablehlo}) into their structured classes. Malformed bodies raise
 * {@link DialectBodyException} with the offset inside the body.
 */
public final class StablehloAsm {
    /** The dialect namespace. */
    public static final String DIALECT = "stablehlo";

    /**
     * The dialect's parse hooks of its type and attribute bodies (stateless; also used for nested bodies), which
     * the dialect class registers as its {@link AsmDialectInterface}.
     */
    public static final AsmDialectInterface HOOKS = new Hooks();

    /** Attribute parsers by mnemonic: an immutable constant table. */
    private static final Map<String, Function<DialectAsmParser, Attribute>> ATTRS = attrParsers();

    private static Map<String, Function<DialectAsmParser, Attribute>> attrParsers() {
        Map<String, Function<DialectAsmParser, Attribute>> ATTRS = new HashMap<>();
        ATTRS.put("gather", GatherDimensionNumbersAttr::parseParams);
        ATTRS.put("scatter", ScatterDimensionNumbersAttr::parseParams);
        ATTRS.put("dot", DotDimensionNumbersAttr::parseParams);
        ATTRS.put("conv", ConvDimensionNumbersAttr::parseParams);
        ATTRS.put("dot_algorithm", DotAlgorithmAttr::parseParams);
        ATTRS.put("channel_handle", ChannelHandleAttr::parseParams);
        ATTRS.put("output_operand_alias", OutputOperandAliasAttr::parseParams);
        ATTRS.put("type_extensions", TypeExtensionsAttr::parseParams);
        ATTRS.put("bounds", TypeExtensionsAttr::parseShortParams);
        ATTRS.put("result_accuracy", ResultAccuracyAttr::parseParams);
        ATTRS.put("sub_axis_info", SubAxisInfoAttr::parseParams);
        ATTRS.put("axis_ref", AxisRefAttr::parseParams);
        ATTRS.put("mesh_axis", MeshAxisAttr::parseParams);
        ATTRS.put("mesh", MeshAttr::parseParams);
        ATTRS.put("replica_group_mesh_axes", ReplicaGroupMeshAxesAttr::parseParams);
        for (StablehloEnum e : StablehloEnum.values()) {
            if (e.hasAttribute()) ATTRS.put(e.mnemonic(), r -> EnumAttr.parseParams(e, r));
        }
        return Map.copyOf(ATTRS);
    }

    private StablehloAsm() {}

    /**
     * The structured form of a StableHLO attribute kept as text; any other attribute is returned unchanged.
     */
    public static Attribute parseAttribute(Attribute attr) {
        if (attr instanceof DialectAttr d && d.dialect().equals(DIALECT)) {
            return parseAttributeBody(d.body());
        }
        return attr;
    }

    /** The structured form of a StableHLO type kept as text; any other type is returned unchanged. */
    public static Type parseType(Type type) {
        if (type instanceof DialectType d && d.dialect().equals(DIALECT)) {
            return parseTypeBody(d.body());
        }
        return type;
    }

    /**
     * Parses an attribute body: what follows {@code #stablehlo.} (e.g. {@code gather<offset_dims = [1]>}) or what
     * sits inside {@code #stablehlo<...>} (e.g. {@code comparison_direction EQ}).
     */
    public static Attribute parseAttributeBody(String body) {
        return parseText(body, StablehloAsm::parseAttributeParams);
    }

    static <T> T parseAttributeBody(String body, Class<T> cls) {
        Attribute a = parseAttributeBody(body);
        if (!cls.isInstance(a)) {
            throw new DialectBodyException(0, "expected a " + cls.getSimpleName() + ", found another attribute");
        }
        return cls.cast(a);
    }

    /**
     * Runs {@code fn} over all of {@code text} with the file grammar ({@link DialectAsmParser#parsePrefix}),
     * StableHLO's own types and attributes nested in it becoming structured; errors are
     * {@link DialectBodyException}s at offsets into {@code text}.
     */
    public static <T> T parseText(String text, Function<DialectAsmParser, T> fn) {
        return DialectAsmParser.parsePrefix(text, 0, NestedValues.HOOKS, p -> {
            T value = fn.apply(p);
            p.expectEnd();
            return value;
        }).value();
    }

    /** Reads a mnemonic, then that attribute's parameters. */
    static Attribute parseAttributeParams(DialectAsmParser r) {
        int at = r.offset();
        String mnemonic = r.parseOptionalKeyword();
        if (mnemonic == null) throw r.errorAt(at, "unknown StableHLO attribute");
        return parseAttributeParams(r, mnemonic, at);
    }

    /** The parameters of the attribute whose mnemonic was just read. */
    static Attribute parseAttributeParams(DialectAsmParser r, String mnemonic) {
        return parseAttributeParams(r, mnemonic, r.offset());
    }

    private static Attribute parseAttributeParams(DialectAsmParser r, String mnemonic, int at) {
        Function<DialectAsmParser, Attribute> p = ATTRS.get(mnemonic);
        if (p == null) throw r.errorAt(at, "unknown StableHLO attribute");
        r.enter();
        try {
            return p.apply(r);
        } finally {
            r.leave();
        }
    }

    /** Parses a type body: what follows {@code !stablehlo.}, e.g. {@code token} or {@code future<tensor<f32>>}. */
    public static Type parseTypeBody(String body) {
        return parseText(body, r -> {
            int at = r.offset();
            String mnemonic = r.parseOptionalKeyword();
            if (mnemonic == null) throw r.errorAt(at, "unknown stablehlo type: " + body);
            return parseTypeParams(r, mnemonic);
        });
    }

    static Type parseTypeParams(DialectAsmParser r, String mnemonic) {
        switch (mnemonic) {
            case "token":
                return TokenType.INSTANCE;
            case "future": {
                int at = r.offset();
                List<Type> types = Fields.commaList(r, "<", ">", () -> NestedValues.type(r));
                for (Type t : types) {
                    if (!(t instanceof org.stablehlo4j.ir.RankedTensorType)) {
                        throw r.errorAt(at, "future element type must be a ranked tensor, but got '"
                                + t + "'");
                    }
                }
                return new FutureType(types);
            }
            default:
                throw r.error("unknown stablehlo type: " + mnemonic);
        }
    }

    /**
     * Replaces every StableHLO attribute and type kept as text inside {@code attr} (through arrays, dictionaries,
     * type attributes and types) by its structured form.
     */
    public static Attribute resolve(Attribute attr) {
        if (attr instanceof DialectAttr) return parseAttribute(attr);
        if (attr instanceof ArrayAttr a) {
            List<Attribute> out = new ArrayList<>(a.elements().size());
            for (Attribute e : a.elements()) out.add(resolve(e));
            return out.equals(a.elements()) ? a : new ArrayAttr(out);
        }
        if (attr instanceof DictionaryAttr d) {
            List<NamedAttribute> out = new ArrayList<>(d.size());
            boolean changed = false;
            for (NamedAttribute n : d.entries()) {
                Attribute v = resolve(n.value());
                changed |= v != n.value();
                out.add(new NamedAttribute(n.name(), v));
            }
            return changed ? DictionaryAttr.of(out) : d;
        }
        if (attr instanceof TypeAttr t) {
            Type v = resolve(t.value());
            return v == t.value() ? t : new TypeAttr(v);
        }
        return attr;
    }

    /** {@link #resolve(Attribute)} for types (tensor encodings, element types, tuples, functions). */
    public static Type resolve(Type type) {
        if (type instanceof DialectType) return parseType(type);
        if (type instanceof RankedTensorType t) {
            Type e = resolve(t.elementType());
            Attribute enc = t.encoding() == null ? null : resolve(t.encoding());
            return e == t.elementType() && enc == t.encoding() ? t : new RankedTensorType(t.shape(), e, enc);
        }
        if (type instanceof UnrankedTensorType t) {
            Type e = resolve(t.elementType());
            return e == t.elementType() ? t : new UnrankedTensorType(e);
        }
        if (type instanceof ComplexType c) {
            Type e = resolve(c.elementType());
            return e == c.elementType() ? c : new ComplexType(e);
        }
        if (type instanceof TupleType t) {
            List<Type> out = resolveAll(t.types());
            return out == null ? t : new TupleType(out);
        }
        if (type instanceof FunctionType f) {
            List<Type> in = resolveAll(f.inputs());
            List<Type> res = resolveAll(f.results());
            return in == null && res == null ? f
                    : new FunctionType(in == null ? f.inputs() : in, res == null ? f.results() : res);
        }
        return type;
    }

    /**
     * Resolves, in place, every StableHLO attribute and type kept as text in {@code root} and everything nested in
     * it: properties, discardable attributes, result and block argument types. A malformed one is reported as an
     * error at the location of the op that holds it, with upstream's message.
     */
    public static void resolveAll(Operation root) throws DiagnosticException {
        java.util.ArrayDeque<Operation> work = new java.util.ArrayDeque<>();
        work.push(root);
        while (!work.isEmpty()) {
            Operation op = work.pop();
            try {
                op.setProperties((DictionaryAttr) resolve(op.properties()));
                op.setAttributes((DictionaryAttr) resolve(op.attributes()));
                for (Value v : op.results()) v.setType(resolve(v.type()));
                for (Region region : op.regions()) {
                    for (Block block : region.blocks()) {
                        for (Value v : block.arguments()) v.setType(resolve(v.type()));
                        for (Operation nested : block.operations()) work.push(nested);
                    }
                }
            } catch (DialectBodyException e) {
                throw new DiagnosticException(Diagnostic.error(op.location(), e.reason()));
            }
        }
    }

    /** The resolved list, or null if nothing changed. */
    private static List<Type> resolveAll(List<Type> types) {
        List<Type> out = new ArrayList<>(types.size());
        boolean changed = false;
        for (Type t : types) {
            Type r = resolve(t);
            changed |= r != t;
            out.add(r);
        }
        return changed ? out : null;
    }

    /** Text of an attribute as the module printer prints it (no aliases). */
    public static String print(Attribute attr) {
        return org.stablehlo4j.asm.AsmPrinter.printAttribute(attr);
    }

    /** Text of a type as the module printer prints it (no aliases). */
    public static String print(Type type) {
        return org.stablehlo4j.asm.AsmPrinter.printType(type);
    }

    private static final class Hooks implements AsmDialectInterface {
        @Override
        public Type parseType(DialectType opaque) {
            return StablehloAsm.parseType(opaque);
        }

        @Override
        public Attribute parseAttribute(DialectAttr opaque) {
            try {
                return StablehloAsm.parseAttribute(opaque);
            } catch (DialectBodyException e) {
                String body = opaque.body();
                // Upstream's pretty conv<[b, 0, 1, f]x...> parser reports only its own error; its raw form adds one.
                boolean conv = body.startsWith("conv<") && body.substring(5).stripLeading().startsWith("raw");
                String kind = body.startsWith("dot<") || conv ? "dot"
                        : body.startsWith("gather<") ? "gather" : body.startsWith("scatter<") ? "scatter" : null;
                // Like upstream's struct parsers, which add their own error at the token they stopped on.
                if (kind != null) e.withFollowUp("failed parsing " + kind + " dimension numbers attribute");
                throw e;
            }
        }
    }
}
