package org.stablehlo4j.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.stablehlo4j.verify.VerifyTests.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stablehlo4j.ir.Block;
import org.stablehlo4j.ir.DiagnosticException;
import org.stablehlo4j.ir.DictionaryAttr;
import org.stablehlo4j.ir.FloatType;
import org.stablehlo4j.ir.IntegerAttr;
import org.stablehlo4j.ir.IntegerType;
import org.stablehlo4j.ir.ModuleOp;
import org.stablehlo4j.ir.NamedAttribute;
import org.stablehlo4j.ir.Operation;
import org.stablehlo4j.ir.RankedTensorType;
import org.stablehlo4j.ir.TupleType;
import org.stablehlo4j.ir.Type;

/**
 * The verifier's answers remembered within one run (a properties dictionary that passed its row's attribute checks,
 * a type a constraint was asked about) against the checks they stand for.
 */
class VerifierMemoTest {
    /** Seven get_tuple_element ops of one tuple; properties set afterwards. */
    private static final String SEVEN = fn("%t: tuple<tensor<f32>>", java.util.stream.IntStream.range(0, 7)
            .mapToObj(i -> "  %" + i + " = \"stablehlo.get_tuple_element\"(%t) {index = 0 : i32} : "
                    + "(tuple<tensor<f32>>) -> tensor<f32>")
            .collect(java.util.stream.Collectors.joining("\n")));

    private static List<Operation> getTupleElements(ModuleOp m) {
        List<Operation> out = new ArrayList<>();
        Operation fn = m.body().first();
        Block b = fn.region(0).entry();
        for (Operation op = b.first(); op != null; op = op.next()) {
            if (op.name().equals("stablehlo.get_tuple_element")) out.add(op);
        }
        assertEquals(7, out.size());
        return out;
    }

    private static DictionaryAttr index(Type type, long value) {
        return DictionaryAttr.of(List.of(new NamedAttribute("index", IntegerAttr.of(type, value))));
    }

    @Test
    void aDictionaryThatNeverPassedIsChecked() throws DiagnosticException {
        ModuleOp m = parse(SEVEN);
        List<Operation> ops = getTupleElements(m);
        // More distinct passing dictionaries than the plan remembers, some shared by several ops, then a bad one.
        List<DictionaryAttr> good = new ArrayList<>();
        for (int i = 0; i < 6; i++) good.add(index(IntegerType.I32, 0));
        for (int i = 0; i < 6; i++) ops.get(i).setProperties(good.get(i % 3 == 2 ? 0 : i));
        ops.get(6).setProperties(index(IntegerType.I64, 0));
        List<String> shared = locatedErrors(m, true);
        assertEquals("8: 'stablehlo.get_tuple_element' op attribute 'index' failed to satisfy constraint: "
                + "32-bit signless integer attribute whose value is non-negative", shared.get(0));
        // The same program with a dictionary per op (as parsed) reports the same.
        ModuleOp fresh = parse(SEVEN);
        List<Operation> freshOps = getTupleElements(fresh);
        for (int i = 0; i < 6; i++) freshOps.get(i).setProperties(index(IntegerType.I32, 0));
        freshOps.get(6).setProperties(index(IntegerType.I64, 0));
        assertEquals(shared, locatedErrors(fresh, true));
    }

    @Test
    void aSharedBadDictionaryFailsAtItsFirstOp() throws DiagnosticException {
        ModuleOp m = parse(SEVEN);
        List<Operation> ops = getTupleElements(m);
        DictionaryAttr good = index(IntegerType.I32, 0);
        DictionaryAttr bad = DictionaryAttr.EMPTY;
        for (int i = 0; i < 7; i++) ops.get(i).setProperties(i < 3 ? good : bad);
        assertEquals(List.of("5: 'stablehlo.get_tuple_element' op requires attribute 'index'"), locatedErrors(m, true));
        // A shared good dictionary passes every op.
        ModuleOp ok = parse(SEVEN);
        for (Operation op : getTupleElements(ok)) op.setProperties(good);
        org.stablehlo4j.verify.Verifier.verify(org.stablehlo4j.testing.TestContexts.standard(), ok);
    }

