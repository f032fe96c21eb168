package org.stablehlo4j.dialect.stablehlo.asm;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.stablehlo4j.asm.AsmCustomOpParser;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmParserContext.OperandRef;
import org.stablehlo4j.asm.AsmParserContext.RegionArgument;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.asm.format.AttrValues;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.Value;

/** The hand-written pretty forms of {@code stablehlo.while} and {@code stablehlo.reduce} (StablehloOps.cpp). */
public final class WhileReduceForms {
    private WhileReduceForms() {}

    /** A pretty printer and parser pair. */
    public interface Both extends AsmPrinterCustomOp, AsmCustomOpParser {}

    // ============================================================================================ while

    public static final Both WHILE = new Both() {
        @Override
        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.append("(");
            Block body = op.region(1).entry();
            for (int i = 0; i < op.numOperands(); i++) {
                if (i > 0) p.append(", ");
                if (body != null && i < body.numArguments()) p.printOperand(body.argument(i));
                p.append(" = ");
                p.printOperand(op.operand(i));
            }
            p.append(")");
            if (op.numOperands() > 0) {
                p.append(" : ");
                p.printTypes(types(op.operands()));
            }
            p.printOptionalAttrDictWithKeyword(p.allAttributes(op), List.of());
            p.printNewline();
            p.append("cond ");
            p.printRegion(op.region(0), false, true, false);
            p.append(" do ");
            p.printRegion(op.region(1), false, true, false);
        }

        /**
         * Upstream prints every while that verifies in this form (hlo::printWhileOp), also when its results or
         * region arguments have types only compatible with the operand types: the form then loses them (it parses
         * back with the operand types everywhere). Only a while that could not verify (wrong counts, incompatible
         * types) is left to the generic form.
         */
        @Override
        public boolean canPrint(Operation op) {
            if (op.numRegions() != 2) return false;
            int n = op.numOperands();
            if (op.numResults() != n) return false;
            for (int r = 0; r < 2; r++) {
                Block entry = op.region(r).entry();
                if (entry == null || entry.numArguments() != n) return false;
            }
            Block cond = op.region(0).entry();
            Block body = op.region(1).entry();
            for (int i = 0; i < n; i++) {
                Type t = op.operand(i).type();
                if (!TypeCompat.compatible(t, op.result(i).type()) || !TypeCompat.compatible(t, cond.argument(i).type())
                        || !TypeCompat.compatible(t, body.argument(i).type())) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public void blockArgumentNames(Region region, BiConsumer<Value, String> setName) {
            if (region.entry() == null) return;
            for (BlockArgument a : region.entry().arguments()) setName.accept(a, "iterArg");
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            int at = p.offset();
            List<OperandRef> operands = new ArrayList<>();
            List<OperandRef> iterArgs = new ArrayList<>();
            p.expect("(");
            if (!p.consumeIf(")")) {
                do {
                    iterArgs.add(p.parseArgumentName());
                    p.expect("=");
                    operands.add(p.parseOperand());
                } while (p.consumeIf(","));
                p.expect(")");
            }
            List<Type> types = List.of();
            if (!operands.isEmpty()) {
                p.expect(":");
                types = p.parseTypeList();
            }
            List<Value> values = p.resolve(operands, types, at);
            DictionaryAttr attrs = p.parseOptionalAttrDictWithKeyword();
            List<List<Block>> regions = new ArrayList<>();
            p.expectKeyword("cond");
            regions.add(p.parseRegion(arguments(iterArgs, types)));
            p.expectKeyword("do");
            regions.add(p.parseRegion(arguments(iterArgs, types)));
            return p.build(opName, values, types, DictionaryAttr.EMPTY, attrs, regions, opStart);
        }
    };

    private static List<RegionArgument> arguments(List<OperandRef> names, List<Type> types) {
        List<RegionArgument> out = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) out.add(new RegionArgument(names.get(i), types.get(i), null));
        return out;
    }

    static List<Type> types(List<? extends Value> values) {
        List<Type> out = new ArrayList<>(values.size());
        for (Value v : values) out.add(v.type());
        return out;
    }

    // ============================================================================================ reduce

