package org.stablehlo4j.verify;

import java.util.ArrayList;
import java.util.List;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DialectAttributeVerifier;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.ReturnTypeCompatibility;
import org.stablehlo4j.ir.SymbolUseVerifier;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.VerificationError;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Region;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.UnrankedTensorType;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.Value;

/**
 * The generic verifier, in MLIR's order (mlir/lib/IR/Verifier.cpp). Each op's row comes from the
 * {@link Context} ({@link Context#opDefinition}); the verifier knows no dialect. On entry: the counts, attributes
 * and type constraints of the row (ODS), its traits in upstream's declaration order, then the row's
 * {@link OpDefinition#verifier()}. Then the ops nested in it. On exit: the nested ops that are isolated from above
 * (each on its own, all of them, so a module reports the first error of every function), the row's
 * {@link OpDefinition#regionVerifier()}, the symbol uses of a module (the rows' {@link SymbolUseVerifier}), and
 * the result types the row's {@link OpDefinition#inferTypes()} computes compared with the declared ones. Blocks
 * are checked around their ops ({@link BlockChecks}: terminators, empty blocks, branches), symbol tables for
 * duplicate names, and once an isolated op's structure is sound, the dominance of every use in it
 * ({@link Dominance}). Within one isolated op it stops at the first violated rule.
 */
public final class Verifier {
    private final Context ctx;

    private final BlockChecks blocks;

    private Verifier(Context ctx) {
        this.ctx = ctx;
        this.blocks = new BlockChecks(ctx);
    }

    /** Verifies the whole module; throws with the first error found. */
    public static void verify(Context ctx, ModuleOp module) throws DiagnosticException {
        verify(ctx, module.op());
    }

    /** Verifies an op and everything nested in it; throws with the first error found. */
    public static void verify(Context ctx, Operation root) throws DiagnosticException {
        try {
            new Verifier(ctx).walk(root);
        } catch (VerificationError e) {
            throw new DiagnosticException(e.toDiagnostics());
        }
    }

    /**
     * The result types the row of {@code op} infers (upstream's {@code inferReturnTypes}), or null when it has no
     * inference.
     *
     * @throws DiagnosticException when the operands/attributes admit no result type (the error upstream reports)
     */
    public static List<Type> inferReturnTypes(Context ctx, Operation op) throws DiagnosticException {
        OpDefinition def = ctx.opDefinition(op.name());
        if (def == null || def.inferTypes() == null) return null;
        try {
            return def.inferTypes().infer(op);
        } catch (VerificationError e) {
            throw new DiagnosticException(e.toDiagnostics());
        }
    }

    private void walk(Operation op) {
        List<VerificationError> errors = new ArrayList<>();
        verifyOpAndDominance(op, errors);
        if (!errors.isEmpty()) {
            VerificationError first = errors.get(0);
            for (int i = 1; i < errors.size(); i++) first.then(errors.get(i));
            throw first;
        }
    }

    /**
     * Verifies {@code op} and what is nested in it, as MLIR's verifier does: an op's own rules on entry, then its
     * nested ops (an explicit stack: a built module need not respect the parser's nesting limit), then on exit
     * the nested ops that are isolated from above (each verified on its own; all are verified, so one run can
     * report an error per function) and the rules that need verified regions. Returns false after adding an
     * error.
     */
    private boolean verifyOperation(Operation op, List<VerificationError> errors) {
        List<Object> stack = new ArrayList<>();
        List<Boolean> exiting = new ArrayList<>();
        stack.add(op);
        exiting.add(false);
        try {
            while (!stack.isEmpty()) {
                int top = stack.size() - 1;
                Object item = stack.remove(top);
                boolean exit = exiting.remove(top);
                if (item instanceof Block block) {
                    if (exit) {
                        blocks.verifyOnExit(block);
                        continue;
                    }
                    blocks.verifyOnEntry(block);
                    stack.add(block);
                    exiting.add(true);
                    List<Operation> ops = block.operations();
                    for (int i = ops.size() - 1; i >= 0; i--) {
                        if (!isIsolated(ops.get(i))) {
                            stack.add(ops.get(i));
                            exiting.add(false);
                        }
                    }
                    continue;
                }
                Operation current = (Operation) item;
                if (exit) {
                    boolean nestedOk = true;
                    for (Operation isolated : isolatedChildren(current)) {
                        nestedOk &= verifyOpAndDominance(isolated, errors);
                    }
                    if (!nestedOk) return false;
                    verifyOnExit(current);
                    continue;
                }
                verifyOp(current);
                blocks.verifyRegions(current);
                stack.add(current);
                exiting.add(true);
                List<Region> regions = current.regions();
                for (int r = regions.size() - 1; r >= 0; r--) {
                    List<Block> blocks = regions.get(r).blocks();
                    for (int b = blocks.size() - 1; b >= 0; b--) {
                        stack.add(blocks.get(b));
                        exiting.add(false);
                    }
                }
            }
        } catch (VerificationError e) {
            errors.add(e);
            return false;
        }
        return true;
    }

