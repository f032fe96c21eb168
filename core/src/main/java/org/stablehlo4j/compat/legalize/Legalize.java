package org.stablehlo4j.compat.legalize;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.stablehlo4j.dialect.vhlo.ops.VhloOpTable;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.BuiltinOps;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;

/**
 * The two legalizations between StableHLO (with func and builtin) and VHLO, as whole-module rewrites:
 * {@link #vhloToStablehlo} ({@code --vhlo-legalize-to-stablehlo}) and {@link #stablehloToVhlo}
 * ({@code --stablehlo-legalize-to-vhlo}).
 */
public final class Legalize {
    private Legalize() {}

    /** Every VHLO op, type and attribute to its StableHLO/func/builtin counterpart. */
    public static ModuleOp vhloToStablehlo(ModuleOp m) throws DiagnosticException {
        ModuleOp out = finish(IrRewriter.rewrite(m, op -> OpLegalizer.toStablehlo(OpView.of(op)),
                TypeConverter::toStablehlo));
        reconcileUnrealizedCasts(out);
        return out;
    }

    /**
     * Removes the {@code builtin.unrealized_conversion_cast} ops that became no-ops (upstream's pass ends with
     * {@code reconcileUnrealizedCasts}): the casts a serialization with other dialects inserted between VHLO and
     * the other dialects' builtin types; chains of casts that lead back to the original type collapse.
     */
    static void reconcileUnrealizedCasts(ModuleOp m) {
        org.stablehlo4j.pass.ReconcileUnrealizedCastsPass.reconcile(m.op());
    }

    /**
     * Every StableHLO/func op, type and attribute to VHLO at the current version. Ops of other dialects are an
     * error unless {@code allowOtherDialects}.
     */
    public static ModuleOp stablehloToVhlo(ModuleOp m, boolean allowOtherDialects) throws DiagnosticException {
        // Equal types become one VhloType object, which later lookups (the bytecode writer's) find by identity.
        Map<org.stablehlo4j.ir.Type, org.stablehlo4j.ir.Type> converted = new HashMap<>();
        return finish(IrRewriter.rewrite(m, op -> OpLegalizer.toVhlo(op, allowOtherDialects),
                t -> {
                    org.stablehlo4j.ir.Type v = converted.get(t);
                    if (v == null) {
                        v = allowOtherDialects ? toVhloOrSelf(t) : TypeConverter.toVhlo(t);
                        converted.put(t, v);
                    }
                    return v;
                },
                op -> allowOtherDialects && !ModuleOp.isModule(op)
                        && VhloOpTable.forStablehlo(op.name()).isEmpty()));
    }

    private static org.stablehlo4j.ir.Type toVhloOrSelf(org.stablehlo4j.ir.Type t) {
        try {
            return TypeConverter.toVhlo(t);
        } catch (LegalizeException e) {
            return t;
        }
    }

    private static ModuleOp finish(IrRewriter.Result r) throws DiagnosticException {
        if (!r.errors().isEmpty()) throw new DiagnosticException(List.of(r.errors().get(0)));
        return r.module();
    }

    /** Makes {@code target} hold what {@code source} holds (passes work in place on their module). */
    static void transplant(ModuleOp source, ModuleOp target) {
        Operation to = target.op();
        to.setProperties(source.op().properties());
        to.setAttributes(source.op().attributes());
        Block dst = target.body();
        for (Operation op : new ArrayList<>(dst.operations())) dst.remove(op);
        Block src = source.body();
        for (Operation op : new ArrayList<>(src.operations())) {
            src.remove(op);
            dst.append(op);
        }
        target.dialectResources().clear();
        target.dialectResources().putAll(source.dialectResources());
    }
}
