package org.stablehlo4j.dialect.stablehlo.transforms.quant;

import java.util.ArrayList;
import java.util.List;

import org.stablehlo4j.dialect.func.FuncOp;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.pass.Pass;
import org.stablehlo4j.pass.PassContext;

/** A pass anchored on {@code func.func}: on a module, it runs on each function directly in it, in order. */
abstract class FuncPass implements Pass {
    private final String name;

    FuncPass(String name) {
        this.name = name;
    }

    @Override
    public final void run(ModuleOp module, PassContext context) throws DiagnosticException {
        List<Operation> functions = new ArrayList<>();
        for (Operation op : module.body().operations()) if (FuncOp.is(op)) functions.add(op);
        for (Operation function : functions) runOn(function, context);
    }

    @Override
    public final String name() { return name; }

    @Override
    public final String anchor() { return FuncOp.NAME; }
}