    /**
     * MLIR's {@code verifyOpAndDominance}: the op and everything nested in it, then (the structure being sound) the
     * dominance of the values used in its regions.
     */
    private boolean verifyOpAndDominance(Operation op, List<VerificationError> errors) {
        if (!verifyOperation(op, errors)) return false;
        if (op.numRegions() == 0) return true;
        try {
            new Dominance(this::isGraphRegion, this::isIsolated).verifyContainedRegions(op);
        } catch (VerificationError e) {
            errors.add(e);
            return false;
        }
        return true;
    }

    /** Whether a region has no SSA dominance within its block (its op declares graph regions). */
    private boolean isGraphRegion(Region region) {
        Operation parent = region.parent();
        OpDefinition spec = parent == null ? null : ctx.opDefinition(parent.name());
        return spec != null && spec.hasTrait(OpTrait.GRAPH_REGION);
    }

    /** The symbol-use rules of every op in a symbol table (not entering nested modules), in walk order. */
    private void verifySymbolUses(Operation table) {
        List<Operation> stack = new ArrayList<>();
        for (int r = table.numRegions() - 1; r >= 0; r--) pushOps(stack, table.region(r));
        while (!stack.isEmpty()) {
            Operation op = stack.remove(stack.size() - 1);
            OpDefinition def = ctx.opDefinition(op.name());
            SymbolUseVerifier uses = def == null ? null : def.ext(SymbolUseVerifier.class);
            if (uses != null) uses.verifySymbolUses(op);
            if (!op.name().equals("builtin.module")) {
                for (int r = op.numRegions() - 1; r >= 0; r--) pushOps(stack, op.region(r));
            }
        }
    }

    private static void pushOps(List<Operation> stack, Region region) {
        List<Block> blocks = region.blocks();
        for (int b = blocks.size() - 1; b >= 0; b--) {
            List<Operation> ops = blocks.get(b).operations();
            for (int i = ops.size() - 1; i >= 0; i--) stack.add(ops.get(i));
        }
    }

    /** Ops with regions that nothing outside may reach into: functions, modules, some StableHLO ops. */
    private boolean isIsolated(Operation op) {
        if (op.numRegions() == 0) return false;
        if (op.name().equals("func.func") || op.name().equals("builtin.module")) return true;
        OpDefinition spec = ctx.opDefinition(op.name());
        return spec != null && spec.hasTrait(OpTrait.ISOLATED_FROM_ABOVE);
    }

    private List<Operation> isolatedChildren(Operation op) {
        List<Operation> out = new ArrayList<>();
        for (Region r : op.regions()) {
            for (Block b : r.blocks()) {
                for (Operation o : b.operations()) if (isIsolated(o)) out.add(o);
            }
        }
        return out;
    }

