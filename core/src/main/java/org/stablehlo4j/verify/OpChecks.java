package org.stablehlo4j.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.stablehlo4j.asm.AsmPrinter;
import org.stablehlo4j.ir.ArrayAttr;
import org.stablehlo4j.ir.Attribute;
import org.stablehlo4j.ir.Context;
import org.stablehlo4j.ir.DenseArrayAttr;
import org.stablehlo4j.ir.Dialect;
import org.stablehlo4j.ir.DialectAttributeVerifier;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.OpDefinition;
import org.stablehlo4j.ir.OpTrait;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.Type;
import org.stablehlo4j.ir.TypeCompat;
import org.stablehlo4j.ir.VerificationError;

/**
 * The checks of one op on entry (MLIR's {@code verifyOnEntrance(Operation&)} and ODS's generated verifier): the
 * dialect-prefixed discardable attributes, then for a registered op its counts, attributes, operand and result
 * type constraints and traits in declaration order, FunctionOpInterface's attribute rules and the row's verifier;
 * and on exit the result types the row infers. Works from the op's {@link OpPlan}, with index loops over operands
 * and results (no lists per check).
 */
final class OpChecks {
    private final Context ctx;
    /** The attribute verifier of each attribute name's dialect prefix seen in this run ({@link #NONE}: none). */
    private final Map<String, Object> attributeVerifiers = new HashMap<>();
    private static final Object NONE = new Object();
    /** The name {@link #attributeVerifier} was last asked about (the same string object) and its answer. */
    private String lastAttrName;
    private DialectAttributeVerifier lastAttrVerifier;

    OpChecks(Context ctx) {
        this.ctx = ctx;
    }

    /** Checks one op (not its regions' contents). */
    void verifyOp(Operation op, OpPlan plan) {
        DictionaryAttr discardable = op.attributes();
        if (!discardable.isEmpty()) verifyDialectAttributes(op, discardable);
        OpDefinition spec = plan.def;
        if (spec == null) {
            verifyUnregistered(op);
            return;
        }
        if (plan.completeSignatures) {
            verifyCounts(op, plan);
            DictionaryAttr props = op.properties();
            if (plan.attributes.length != 0 && !plan.propertiesPassed(props)) {
                verifyInherentAttributes(op, plan, props);
                plan.passedProperties(props);
            }
            verifyValueTypes(op, plan, plan.operands, false);
            verifyValueTypes(op, plan, plan.results, true);
            for (OpTrait trait : plan.traits) trait.verify(op);
        } else if (plan.dialect != null) {
            // Rows without full signatures still declare their attributes' kinds: those are checked.
            DictionaryAttr props = op.properties();
            if (plan.attributes.length != 0 && !plan.propertiesPassed(props)) {
                for (OpDefinition.AttrSpec a : plan.attributes) verifyAttribute(op, a, props.get(a.name()), plan);
                plan.passedProperties(props);
            }
        }
        if (plan.functionLike) verifyFunctionAttributes(op);
        if (spec.verifier() != null) spec.verifier().verify(op);
    }

    /**
     * The row's inherent attributes in {@code props}: the required ones present, then each one's kind. Depends on
     * the row and the dictionary alone, so a dictionary that passed once (deserialized ones are shared by many
     * ops) passes again: see {@link OpPlan#propertiesPassed}.
     */
    static void verifyInherentAttributes(Operation op, OpPlan plan, DictionaryAttr props) {
        OpDefinition.AttrSpec[] attrs = plan.attributes;
        Attribute[] values = inherentValues(plan, props);
        if (plan.anyRequired) {
            for (int k = 0; k < attrs.length; k++) {
                if (attrs[k].presence() == OpDefinition.Presence.REQUIRED && values[k] == null) {
                    throw VerificationError.op(op, "requires attribute '" + attrs[k].name() + "'");
                }
            }
        }
        for (int k = 0; k < attrs.length; k++) verifyAttribute(op, attrs[k], values[k], plan);
    }

