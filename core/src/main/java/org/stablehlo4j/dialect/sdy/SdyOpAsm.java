package org.stablehlo4j.dialect.sdy;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmCustomOpParser;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.asm.DialectAsmParser;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.dialect.sdy.SdyAttrs.*;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/** The pretty forms of the sdy ops (ops.td's assembly formats and custom directives of parsers.cc/printers.cc). */
final class SdyOpAsm {
    private SdyOpAsm() {}

    static OpAsmTable table() {
        OpAsmTable t = new OpAsmTable();
        t.format(MeshOp.NAME, new Mesh());
        t.format(ShardingConstraintOp.NAME, new InputAttr("sharding", false));
        t.format(ReshardOp.NAME, new InputAttr("sharding", false));
        t.format(DataFlowEdgeOp.NAME, new InputAttr("sharding", true));
        t.format(FuncDataFlowEdgeOp.NAME, new InputAttr(null, false));
        t.format(ReturnOp.NAME, new Return());
        t.format(ManualComputationOp.NAME, new RegionOp(true));
        t.format(NamedComputationOp.NAME, new RegionOp(false));
        t.format(ShardingGroupOp.NAME, new ShardingGroup());
        t.format(PropagationBarrierOp.NAME, new Barrier());
        for (String c : new String[] {"all_gather", "all_slice", "all_to_all", "collective_permute", "all_reduce",
                "reduce_scatter", "sharded_to_unreduced", "replicated_to_unreduced"}) {
            t.format("sdy." + c, new Collective(c));
        }
        FormatForms.addConstant(t, ConstantOp.NAME);
        return t;
    }

    static final String[] DIRECTIONS = {"NONE", "FORWARD", "BACKWARD", "BOTH"};
    static final String[] REDUCTIONS = {"sum", "max", "min"};

    static IntegerAttr i32(long v) {
        return IntegerAttr.of(IntegerType.I32, v);
    }

    private abstract static class Form implements AsmPrinterCustomOp, AsmCustomOpParser {
        /** Names printed by the form itself (elided from the attribute dictionary). */
        abstract List<String> elided();

        void printAttrDict(Operation op, AsmPrinterContext p) {
            p.printOptionalAttrDict(p.allAttributes(op), elided());
        }

        /** The properties among the parsed attribute dictionary are moved to the properties. */
        Operation build(AsmParserContext p, String name, List<Value> operands, List<Type> results,
                        List<NamedAttribute> props, DictionaryAttr attrs, List<List<Block>> regions, int at) {
            return p.build(name, operands, results, DictionaryAttr.of(props), attrs, regions, at);
        }
    }

    static String text(SdyAttr a) {
        return a.stripped();
    }

    /** {@code sdy.mesh @name = <...> attr-dict}. */
    private static final class Mesh extends Form {
        List<String> elided() { return List.of("sym_name", "mesh"); }

        public boolean canPrint(Operation op) {
            return op.attr("sym_name") instanceof StringAttr && op.attr("mesh") instanceof MeshAttr;
        }

        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.append(" ");
            p.printSymbolName(((StringAttr) op.attr("sym_name")).value());
            p.append(" = ").append(text((MeshAttr) op.attr("mesh")));
            printAttrDict(op, p);
        }