    /**
     * The rules checked after the op's regions: the region verifier, symbol uses in a module, result types against
     * inference.
     */
    private void verifyOnExit(Operation op) {
        OpDefinition spec = ctx.opDefinition(op.name());
        if (spec != null && spec.hasTrait(OpTrait.ISOLATED_FROM_ABOVE)) verifyIsolatedFromAbove(op);
        if (spec != null && spec.regionVerifier() != null) spec.regionVerifier().verify(op);
        if (spec != null && spec.hasTrait(OpTrait.SYMBOL_TABLE)) BlockChecks.verifySymbolTable(op);
        if (op.name().equals("builtin.module")) verifySymbolUses(op);
        if (spec != null && spec.inferTypes() != null && (spec.hasTrait(OpTrait.INFER_TYPE)
                || spec.hasTrait(OpTrait.COMPATIBLE_OPERANDS_AND_RESULT_TYPE))) {
            verifyInferredTypes(op, spec);
        }
    }

    /**
     * The IsolatedFromAbove region trait (MLIR's {@code verifyIsolatedFromAbove}): no op inside {@code isolated}'s
     * regions uses a value defined outside that region. Nested isolated ops check themselves; an explicit work
     * list keeps deep nesting off the Java stack.
     */
    private void verifyIsolatedFromAbove(Operation isolated) {
        for (Region region : isolated.regions()) {
            List<Region> pending = new ArrayList<>();
            pending.add(region);
            while (!pending.isEmpty()) {
                Region r = pending.remove(pending.size() - 1);
                for (Block b : r.blocks()) {
                    for (Operation op = b.first(); op != null; op = op.next()) {
                        for (Value operand : op.operands()) {
                            Region defined = definingRegion(operand);
                            if (defined != null && !isAncestor(region, defined)) {
                                throw VerificationError.op(op, "using value defined outside the region")
                                        .note(isolated.location(), "required by region isolation constraints");
                            }
                        }
                        if (op.numRegions() > 0 && !isIsolated(op)) pending.addAll(op.regions());
                    }
                }
            }
        }
    }

    private static Region definingRegion(Value v) {
        Block b = v instanceof org.stablehlo4j.ir.OpResult r ? r.owner().parent()
                : ((org.stablehlo4j.ir.BlockArgument) v).owner();
        return b == null ? null : b.parent();
    }

    private static boolean isAncestor(Region ancestor, Region r) {
        while (r != null) {
            if (r == ancestor) return true;
            Operation parent = r.parent();
            Block b = parent == null ? null : parent.parent();
            r = b == null ? null : b.parent();
        }
        return false;
    }

    /** Checks one op (not its regions' contents). */
    private void verifyOp(Operation op) {
        verifyDialectAttributes(op);
        OpDefinition spec = ctx.opDefinition(op.name());
        if (spec == null) {
            verifyUnregistered(op);
            return;
        }
        Dialect dialect = ctx.opDialect(op.name());
        if (dialect != null && dialect.hasCompleteSignatures()) {
            verifyCounts(op, spec);
            for (OpDefinition.AttrSpec a : spec.attributes()) {
                if (a.presence() == OpDefinition.Presence.REQUIRED && op.properties().get(a.name()) == null) {
                    throw VerificationError.op(op, "requires attribute '" + a.name() + "'");
                }
            }
            for (OpDefinition.AttrSpec a : spec.attributes()) verifyAttribute(op, a, dialect);
            verifyValueTypes(op, spec, spec.operands(), op.operands(), "operand");
            verifyValueTypes(op, spec, spec.results(), op.results(), "result");
            for (OpTrait trait : spec.traits()) verifyTrait(op, trait);
        } else if (dialect != null) {
            // Rows without full signatures still declare their attributes' kinds: those are checked.
            for (OpDefinition.AttrSpec a : spec.attributes()) verifyAttribute(op, a, dialect);
        }
        if (spec.hasTrait(OpTrait.FUNCTION_LIKE)) verifyFunctionAttributes(op);
        if (spec.verifier() != null) spec.verifier().verify(op);
    }

