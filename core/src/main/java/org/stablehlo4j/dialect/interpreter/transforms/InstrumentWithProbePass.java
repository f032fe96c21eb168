package org.stablehlo4j.dialect.interpreter.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.stablehlo4j.dialect.interpreter.ProbeOp;
import org.stablehlo4j.dialect.stablehlo.ops.ConstantOp;
import org.stablehlo4j.ir.ComplexType;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.Location;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.OpBuilder;
import org.stablehlo4j.ir.OpResult;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.StringAttr;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.Value;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;
import org.stablehlo4j.pass.PassOptions;

/**
 * {@code --interpreter-instrument-with-probe[=useDebugInfo=true]} (upstream's
 * {@code InterpreterInstrumentWithProbePass}): after every op of the module that has results and is not a
 * {@code stablehlo.constant}, at any depth, each result that is a statically shaped tensor of integers, floats or
 * complex numbers goes through a new {@code interpreter.probe} (the result's other uses now use the probe's).
 * Probe ids count up from 1 in post-order ({@code probe1}, {@code probe2}, ...); with {@code useDebugInfo} an op
 * located at {@code loc("NAME")} (or {@code "NAME@..."}) gets {@code NAME.N} instead, N still the running count.
 * The probes of one op's results are inserted right after it, each before the previous one (as upstream's builder
 * does), and the probes themselves are not instrumented.
 */
public final class InstrumentWithProbePass implements Pass {
    /** The command-line name. */
    public static final String NAME = "interpreter-instrument-with-probe";
    /** One line for {@code --help}. */
    public static final String DESCRIPTION = "Inserts interpreter.probe ops in a StableHLO program.";

    private final boolean useDebugInfo;

    /**
     * The pass.
     *
     * @param useDebugInfo whether name locations give the probe ids
     */
    public InstrumentWithProbePass(boolean useDebugInfo) {
        this.useDebugInfo = useDebugInfo;
    }

    /**
     * Reads the options: empty, or {@code useDebugInfo[=true|false]}.
     *
     * @param options the option text
     * @return the pass
     * @throws IllegalArgumentException on an unknown option or a value that is not a boolean
     */
    public static InstrumentWithProbePass fromOptions(String options) {
        return new InstrumentWithProbePass(PassOptions.parse(NAME, options, Set.of("useDebugInfo"))
                .bool("useDebugInfo", false));
    }

    @Override
    public void run(ModuleOp module, PassContext context) {
        List<Operation> ops = new ArrayList<>();
        module.op().walk(ops::add);
        OpBuilder builder = new OpBuilder(context.context());
        int id = 0;
        for (Operation op : ops) {
            if (op.numResults() == 0 || ConstantOp.is(op)) continue;
            for (OpResult r : op.results()) {
                if (!probed(r.type())) continue;
                builder.setInsertionPointAfter(op);
                Operation probe = ProbeOp.create(builder, op.location(), r.type(), r,
                        StringAttr.of(probeId(op.location(), ++id))).operation();
                Value out = probe.result(0);
                r.replaceUsesWithIf(out, use -> use.user() != probe);
            }
        }
    }

    /** {@code NAME.id} for a name location (with debug info), else {@code probe<id>}. */
    private String probeId(Location loc, int id) {
        if (useDebugInfo && loc instanceof Location.Name n) {
            String name = n.name().value();
            int at = name.indexOf('@');
            return (at < 0 ? name : name.substring(0, at)) + "." + id;
        }
        return "probe" + id;
    }

    /** A statically shaped ranked tensor of integers, floats or complex numbers. */
    private static boolean probed(Type t) {
        return t instanceof RankedTensorType r && r.hasStaticShape() && (r.elementType() instanceof IntegerType
                || r.elementType() instanceof FloatType || r.elementType() instanceof ComplexType);
    }

    @Override
    public String name() {
        return NAME;
    }
}
