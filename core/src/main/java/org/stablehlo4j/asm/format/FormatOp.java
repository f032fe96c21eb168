package org.stablehlo4j.asm.format;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.stablehlo4j.asm.AsmCustomOpParser;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmParserContext.OperandRef;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.asm.format.Format.AttrDict;
import org.stablehlo4j.asm.format.Format.Custom;
import org.stablehlo4j.asm.format.Format.Elem;
import org.stablehlo4j.asm.format.Format.FunctionalType;
import org.stablehlo4j.asm.format.Format.Literal;
import org.stablehlo4j.asm.format.Format.Operands;
import org.stablehlo4j.asm.format.Format.Optional;
import org.stablehlo4j.asm.format.Format.PropDict;
import org.stablehlo4j.asm.format.Format.Ref;
import org.stablehlo4j.asm.format.Format.Regions;
import org.stablehlo4j.asm.format.Format.Results;
import org.stablehlo4j.asm.format.Format.Space;
import org.stablehlo4j.asm.format.Format.TypeOf;
import org.stablehlo4j.asm.format.Format.Var;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpDefinition.Arity;
import org.stablehlo4j.ir.OpDefinition.AttrSpec;
import org.stablehlo4j.ir.OpDefinition.RegionSpec;
import org.stablehlo4j.ir.OpDefinition.ValueSpec;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * An op whose pretty form is a declarative assembly format: prints and parses it by walking the {@link Format}
 * tree, with MLIR's ODS spacing rules, and delegates {@code custom<...>} directives and enum attributes to the
 * dialect's {@link FormatExtension}.
 */
final class FormatOp implements AsmPrinterCustomOp, AsmCustomOpParser {
    private static final List<String> SEGMENT_ATTRS = List.of("operandSegmentSizes", "resultSegmentSizes");

    private final OpDefinition spec;
    private final FormatExtension ext;
    private final List<Elem> elements;
    /** Attributes that appear in the format; attr-dict leaves them out. */
    private final Set<String> formatAttrs = new HashSet<>();
    /** What attr-dict leaves out of every op: the format's attributes and the segment sizes. */
    private final List<String> elidedFromAttrDict;
    /** Per operand/result group of the row: whether it is a single value (groups are split per op by these). */
    private final boolean[] singleOperand;
    private final boolean[] singleResult;
    private final int singleOperands;
    private final int singleResults;

    FormatOp(OpDefinition spec, FormatExtension ext) {
        this.spec = spec;
        this.ext = ext;
        this.elements = Format.parse(spec.assemblyFormat());
        collectAttrs(elements);
        checkDirectives(elements);
        List<String> elided = new ArrayList<>(formatAttrs);
        elided.addAll(SEGMENT_ATTRS);
        elidedFromAttrDict = List.copyOf(elided);
        singleOperand = singles(spec.operands());
        singleResult = singles(spec.results());
        singleOperands = count(singleOperand);
        singleResults = count(singleResult);
    }

    /** Every {@code custom<Name>} of the format must be one the dialect supplies. */
    private void checkDirectives(List<Elem> elems) {
        for (Elem e : elems) {
            if (e instanceof Custom c && ext.directive(c.name()) == null) {
                throw new IllegalArgumentException("unknown custom directive " + c.name() + " in " + spec.name());
            }
            if (e instanceof Optional o) {
                checkDirectives(o.then());
                checkDirectives(o.otherwise());
            }
        }
    }

    private void collectAttrs(List<Elem> elems) {
        for (Elem e : elems) {
            if (e instanceof Var v && spec.attribute(v.name()) != null) formatAttrs.add(v.name());
            else if (e instanceof Custom c) collectAttrs(c.args());
            else if (e instanceof Ref r) collectAttrs(List.of(r.arg()));
            else if (e instanceof Optional o) {
                collectAttrs(o.then());
                collectAttrs(o.otherwise());
            }
        }
    }

    // ============================================================================================ groups

    /** Splits values into the spec's groups (one variadic/optional group takes what the singles leave). */
    static <T> List<List<T>> split(List<T> values, List<ValueSpec> groups) {
        int singles = 0;
        for (ValueSpec g : groups) if (g.arity() == Arity.SINGLE) singles++;
        int rest = Math.max(0, values.size() - singles);
        List<List<T>> out = new ArrayList<>(groups.size());
        int at = 0;
        for (ValueSpec g : groups) {
            int n = g.arity() == Arity.SINGLE ? 1 : rest;
            if (g.arity() != Arity.SINGLE) rest = 0;
            n = Math.min(n, values.size() - at);
            out.add(values.subList(at, at + n));
            at += n;
        }
        return out;
    }