    /**
     * MLIR's check on entering an op that has no definition: an op of a loaded dialect must be one of its ops
     * unless the dialect allows unknown operations (ops read from bytecode reach here without the parser's check).
     */
    private void verifyUnregistered(Operation op) {
        String name = op.name();
        int dot = name.indexOf('.');
        if (dot <= 0 || !ctx.isDialectRegistered(name.substring(0, dot))) return;
        Dialect dialect = ctx.getOrLoadDialect(name.substring(0, dot));
        if (dialect == null || dialect.allowsUnknownOperations()) return;
        throw VerificationError.at(op.location(), "unregistered operation '" + name + "' found in dialect ('"
                + dialect.namespace() + "') that does not allow unknown operations");
    }

    /** The {@link DialectAttributeVerifier} of the dialect an attribute name's prefix names, or null. */
    private DialectAttributeVerifier attributeVerifier(String attrName) {
        int dot = attrName.indexOf('.');
        if (dot <= 0) return null;
        String ns = attrName.substring(0, dot);
        Dialect d = ctx.isDialectRegistered(ns) ? ctx.getOrLoadDialect(ns) : null;
        return d == null ? null : d.getInterface(DialectAttributeVerifier.class);
    }

    /**
     * MLIR's first check of every op: each discardable attribute whose name has a loaded dialect's prefix goes to
     * that dialect's {@code verifyOperationAttribute}.
     */
    private void verifyDialectAttributes(Operation op) {
        for (NamedAttribute a : op.attributes().entries()) {
            DialectAttributeVerifier v = attributeVerifier(a.name());
            if (v != null) v.verifyOperationAttribute(op, a);
        }
    }

    /**
     * FunctionOpInterface's attribute rules: each dialect-prefixed attribute of an argument ({@code arg_attrs})
     * or result ({@code res_attrs}) goes to that dialect's {@code verifyRegionArgAttribute} /
     * {@code verifyRegionResultAttribute}.
     */
    private void verifyFunctionAttributes(Operation op) {
        verifyFunctionAttributes(op, "arg_attrs", true);
        verifyFunctionAttributes(op, "res_attrs", false);
    }

    private void verifyFunctionAttributes(Operation op, String key, boolean args) {
        if (!(op.attr(key) instanceof ArrayAttr all)) return;
        List<Attribute> dicts = all.elements();
        for (int i = 0; i < dicts.size(); i++) {
            if (!(dicts.get(i) instanceof DictionaryAttr d)) continue;
            for (NamedAttribute a : d.entries()) {
                DialectAttributeVerifier v = attributeVerifier(a.name());
                if (v == null) continue;
                if (args) v.verifyRegionArgAttribute(op, 0, i, a);
                else v.verifyRegionResultAttribute(op, 0, i, a);
            }
        }
    }

    /** ODS's constraint of one inherent attribute, from the kind its row declares ({@link AttrConstraints}). */
    private static void verifyAttribute(Operation op, OpDefinition.AttrSpec spec, Dialect dialect) {
        Attribute value = op.properties().get(spec.name());
        if (value == null) return;
        String violated = AttrConstraints.violation(spec, value,
                dialect.getInterface(org.stablehlo4j.ir.DialectAttrConstraints.class));
        if (violated != null) {
            throw VerificationError.op(op, "attribute '" + spec.name() + "' failed to satisfy constraint: " + violated);
        }
    }

    /**
     * ODS type constraints of operand or result groups: "operand #2 must be ranked tensor of ... values, but got
     * '...'". Groups are sized from the actual count when at most one group is optional or variadic.
     */
    private static void verifyValueTypes(Operation op, OpDefinition spec, List<OpDefinition.ValueSpec> groups,
                                         List<? extends Value> values, String noun) {
        int[] sizes = groupSizes(op, spec, groups, values.size(), noun);
        if (sizes == null) return;
        int index = 0;
        for (int k = 0; k < groups.size(); k++) {
            OpDefinition.ValueSpec g = groups.get(k);
            int size = sizes[k];
            TypeConstraints.Constraint c = TypeConstraints.get(g.constraint());
            for (int i = 0; i < size && index < values.size(); i++, index++) {
                Type t = values.get(index).type();
                if (c != null && !c.matches(t)) {
                    String prefix = g.arity() == OpDefinition.Arity.VARIADIC ? "variadic of " : "";
                    throw VerificationError.op(op, noun + " #" + index + " must be " + prefix + c.description()
                            + ", but got '" + AsmPrinter.printType(t) + "'");
                }
            }
        }
    }