    /**
     * The value of each of the row's inherent attributes in {@code props} (null when absent), in the plan's
     * scratch array. When every entry's name is the very string object of one of the row's names (as the reader
     * and the parser make them), the entries are matched by identity; otherwise each name is looked up.
     */
    static Attribute[] inherentValues(OpPlan plan, DictionaryAttr props) {
        OpDefinition.AttrSpec[] attrs = plan.attributes;
        Attribute[] values = plan.scratchValues;
        java.util.Arrays.fill(values, null);
        List<NamedAttribute> entries = props.entries();
        int matched = 0;
        for (int i = 0, n = entries.size(); i < n; i++) {
            NamedAttribute e = entries.get(i);
            String name = e.name();
            for (int k = 0; k < attrs.length; k++) {
                if (attrs[k].name() == name) {
                    values[k] = e.value();
                    matched++;
                    break;
                }
            }
        }
        if (matched != entries.size()) {
            for (int k = 0; k < attrs.length; k++) values[k] = props.get(attrs[k].name());
        }
        return values;
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
        if (attrName == lastAttrName || attrName.equals(lastAttrName)) return lastAttrVerifier;
        DialectAttributeVerifier v = attributeVerifierOf(attrName);
        lastAttrName = attrName;
        lastAttrVerifier = v;
        return v;
    }

    private DialectAttributeVerifier attributeVerifierOf(String attrName) {
        Object known = attributeVerifiers.get(attrName);
        if (known != null) return known == NONE ? null : (DialectAttributeVerifier) known;
        DialectAttributeVerifier v = null;
        int dot = attrName.indexOf('.');
        if (dot > 0) {
            String ns = attrName.substring(0, dot);
            Dialect d = ctx.isDialectRegistered(ns) ? ctx.getOrLoadDialect(ns) : null;
            v = d == null ? null : d.getInterface(DialectAttributeVerifier.class);
        }
        attributeVerifiers.put(attrName, v == null ? NONE : v);
        return v;
    }