    /**
     * Where group {@code index} of {@link #split} starts in {@code count} values ({@code single[j]}: group j is
     * a single value, {@code singles} of them), and its size in the high half.
     */
    static long groupRange(int count, boolean[] single, int singles, int index) {
        int rest = Math.max(0, count - singles);
        int at = 0;
        for (int j = 0; ; j++) {
            int n = single[j] ? 1 : rest;
            if (!single[j]) rest = 0;
            n = Math.min(n, count - at);
            if (j == index) return ((long) n << 32) | at;
            at += n;
        }
    }

    private static boolean[] singles(List<ValueSpec> groups) {
        boolean[] single = new boolean[groups.size()];
        for (int i = 0; i < single.length; i++) single[i] = groups.get(i).arity() == Arity.SINGLE;
        return single;
    }

    private static int count(boolean[] flags) {
        int n = 0;
        for (boolean f : flags) if (f) n++;
        return n;
    }

    private static int indexOf(List<ValueSpec> groups, String name) {
        for (int i = 0; i < groups.size(); i++) if (groups.get(i).name().equals(name)) return i;
        return -1;
    }

    private int regionIndex(String name) {
        for (int i = 0; i < spec.regions().size(); i++) if (spec.regions().get(i).name().equals(name)) return i;
        return -1;
    }

    /** Whether an attribute may be left out of attr-dict because it holds its default. */
    boolean isDefault(String name, Attribute value) {
        AttrSpec a = spec.attribute(name);
        return a != null && a.presence() == OpDefinition.Presence.DEFAULT_VALUED && AttrValues.isDefault(a, value, ext);
    }

    /** A terminator (ODS's {@code Terminator} trait) may be left out of a region printed without terminators. */
    @Override
    public boolean isTerminator() {
        return spec.hasTrait(org.stablehlo4j.ir.OpTrait.TERMINATOR);
    }

    /** Ops with several result groups name them after the groups (e.g. {@code %values, %indices}), as ODS does. */
    @Override
    public void resultNames(Operation op, java.util.function.BiConsumer<Value, String> setName) {
        org.stablehlo4j.asm.OdsResultNames.suggest(spec, op, setName);
    }

    // ============================================================================================ printing

    @Override
    public void print(Operation op, AsmPrinterContext p) {
        p.printOpName(op);
        new Printer(op, p).elements(elements, true);
    }

    /** Prints elements with ODS's spacing state machine (the state is static: it ignores optional presence). */
    final class Printer implements CustomDirective.PrintScope {
        final Operation op;
        final AsmPrinterContext p;
        boolean shouldEmitSpace = true;
        boolean lastWasPunctuation;

        Printer(Operation op, AsmPrinterContext p) {
            this.op = op;
            this.p = p;
        }

        @Override public Operation op() { return op; }
        @Override public AsmPrinterContext printer() { return p; }

        void elements(List<Elem> elems, boolean emit) {
            for (Elem e : elems) element(e, emit);
        }

        void element(Elem e, boolean emit) {
            if (e instanceof Literal l) {
                String v = l.text();
                if (emit && shouldEmitSpace && spaceBefore(v, lastWasPunctuation)) p.append(" ");
                if (emit) p.append(v);
                shouldEmitSpace = v.length() != 1 || "<({[".indexOf(v.charAt(0)) < 0;
                lastWasPunctuation = v.charAt(0) != '_' && !Character.isLetter(v.charAt(0));
                return;
            }
            if (e instanceof Space s) {
                if (emit && s.space()) p.append(" ");
                lastWasPunctuation = !s.space();
                shouldEmitSpace = false;
                return;
            }
            if (e instanceof Optional o) {
                boolean present = present(o.anchor());
                elements(o.then(), emit && present);
                elements(o.otherwise(), emit && !present);
                return;
            }
            if (e instanceof AttrDict d) {
                if (emit) printAttrDict(d.withKeyword());
                lastWasPunctuation = false;
                return;
            }
            if (emit && (shouldEmitSpace || !lastWasPunctuation)) p.append(" ");
            lastWasPunctuation = false;
            shouldEmitSpace = true;
            if (!emit) return;
            if (e instanceof TypeOf t) {
                printTypesOf(t.arg());
            } else if (e instanceof FunctionalType f) {
                p.printFunctionalType(types(f.inputs()), types(f.results()));
            } else if (e instanceof Custom c) {
                ext.directive(c.name()).print(this, c.args());
            } else if (e instanceof Regions) {
                printRegions(op.regions());
            } else if (e instanceof PropDict) {
                throw new IllegalStateException("prop-dict is not supported in " + spec.name());
            } else {
                printVar(e);
            }
        }