    /**
     * How many values each group holds: fixed groups one; with a single optional/variadic group the rest; with
     * several, equal shares (SameVariadicOperandSize) or the {@code operandSegmentSizes} property. Null when
     * unknown.
     */
    private static int[] groupSizes(Operation op, OpDefinition spec, List<OpDefinition.ValueSpec> groups, int count,
                                     String noun) {
        int open = 0;
        for (OpDefinition.ValueSpec g : groups) if (g.arity() != OpDefinition.Arity.SINGLE) open++;
        int[] sizes = new int[groups.size()];
        int rest = count - (groups.size() - open);
        if (open > 1) {
            if (noun.equals("operand") && spec.hasTrait(OpTrait.SAME_VARIADIC_OPERAND_SIZE) && rest % open == 0) {
                rest /= open;
            } else if (op.properties().get(noun + "SegmentSizes") instanceof org.stablehlo4j.ir.DenseArrayAttr seg
                    && seg.size() == groups.size()) {
                long total = 0;
                for (int k = 0; k < groups.size(); k++) {
                    sizes[k] = (int) seg.getLong(k);
                    total += sizes[k];
                }
                return total == count ? sizes : null;
            } else {
                return null;
            }
        }
        for (int k = 0; k < groups.size(); k++) sizes[k] = groups.get(k).arity() == OpDefinition.Arity.SINGLE ? 1 : rest;
        return sizes;
    }

    /** The operand, result and region counts the op's definition implies (ODS's count traits). */
    private static void verifyCounts(Operation op, OpDefinition spec) {
        int regions = 0;
        boolean variadicRegions = false;
        for (OpDefinition.RegionSpec r : spec.regions()) {
            if (r.variadic()) variadicRegions = true;
            else regions++;
        }
        if (variadicRegions) {
            if (op.numRegions() < regions) {
                throw VerificationError.op(op, "expected " + regions + " or more regions");
            }
        } else if (op.numRegions() != regions) {
            throw VerificationError.op(op, regions == 0 ? "requires zero regions"
                    : regions == 1 ? "requires one region" : "expected " + regions + " regions");
        }
        verifyCount(op, spec.results(), op.numResults(), "results", "requires one result");
        verifyCount(op, spec.operands(), op.numOperands(), "operands", "requires a single operand");
        verifySizedRegions(op, spec.regions(), regions);
    }

    /** ODS's {@code SizedRegion<1>}: each such region holds exactly one block. */
    private static void verifySizedRegions(Operation op, List<OpDefinition.RegionSpec> specs, int fixedRegions) {
        int index = 0;
        for (OpDefinition.RegionSpec r : specs) {
            int count = r.variadic() ? op.numRegions() - fixedRegions : 1;
            for (int k = 0; k < count && index < op.numRegions(); k++, index++) {
                if (r.sized() && op.region(index).blocks().size() != 1) {
                    throw VerificationError.op(op, "region #" + index + " ('" + r.name()
                            + "') failed to verify constraint: region with 1 blocks");
                }
            }
        }
    }

    private static void verifyCount(Operation op, List<OpDefinition.ValueSpec> groups, int actual, String plural,
                                    String exactlyOne) {
        int fixed = 0;
        int open = 0;
        for (OpDefinition.ValueSpec g : groups) {
            if (g.arity() == OpDefinition.Arity.SINGLE) fixed++;
            else open++;
        }
        if (open == 0) {
            if (actual == fixed) return;
            throw VerificationError.op(op, fixed == 0 ? "requires zero " + plural
                    : fixed == 1 ? exactlyOne : "expected " + fixed + " " + plural + ", but found " + actual);
        }
        if (actual < fixed) {
            throw VerificationError.op(op, "expected " + fixed + " or more " + plural + ", but found " + actual);
        }
        if (open == 1) return;
        // Several optional/variadic groups: their sizes come from a segment attribute or are equal; the op's own
        // rules check them.
    }