    /**
     * MLIR's first check of every op: each discardable attribute whose name has a loaded dialect's prefix goes to
     * that dialect's {@code verifyOperationAttribute}.
     */
    private void verifyDialectAttributes(Operation op, DictionaryAttr discardable) {
        List<NamedAttribute> entries = discardable.entries();
        for (int i = 0, n = entries.size(); i < n; i++) {
            NamedAttribute a = entries.get(i);
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
    private static void verifyAttribute(Operation op, OpDefinition.AttrSpec spec, Attribute value, OpPlan plan) {
        if (value == null) return;
        String violated = AttrConstraints.violation(spec, value, plan.attrConstraints);
        if (violated != null) {
            throw VerificationError.op(op, "attribute '" + spec.name() + "' failed to satisfy constraint: " + violated);
        }
    }

    /**
     * ODS type constraints of operand or result groups: "operand #2 must be ranked tensor of ... values, but got
     * '...'". Groups are sized from the actual count when at most one group is optional or variadic.
     */
    private static void verifyValueTypes(Operation op, OpPlan plan, OpPlan.Groups groups, boolean results) {
        if (!groups.anyConstraint) return;
        int count = results ? op.numResults() : op.numOperands();
        int n = groups.specs.length;
        int[] sizes = null;
        int rest = count - groups.fixed;
        if (groups.open > 1) {
            sizes = groupSizes(op, plan, groups, count, results);
            if (sizes == null) return;
        }
        int index = 0;
        for (int k = 0; k < n; k++) {
            int size = sizes != null ? sizes[k] : groups.specs[k].arity() == OpDefinition.Arity.SINGLE ? 1 : rest;
            TypeConstraints.Matcher c = groups.constraints[k];
            if (c == null) {
                index += Math.max(0, Math.min(size, count - index));
                continue;
            }
            for (int i = 0; i < size && index < count; i++, index++) {
                Type t = results ? op.result(index).type() : op.operand(index).type();
                if (!c.matches(t)) {
                    String prefix = groups.specs[k].arity() == OpDefinition.Arity.VARIADIC ? "variadic of " : "";
                    throw VerificationError.op(op, (results ? "result" : "operand") + " #" + index + " must be "
                            + prefix + c.constraint.description() + ", but got '" + AsmPrinter.printType(t) + "'");
                }
            }
        }
    }

    /**
     * How many values each group holds when several are optional or variadic: equal shares
     * (SameVariadicOperandSize) or the {@code operandSegmentSizes} property. Null when unknown. (With at most one
     * such group, fixed groups hold one value and the open one the rest.)
     */
    private static int[] groupSizes(Operation op, OpPlan plan, OpPlan.Groups groups, int count, boolean results) {
        int n = groups.specs.length;
        int open = groups.open;
        int[] sizes = new int[n];
        int rest = count - (n - open);
        if (!results && plan.def.hasTrait(OpTrait.SAME_VARIADIC_OPERAND_SIZE) && rest % open == 0) {
            rest /= open;
        } else if (op.properties().get(results ? "resultSegmentSizes" : "operandSegmentSizes")
                instanceof DenseArrayAttr seg && seg.size() == n) {
            long total = 0;
            for (int k = 0; k < n; k++) {
                sizes[k] = (int) seg.getLong(k);
                total += sizes[k];
            }
            return total == count ? sizes : null;
        } else {
            return null;
        }
        for (int k = 0; k < n; k++) sizes[k] = groups.specs[k].arity() == OpDefinition.Arity.SINGLE ? 1 : rest;
        return sizes;
    }

    /** The operand, result and region counts the op's definition implies (ODS's count traits). */
    private static void verifyCounts(Operation op, OpPlan plan) {
        int regions = plan.fixedRegions;
        if (plan.variadicRegions) {
            if (op.numRegions() < regions) {
                throw VerificationError.op(op, "expected " + regions + " or more regions");
            }
        } else if (op.numRegions() != regions) {
            throw VerificationError.op(op, regions == 0 ? "requires zero regions"
                    : regions == 1 ? "requires one region" : "expected " + regions + " regions");
        }
        verifyCount(op, plan.results, op.numResults(), "results", "requires one result");
        verifyCount(op, plan.operands, op.numOperands(), "operands", "requires a single operand");
        if (plan.anySizedRegion) verifySizedRegions(op, plan.def.regions(), regions);
    }

    /** ODS's {@code SizedRegion<1>}: each such region holds exactly one block. */
    private static void verifySizedRegions(Operation op, List<OpDefinition.RegionSpec> specs, int fixedRegions) {
        int index = 0;
        for (OpDefinition.RegionSpec r : specs) {
            int count = r.variadic() ? op.numRegions() - fixedRegions : 1;
            for (int k = 0; k < count && index < op.numRegions(); k++, index++) {
                if (r.sized() && op.region(index).numBlocks() != 1) {
                    throw VerificationError.op(op, "region #" + index + " ('" + r.name()
                            + "') failed to verify constraint: region with 1 blocks");
                }
            }
        }
    }

    private static void verifyCount(Operation op, OpPlan.Groups groups, int actual, String plural,
                                    String exactlyOne) {
        int fixed = groups.fixed;
        int open = groups.open;
        if (open == 0) {
            if (actual == fixed) return;
            throw VerificationError.op(op, fixed == 0 ? "requires zero " + plural
                    : fixed == 1 ? exactlyOne : "expected " + fixed + " " + plural + ", but found " + actual);
        }
        if (actual < fixed) {
            throw VerificationError.op(op, "expected " + fixed + " or more " + plural + ", but found " + actual);
        }
        // One open group takes the rest; with several, their sizes come from a segment attribute or are equal and
        // the op's own rules check them.
    }

    /**
     * InferTypeOpInterface: the result types the op's inference computes must be compatible with the declared ones.
     * A failed inference reports its own error, then "failed to infer returned types".
     */
    static void verifyInferredTypes(Operation op, OpPlan plan) {
        List<Type> inferred;
        try {
            inferred = plan.def.inferTypes().infer(op);
        } catch (VerificationError e) {
            throw e.then(VerificationError.op(op, "failed to infer returned types"));
        }
        if (inferred == null) return; // no inference rule (yet)
        int n = op.numResults();
        boolean compatible;
        if (plan.returnCompatibility != null) {
            compatible = plan.returnCompatibility.compatible(op, inferred, declared(op));
        } else {
            compatible = inferred.size() == n;
            for (int i = 0; compatible && i < n; i++) {
                compatible = TypeCompat.compatible(inferred.get(i), op.result(i).type());
            }
        }
        if (!compatible) {
            throw VerificationError.op(op, "inferred type(s) " + quoted(inferred)
                    + " are incompatible with return type(s) of operation " + quoted(declared(op)))
                    .then(VerificationError.op(op, "failed to infer returned types"));
        }
    }

    private static List<Type> declared(Operation op) {
        List<Type> declared = new ArrayList<>(op.numResults());
        for (int i = 0; i < op.numResults(); i++) declared.add(op.result(i).type());
        return declared;
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
}