        /** {@code p.printTypes(types(e))} without the list. */
        private void printTypesOf(Elem e) {
            if (e instanceof TypeOf t) {
                printTypesOf(t.arg());
                return;
            }
            List<Value> vs = values(e);
            for (int i = 0; i < vs.size(); i++) {
                if (i > 0) p.append(", ");
                p.printType(vs.get(i).type());
            }
        }

        private void printRegions(List<Region> regions) {
            for (int i = 0; i < regions.size(); i++) {
                if (i > 0) p.append(", ");
                p.printRegion(regions.get(i), true, true, false);
            }
        }

        private void printVar(Elem e) {
            if (e instanceof Operands) {
                p.printOperands(op.operands());
                return;
            }
            String name = ((Var) e).name();
            AttrSpec a = spec.attribute(name);
            if (a != null) {
                Attribute v = op.attr(name);
                if (v != null) AttrValues.print(a, v, p, ext);
                return;
            }
            int r = regionIndex(name);
            if (r >= 0) {
                printRegions(regionGroup(r));
                return;
            }
            p.printOperands(values(e));
        }

        private List<Region> regionGroup(int index) {
            RegionSpec rs = spec.regions().get(index);
            return rs.variadic() ? op.regions().subList(index, op.numRegions()) : List.of(op.region(index));
        }

        private void printAttrDict(boolean withKeyword) {
            List<String> elided = elidedFromAttrDict;
            for (NamedAttribute na : op.properties().entries()) {
                if (!isDefault(na.name(), na.value())) continue;
                if (elided == elidedFromAttrDict) elided = new ArrayList<>(elidedFromAttrDict);
                elided.add(na.name());
            }
            List<NamedAttribute> all = p.allAttributes(op);
            if (withKeyword) p.printOptionalAttrDictWithKeyword(all, elided);
            else p.printOptionalAttrDict(all, elided);
        }

        boolean present(Elem anchor) {
            if (anchor instanceof TypeOf t) return present(t.arg());
            if (anchor instanceof Var v) {
                if (spec.attribute(v.name()) != null) {
                    Attribute a = op.attr(v.name());
                    return a != null && !isDefault(v.name(), a);
                }
                int r = regionIndex(v.name());
                if (r >= 0) return !regionGroup(r).isEmpty() && !regionGroup(r).get(0).isEmpty();
            }
            return !values(anchor).isEmpty();
        }

        @Override
        public List<Value> values(Elem e) {
            if (e instanceof Ref r) return values(r.arg());
            if (e instanceof Operands) return op.operands();
            if (e instanceof Results) return new ArrayList<>(op.results());
            if (e instanceof Var v) {
                int i = indexOf(spec.operands(), v.name());
                if (i >= 0) {
                    long r = groupRange(op.numOperands(), singleOperand, singleOperands, i);
                    int at = (int) r;
                    int n = (int) (r >>> 32);
                    return n == 1 ? List.of(op.operand(at)) : op.operands().subList(at, at + n);
                }
                i = indexOf(spec.results(), v.name());
                if (i >= 0) {
                    long r = groupRange(op.numResults(), singleResult, singleResults, i);
                    int at = (int) r;
                    int n = (int) (r >>> 32);
                    if (n == 1) return List.of(op.result(at));
                    return new ArrayList<Value>(op.results()).subList(at, at + n);
                }
            }
            throw new IllegalStateException("not a value group in " + spec.name() + ": " + e);
        }

        @Override
        public List<Type> types(Elem e) {
            if (e instanceof TypeOf t) return types(t.arg());
            List<Value> vs = values(e);
            if (vs.size() == 1) return List.of(vs.get(0).type());
            List<Type> out = new ArrayList<>(vs.size());
            for (Value v : vs) out.add(v.type());
            return out;
        }

        @Override
        public Attribute attr(Elem e) {
            return op.attr(((Var) e).name());
        }
    }