    static void verifyTrait(Operation op, OpTrait trait) {
        switch (trait) {
            case TERMINATOR -> {
                Block b = op.parent();
                if (b == null || b.terminator() != op) {
                    throw VerificationError.op(op, "must be the last operation in the parent block");
                }
            }
            case SAME_OPERANDS_AND_RESULT_SHAPE -> {
                atLeastOperands(op, 1);
                atLeastResults(op, 1);
                Type first = op.operand(0).type();
                for (Type t : allTypes(op)) {
                    if (!TypeCompat.compatibleShape(t, first)) {
                        throw VerificationError.op(op, "requires the same shape for all operands and results");
                    }
                }
            }
            case SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE -> {
                atLeastOperands(op, 1);
                atLeastResults(op, 1);
                Type element = TypeCompat.elementType(op.result(0).type());
                for (Type t : allTypes(op)) {
                    if (!TypeCompat.elementType(t).equals(element)) {
                        throw VerificationError.op(op,
                                "requires the same element type for all operands and results");
                    }
                }
            }
            case SAME_OPERANDS_ELEMENT_TYPE -> {
                atLeastOperands(op, 1);
                Type element = TypeCompat.elementType(op.operand(0).type());
                for (Value v : op.operands()) {
                    if (!TypeCompat.elementType(v.type()).equals(element)) {
                        throw VerificationError.op(op, "requires the same element type for all operands");
                    }
                }
            }
            case SAME_TYPE_OPERANDS -> {
                for (Value v : op.operands()) {
                    if (!v.type().equals(op.operand(0).type())) {
                        throw VerificationError.op(op, "requires all operands to have the same type");
                    }
                }
            }
            case COMPATIBLE_OPERANDS_AND_RESULT_TYPE -> {
                // Its InferTypeOpInterface part is checked on exit (verifyOnExit).
                Type expected = expectedType(op);
                for (Type t : allTypes(op)) {
                    if (!TypeCompat.compatible(t, expected)) {
                        throw VerificationError.op(op, "requires compatible types for all operands and results");
                    }
                }
            }
            case COMPATIBLE_OPERANDS_AND_RESULT_ELEMENT_TYPE -> {
                Type expected = expectedType(op);
                for (Type t : allTypes(op)) {
                    if (!TypeCompat.compatibleElementType(t, expected)) {
                        throw VerificationError.op(op,
                                "requires compatible element types for all operands and results");
                    }
                }
            }
            case COMPATIBLE_OPERANDS_ELEMENT_TYPE -> {
                atLeastOperands(op, 1);
                Type expected = op.operand(0).type();
                for (Value v : op.operands()) {
                    if (!TypeCompat.compatibleElementType(v.type(), expected)) {
                        throw VerificationError.op(op, "requires compatible element types for all operands");
                    }
                }
            }
            case PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE, PAIRWISE_SAME_OPERAND_AND_RESULT_ELEMENT_TYPE -> {
                boolean whole = trait == OpTrait.PAIRWISE_SAME_OPERAND_AND_RESULT_TYPE;
                if (op.numOperands() != op.numResults()) {
                    throw VerificationError.op(op, "requires the same number of operands and results");
                }
                for (int i = 0; i < op.numOperands(); i++) {
                    Type a = op.operand(i).type();
                    Type b = op.result(i).type();
                    boolean same = whole ? a.equals(b) : TypeCompat.elementType(a).equals(TypeCompat.elementType(b));
                    if (!same) {
                        throw VerificationError.op(op, "requires the same " + (whole ? "" : "element ")
                                + "type for operand and result at index " + i);
                    }
                }
            }
            case ELEMENTWISE -> verifyElementwise(op);
            case INFER_TYPE -> {
                // checked on exit, after the op's own rules and its regions (verifyOnExit)
            }
            default -> {
                // Traits without rules of their own (effects, speculation, interfaces checked by op verifiers).
            }
        }
    }

