package org.stablehlo4j.dialect.mlir;

import static org.stablehlo4j.ir.OpTrait.*;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.stablehlo4j.asm.AsmCustomOpParser;
import org.stablehlo4j.asm.AsmParserContext;
import org.stablehlo4j.asm.AsmParserContext.OperandRef;
import org.stablehlo4j.asm.AsmParserContext.RegionArgument;
import org.stablehlo4j.asm.AsmPrinterContext;
import org.stablehlo4j.asm.AsmPrinterCustomOp;
import org.stablehlo4j.asm.OpAsmDialectInterface;
import org.stablehlo4j.asm.OpAsmTable;
import org.stablehlo4j.asm.format.FormatForms;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectOpTable;
import org.stablehlo4j.ir.IndexType;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTable;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;

/**
 * The part of MLIR's scf dialect that StableHLO's tests use: {@code scf.for} (with its hand-written form,
 * upstream's {@code ForOp::parse/print}) and {@code scf.yield}. The dialect's other ops are accepted in the generic
 * form, as the stub it replaces did.
 */
public final class ScfDialect extends Dialect {
    /** The rows of {@code scf.for} and {@code scf.yield}. */
    static final DialectOpTable OPS = OpTable.define("scf", ScfDialect::rows);
    private static final OpDefinition YIELD = OPS.spec("scf.yield");

    /**
     * The dialect, loaded into {@code context}.
     *
     * @param context the context
     */
    public ScfDialect(Context context) {
        super("scf", context);
        allowUnknownOperations();
        addOperations(OPS.all());
        OpAsmTable asm = FormatForms.declarativeTable(OPS.all());
        asm.format("scf.for", new ForForm());
        addInterface(OpAsmDialectInterface.class, asm);
    }

    private static void rows(OpTable t) {
        t.op("for")
                .in("lowerBound", "AnyType").in("upperBound", "AnyType").in("step", "AnyType")
                .varIn("initArgs", "AnyType")
                .varOut("results", "AnyType")
                .region("region")
                .traits(RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK_IMPLICIT_TERMINATOR)
                .custom();
        t.op("yield")
                .varIn("results", "AnyType")
                .traits(PURE, TERMINATOR)
                .format("attr-dict ($results^ `:` type($results))?");
    }

    /**
     * {@code %iv = %lb to %ub step %step (iter_args(%a = %init, ...) -> (types))? (: type)? region attr-dict}; the
     * induction variable is an {@code index} unless a type is given, and the region's {@code scf.yield} is printed
     * only when the loop carries values (an empty one is added when the text leaves it out).
     */
    private static final class ForForm implements AsmPrinterCustomOp, AsmCustomOpParser {
        @Override
        public void resultNames(Operation op, BiConsumer<Value, String> setName) {}

        @Override
        public boolean canPrint(Operation op) {
            return op.numOperands() >= 3 && op.numRegions() == 1 && op.region(0).numBlocks() == 1
                    && op.region(0).entry().numArguments() == op.numOperands() - 2;
        }

        @Override
        public void print(Operation op, AsmPrinterContext p) {
            Block body = op.region(0).entry();
            p.printOpName(op);
            p.append(" ");
            p.printOperand(body.argument(0));
            p.append(" = ");
            p.printOperand(op.operand(0));
            p.append(" to ");
            p.printOperand(op.operand(1));
            p.append(" step ");
            p.printOperand(op.operand(2));
            int carried = op.numOperands() - 3;
            if (carried > 0) {
                p.append(" iter_args(");
                for (int i = 0; i < carried; i++) {
                    if (i > 0) p.append(", ");
                    p.printOperand(body.argument(i + 1));
                    p.append(" = ");
                    p.printOperand(op.operand(i + 3));
                }
                p.append(") -> (");
                p.printTypes(op.results().stream().map(Value::type).toList());
                p.append(")");
            }
            Type iv = body.argument(0).type();
            if (!(iv instanceof IndexType)) {
                p.append(" : ");
                p.printType(iv);
            }
            p.append(" ");
            p.printRegion(op.region(0), false, carried > 0, true);
            p.printOptionalAttrDict(p.allAttributes(op), List.of());
        }

        @Override
        public Operation parse(String opName, AsmParserContext p, int opStart) {
            List<RegionArgument> args = new ArrayList<>();
            OperandRef iv = p.parseArgumentName();
            p.expect("=");
            List<OperandRef> bounds = new ArrayList<>();
            bounds.add(p.parseOperand());
            p.expectKeyword("to");
            bounds.add(p.parseOperand());
            p.expectKeyword("step");
            bounds.add(p.parseOperand());
            List<OperandRef> inits = new ArrayList<>();
            List<OperandRef> carriedNames = new ArrayList<>();
            List<Type> carriedTypes = new ArrayList<>();
            int initsAt = p.offset();
            if (p.consumeKeyword("iter_args")) {
                p.expect("(");
                for (boolean more = true; more; more = p.consumeIf(",")) {
                    carriedNames.add(p.parseArgumentName());
                    p.expect("=");
                    inits.add(p.parseOperand());
                }
                p.expect(")");
                p.expect("->");
                if (p.consumeIf("(")) {
                    carriedTypes.addAll(p.parseTypeList());
                    p.expect(")");
                } else {
                    carriedTypes.add(p.parseType());
                }
                if (carriedTypes.size() != inits.size()) {
                    throw p.errorAt(initsAt, "mismatch in number of loop-carried values and defined values");
                }
            }
            Type ivType = IndexType.INSTANCE;
            int typeAt = p.offset();
            if (p.consumeIf(":")) {
                typeAt = p.offset();
                ivType = p.parseType();
            }
            args.add(new RegionArgument(iv, ivType, null));
            for (int i = 0; i < carriedNames.size(); i++) {
                args.add(new RegionArgument(carriedNames.get(i), carriedTypes.get(i), null));
            }
            List<Value> operands = new ArrayList<>(p.resolve(bounds, List.of(ivType, ivType, ivType), typeAt));
            operands.addAll(p.resolve(inits, carriedTypes, initsAt));
            List<Block> region = p.parseRegion(args);
            if (carriedNames.isEmpty() && region.size() == 1) {
                Block b = region.get(0);
                if (b.isEmpty() || b.last().opName().definition() != YIELD) {
                    b.append(Operation.create(p.opName("scf.yield"), List.of(), List.of(), DictionaryAttr.EMPTY,
                            DictionaryAttr.EMPTY, 0, List.of(), p.locationOf(opStart)));
                }
            }
            return p.build(opName, operands, carriedTypes, DictionaryAttr.EMPTY, p.parseOptionalAttrDict(),
                    List.of(region), opStart);
        }
    }
}