    @Test
    void matcherAnswersAsItsConstraint() {
        TypeConstraints.Constraint c = TypeConstraints.get("RankedTensorOf<[HLO_SInt, HLO_Float, HLO_QuantizedInt]>",
                org.stablehlo4j.dialect.stablehlo.HloTypeConstraints.INSTANCE);
        assertNotNull(c);
        Type f32 = new RankedTensorType(new long[] {4}, FloatType.F32);
        Type i32 = new RankedTensorType(new long[0], IntegerType.I32);
        Type ui8 = new RankedTensorType(new long[] {2}, new IntegerType(8, IntegerType.Signedness.UNSIGNED));
        Type tuple = new TupleType(List.of(f32));
        Type scalar = FloatType.F32;
        Type[] seq = {f32, f32, ui8, f32, ui8, ui8, tuple, i32, tuple, scalar, f32, scalar, ui8, i32, i32, f32};
        TypeConstraints.Matcher m = new TypeConstraints.Matcher(c);
        int yes = 0;
        for (Type t : seq) {
            boolean expected = c.matches(t);
            assertEquals(expected, m.matches(t), t.toString());
            if (expected) yes++;
        }
        // Both answers occur, so a memo answering for the wrong type would be seen.
        org.junit.jupiter.api.Assertions.assertTrue(yes > 0 && yes < seq.length);
    }

    @Test
    void inherentValuesAsLookedUp() throws DiagnosticException {
        org.stablehlo4j.ir.Context ctx = org.stablehlo4j.testing.TestContexts.standard();
        org.stablehlo4j.ir.OpDefinition def = ctx.opDefinition("func.func");
        OpPlan plan = new OpPlan(ctx, "func.func", def, new TypeConstraints.Cache());
        List<String> names = new ArrayList<>();
        for (org.stablehlo4j.ir.OpDefinition.AttrSpec a : def.attributes()) names.add(a.name());
        org.junit.jupiter.api.Assertions.assertTrue(names.size() > 2);
        org.stablehlo4j.ir.Attribute v0 = org.stablehlo4j.ir.StringAttr.of("f");
        org.stablehlo4j.ir.Attribute v1 = org.stablehlo4j.ir.StringAttr.of("private");
        // The row's own name objects (matched by identity), copies of them (looked up), an unknown entry too.
        List<List<NamedAttribute>> cases = List.of(
                List.of(new NamedAttribute(names.get(0), v0), new NamedAttribute(names.get(2), v1)),
                List.of(new NamedAttribute(new String(names.get(0)), v0), new NamedAttribute(names.get(2), v1)),
                List.of(new NamedAttribute(new String(names.get(0)), v0),
                        new NamedAttribute(new String(names.get(2)), v1)),
                List.of(new NamedAttribute(names.get(0), v0), new NamedAttribute("zz_unknown", v1)),
                List.of());
        for (List<NamedAttribute> entries : cases) {
            DictionaryAttr props = DictionaryAttr.of(entries);
            org.stablehlo4j.ir.Attribute[] values = OpChecks.inherentValues(plan, props);
            for (int k = 0; k < names.size(); k++) {
                org.junit.jupiter.api.Assertions.assertSame(props.get(names.get(k)), values[k], entries + " " + k);
            }
        }
    }

    @Test
    void addInferenceAsMostSpecific() throws DiagnosticException {
        org.stablehlo4j.ir.Context ctx = org.stablehlo4j.testing.TestContexts.standard();
        Type t = new RankedTensorType(new long[] {4}, FloatType.F32);
        Type equal = new RankedTensorType(new long[] {4}, FloatType.F32);
        Type dynamic = new RankedTensorType(new long[] {org.stablehlo4j.ir.ShapedType.DYNAMIC}, FloatType.F32);
        Type bounded = org.stablehlo4j.asm.AsmParser.parseType(ctx, "tensor<?xf32, #stablehlo.bounds<4>>");
        Type tuple = new TupleType(List.of(t));
        List<List<Type>> cases = List.of(List.of(t, t), List.of(t, t, t), List.of(t, equal), List.of(t, dynamic),
                List.of(dynamic, t), List.of(bounded, bounded), List.of(tuple, tuple), List.of(t, tuple));
        for (List<Type> types : cases) {
            Operation src = Operation.create("test.src", List.of(), types, null, null, 0, List.of(), null);
            Operation add = Operation.create("stablehlo.add", new ArrayList<>(src.results()), List.of(t), null, null,
                    0, List.of(), null);
            String expected;
            try {
                expected = String.valueOf(org.stablehlo4j.dialect.stablehlo.ops.TypeInference.mostSpecific(
                        add.location(), types));
            } catch (org.stablehlo4j.ir.VerificationError e) {
                expected = "error " + e.getMessage();
            }
            String actual;
            try {
                actual = String.valueOf(org.stablehlo4j.dialect.stablehlo.ops.ElementwiseTypeRules.inferAdd(add));
            } catch (org.stablehlo4j.ir.VerificationError e) {
                actual = "error " + e.getMessage();
            }
            assertEquals(expected, actual, types.toString());
        }
    }