    /**
     * The form of {@code stablehlo.reduce}; {@code rows} gives the row of an op of the dialect (or null), to tell
     * whether a reduce body may print and parse as {@code applies <op>}.
     *
     * @param rows the dialect's op rows by full name
     * @return the printer and parser
     */
    public static Both reduce(Function<String, OpDefinition> rows) {
        return new Both() {
            @Override
            public void print(Operation op, AsmPrinterContext p) {
                p.printOpName(op);
                int pairs = op.numOperands() / 2;
                for (int i = 0; i < pairs; i++) {
                    if (i > 0) p.append(", ");
                    p.append("(");
                    p.printOperand(op.operand(i));
                    p.append(" init: ");
                    p.printOperand(op.operand(i + pairs));
                    p.append(")");
                }
                Region body = op.region(0);
                Operation inner = compactInner(op, pairs, rows);
                if (inner != null) {
                    p.append(" applies ");
                    p.printKeywordOrString(inner.name());
                }
                p.append(" across dimensions = ").append(AttrValues.denseArray(
                        op.attr("dimensions") instanceof org.stablehlo4j.ir.DenseArrayAttr d ? d
                                : org.stablehlo4j.ir.DenseArrayAttr.ofLongs()));
                p.printOptionalAttrDict(p.allAttributes(op), List.of("dimensions"));
                p.append(" : ");
                p.printFunctionalType(op);
                if (inner == null) {
                    p.printNewline();
                    p.append(" reducer");
                    Block reducer = body.entry();
                    for (int i = 0; i < pairs && reducer != null && i + pairs < reducer.numArguments(); i++) {
                        p.append("(");
                        p.printRegionArgument(reducer.argument(i), null, false);
                        p.append(", ");
                        p.printRegionArgument(reducer.argument(i + pairs), null, false);
                        p.append(") ");
                    }
                    p.append(" ");
                    p.printRegion(body, false, true, false);
                }
            }

            @Override
            public Operation parse(String opName, AsmParserContext p, int opStart) {
                int at = p.offset();
                List<OperandRef> operands = new ArrayList<>();
                List<OperandRef> inits = new ArrayList<>();
                do {
                    if (!p.consumeIf("(")) break;
                    operands.add(p.parseOperand());
                    p.expectKeyword("init");
                    p.expect(":");
                    inits.add(p.parseOperand());
                    p.expect(")");
                } while (p.consumeIf(","));
                operands.addAll(inits);
                String innerName = null;
                if (p.consumeKeyword("applies")) {
                    innerName = p.parseKeywordOrString("expected operation name");
                    String dialect = opName.substring(0, opName.indexOf('.') + 1);
                    if (!compactInnerEligible(innerName, dialect, rows)) {
                        throw p.errorAt(at, "expected the inner-op to be a commutative binary-op from the "
                                + dialect.substring(0, dialect.length() - 1)
                                + " dialect, with zero region, producing single result");
                    }
                }
                p.expectKeyword("across");
                p.expectKeyword("dimensions");
                p.expect("=");
                Attribute dims = AttrValues.parseDenseArray(p, false);
                DictionaryAttr attrs = p.parseOptionalAttrDict();
                p.expect(":");
                int typeAt = p.offset();
                Type t = p.parseType();
                if (!(t instanceof FunctionType ft)) throw p.errorAt(typeAt, "expected function type");
                if (innerName == null) {
                    return parseRegionForm(p, opName, operands, ft, dims, attrs, opStart, at);
                }
                AsmParserContext.LocationRef explicit = p.parseOptionalLocationSpecifier();
                if (ft.inputs().isEmpty()) throw p.errorAt(at, "input types missing in reduce-op function type");
                List<Value> values = p.resolve(operands, ft.inputs(), at);
                // Upstream's parseReduceOp takes the parser's location on entry (the token after the op name, not the
                // op's start) for everything the compact form implies, unless a location is given explicitly.
                Location loc = p.locationOf(at);
                Type elem = ft.inputs().get(0) instanceof ShapedType s ? s.elementType() : ft.inputs().get(0);
                Type scalar = new RankedTensorType(new long[0], elem);
                Block block = new Block();
                BlockArgument lhs = block.addArgument(scalar, loc);
                BlockArgument rhs = block.addArgument(scalar, loc);
                Operation inner = Operation.create(p.opName(innerName), List.of(lhs, rhs), List.of(scalar), null, null, 0,
                        List.of(), loc);
                block.append(inner);
                String dialect = innerName.indexOf('.') < 0 ? "" : innerName.substring(0, innerName.indexOf('.'));
                Operation ret = Operation.create(p.opName(dialect + ".return"), List.of(inner.result(0)), List.of(), null, null, 0,
                        List.of(), loc);
                block.append(ret);
                Operation op = p.build(opName, values, ft.results(), DictionaryAttr.EMPTY.with("dimensions", dims), attrs,
                        List.of(List.of(block)), opStart);
                // One location (the explicit one, else the op's) for the op and everything it implies.
                java.util.function.Consumer<Location> setAll = l -> {
                    lhs.setLocation(l);
                    rhs.setLocation(l);
                    inner.setLocation(l);
                    ret.setLocation(l);
                    op.setLocation(l);
                };
                if (explicit != null) p.applyLocation(explicit, setAll);
                else setAll.accept(loc);
                return op;
            }
        };
    }