    /** MLIR's rule for a space before a literal. */
    static boolean spaceBefore(String value, boolean lastWasPunctuation) {
        if (value.length() != 1 && !value.equals("->")) return true;
        if (lastWasPunctuation) return ">)}],".indexOf(value.charAt(0)) < 0;
        return "<>(){}[],".indexOf(value.charAt(0)) < 0;
    }

    // ============================================================================================ parsing

    @Override
    public Operation parse(String opName, AsmParserContext p, int opStart) {
        return new Parser(p).run(opName, opStart);
    }

    final class Parser implements CustomDirective.ParseScope {
        final AsmParserContext p;
        final Map<String, List<OperandRef>> refs = new HashMap<>();
        final Map<String, List<Type>> types = new HashMap<>();
        final List<OperandRef> allRefs = new ArrayList<>();
        List<Type> allOperandTypes;
        List<Type> allResultTypes;
        final Map<String, Attribute> props = new HashMap<>();
        final Map<String, List<List<Block>>> regions = new HashMap<>();
        List<List<Block>> allRegions;
        DictionaryAttr attrs = DictionaryAttr.EMPTY;
        DictionaryAttr propDict = DictionaryAttr.EMPTY;
        int typeAt = -1;

        Parser(AsmParserContext p) {
            this.p = p;
        }

        @Override public AsmParserContext parser() { return p; }

        Operation run(String opName, int opStart) {
            for (Elem e : elements) element(e);
            return finish(opName, opStart);
        }

        void element(Elem e) {
            if (e instanceof Literal l) {
                literal(l.text());
            } else if (e instanceof Space) {
                return;
            } else if (e instanceof Optional o) {
                int consumed = startsPresent(o.then());
                if (consumed >= 0) {
                    for (Elem t : o.then().subList(consumed, o.then().size())) element(t);
                } else {
                    for (Elem t : o.otherwise()) element(t);
                }
            } else if (e instanceof AttrDict d) {
                int at = p.offset();
                attrs = d.withKeyword() ? p.parseOptionalAttrDictWithKeyword() : p.parseOptionalAttrDict();
                checkIntegerConstraints(at);
            } else if (e instanceof PropDict) {
                if (p.consumeIf("<")) {
                    propDict = (DictionaryAttr) p.parseAttribute(null);
                    p.expect(">");
                }
            } else if (e instanceof TypeOf t) {
                markTypes();
                setTypes(t.arg(), single(t.arg()) ? List.of(p.parseType()) : p.atType() ? p.parseTypeList() : List.of());
            } else if (e instanceof FunctionalType f) {
                markTypes();
                int at = p.offset();
                Type t = p.parseType();
                if (!(t instanceof FunctionType ft)) throw p.errorAt(at, "expected function type");
                setTypes(f.inputs(), ft.inputs());
                setTypes(f.results(), ft.results());
            } else if (e instanceof Custom c) {
                ext.directive(c.name()).parse(this, c.args());
            } else if (e instanceof Regions) {
                allRegions = regionList();
            } else if (e instanceof Operands) {
                if (p.atOperand()) allRefs.addAll(operandList());
            } else {
                variable(((Var) e).name());
            }
        }

        /**
         * Like ODS's verifyInherentAttrs after the attr-dict of a declarative format: an i64 attribute with a
         * value condition (the only constraints checked here) given there fails at the dictionary.
         */
        private void checkIntegerConstraints(int at) {
            for (AttrSpec a : spec.attributes()) {
                boolean positive = a.detail().equals("positive");
                if (!positive && !a.detail().equals("non-negative")) continue;
                org.stablehlo4j.ir.Attribute given = attrs.get(a.name());
                if (given == null) continue;
                if (given instanceof org.stablehlo4j.ir.IntegerAttr v
                        && v.type().equals(org.stablehlo4j.ir.IntegerType.I64)
                        && (positive ? v.value().signum() > 0 : v.value().signum() >= 0)) {
                    continue;
                }
                throw p.errorAt(at, "'" + spec.name() + "' op attribute '" + a.name() + "' failed to satisfy "
                        + "constraint: 64-bit signless integer attribute whose value is " + a.detail());
            }
        }

        private void markTypes() {
            if (typeAt < 0) typeAt = p.offset();
        }

        private void literal(String text) {
            char c = text.charAt(0);
            if (c == '_' || Character.isLetter(c)) p.expectKeyword(text);
            else p.expect(text);
        }