    @Test
    void sharedDiscardableDictionariesWithVerifiersAreCheckedPerOp() throws DiagnosticException {
        String text = "sdy.mesh @mesh = <[\"x\"=2]>\n"
                + "func.func @f(%a: tensor<8xf32>, %b: tensor<8x8xf32>) {\n"
                + "  %0 = stablehlo.negate %a {mhlo.frontend_attributes = {k = \"v\"}} : tensor<8xf32>\n"
                + "  %1 = stablehlo.negate %a {mhlo.frontend_attributes = {k = \"v\"}} : tensor<8xf32>\n"
                + "  %2 = stablehlo.negate %a {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{\"x\"}]>]>} : tensor<8xf32>\n"
                + "  %3 = stablehlo.negate %b {mhlo.frontend_attributes = {k = \"v\"}} : tensor<8x8xf32>\n"
                + "  func.return\n}\n";
        ModuleOp m = parse(text);
        Operation fn = m.body().last();
        List<Operation> ops = new ArrayList<>();
        for (Operation op = fn.region(0).entry().first(); op != null; op = op.next()) ops.add(op);
        // The ops without dialect-verified attributes share one dictionary: nothing to report.
        ops.get(1).setAttributes(ops.get(0).attributes());
        ops.get(3).setAttributes(ops.get(0).attributes());
        org.stablehlo4j.verify.Verifier.verify(org.stablehlo4j.testing.TestContexts.standard(), m);
        // The rank-1 sharding shared with the rank-2 op: checked again for that op.
        ops.get(3).setAttributes(ops.get(2).attributes());
        ModuleOp fresh = parse(text.replace("%3 = stablehlo.negate %b {mhlo.frontend_attributes = {k = \"v\"}}",
                "%3 = stablehlo.negate %b {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{\"x\"}]>]>}"));
        List<String> expected = locatedErrors(fresh, true);
        assertEquals(expected, locatedErrors(m, true));
        assertEquals(1, expected.size());
        org.junit.jupiter.api.Assertions.assertTrue(expected.get(0).startsWith("6: "), expected.get(0));
    }

    private static Operation opOf(String name, List<Type> operandTypes, Type result) {
        Operation src = Operation.create("test.src", List.of(), operandTypes, null, null, 0, List.of(), null);
        return Operation.create(name, new ArrayList<>(src.results()), List.of(result), null, null, 0, List.of(),
                null);
    }

    @Test
    void compareAndTupleInferenceAsBuilt() throws DiagnosticException {
        org.stablehlo4j.ir.Context ctx = org.stablehlo4j.testing.TestContexts.standard();
        RankedTensorType f = new RankedTensorType(new long[] {4}, FloatType.F32);
        RankedTensorType bounded = (RankedTensorType) org.stablehlo4j.asm.AsmParser.parseType(ctx,
                "tensor<?xf32, #stablehlo.bounds<4>>");
        List<Type> declaredCompare = List.of(new RankedTensorType(new long[] {4}, IntegerType.I1),
                new RankedTensorType(new long[] {5}, IntegerType.I1), new RankedTensorType(new long[] {4, 1},
                        IntegerType.I1), new RankedTensorType(new long[] {4}, IntegerType.I8),
                new RankedTensorType(new long[] {org.stablehlo4j.ir.ShapedType.DYNAMIC}, IntegerType.I1),
                org.stablehlo4j.asm.AsmParser.parseType(ctx, "tensor<?xi1, #stablehlo.bounds<4>>"),
                org.stablehlo4j.asm.AsmParser.parseType(ctx, "tensor<?xi1, #stablehlo.bounds<5>>"), f);
        for (RankedTensorType operand : List.of(f, bounded)) {
            Type built = new RankedTensorType(operand.shape(), IntegerType.I1, operand.encoding());
            for (Type declared : declaredCompare) {
                Operation op = opOf("stablehlo.compare", List.of(operand, operand), declared);
                assertEquals(built, org.stablehlo4j.dialect.stablehlo.ops.ElementwiseTypeRules.inferCompare(op),
                        operand + " " + declared);
            }
        }
        Type i1 = new RankedTensorType(new long[0], IntegerType.I1);
        List<Type> operands = List.of(f, i1);
        List<Type> declaredTuple = List.of(new TupleType(operands),
                new TupleType(List.of(new RankedTensorType(new long[] {4}, FloatType.F32), i1)),
                new TupleType(List.of(f)), new TupleType(List.of(f, i1, i1)), new TupleType(List.of(i1, f)), f);
        List<Type> built = List.of(new TupleType(operands));
        for (Type declared : declaredTuple) {
            Operation op = opOf("stablehlo.tuple", operands, declared);
            assertEquals(built, org.stablehlo4j.dialect.stablehlo.ops.CollectiveRules.inferTuple(op),
                    declared.toString());
        }
    }
}