        public Operation parse(String name, AsmParserContext p, int at) {
            String sym = p.parseSymbolName();
            p.expect("=");
            MeshAttr mesh = SdyAttrParser.mesh(p.dialectParser());
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            List<NamedAttribute> props = new ArrayList<>();
            props.add(new NamedAttribute("mesh", mesh));
            props.add(new NamedAttribute("sym_name", StringAttr.of(sym)));
            return build(p, name, List.of(), List.of(), props, attrs, List.of(), at);
        }
    }

    /** {@code $input $attr attr-dict : type($result)} (optionally {@code sharding=$attr}). */
    private static final class InputAttr extends Form {
        final String attr;
        final boolean keyword;

        InputAttr(String attr, boolean keyword) {
            this.attr = attr;
            this.keyword = keyword;
        }

        List<String> elided() { return attr == null ? List.of() : List.of(attr); }

        public boolean canPrint(Operation op) {
            if (op.numOperands() != 1 || op.numResults() != 1) return false;
            if (attr == null) return true;
            Attribute a = op.attr(attr);
            return a instanceof TensorShardingAttr || (keyword && a == null);
        }

        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.append(" ");
            p.printOperand(op.operand(0));
            if (attr != null && op.attr(attr) instanceof TensorShardingAttr s) {
                p.append(keyword ? " sharding=" : " ").append(text(s));
            }
            printAttrDict(op, p);
            p.append(" : ");
            p.printType(op.result(0).type());
        }

        public Operation parse(String name, AsmParserContext p, int at) {
            AsmParserContext.OperandRef in = p.parseOperand();
            List<NamedAttribute> props = new ArrayList<>();
            if (attr != null) {
                if (keyword) {
                    if (p.consumeKeyword("sharding")) {
                        p.expect("=");
                        props.add(new NamedAttribute(attr, SdyAttrParser.sharding(p.dialectParser())));
                    }
                } else {
                    props.add(new NamedAttribute(attr, SdyAttrParser.sharding(p.dialectParser())));
                }
            }
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            p.expect(":");
            Type t = p.parseType();
            Value v = p.resolve(in, t);
            return build(p, name, List.of(v), List.of(t), props, attrs, List.of(), at);
        }
    }

    /** {@code sdy.return attr-dict ($results^ : type($results))?}. */
    private static final class Return extends Form {
        List<String> elided() { return List.of(); }

        public boolean isTerminator() { return true; }

        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            printAttrDict(op, p);
            if (op.numOperands() > 0) {
                p.append(" ");
                p.printOperands(op.operands());
                p.append(" : ");
                List<Type> types = new ArrayList<>();
                for (Value v : op.operands()) types.add(v.type());
                p.printTypes(types);
            }
        }

        public Operation parse(String name, AsmParserContext p, int at) {
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            List<Value> operands = new ArrayList<>();
            if (p.atOperand()) {
                List<AsmParserContext.OperandRef> refs = new ArrayList<>();
                do {
                    refs.add(p.parseOperand());
                } while (p.consumeIf(","));
                p.expect(":");
                List<Type> types = new ArrayList<>();
                do {
                    types.add(p.parseType());
                } while (p.consumeIf(","));
                operands = p.resolve(refs, types, at);
            }
            return build(p, name, operands, List.of(), List.of(), attrs, List.of(), at);
        }
    }

    /**
     * {@code sdy.manual_computation(operands) in_shardings=[...] out_shardings=[...] manual_axes={...} (args)
     * {body} attr-dict : functional-type} and {@code sdy.named_computation<"name">(operands) [in_shardings=[...]]
     * [out_shardings=[...]] (args) {body} attr-dict : functional-type}.
     */
    private static final class RegionOp extends Form {
        final boolean manual;

        RegionOp(boolean manual) {
            this.manual = manual;
        }

        List<String> elided() {
            return manual ? List.of("in_shardings", "out_shardings", "manual_axes")
                    : List.of("name", "in_shardings", "out_shardings");
        }

        public boolean canPrint(Operation op) {
            if (op.numRegions() != 1 || op.region(0).entry() == null) return false;
            if (manual) {
                return op.attr("in_shardings") instanceof TensorShardingPerValueAttr
                        && op.attr("out_shardings") instanceof TensorShardingPerValueAttr
                        && op.attr("manual_axes") instanceof ManualAxesAttr;
            }
            return op.attr("name") instanceof StringAttr
                    && (op.attr("in_shardings") == null || op.attr("in_shardings") instanceof TensorShardingPerValueAttr)
                    && (op.attr("out_shardings") == null
                        || op.attr("out_shardings") instanceof TensorShardingPerValueAttr);
        }

        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            if (!manual) {
                p.append("<");
                p.printString(((StringAttr) op.attr("name")).value());
                p.append(">");
            }
            p.append("(");
            p.printOperands(op.operands());
            p.append(")");
            for (String k : new String[] {"in_shardings", "out_shardings"}) {
                if (op.attr(k) instanceof TensorShardingPerValueAttr s) {
                    StringBuilder sb = new StringBuilder(" ").append(k).append('=');
                    s.printList(sb);
                    p.append(sb.toString());
                }
            }
            if (manual) p.append(" manual_axes=").append(text((ManualAxesAttr) op.attr("manual_axes")));
            Region body = op.region(0);
            Block entry = body.entry();
            p.append(" (");
            for (int i = 0; i < entry.numArguments(); i++) {
                if (i > 0) p.append(", ");
                p.printRegionArgument((BlockArgument) entry.argument(i), DictionaryAttr.EMPTY, false);
            }
            p.append(") ");
            p.printRegion(body, false, true, false);
            printAttrDict(op, p);
            p.append(" : ");
            p.printFunctionalType(op);
        }

        public Operation parse(String name, AsmParserContext p, int at) {
            List<NamedAttribute> props = new ArrayList<>();
            if (!manual) {
                p.expect("<");
                int s = p.offset();
                if (!(p.parseAttribute(null) instanceof StringAttr str)) throw p.errorAt(s, "expected string");
                props.add(new NamedAttribute("name", str));
                p.expect(">");
            }
            p.expect("(");
            List<AsmParserContext.OperandRef> refs = new ArrayList<>();
            if (!p.consumeIf(")")) {
                do {
                    refs.add(p.parseOperand());
                } while (p.consumeIf(","));
                p.expect(")");
            }
            if (manual) {
                p.expectKeyword("in_shardings");
                p.expect("=");
                props.add(new NamedAttribute("in_shardings", SdyAttrParser.shardingList(p.dialectParser())));
                p.expectKeyword("out_shardings");
                p.expect("=");
                props.add(new NamedAttribute("out_shardings", SdyAttrParser.shardingList(p.dialectParser())));
                p.expectKeyword("manual_axes");
                p.expect("=");
                props.add(new NamedAttribute("manual_axes", SdyAttrParser.manualAxes(p.dialectParser())));
            } else {
                for (String k : new String[] {"in_shardings", "out_shardings"}) {
                    if (p.consumeKeyword(k)) {
                        p.expect("=");
                        props.add(new NamedAttribute(k, SdyAttrParser.shardingList(p.dialectParser())));
                    }
                }
            }
            List<AsmParserContext.RegionArgument> args = new ArrayList<>();
            p.expect("(");
            if (!p.consumeIf(")")) {
                do {
                    AsmParserContext.OperandRef a = p.parseArgumentName();
                    p.expect(":");
                    Type t = p.parseType();
                    args.add(new AsmParserContext.RegionArgument(a, t, p.parseOptionalLocationSpecifier()));
                } while (p.consumeIf(","));
                p.expect(")");
            }
            List<Block> body = p.parseRegion(args);
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            p.expect(":");
            int typeAt = p.offset();
            if (!(p.parseType() instanceof FunctionType ft)) throw p.errorAt(typeAt, "expected function type");
            List<Value> operands = p.resolve(refs, ft.inputs(), at);
            return build(p, name, operands, ft.results(), props, attrs, List.of(body), at);
        }
    }

    /** {@code sdy.X %in KEY=VALUE attr-dict : type}: one operand and one property printed as {@code KEY=VALUE}. */
    private abstract static class KeyedOperandForm extends Form {
        final String key;

        KeyedOperandForm(String key) {
            this.key = key;
        }

        List<String> elided() { return List.of(key); }

        /** The printed value of the property. */
        abstract String valueText(IntegerAttr value);

        /** Parses the value after {@code KEY=}. */
        abstract IntegerAttr parseValue(AsmParserContext p);

        /** The result types, given the operand's type. */
        abstract List<Type> results(Type operandType);

        public void print(Operation op, AsmPrinterContext p) {
            p.printOpName(op);
            p.append(" ");
            p.printOperand(op.operand(0));
            p.append(" " + key + "=" + valueText((IntegerAttr) op.attr(key)));
            printAttrDict(op, p);
            p.append(" : ");
            p.printType(op.operand(0).type());
        }

        public Operation parse(String name, AsmParserContext p, int at) {
            AsmParserContext.OperandRef in = p.parseOperand();
            p.expectKeyword(key);
            p.expect("=");
            IntegerAttr value = parseValue(p);
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            p.expect(":");
            Type t = p.parseType();
            return build(p, name, List.of(p.resolve(in, t)), results(t),
                    List.of(new NamedAttribute(key, value)), attrs, List.of(), at);
        }
    }

    /** {@code sdy.sharding_group %in group_id=N attr-dict : type}. */
    private static final class ShardingGroup extends KeyedOperandForm {
        ShardingGroup() { super("group_id"); }

        public boolean canPrint(Operation op) {
            return op.numOperands() == 1 && op.attr("group_id") instanceof IntegerAttr;
        }

        String valueText(IntegerAttr value) { return String.valueOf(value.value()); }

        List<Type> results(Type operandType) { return List.of(); }

        IntegerAttr parseValue(AsmParserContext p) { return IntegerAttr.of(IntegerType.I64, p.parseInteger()); }
    }

    /** {@code sdy.propagation_barrier %in allowed_direction=BOTH attr-dict : type}. */
    private static final class Barrier extends KeyedOperandForm {
        Barrier() { super("allowed_direction"); }

        public boolean canPrint(Operation op) {
            return op.numOperands() == 1 && op.numResults() == 1
                    && op.attr("allowed_direction") instanceof IntegerAttr i && i.longValue() >= 0 && i.longValue() < 4;
        }

        String valueText(IntegerAttr value) { return DIRECTIONS[(int) value.longValue()]; }

        List<Type> results(Type operandType) { return List.of(operandType); }

        IntegerAttr parseValue(AsmParserContext p) {
            int kAt = p.offset();
            String k = p.parseKeyword("expected keyword for propagation direction enum");
            int v = List.of(DIRECTIONS).indexOf(k);
            if (v < 0) throw p.errorAt(kAt, "expected ::mlir::sdy::PropagationDirection to be one of: NONE, FORWARD, BACKWARD, BOTH");
            return i32(v);
        }
    }

    /** {@code sdy.X [reduction_op] $axes $tensor out_sharding=<...> attr-dict : type($result)}. */
    private static final class Collective extends Form {
        final String op;
        final String axes;
        final boolean reduction;

        Collective(String op) {
            this.op = op;
            this.axes = switch (op) {
                case "all_gather" -> "gathering_axes";
                case "all_slice" -> "slicing_axes";
                case "all_to_all" -> "params";
                case "all_reduce" -> "reduction_axes";
                case "reduce_scatter" -> "reduce_scatter_axes";
                case "sharded_to_unreduced", "replicated_to_unreduced" -> "axes";
                default -> null;
            };
            this.reduction = op.equals("all_reduce") || op.equals("reduce_scatter");
        }

        List<String> elided() {
            List<String> out = new ArrayList<>(List.of("out_sharding"));
            if (axes != null) out.add(axes);
            if (reduction) out.add("reduction_op");
            return out;
        }

        public boolean canPrint(Operation o) {
            if (o.numOperands() != 1 || o.numResults() != 1) return false;
            if (!(o.attr("out_sharding") instanceof TensorShardingAttr)) return false;
            if (reduction && o.attr("reduction_op") != null
                    && !(o.attr("reduction_op") instanceof IntegerAttr i && i.longValue() >= 0 && i.longValue() < 3)) {
                return false;
            }
            return axes == null || o.attr(axes) instanceof SdyAttr;
        }

        public void print(Operation o, AsmPrinterContext p) {
            p.printOpName(o);
            if (reduction && o.attr("reduction_op") instanceof IntegerAttr r && r.longValue() != 0) {
                p.append(" " + REDUCTIONS[(int) r.longValue()]);
            }
            if (axes != null) p.append(" ").append(text((SdyAttr) o.attr(axes)));
            p.append(" ");
            p.printOperand(o.operand(0));
            p.append(" out_sharding=").append(text((TensorShardingAttr) o.attr("out_sharding")));
            printAttrDict(o, p);
            p.append(" : ");
            p.printType(o.result(0).type());
        }

        public Operation parse(String name, AsmParserContext p, int at) {
            List<NamedAttribute> props = new ArrayList<>();
            DialectAsmParser in = p.dialectParser();
            if (reduction) {
                String k = p.peekKeyword();
                int v = k == null ? -1 : List.of(REDUCTIONS).indexOf(k);
                if (v >= 0) {
                    p.parseKeyword("");
                    props.add(new NamedAttribute("reduction_op", i32(v)));
                }
            }
            if (axes != null) {
                Attribute a = switch (op) {
                    case "all_to_all" -> SdyAttrParser.allToAllParams(in);
                    case "all_reduce", "replicated_to_unreduced" -> SdyAttrParser.axisRefList(in);
                    default -> SdyAttrParser.listOfAxisRefLists(in);
                };
                props.add(new NamedAttribute(axes, a));
            }
            AsmParserContext.OperandRef ref = p.parseOperand();
            p.expectKeyword("out_sharding");
            p.expect("=");
            props.add(new NamedAttribute("out_sharding", SdyAttrParser.sharding(in)));
            DictionaryAttr attrs = p.parseOptionalAttrDict();
            p.expect(":");
            Type t = p.parseType();
            return build(p, name, List.of(p.resolve(ref, t)), List.of(t), props, attrs, List.of(), at);
        }
    }
}