    /**
     * InferTypeOpInterface: the result types the op's inference computes must be compatible with the declared ones.
     * A failed inference reports its own error, then "failed to infer returned types".
     */
    private static void verifyInferredTypes(Operation op, OpDefinition spec) {
        List<Type> inferred;
        try {
            inferred = spec.inferTypes().infer(op);
        } catch (VerificationError e) {
            throw e.then(VerificationError.op(op, "failed to infer returned types"));
        }
        if (inferred == null) return; // no inference rule (yet)
        List<Type> declared = new ArrayList<>();
        for (Value v : op.results()) declared.add(v.type());
        ReturnTypeCompatibility custom = spec.ext(ReturnTypeCompatibility.class);
        boolean compatible;
        if (custom != null) {
            compatible = custom.compatible(op, inferred, declared);
        } else {
            compatible = inferred.size() == declared.size();
            for (int i = 0; compatible && i < inferred.size(); i++) {
                compatible = TypeCompat.compatible(inferred.get(i), declared.get(i));
            }
        }
        if (!compatible) {
            throw VerificationError.op(op, "inferred type(s) " + quoted(inferred)
                    + " are incompatible with return type(s) of operation " + quoted(declared))
                    .then(VerificationError.op(op, "failed to infer returned types"));
        }
    }

    /** Types as MLIR lists them in a diagnostic: each quoted, comma separated. */
    private static String quoted(List<Type> types) {
        StringBuilder sb = new StringBuilder();
        for (Type t : types) {
            if (sb.length() > 0) sb.append(", ");
            sb.append('\'').append(AsmPrinter.printType(t)).append('\'');
        }
        return sb.toString();
    }

    /** MLIR's Elementwise trait: non-scalar operands and results share one shape and kind of tensor. */
    private static void verifyElementwise(Operation op) {
        List<Type> operands = new ArrayList<>();
        for (Value v : op.operands()) if (isTensor(v.type())) operands.add(v.type());
        List<Type> results = new ArrayList<>();
        for (Value v : op.results()) if (isTensor(v.type())) results.add(v.type());
        if (operands.isEmpty() && results.isEmpty()) return;
        if (operands.isEmpty()) {
            throw VerificationError.op(op, "if a result is non-scalar, then at least one operand must be non-scalar");
        }
        if (results.isEmpty()) {
            throw VerificationError.op(op,
                    "if an operand is non-scalar, then there must be at least one non-scalar result");
        }
        if (results.size() != op.numResults()) {
            throw VerificationError.op(op, "if an operand is non-scalar, then all results must be non-scalar");
        }
        List<Type> all = new ArrayList<>(operands);
        all.addAll(results);
        Class<?> kind = all.get(0).getClass();
        for (Type t : all) {
            if (t.getClass() != kind) {
                throw VerificationError.op(op, "all non-scalar operands/results must have the same shape and base type");
            }
        }
        if (!TypeCompat.compatibleShapes(all)) {
            throw VerificationError.op(op, "all non-scalar operands/results must have the same shape and base type");
        }
    }

    private static boolean isTensor(Type t) {
        return t instanceof RankedTensorType || t instanceof UnrankedTensorType;
    }

    /** The type StableHLO's compatibility traits compare against: the first operand's, else the first result's. */
    private static Type expectedType(Operation op) {
        if (op.numOperands() > 0) return op.operand(0).type();
        if (op.numResults() > 0) return op.result(0).type();
        throw VerificationError.op(op, "expected at least one operand or result");
    }

    static List<Type> allTypes(Operation op) {
        List<Type> types = new ArrayList<>(op.numOperands() + op.numResults());
        for (Value v : op.operands()) types.add(v.type());
        for (Value v : op.results()) types.add(v.type());
        return types;
    }

    static void atLeastOperands(Operation op, int n) {
        if (op.numOperands() < n) {
            throw VerificationError.op(op, "expected " + n + " or more operands, but found " + op.numOperands());
        }
    }

    static void atLeastResults(Operation op, int n) {
        if (op.numResults() < n) {
            throw VerificationError.op(op, "expected " + n + " or more results, but found " + op.numResults());
        }
    }
}
