package org.stablehlo4j.asm;

import java.util.List;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Value;

/** Pretty forms of {@code builtin.module} and {@code builtin.unrealized_conversion_cast}. */
final class AsmPrinterBuiltin {
    private AsmPrinterBuiltin() {}

    static void registerAll(OpAsmTable t) {
        t.printer(ModuleOp.NAME, new AsmPrinterCustomOp() {
            @Override
            public void print(Operation op, AsmPrinterContext p) {
                p.printOpName(op);
                if (op.attr("sym_name") instanceof StringAttr name) {
                    p.append(" ");
                    p.printSymbolName(name.value());
                }
                p.printOptionalAttrDictWithKeyword(p.allAttributes(op), List.of("sym_name"));
                p.append(" ");
                p.printRegion(op.region(0), true, true, false);
            }

            @Override
            public String defaultDialect() {
                return BuiltinOps.DIALECT;
            }
        });
        t.printer(BuiltinOps.UNREALIZED_CONVERSION_CAST, AsmPrinterBuiltin::printUnrealizedCast);
    }

    /** {@code ($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict}. */
    private static void printUnrealizedCast(Operation op, AsmPrinterContext p) {
        p.printOpName(op);
        if (op.numOperands() > 0) {
            p.append(" ");
            p.printOperands(op.operands());
            p.append(" : ");
            p.printTypes(op.operands().stream().map(Value::type).toList());
        }
        p.append(" to ");
        p.printTypes(op.results().stream().map(Value::type).toList());
        p.printOptionalAttrDict(p.allAttributes(op), List.of());
    }
}