        private List<OperandRef> operandList() {
            List<OperandRef> out = new ArrayList<>();
            do {
                out.add(p.parseOperand());
            } while (p.consumeIf(","));
            return out;
        }

        private List<List<Block>> regionList() {
            List<List<Block>> out = new ArrayList<>();
            if (!p.atRegion()) return out;
            do {
                out.add(p.parseRegion(null));
            } while (p.consumeIf(","));
            return out;
        }

        private void variable(String name) {
            AttrSpec a = spec.attribute(name);
            if (a != null) {
                props.put(name, AttrValues.parse(a, p, ext));
                return;
            }
            int r = regionIndex(name);
            if (r >= 0) {
                regions.put(name, spec.regions().get(r).variadic() ? regionList() : List.of(p.parseRegion(null)));
                return;
            }
            int i = indexOf(spec.operands(), name);
            if (i < 0) throw new IllegalStateException("unknown variable $" + name + " in " + spec.name());
            Arity arity = spec.operands().get(i).arity();
            if (arity == Arity.SINGLE) refs.put(name, List.of(p.parseOperand()));
            else refs.put(name, p.atOperand() ? (arity == Arity.OPTIONAL ? List.of(p.parseOperand()) : operandList())
                    : List.of());
        }

        /**
         * Whether an optional group is present, judged from its first parseable element: -1 if absent, else how
         * many leading elements were consumed to decide (a literal is consumed, anything else is only peeked).
         */
        private int startsPresent(List<Elem> then) {
            for (int i = 0; i < then.size(); i++) {
                Elem e = then.get(i);
                if (e instanceof Space) continue;
                boolean present;
                if (e instanceof Literal l) {
                    char c = l.text().charAt(0);
                    present = c == '_' || Character.isLetter(c) ? p.consumeKeyword(l.text()) : p.consumeIf(l.text());
                    return present ? i + 1 : -1;
                }
                if (e instanceof TypeOf) present = p.atType();
                else if (e instanceof Var v && regionIndex(v.name()) >= 0) present = p.atRegion();
                else if (e instanceof Var v && spec.attribute(v.name()) != null) present = p.peekKeyword() != null || p.atType();
                else if (e instanceof Var || e instanceof Operands) present = p.atOperand();
                else present = true;
                return present ? i : -1;
            }
            return -1;
        }

        private boolean single(Elem e) {
            if (e instanceof Var v) {
                int i = indexOf(spec.operands(), v.name());
                if (i >= 0) return spec.operands().get(i).arity() == Arity.SINGLE;
                i = indexOf(spec.results(), v.name());
                if (i >= 0) return spec.results().get(i).arity() == Arity.SINGLE;
            }
            return false;
        }

        @Override
        public void setTypes(Elem e, List<Type> list) {
            if (e instanceof TypeOf t) {
                setTypes(t.arg(), list);
            } else if (e instanceof Ref r) {
                setTypes(r.arg(), list);
            } else if (e instanceof Operands) {
                allOperandTypes = list;
            } else if (e instanceof Results) {
                allResultTypes = list;
            } else if (e instanceof Var v) {
                types.put(v.name(), list);
            }
        }

        @Override
        public List<OperandRef> refs(Elem e) {
            if (e instanceof Ref r) return refs(r.arg());
            if (e instanceof Operands) return allRefs;
            List<OperandRef> l = refs.get(((Var) e).name());
            return l == null ? List.of() : l;
        }

        @Override
        public void setRefs(Elem e, List<OperandRef> list) {
            refs.put(((Var) e).name(), list);
        }

        @Override
        public void setAttr(Elem e, Attribute value) {
            props.put(((Var) e).name(), value);
        }

        @Override
        public void markTypeStart() {
            markTypes();
        }

        /**
         * The type ODS builds for a value of {@code constraint} that the format leaves out (a buildable type:
         * ODS's {@code Index}, {@code I1}, {@code I32}, {@code I64}, or one of the dialect's), or null.
         */
        private Type buildable(String constraint) {
            return switch (constraint) {
                case "Index" -> org.stablehlo4j.ir.IndexType.INSTANCE;
                case "I1" -> org.stablehlo4j.ir.IntegerType.I1;
                case "I32" -> org.stablehlo4j.ir.IntegerType.I32;
                case "I64" -> org.stablehlo4j.ir.IntegerType.I64;
                default -> ext.buildableType(constraint);
            };
        }