    private static Operation parseRegionForm(AsmParserContext p, String opName, List<OperandRef> operands,
                                             FunctionType ft, Attribute dims, DictionaryAttr attrs, int opStart,
                                             int at) {
        p.expectKeyword("reducer");
        List<RegionArgument> firsts = new ArrayList<>();
        List<RegionArgument> seconds = new ArrayList<>();
        while (p.consumeIf("(")) {
            firsts.add(regionArgument(p));
            p.expect(",");
            seconds.add(regionArgument(p));
            p.expect(")");
        }
        firsts.addAll(seconds);
        List<Value> values = p.resolve(operands, ft.inputs(), at);
        List<Block> body = p.parseRegion(firsts);
        // Upstream's parseReduceOp sets the op's location to the parser's location on entry (the token after the
        // op name); a trailing loc(...), which MLIR parses after the custom parser returns, still replaces it.
        AsmParserContext.LocationRef trailing = p.parseOptionalLocationSpecifier();
        Operation op = p.build(opName, values, ft.results(), DictionaryAttr.EMPTY.with("dimensions", dims), attrs,
                List.of(body), opStart);
        op.setLocation(p.locationOf(at));
        if (trailing != null) p.applyLocation(trailing, op::setLocation);
        return op;
    }

    private static RegionArgument regionArgument(AsmParserContext p) {
        OperandRef name = p.parseArgumentName();
        p.expect(":");
        Type t = p.parseType();
        return new RegionArgument(name, t, p.parseOptionalLocationSpecifier());
    }

    /**
     * Whether the op named in a compact reduce ({@code applies <name>}) is a commutative op of the reduce's dialect
     * with two operands, one result and no regions.
     */
    private static boolean compactInnerEligible(String name, String dialectPrefix, Function<String, OpDefinition> rows) {
        OpDefinition spec = name.startsWith(dialectPrefix) ? rows.apply(name) : null;
        if (spec == null || !spec.hasTrait(OpTrait.COMMUTATIVE) || !spec.regions().isEmpty()) return false;
        if (spec.operands().size() != 2 || spec.results().size() != 1) return false;
        for (OpDefinition.ValueSpec v : spec.operands()) if (v.arity() != OpDefinition.Arity.SINGLE) return false;
        return spec.results().get(0).arity() == OpDefinition.Arity.SINGLE;
    }

    /** The single commutative StableHLO op of a reduce body eligible for the compact form, or null. */
    static Operation compactInner(Operation op, int pairs, Function<String, OpDefinition> rows) {
        Region body = op.numRegions() == 1 ? op.region(0) : null;
        if (body == null || body.blocks().size() != 1) return null;
        Block block = body.entry();
        if (block.operations().size() != 2 || pairs == 0) return null;
        Operation inner = block.operations().get(0);
        Operation ret = block.operations().get(1);
        OpDefinition spec = rows.apply(inner.name());
        if (spec == null || !inner.dialect().equals(op.dialect()) || !spec.hasTrait(OpTrait.COMMUTATIVE)
                || inner.numOperands() != 2 || inner.numResults() != 1 || inner.numRegions() != 0) {
            return null;
        }
        Type expected = inner.operand(0).type();
        for (Value v : inner.operands()) if (!v.type().equals(expected)) return null;
        if (!inner.result(0).type().equals(expected)) return null;
        Type in = op.operand(0).type();
        if (!(in instanceof ShapedType s) || !expected.equals(new RankedTensorType(new long[0], s.elementType()))) {
            return null;
        }
        if (!block.arguments().equals(inner.operands())) return null;
        String retName = ret.name().substring(ret.name().indexOf('.') + 1);
        if (!retName.equals("return") || ret.numOperands() != 1 || ret.operand(0) != inner.result(0)) return null;
        return inner;
    }
}
