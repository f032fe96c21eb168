package org.stablehlo4j.dialect.stablehlo.transforms;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BlockArgument;
import org.stablehlo4j.ir.DenseElementsAttr;
import org.stablehlo4j.ir.Diagnostic;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.FunctionType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.MemRefType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.ShapedType;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeAttr;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;

/**
 * {@code --stablehlo-convert-to-signless} (upstream's {@code StablehloConvertToSignlessPass}): every signed or
 * unsigned integer type in the module, alone or as the element type of a tensor or memref, becomes the signless
 * integer of its width, in every op's results, every block's arguments and every {@code func.func}'s signature;
 * the dense integer values of {@code stablehlo.constant} and {@code arith.constant} keep their bits under the new
 * type ({@code 255 : ui8} becomes {@code -1 : i8}). Attributes other than those values are kept as they are, as
 * upstream's type converter does. A constant of an unsigned or signed type whose value is not a dense integer
 * attribute cannot be converted: the pass fails with {@code failed to legalize operation}.
 */
public final class ConvertToSignlessPass implements Pass {
    /** The command-line name. */
    public static final String NAME = "stablehlo-convert-to-signless";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Pass to transform the IR to be on signless integers.";

    @Override
    public void run(ModuleOp module, PassContext context) throws DiagnosticException {
        List<Diagnostic> errors = new ArrayList<>();
        module.op().walk(op -> convert(op, errors));
        if (!errors.isEmpty()) throw new DiagnosticException(errors);
    }

    private static void convert(Operation op, List<Diagnostic> errors) {
        if (ConstantOp.is(op) || org.stablehlo4j.dialect.mlir.ConstantOp.is(op)) convertValue(op, errors);
        for (OpResult r : op.results()) r.setType(signless(r.type()));
        for (Region region : op.regions()) {
            for (Block b : region.blocks()) for (BlockArgument a : b.arguments()) a.setType(signless(a.type()));
        }
        if (FuncOp.is(op) && op.properties().get("function_type") instanceof TypeAttr ta
                && ta.value() instanceof FunctionType ft) {
            op.setProperties(op.properties().with("function_type",
                    new TypeAttr(new FunctionType(signless(ft.inputs()), signless(ft.results())))));
        }
    }

    /** A constant of a type that changes gets its dense integer value under the new type (else an error). */
    private static void convertValue(Operation op, List<Diagnostic> errors) {
        Type before = op.result(0).type();
        Type after = signless(before);
        if (after.equals(before)) return;
        if (op.attr("value") instanceof DenseElementsAttr d && d.type().elementType() instanceof IntegerType
                && after instanceof ShapedType shaped) {
            DenseElementsAttr converted = new DenseElementsAttr(shaped, d.buffer(), d.isSplat());
            if (op.properties().get("value") != null) op.setProperties(op.properties().with("value", converted));
            else op.setAttributes(op.attributes().with("value", converted));
        } else {
            errors.add(Diagnostic.error(op.location(), "failed to legalize operation '" + op.name() + "'"));
        }
    }

    /** {@code types}, each {@linkplain #signless(Type) made signless}. */
    static List<Type> signless(List<Type> types) {
        List<Type> out = new ArrayList<>(types.size());
        for (Type t : types) out.add(signless(t));
        return out;
    }

    /**
     * Upstream's {@code RemoveSignTypeConverter}: an integer type becomes signless, and so does the integer
     * element type of a tensor or memref; other types are kept.
     *
     * @param t a type
     * @return the converted type ({@code t} itself when nothing changes)
     */
    static Type signless(Type t) {
        if (t instanceof IntegerType i) return i.isSignless() ? i : IntegerType.signless(i.width());
        if (!(t instanceof ShapedType s) || !(s.elementType() instanceof IntegerType i) || i.isSignless()) return t;
        Type e = IntegerType.signless(i.width());
        if (t instanceof RankedTensorType r) return new RankedTensorType(r.shape(), e, r.encoding());
        if (t instanceof UnrankedTensorType) return new UnrankedTensorType(e);
        if (t instanceof MemRefType m) return new MemRefType(m.shape(), e, m.layout(), m.memorySpace());
        return t;
    }

    @Override
    public String name() {
        return NAME;
    }
}