        /** AllTypesMatch between an operand and an elements attribute (the check dialect's *_const ops). */
        private List<Type> typeFromMatchingAttribute() {
            if (!spec.hasTrait(org.stablehlo4j.ir.OpTrait.NAMED_VALUES_MATCH)) return null;
            for (Attribute a : props.values()) {
                Type t = ConstantForms.elementsType(a);
                if (t != null) return List.of(t);
            }
            return null;
        }

        /**
         * The types of operand group {@code i} (of {@code n} values) when a trait ties them to given types:
         * SameTypeOperands (another operand's type) or a pairwise operand/result type match (the result's type).
         */
        private List<Type> typeFromSameTypeTrait(int i, int n) {
            if (spec.hasTrait(org.stablehlo4j.ir.OpTrait.SAME_TYPE_OPERANDS)) {
                for (ValueSpec other : spec.operands()) {
                    List<Type> t = types.get(other.name());
                    if (t != null && !t.isEmpty()) return java.util.Collections.nCopies(n, t.get(0));
                }
            }
            if (spec.hasTrait(org.stablehlo4j.ir.OpTrait.PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE)
                    && i < spec.results().size()) {
                List<Type> t = types.get(spec.results().get(i).name());
                if (t != null && t.size() == n) return t;
            }
            return null;
        }

        private Operation finish(String opName, int opStart) {
            int at = typeAt < 0 ? p.offset() : typeAt;
            List<OperandRef> flatRefs = new ArrayList<>();
            List<Type> flatTypes = new ArrayList<>();
            if (!allRefs.isEmpty() || refs.isEmpty()) {
                flatRefs.addAll(allRefs);
            }
            for (ValueSpec g : spec.operands()) {
                List<OperandRef> r = refs.get(g.name());
                if (r != null && allRefs.isEmpty()) flatRefs.addAll(r);
            }
            if (allOperandTypes != null) {
                flatTypes.addAll(allOperandTypes);
            } else {
                List<List<OperandRef>> groups = allRefs.isEmpty() ? null : split(allRefs, spec.operands());
                for (int i = 0; i < spec.operands().size(); i++) {
                    ValueSpec g = spec.operands().get(i);
                    int n = groups != null ? groups.get(i).size() : refs.getOrDefault(g.name(), List.of()).size();
                    List<Type> t = types.get(g.name());
                    if (t == null && n > 0) t = typeFromSameTypeTrait(i, n);
                    if (t == null && n > 0) t = typeFromMatchingAttribute();
                    if (t == null && n > 0) {
                        Type b = buildable(g.constraint());
                        if (b != null) t = java.util.Collections.nCopies(n, b);
                    }
                    if (t == null) {
                        if (n == 0) continue;
                        throw p.errorAt(at, "type of operand '" + g.name() + "' of " + opName + " is not given");
                    }
                    flatTypes.addAll(t);
                }
            }
            List<Value> operands = p.resolve(flatRefs, flatTypes, at);
            List<Type> resultTypes = new ArrayList<>();
            if (allResultTypes != null) {
                resultTypes.addAll(allResultTypes);
            } else {
                for (ValueSpec g : spec.results()) {
                    List<Type> t = types.get(g.name());
                    if (t == null && g.arity() == Arity.SINGLE) {
                        Type b = buildable(g.constraint());
                        if (b != null) t = List.of(b);
                    }
                    if (t == null) {
                        if (g.arity() == Arity.SINGLE) {
                            throw p.errorAt(at, "result type of " + opName + " is not given");
                        }
                        continue;
                    }
                    resultTypes.addAll(t);
                }
            }
            DictionaryAttr properties = propDict;
            for (Map.Entry<String, Attribute> en : props.entrySet()) {
                if (en.getValue() != null) properties = properties.with(en.getKey(), en.getValue());
            }
            List<List<Block>> regionBlocks = new ArrayList<>();
            if (allRegions != null) {
                regionBlocks.addAll(allRegions);
            } else {
                for (RegionSpec rs : spec.regions()) {
                    List<List<Block>> r = regions.get(rs.name());
                    if (r != null) regionBlocks.addAll(r);
                    else if (!rs.variadic()) regionBlocks.add(List.of());
                }
            }
            return p.build(opName, operands, resultTypes, properties, attrs, regionBlocks, opStart);
        }
    }
}
